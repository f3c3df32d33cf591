import { createTestApp, signUp, type TestApp } from './test-app';

/**
 * The status a payment's deletion must get: 204, or 400 once a credit note refunded part of the
 * invoice (the refund was computed from the payments: they can no longer go, core/settlement.ts).
 */
export async function paymentDeletionStatus(t: TestApp, invoiceId: number): Promise<204 | 400> {
  const refund = await t.database.db
    .selectFrom('credit_notes')
    .select('id')
    .where('invoice_id', '=', invoiceId)
    .where('refund_cents', '>', 0)
    .executeTakeFirst();
  return refund ? 400 : 204;
}

/**
 * What issuing an invoice requires (issue 13, EN 16931 checks in modules/documents/issuing.ts):
 * a seller profile with a name, a full address and a SIRET and VAT number, and a client with a
 * full address. Shared by every suite that issues invoices, in-process (app.inject) or over HTTP.
 */

/** A profile that can issue invoices at any VAT rate (PUT /api/profile/ also needs `email`). */
export const COMPLETE_PROFILE = {
  first_name: 'Jeanne',
  last_name: 'Dupont',
  company_name: 'Studio Dupont',
  address: '12 rue des Lilas',
  postal_code: '69001',
  city: 'Lyon',
  siret: '12345678200010',
  vat_number: 'FR11123456782',
  // VAT-registered: the franchise (the default without a VAT number) charges no VAT (issue 14).
  vat_regime: 'assujetti',
};

/**
 * Text of exactly `length` characters made of `words` repeated, ending on a letter (the API trims
 * spaces): a field at the longest its contract accepts, to lay out on a page.
 */
export function longestText(length: number, words: string): string {
  let text = '';
  while (text.length < length) text += `${words} `;
  return `${text.slice(0, length - 1).trimEnd().padEnd(length - 1, 'x')}e`;
}

/**
 * A French business client complete enough to be invoiced: its address, and its SIREN (CGI art.
 * 242 nonies A, issue 25). Not for a `particulier`, who has no SIREN.
 */
export const CLIENT_ADDRESS = { address: '5 rue Haute', postal_code: '69002', city: 'Lyon', siren: '732829320' };

/** One request as a suite sends it: `body` is JSON (or absent); the answer's status and parsed body. */
export type Send = (method: string, url: string, body?: unknown) => Promise<{ status: number; body: any }>;

/** `Send` through `t.app.inject` as `who`. */
export function viaInject(t: TestApp, who: { auth: { authorization: string } }): Send {
  return async (method, url, body) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: who.auth,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const json = String(res.headers['content-type'] ?? '').includes('application/json') && res.body;
    return { status: res.statusCode, body: json ? res.json() : null };
  };
}

/** POST expecting a 201: the record created (anything else throws with the answer, so that a failure says why). */
export async function created(send: Send, url: string, body: object): Promise<any> {
  const res = await send('POST', url, body);
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * A fresh app with Alice, whose complete profile lets her issue invoices, and Bob, another
 * account (for isolation checks): each one's `Send`.
 */
export async function aliceAndBob() {
  const t = await createTestApp();
  const alice = await signUp(t);
  const send = viaInject(t, alice);
  const bobSend = viaInject(t, await signUp(t));
  const profile = await send('PUT', '/api/profile/', { ...COMPLETE_PROFILE, email: alice.email });
  if (profile.status !== 200) throw new Error(`profile: ${profile.status} ${JSON.stringify(profile.body)}`);
  return { t, alice, send, bobSend };
}

/** `Send` over HTTP to a server process (test/server-process.ts) with `token`. */
export function viaHttp(
  server: { request(method: string, url: string, options?: { body?: unknown; token?: string }): Promise<{ status: number; body: any }> },
  token: string,
): Send {
  return async (method, url, body) => {
    const { status, body: answer } = await server.request(method, url, { token, body });
    return { status, body: answer };
  };
}

async function expectStatus(answer: Promise<{ status: number; body: any }>, status: number, what: string) {
  const res = await answer;
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Fills the user's profile (`email`: theirs) so that they can issue invoices. */
export function completeProfile(send: Send, email: string, extra: object = {}): Promise<any> {
  return expectStatus(send('PUT', '/api/profile/', { email, ...COMPLETE_PROFILE, ...extra }), 200, 'PUT /api/profile/');
}

/** A client with a full address; returns its id. */
export async function addressedClient(send: Send, contact: object = {}): Promise<number> {
  const body = { name: 'Librairie Colette', email: 'colette@exemple.fr', ...CLIENT_ADDRESS, ...contact };
  return (await expectStatus(send('POST', '/api/contacts/', body), 201, 'POST /api/contacts/')).id;
}

/** Complete profile and one invoiceable client (`contact` overrides its fields); returns the client's id. */
export async function readyToInvoice(send: Send, email: string, contact: object = {}): Promise<number> {
  await completeProfile(send, email);
  return addressedClient(send, contact);
}

/** Records a payment (201 expected); `amount` in euros, `date` null for the server's default (today). Returns `{payment, invoice}`. */
export function pay(send: Send, invoiceId: number, date: string | null, amount: number, method = 'virement'): Promise<any> {
  return expectStatus(
    send('POST', `/api/invoices/${invoiceId}/payments/`, { ...(date ? { date } : {}), amount, method, reference: `Paiement ${invoiceId}` }),
    201,
    `payment on invoice ${invoiceId}`,
  );
}

/** Pays the whole balance due of an issued invoice on `date`. Returns the invoice after payment. */
export async function payInFull(send: Send, invoiceId: number, date: string | null): Promise<any> {
  const invoice = await expectStatus(send('GET', `/api/invoices/${invoiceId}/`), 200, `GET invoice ${invoiceId}`);
  return (await pay(send, invoiceId, date, invoice.balance_due)).invoice;
}
