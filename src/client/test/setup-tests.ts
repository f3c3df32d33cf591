import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { http } from '../app/api';

// Jest raises the limit to 100 frames; React 19's development build captures an owner stack (an
// Error) for every element it creates, so that limit made rendering the suite's main cost. V8's
// default of 10 frames is what a browser gives too.
Error.stackTraceLimit = 10;

// react-router 7 expects the WHATWG encoders, which jsdom does not expose.
Object.assign(globalThis, { TextEncoder, TextDecoder });

/**
 * A data router (createMemoryRouter, as the app's createBrowserRouter) builds a fetch `Request` for
 * each navigation, for loaders and actions (the app has none); jsdom has no `Request`, and Node's
 * refuses jsdom's AbortSignal. What the router reads of it: its URL, method and signal.
 */
class NavigationRequest {
  readonly url: string;
  readonly method: string;
  readonly signal: AbortSignal | null;
  constructor(input: string | URL, init: { method?: string; signal?: AbortSignal | null } = {}) {
    this.url = String(input);
    this.method = (init.method ?? 'GET').toUpperCase();
    this.signal = init.signal ?? null;
  }
}
if (typeof globalThis.Request === 'undefined') Object.assign(globalThis, { Request: NavigationRequest });

// findBy* and waitFor wait for a state, not a duration: on a busy 2-core machine (CI runs the suite
// beside CPU burners) lazy pages, RTK Query and React need more than the default 1 s to get there;
// a file's first lazy page (its modules loaded cold) once took over 10 s beside the server suites'
// child processes. Under jest's 30 s test timeout, so that a wait that fails says what it waited for.
configure({ asyncUtilTimeout: 20_000 });

function installBrowserStubs() {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: jest.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: jest.fn(),
      removeListener: jest.fn(),
      addEventListener: jest.fn(),
      removeEventListener: jest.fn(),
      dispatchEvent: jest.fn(),
    })),
  });
  Object.defineProperty(window, 'scrollTo', { configurable: true, writable: true, value: jest.fn() });
  Element.prototype.scrollIntoView = jest.fn();
}

installBrowserStubs();

// No real network in tests: a request nobody mocked fails like an unreachable server.
// Set again before each test, as a test may put its own adapter in place.
const unmocked: typeof http.defaults.adapter = (config) =>
  Promise.reject(new Error(`Unmocked request in test: ${config.method?.toUpperCase()} ${config.url}`));
http.defaults.adapter = unmocked;

beforeEach(() => {
  installBrowserStubs();
  http.defaults.adapter = unmocked;
  window.localStorage.clear();
});
