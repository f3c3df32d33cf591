import type MockAdapter from 'axios-mock-adapter';
import { setupStore, type AppStore } from '../app/store';
import { mockHttp, renderApp, signedIn } from './render';

/** For a test that visits many screens in turn (a cache journey): past 30 s on a loaded 2-core machine. */
export const JOURNEY_TIMEOUT = 120_000;

/**
 * The cache tests' set-up: one store across screens, as the app's navigation keeps it, over a
 * fake API that `serve` sets up afresh for each test (workflow-server's serveWorkflow).
 * `visit(route)` opens a screen in that store (what earlier screens cached stays cached); `server`
 * is what `serve` returned (it counts the requests).
 */
export function sharedStoreVisits<Server>(serve: (mock: MockAdapter) => Server) {
  let mock: MockAdapter;
  let server: Server;
  let store: AppStore;
  let page: ReturnType<typeof renderApp> | undefined;
  beforeEach(() => {
    mock = mockHttp();
    server = serve(mock);
    store = setupStore(signedIn);
  });
  afterEach(() => {
    page?.unmount();
    page = undefined;
    mock.restore();
  });
  return {
    get server() {
      return server;
    },
    visit(route: string) {
      page?.unmount();
      page = renderApp({ route, store });
      return page;
    },
  };
}
