import { parisToday } from '@/shared/dates';
import { addressedClient, completeProfile, pay, viaInject, type Send } from '@/server/test/billing-fixtures';
import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';

/**
 * Issuing checks a preview's Factur-X XML outside any transaction, then numbers in a second
 * transaction (issuing.ts). What changes in between — here a payment deleted while a credit note
 * is being issued, which changes its refund — is previewed and checked again: the user gets their
 * document (never a 409 for someone else's write), and what is numbered is what was checked.
 * The XML check is held open by the test to place the concurrent write deterministically.
 */

const realCheck = jest.requireActual('@/server/pdf/factur-x-check');
/** Runs before each XML check (the gap between preview and issue). */
let beforeCheck: () => Promise<void> = async () => undefined;
let checks = 0;
jest.mock('@/server/pdf/factur-x-check', () => ({
  ...jest.requireActual('@/server/pdf/factur-x-check'),
  facturXmlProblems: async (doc: any) => {
    checks++;
    await beforeCheck();
    return realCheck.facturXmlProblems(doc);
  },
}));

let t: TestApp;
const today = parisToday();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
beforeEach(() => {
  checks = 0;
  beforeCheck = async () => undefined;
});

const line = (title: string, quantity: number, unit_price: number) => ({ title, description: '', quantity, unit_price, tax_rate: 20 });

async function paidInvoice(send: Send, clientId: number) {
  const res = await send('POST', '/api/invoices/', { title: 'Mission', client_id: clientId, status: 'sent', line_items: [line('Conseil', 1, 100)] });
  expect(res.status).toBe(201);
  const { payment } = await pay(send, res.body.id, today, 120);
  checks = 0; // the invoice's own issue was checked too
  return { invoiceId: res.body.id as number, paymentId: payment.id as number };
}

async function invoicer() {
  const who = await signUp(t);
  const send = viaInject(t, who);
  await completeProfile(send, who.email);
  return { send, clientId: await addressedClient(send) };
}

const creditNotesOf = async (invoiceId: number) =>
  (await t.database.db.selectFrom('credit_notes').select(['number', 'refund_cents']).where('invoice_id', '=', invoiceId).execute())
    .map((r) => ({ number: r.number, refund: Number(r.refund_cents) }));

it('issues a credit note whose refund changed between its check and its numbering, checked again with the new refund', async () => {
  const { send, clientId } = await invoicer();
  const { invoiceId, paymentId } = await paidInvoice(send, clientId);
  let deleted: number | undefined;
  beforeCheck = async () => {
    // Once, during the first check: the 120 € payment goes; the credit note has nothing left to refund.
    if (deleted === undefined) deleted = (await send('DELETE', `/api/invoices/${invoiceId}/payments/${paymentId}/`)).status;
  };
  const note = await send('POST', `/api/invoices/${invoiceId}/credit_note/`, { reason: 'Remboursement', line_items: [line('Geste', 1, 100)] });
  expect({ deleted, status: note.status }).toEqual({ deleted: 204, status: 201 });
  // Checked twice: with the payment (120 € to refund), then without it.
  expect(checks).toBe(2);
  expect(await creditNotesOf(invoiceId)).toEqual([{ number: expect.stringMatching(/^AV-/), refund: 0 }]);
});

it('refuses (409, in French) a document that keeps changing under its check, and numbers nothing', async () => {
  const { send, clientId } = await invoicer();
  const { invoiceId } = await paidInvoice(send, clientId);
  let paid = true;
  beforeCheck = async () => {
    // Every check sees a different settlement: a payment removed, then one added back, and so on.
    const payments = (await send('GET', `/api/invoices/${invoiceId}/payments/`)).body as { id: number }[];
    if (paid) expect((await send('DELETE', `/api/invoices/${invoiceId}/payments/${payments[0].id}/`)).status).toBe(204);
    else await pay(send, invoiceId, today, 120);
    paid = !paid;
  };
  const note = await send('POST', `/api/invoices/${invoiceId}/credit_note/`, { reason: 'Remboursement', line_items: [line('Geste', 1, 100)] });
  expect(note.status).toBe(409);
  expect(note.body.detail).toBe('Le document a été modifié pendant son émission : vérifiez-le et émettez-le de nouveau.');
  expect(checks).toBe(3);
  expect(await creditNotesOf(invoiceId)).toEqual([]);
});
