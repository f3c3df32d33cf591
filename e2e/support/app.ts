import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { readOutbox, waitForLinkSentTo } from '../../src/server/test/outbox';

export { E2E_DATA_DIR, readOutbox, waitForLinkSentTo };

export interface TestUser {
  email: string;
  password: string;
}

let counter = 0;
/** Unique across the suite's parallel workers (each a process of its own, with its own counter). */
export function newUser(prefix = 'e2e'): TestUser {
  return { email: `${prefix}.${process.pid}.${Date.now()}.${++counter}@exemple.fr`, password: 'Carnet-E2E-Solide-1' };
}

/** A registered and activated account, made through the API (fast set-up for feature specs). */
export async function createActivatedUser(request: APIRequestContext, user = newUser()): Promise<TestUser> {
  const res = await request.post('/api/register/', { data: { email: user.email, password: user.password, password2: user.password } });
  expect(res.status(), await res.text()).toBe(201);
  // Delivered through the outbox just after the answer.
  const link = new URL(await waitForLinkSentTo(E2E_DATA_DIR, user.email, 'activate'));
  const activation = await request.get(link.pathname, { maxRedirects: 0 });
  expect(activation.headers().location).toBe('/activation-success');
  return user;
}

/** Opens the app already signed in (tokens stored the way redux-persist keeps them). */
export async function signInAs(page: Page, request: APIRequestContext, user: TestUser, path = '/dashboard') {
  const res = await request.post('/api/token/', { data: { email: user.email, password: user.password } });
  expect(res.status()).toBe(200);
  const { access, refresh } = await res.json();
  const persisted = {
    session: JSON.stringify({ access_token: access, refresh_token: refresh, username: user.email }),
    _persist: JSON.stringify({ version: 1, rehydrated: true }),
  };
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('persist:carnet')) window.localStorage.setItem('persist:carnet', value);
  }, JSON.stringify(persisted));
  await page.goto(path);
}

/** API calls as `user` (for fixtures a spec needs but does not test). */
export async function apiAs(request: APIRequestContext, user: TestUser) {
  const res = await request.post('/api/token/', { data: { email: user.email, password: user.password } });
  const { access } = await res.json();
  const headers = { authorization: `Bearer ${access}` };
  return {
    post: async (url: string, data: unknown) => {
      const r = await request.post(`/api${url}`, { headers, data });
      expect(r.ok(), await r.text()).toBe(true);
      return r.json();
    },
    put: async (url: string, data: unknown) => {
      const r = await request.put(`/api${url}`, { headers, data });
      expect(r.ok(), await r.text()).toBe(true);
      return r.json();
    },
    get: async (url: string) => (await request.get(`/api${url}`, { headers })).json(),
  };
}

/** axe-core: no serious or critical violation on the current page. */
export async function expectAccessible(page: Page) {
  // @axe-core/playwright types a newer playwright-core Page; the object is the same at run time.
  // Legacy mode: axe.run in the page, the same rules. The default mode finishes each check in a
  // new blank page with axe injected a second time, which doubled a check's cost (~1.5 s each on
  // a slow machine, 70 checks in the suite); the app has no cross-origin frame to need it.
  const results = await new AxeBuilder({ page: page as never }).setLegacyMode().analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** What a legal invoice with VAT needs from its issuer (name, address, SIRET, VAT number, VAT regime), set through the API. */
/** A VAT-registered seller's profile; `extra` adds or replaces fields (e.g. the bank details). */
export async function fillIssuerProfile(api: Awaited<ReturnType<typeof apiAs>>, user: TestUser, extra: Record<string, unknown> = {}) {
  await api.put('/profile/', {
    email: user.email,
    first_name: 'Camille',
    last_name: 'Durand',
    company_name: 'Atelier Durand',
    address: '12 rue des Tanneurs',
    postal_code: '44000',
    city: 'Nantes',
    siret: '73282932000074',
    vat_number: 'FR44732829320',
    vat_regime: 'assujetti',
    ...extra,
  });
}

/** A French business client's postal address and SIREN (a legal invoice names both, issue 25). */
export const CLIENT_ADDRESS = { address: '3 place du Commerce', postal_code: '35000', city: 'Rennes', siren: '732829320' } as const;
