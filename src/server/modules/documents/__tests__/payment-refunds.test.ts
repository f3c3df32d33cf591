import { parisToday } from '@/shared/dates';
import { addressedClient, completeProfile, pay, viaInject, type Send } from '@/server/test/billing-fixtures';
import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { pdfText } from '@/server/test/pdf-reader';

/**
 * Payments and refunds (issue 23): a refund (the part of a credit note beyond its invoice's
 * balance, `refund_cents`) gives back money the invoice's payments brought, so those payments can
 * no longer be deleted; and refunds never give back more than was paid, even from concurrent
 * credit notes. Checked through the receipts book (livre des recettes), which lists payments and
 * refunds, and the invoice's balance.
 */

let t: TestApp;
const today = parisToday();
const YEAR = Number(today.slice(0, 4));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const cents = (euros: number) => Math.round(euros * 100);
const line = (title: string, quantity: number, unit_price: number) => ({ title, description: '', quantity, unit_price, tax_rate: 20 });

/** A user of their own (their receipts book holds only this test's money) with an invoiceable client. */
async function invoicer() {
  const who = await signUp(t);
  const send = viaInject(t, who);
  await completeProfile(send, who.email);
  const clientId = await addressedClient(send);
  /** An invoice of 100 € HT at 20 % (120 € TTC), issued today. */
  const invoice = async () => {
    const res = await send('POST', '/api/invoices/', { title: 'Mission', client_id: clientId, status: 'sent', line_items: [line('Conseil', 1, 100)] });
    if (res.status !== 201) throw new Error(`invoice: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number; invoice_number: string };
  };
  const book = async () => (await send('GET', `/api/reports/receipts/?year=${YEAR}`)).body;
  const get = async (id: number) => (await send('GET', `/api/invoices/${id}/`)).body;
  /** A credit note of `ht` € HT at 20 %. */
  const creditNote = (id: number, ht: number) => send('POST', `/api/invoices/${id}/credit_note/`, { reason: 'Remboursement', line_items: [line('Geste', 1, ht)] });
  return { who, send, invoice, book, get, creditNote };
}

const refundsOf = async (invoiceId: number) =>
  (await t.database.db.selectFrom('credit_notes').select(['number', 'refund_cents']).where('invoice_id', '=', invoiceId).orderBy('id').execute())
    .map((r) => ({ number: r.number, refund: Number(r.refund_cents) }));

/** What the invoice says of its settlement. */
const settlement = (i: any) => ({ status: i.status, amount_paid: i.amount_paid, credited_amount: i.credited_amount, balance_due: i.balance_due });

async function paymentIds(send: Send, invoiceId: number): Promise<number[]> {
  return (await send('GET', `/api/invoices/${invoiceId}/payments/`)).body.map((p: { id: number }) => p.id);
}

it('refuses deleting a payment a credit note refunded: the receipts book and the invoice stay as they were', async () => {
  const { send, invoice, book, get, creditNote } = await invoicer();
  const inv = await invoice();
  const { payment } = await pay(send, inv.id, today, 120);
  const note = await creditNote(inv.id, 100);
  expect(note.status).toBe(201);
  expect(await refundsOf(inv.id)).toEqual([{ number: note.body.credit_note_number, refund: 12000 }]);

  const bookBefore = await book();
  // 120 € received, 120 € given back.
  expect(bookBefore.rows.map((r: any) => [r.kind, r.amount])).toEqual([['payment', 120], ['refund', -120]]);
  expect(bookBefore.totals).toMatchObject({ total: 0, count: 2 });
  const invoiceBefore = await get(inv.id);
  const revenueBefore = (await send('GET', '/api/invoices/current_month_revenue/')).body;

  expect(await send('DELETE', `/api/invoices/${inv.id}/payments/${payment.id}/`)).toEqual({
    status: 400,
    body: { detail: `Ce paiement a donné lieu à un remboursement par l’avoir ${note.body.credit_note_number} : il ne peut plus être supprimé.` },
  });
  expect(await book()).toEqual(bookBefore);
  expect(settlement(await get(inv.id))).toEqual(settlement(invoiceBefore));
  expect(await paymentIds(send, inv.id)).toEqual([payment.id]);
  expect((await send('GET', '/api/invoices/current_month_revenue/')).body).toEqual(revenueBefore);
  // The suite's first PDFs start the render workers: longer than the default on a busy machine.
}, 60_000);

it('names every refunding credit note, the first payments included', async () => {
  const { send, invoice, creditNote } = await invoicer();
  const inv = await invoice();
  const first = (await pay(send, inv.id, today, 20)).payment;
  await pay(send, inv.id, today, 100);
  const notes = [(await creditNote(inv.id, 50)).body, (await creditNote(inv.id, 50)).body];
  expect((await refundsOf(inv.id)).map((r) => r.refund)).toEqual([6000, 6000]);
  expect((await send('DELETE', `/api/invoices/${inv.id}/payments/${first.id}/`)).body).toEqual({
    detail: `Ce paiement a donné lieu à un remboursement par les avoirs ${notes[0].credit_note_number}, ${notes[1].credit_note_number} : il ne peut plus être supprimé.`,
  });
});

it('still deletes a payment no refund used: an ordinary one, or one after a credit note within the balance', async () => {
  const { send, invoice, book, get, creditNote } = await invoicer();
  const plain = await invoice();
  const { payment } = await pay(send, plain.id, today, 120);
  expect((await send('DELETE', `/api/invoices/${plain.id}/payments/${payment.id}/`)).status).toBe(204);
  expect(settlement(await get(plain.id))).toEqual({ status: 'sent', amount_paid: 0, credited_amount: 0, balance_due: 120 });

  // 50 € paid, 60 € credited of the 70 € still due: nothing given back.
  const credited = await invoice();
  const partial = (await pay(send, credited.id, today, 50)).payment;
  expect((await creditNote(credited.id, 50)).status).toBe(201);
  expect(await refundsOf(credited.id)).toEqual([expect.objectContaining({ refund: 0 })]);
  expect((await send('DELETE', `/api/invoices/${credited.id}/payments/${partial.id}/`)).status).toBe(204);
  expect(settlement(await get(credited.id))).toEqual({ status: 'sent', amount_paid: 0, credited_amount: 60, balance_due: 60 });
  expect((await book()).totals).toMatchObject({ total: 0, count: 0 });
});

it('never refunds more than was paid less the refunds already made: after a partial payment, over several credit notes', async () => {
  const { send, invoice, book, get, creditNote } = await invoicer();
  // 50 € of 120 € paid, then the whole invoice credited: 70 € cancel the balance, 50 € go back.
  const partly = await invoice();
  await pay(send, partly.id, today, 50);
  expect((await creditNote(partly.id, 100)).status).toBe(201);
  expect((await refundsOf(partly.id)).map((r) => r.refund)).toEqual([5000]);
  const more = await creditNote(partly.id, 0.01);
  expect(more.status).toBe(400);
  expect(more.body.line_items[0]).toContain('dépasse ce qu’il reste à créditer sur la facture (0,00 € TTC)');

  // 120 € paid, given back in two credit notes of 60 €: nothing more can be.
  const twice = await invoice();
  await pay(send, twice.id, today, 120);
  expect((await creditNote(twice.id, 50)).status).toBe(201);
  expect((await creditNote(twice.id, 50)).status).toBe(201);
  expect((await creditNote(twice.id, 0.01)).status).toBe(400);
  expect((await refundsOf(twice.id)).map((r) => r.refund)).toEqual([6000, 6000]);
  expect(settlement(await get(twice.id))).toEqual({ status: 'cancelled', amount_paid: 120, credited_amount: 120, balance_due: 0 });

  // Received 170 €, given back 170 €.
  const { rows, totals } = await book();
  expect(totals).toMatchObject({ total: 0, count: 5 });
  expect(rows.filter((r: any) => r.kind === 'refund').reduce((sum: number, r: any) => sum + cents(r.amount), 0)).toBe(-17000);
});

it('never refunds together more than was paid from concurrent credit notes', async () => {
  const { send, invoice, book, creditNote } = await invoicer();
  for (const paid of [120, 50]) {
    const inv = await invoice();
    await pay(send, inv.id, today, paid);
    // Each alone could be made (100 € TTC of 120 € creditable); both would credit 200 €.
    const answers = await Promise.all([creditNote(inv.id, 83.33), creditNote(inv.id, 83.33), creditNote(inv.id, 83.33)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    const refunds = await refundsOf(inv.id);
    // 120 € paid: 100 € go back; 50 € paid (70 € due): 30 € go back.
    expect(refunds.map((r) => r.refund)).toEqual([paid === 120 ? 10000 : 3000]);
  }
  // 170 € received, 130 € given back (the book's rows; its totals are the HT to declare: 141,67 € − 108,33 €).
  const { rows, totals } = await book();
  expect(rows.reduce((sum: number, r: any) => sum + cents(r.amount), 0)).toBe(4000);
  expect(cents(totals.total)).toBe(3334);
});

it('serialises a payment’s deletion with a refunding credit note: the refund never outlives its payment', async () => {
  const { send, invoice, book, get, creditNote } = await invoicer();
  for (let round = 0; round < 3; round++) {
    const inv = await invoice();
    const { payment } = await pay(send, inv.id, today, 120);
    const [deleted, note] = await Promise.all([send('DELETE', `/api/invoices/${inv.id}/payments/${payment.id}/`), creditNote(inv.id, 100)]);
    expect(note.status).toBe(201);
    const [{ refund }] = await refundsOf(inv.id);
    // Deleted first: the credit note cancels the unpaid 120 €, nothing to give back. Credited first: the payment stays.
    expect({ deleted: deleted.status, refund }).toEqual(deleted.status === 204 ? { deleted: 204, refund: 0 } : { deleted: 400, refund: 12000 });
    const after = await get(inv.id);
    expect(after.status).toBe('cancelled');
    expect(cents(after.amount_paid) - refund).toBeGreaterThanOrEqual(0);
  }
  expect(cents((await book()).totals.total)).toBe(0);
});

it('cancels a paid invoice whole with one full credit, owing back all that was paid (issue 28); nothing is left to credit after it', async () => {
  const { who, send, invoice, get } = await invoicer();
  const inv = await invoice();
  await pay(send, inv.id, today, 120);
  const note = await send('POST', `/api/invoices/${inv.id}/credit_note/`, {});
  expect(note.status).toBe(201);
  expect(note.body).toMatchObject({ total_amount: 120, reason: `Annulation de la facture ${inv.invoice_number}, réglée : remboursement` });
  // Nothing credited before: the invoice's own lines.
  expect(note.body.line_items.map((l: { title: string }) => l.title)).toEqual(['Conseil']);
  expect(await refundsOf(inv.id)).toEqual([{ number: note.body.credit_note_number, refund: 12000 }]);
  expect(settlement(await get(inv.id))).toMatchObject({ amount_paid: 120, credited_amount: 120, balance_due: 0 });
  const pdf = (await t.app.inject({ method: 'GET', url: `/api/credit-notes/${note.body.id}/generate_pdf/`, headers: who.auth })).rawPayload;
  expect(pdfText(pdf).replace(/\s+/g, ' ')).toMatch(/À rembourser 120,00 €/);
  const again = await send('POST', `/api/invoices/${inv.id}/credit_note/`, {});
  expect(again).toMatchObject({ status: 400, body: { detail: 'Cette facture est entièrement créditée : il ne reste rien à créditer.' } });
});
