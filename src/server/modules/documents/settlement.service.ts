import { z } from 'zod';
import type { Kysely, Selectable } from 'kysely';
import type { Database, InvoicesTable } from '@/server/db/schema';
import type { Dialect } from '@/server/db/database';
import { badRequest, notFound, zodToFieldErrors } from '@/server/http/errors';
import { dateOrNull, hundredths, optionalText, requiredText } from '@/server/http/fields';
import { formatCents, formatDate } from '@/server/pdf/format';
import { parisToday } from '@/shared/dates';
import { balanceDueCents, computeTotals, PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '@/shared/documents';
import { fromHundredths } from '@/shared/money';
import { recordActivity } from '../activity/activity.recorder';
import { CREDIT_NOTE_KIND, INVOICE_KIND } from './document-kinds';
import {
  documentSearchText, documentsRepository, htShare, linesTotals, paymentView, settlementAmounts,
} from './documents.repository';
import { checkLineTotal, checkRenderCost, lineAmountFields, percent, rateList } from './documents.schemas';
import {
  checkChronology, creditNoteRenderable, issueThenArchive, missingForCreditNote, recordIssued, refuseIfMissing, type IssueGuard,
} from './issuing';
import { nextDocumentNumber } from './numbering';

/**
 * Money after issue (issue 13): payments and credit notes. An issued invoice's status, balance and
 * payment date follow from them, never from a hand-set status.
 */

type InvoiceRow = Selectable<InvoicesTable>;

/**
 * sent → partially_paid → paid; cancelled once credit notes cover the whole total (of a final
 * invoice: what its quote's deposits left to pay).
 */
export function derivedInvoiceStatus(row: { total_cents: number; paid_cents: number; credited_cents: number; prepaid_cents?: number }): string {
  if (row.paid_cents === 0 && row.credited_cents === 0) return 'sent';
  if (row.credited_cents >= row.total_cents - (row.prepaid_cents ?? 0)) return 'cancelled';
  if (balanceDueCents(row) === 0) return 'paid';
  return row.paid_cents > 0 ? 'partially_paid' : 'sent';
}

/** '1 234,56 €' with plain spaces, for messages. */
export const euros = (cents: number) => formatCents(cents).replace(/[\u202f\u00a0]/g, ' ');

async function lockIssuedInvoice(trx: Kysely<Database>, dialect: Dialect, ownerId: number, invoiceId: number) {
  const row = (await documentsRepository(trx, INVOICE_KIND).findRow(ownerId, invoiceId, dialect === 'postgres')) as InvoiceRow | undefined;
  if (!row) throw notFound();
  return row;
}

/** Writes the new settlement of an invoice: amounts, derived status, payment date (last payment when paid). */
async function settle(trx: Kysely<Database>, row: InvoiceRow, paid: number, credited: number) {
  const status = derivedInvoiceStatus({ ...settlementAmounts(row), paid_cents: paid, credited_cents: credited });
  const last = await trx.selectFrom('payments').select('date').where('invoice_id', '=', row.id).orderBy('date', 'desc').limit(1).executeTakeFirst();
  await trx
    .updateTable('invoices')
    .set({
      paid_cents: paid,
      credited_cents: credited,
      status,
      payment_date: status === 'paid' && last ? last.date : null,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', row.id)
    .execute();
  return status;
}

/**
 * A deposit invoice deducted by its quote's final invoice is credited through the final invoice:
 * crediting it alone would leave the final invoice deducting money that was never owed.
 */
async function refuseIfDeducted(trx: Kysely<Database>, ownerId: number, row: InvoiceRow) {
  if (!row.is_deposit || row.deposit_of_quote_id === null) return;
  const final = await trx
    .selectFrom('invoices')
    .select(['id', 'number'])
    .where('owner_id', '=', ownerId)
    .where('quote_id', '=', row.deposit_of_quote_id)
    .executeTakeFirst();
  if (!final) return;
  throw badRequest({
    detail: final.number
      ? `Cet acompte est déduit de la facture finale ${final.number} : émettez l’avoir sur la facture finale.`
      : 'Cet acompte est déduit de la facture finale du devis, encore en brouillon : supprimez ce brouillon avant de créditer l’acompte.',
  });
}

const statusChange = (before: string, after: string) =>
  before === after ? '' : `; Statut: ${INVOICE_KIND.statusLabels[before] ?? before} → ${INVOICE_KIND.statusLabels[after] ?? after}`;

// ---- Payments

const paymentSchema = z.strictObject({
  date: dateOrNull(),
  amount: hundredths(1e9),
  method: z.enum(PAYMENT_METHODS as unknown as [PaymentMethod, ...PaymentMethod[]]),
  reference: optionalText(200),
});

export function parsePayment(body: unknown) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest({ non_field_errors: ['Données invalides. Un objet JSON est attendu.'] });
  }
  const result = paymentSchema.safeParse(body, { reportInput: true });
  if (!result.success) throw badRequest(zodToFieldErrors(result.error));
  return result.data;
}

export function settlementService(db: Kysely<Database>, dialect: Dialect) {
  const invoices = documentsRepository(db, INVOICE_KIND);

  return {
    async listPayments(ownerId: number, invoiceId: number) {
      if (!(await invoices.findRow(ownerId, invoiceId))) throw notFound();
      const rows = await db.selectFrom('payments').selectAll().where('invoice_id', '=', invoiceId).orderBy('date').orderBy('id').execute();
      return rows.map(paymentView);
    },

    addPayment: (ownerId: number, invoiceId: number, input: ReturnType<typeof parsePayment>) =>
      db.transaction().execute(async (trx) => {
        const row = await lockIssuedInvoice(trx, dialect, ownerId, invoiceId);
        if (row.number === null) throw badRequest({ detail: 'Émettez la facture avant d’enregistrer un paiement.' });
        if (row.status === 'cancelled') {
          throw badRequest({ detail: 'Cette facture est annulée par un avoir : aucun paiement ne peut y être enregistré.' });
        }
        const today = parisToday();
        const date = input.date ?? today;
        const errors: Record<string, string[]> = {};
        const balance = balanceDueCents(settlementAmounts(row));
        if (input.amount <= 0) errors.amount = ['Le montant doit être supérieur à 0.'];
        else if (input.amount > balance) errors.amount = [`Le montant dépasse le solde restant dû (${euros(balance)}).`];
        if (date < row.issue_date) errors.date = [`Un paiement ne peut pas précéder la date d’émission de la facture (${formatDate(row.issue_date)}).`];
        if (date > today) errors.date = ['La date du paiement ne peut pas être postérieure à aujourd’hui.'];
        if (Object.keys(errors).length) throw badRequest(errors);

        const inserted = await trx
          .insertInto('payments')
          .values({
            owner_id: ownerId,
            invoice_id: invoiceId,
            date,
            amount_cents: input.amount,
            amount_ht_cents: htShare(input.amount, Number(row.subtotal_cents), Number(row.total_cents)),
            method: input.method,
            reference: input.reference,
            created_at: new Date().toISOString(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const status = await settle(trx, row, Number(row.paid_cents) + input.amount, Number(row.credited_cents));
        await recordActivity(trx, {
          ownerId, objectType: 'invoice', objectId: invoiceId, label: row.title, action: 'mis à jour',
          changes: `(Paiement: — → ${euros(input.amount)} le ${formatDate(date)}, ${PAYMENT_METHOD_LABELS[input.method]}${statusChange(row.status, status)})`,
        });
        return { payment: paymentView(inserted), invoice: await documentsRepository(trx, INVOICE_KIND).find(ownerId, invoiceId) };
      }),

    deletePayment: (ownerId: number, invoiceId: number, paymentId: number) =>
      db.transaction().execute(async (trx) => {
        const row = await lockIssuedInvoice(trx, dialect, ownerId, invoiceId);
        const payment = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).where('invoice_id', '=', invoiceId).executeTakeFirst();
        if (!payment) throw notFound();
        // A refund (refund_cents: a credit beyond the balance) gave back money these payments brought:
        // every payment predates it (a refund leaves no balance to pay), and the credit note is frozen.
        // Deleting one would leave the refund without the cash it returned (receipts book, cash revenue).
        const refunds = await trx
          .selectFrom('credit_notes')
          .select('number')
          .where('invoice_id', '=', invoiceId)
          .where('refund_cents', '>', 0)
          .orderBy('id')
          .execute();
        if (refunds.length) {
          const numbers = refunds.map((r) => r.number).join(', ');
          throw badRequest({
            detail: `Ce paiement a donné lieu à un remboursement par ${refunds.length > 1 ? 'les avoirs' : 'l’avoir'} ${numbers} : il ne peut plus être supprimé.`,
          });
        }
        await trx.deleteFrom('payments').where('id', '=', paymentId).execute();
        const status = await settle(trx, row, Number(row.paid_cents) - Number(payment.amount_cents), Number(row.credited_cents));
        await recordActivity(trx, {
          ownerId, objectType: 'invoice', objectId: invoiceId, label: row.title, action: 'mis à jour',
          changes: `(Paiement: ${euros(Number(payment.amount_cents))} le ${formatDate(payment.date)} → supprimé${statusChange(row.status, status)})`,
        });
      }),

    /**
     * An avoir on an issued invoice (the only way to correct or cancel it, CGI art. 242 nonies A):
     * numbered AV-YYYY-NNNN, issued and frozen at once. Without lines it credits the whole
     * balance due; with lines, never more than what remains to be credited.
     */
    createCreditNote: async (ownerId: number, invoiceId: number, input: CreditNoteInput) => {
      const created = await issueThenArchive(db, ownerId, (guard) => createCreditNote(ownerId, invoiceId, input, guard), { checkXml: true });
      return (await documentsRepository(db, CREDIT_NOTE_KIND).find(ownerId, created.id)) ?? created;
    },
  };

  /** The credit note's numbering transaction: number, rows, snapshot and journal entry, settlement, history. */
  function createCreditNote(ownerId: number, invoiceId: number, input: CreditNoteInput, guard: IssueGuard) {
    return db.transaction().execute(async (trx) => {
      const row = await lockIssuedInvoice(trx, dialect, ownerId, invoiceId);
      if (row.number === null) {
        throw badRequest({ detail: 'Une facture brouillon n’a pas besoin d’avoir : modifiez-la ou supprimez-la.' });
      }
      await refuseIfDeducted(trx, ownerId, row);
      const amounts = settlementAmounts(row);
      const { paid_cents: paid, credited_cents: credited } = amounts;
      const balance = balanceDueCents(amounts);
      // A final invoice bills its total less its quote's deposits: that is what it can credit.
      const creditable = amounts.total_cents - credited - amounts.prepaid_cents;
      const invoiceLines = await documentsRepository(trx, INVOICE_KIND).lineRows(row.id);
      const lines = input.line_items
        ? creditedRates(input.line_items, invoiceLines, row.tax_rate)
        : fullCreditLines(row, invoiceLines, balance);
      const totals = linesTotals(lines, row.tax_rate);
      if (totals.total <= 0) {
        throw badRequest(input.line_items
          ? { line_items: ['Le montant de l’avoir doit être supérieur à 0.'] }
          : { detail: 'Cette facture est entièrement réglée : rien à créditer. Pour un remboursement, indiquez les lignes de l’avoir.' });
      }
      if (totals.total > creditable) {
        throw badRequest({
          line_items: [`Le montant de l’avoir (${euros(totals.total)} TTC) dépasse ce qu’il reste à créditer sur la facture (${euros(creditable)} TTC).`],
        });
      }
      // Beyond the balance, the credit is money owed back to the client (cash revenue −).
      const refund = Math.max(0, totals.total - balance);
      const today = parisToday();
      await checkChronology(trx, CREDIT_NOTE_KIND, ownerId, { issueDate: today, dueDate: null, today });
      const number = await nextDocumentNumber(trx, CREDIT_NOTE_KIND, ownerId, Number(today.slice(0, 4)));
      const now = new Date().toISOString();
      const title = `Avoir sur la facture ${row.number}`;
      const reason = input.reason || (input.line_items ? '' : `Annulation du solde de la facture ${row.number}`);
      const { id } = await trx
        .insertInto('credit_notes')
        .values({
          owner_id: ownerId, number, invoice_id: invoiceId, title, description: '', reason, client_id: row.client_id,
          status: 'issued', priority: row.priority, issue_date: today, end_date: today, payment_date: null, tax_rate: row.tax_rate,
          // What the credited invoice said of its operation and its VAT.
          operation_category: row.operation_category, service_date: row.service_date, service_end_date: row.service_end_date,
          vat_exemption: row.vat_exemption,
          legal_notice: row.legal_notice, signature_notice: row.signature_notice, subtotal_cents: totals.subtotal,
          tax_cents: totals.tax, total_cents: totals.total, refund_cents: refund,
          refund_ht_cents: htShare(refund, totals.subtotal, totals.total),
          search_text: documentSearchText({ title, number }), created_at: now, updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [position, line] of lines.entries()) {
        await trx
          .insertInto('credit_note_lines')
          .values({
            document_id: id, position, title: line.title, description: line.description, quantity: line.quantity,
            unit_price_cents: line.unit_price, tax_rate: line.tax_rate, total_cents: totals.lines[position], task_id: null,
          })
          .execute();
      }

      const creditNotes = documentsRepository(trx, CREDIT_NOTE_KIND);
      const view = (await creditNotes.find(ownerId, id))!;
      // Seller, buyer, regime and mentions as the credited invoice was issued (CGI art. 272-1: the
      // VAT it charged can be regularised whatever the profile says today).
      const { document, contactId } = await creditNoteRenderable(trx, ownerId, invoiceId, view);
      refuseIfMissing(CREDIT_NOTE_KIND, missingForCreditNote(document));
      guard.issued(document);
      await recordIssued(trx, dialect, CREDIT_NOTE_KIND, ownerId, document, contactId);

      const status = await settle(trx, row, paid, credited + totals.total);
      // Wholly cancelled, the invoice bills nothing: its tasks may be billed again (their lines
      // on the frozen invoice still name them).
      if (status === 'cancelled') await trx.updateTable('tasks').set({ invoice_id: null }).where('invoice_id', '=', invoiceId).execute();
      await recordActivity(trx, {
        ownerId, objectType: 'credit_note', objectId: id, label: title, action: 'créé',
        changes: `(Numéro: — → ${number}; Montant TTC: — → ${fromHundredths(totals.total).toFixed(2)})`, clientName: document.client.name,
      });
      await recordActivity(trx, {
        ownerId, objectType: 'invoice', objectId: invoiceId, label: row.title, action: 'mis à jour',
        changes: `(Avoir: — → ${number}, ${euros(totals.total)}${statusChange(row.status, status)})`, clientName: document.client.name,
      });
      return (await creditNotes.find(ownerId, id))!;
    });
  }
}

// ---- Credit notes

const creditLineSchema = z
  .strictObject({
    title: requiredText(300),
    description: optionalText(5000),
    // The rate of the invoice's line it credits; absent → the invoice's rate.
    ...lineAmountFields,
    // Echoed back from the invoice's lines by forms.
    id: z.unknown().optional(),
    task_id: z.unknown().optional(),
    task: z.unknown().optional(),
    total: z.unknown().optional(),
  })
  .superRefine(checkLineTotal);

const creditNoteSchema = z
  .strictObject({
    reason: optionalText(1000),
    line_items: z.array(creditLineSchema).min(1, 'L’avoir doit contenir au moins une ligne.').max(500).optional(),
  })
  // No savable credit note takes more than about a second to render (issue 23, documents.schemas.ts).
  .superRefine((body, ctx) => checkRenderCost({ texts: { reason: body.reason }, lines: body.line_items ?? [] }, ctx));

/** A credit note's line: amounts in cents and hundredths, rate in hundredths of a percent (null: the invoice's). */
type CreditLineInput = { title: string; description: string; quantity: number; unit_price: number; tax_rate: number | null };
type CreditLine = CreditLineInput & { tax_rate: number };

export type CreditNoteInput = {
  reason: string;
  line_items?: CreditLineInput[];
};

export function parseCreditNote(body: unknown): CreditNoteInput {
  if (body === undefined || body === null || body === '') return { reason: '' };
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest({ non_field_errors: ['Données invalides. Un objet JSON est attendu.'] });
  }
  const result = creditNoteSchema.safeParse(body, { reportInput: true });
  if (!result.success) throw badRequest(zodToFieldErrors(result.error));
  const { reason, line_items } = result.data;
  return {
    reason,
    ...(line_items
      ? { line_items: line_items.map(({ title, description, quantity, unit_price, tax_rate }) => ({ title, description, quantity, unit_price, tax_rate })) }
      : {}),
  };
}

type StoredLine = { title: string; description: string; quantity: number; unit_price_cents: number; tax_rate: number };

/**
 * A partial credit's lines with their rates: each one of the invoice's (a line without one takes
 * the invoice's rate, or its only line rate), so that the credit note's VAT mirrors the invoice's.
 */
function creditedRates(lines: CreditLineInput[], invoiceLines: StoredLine[], invoiceRate: number): CreditLine[] {
  const rates = [...new Set(invoiceLines.map((l) => Number(l.tax_rate)))].sort((a, b) => b - a);
  const fallback = rates.length === 1 ? rates[0] : invoiceRate;
  const resolved = lines.map((line) => ({ ...line, tax_rate: line.tax_rate ?? fallback }));
  const errors = resolved.map((line) =>
    rates.includes(line.tax_rate)
      ? {}
      : { tax_rate: [`Le taux de TVA d’une ligne d’avoir doit être l’un de ceux de la facture : ${rateList(rates)}.`] },
  );
  if (errors.some((e) => 'tax_rate' in e)) throw badRequest({ line_items: errors });
  return resolved;
}

/** TTC of `ht` cents HT alone at `rate` (hundredths of a percent), by the shared calculation. */
const ttcAt = (rate: number, ht: number) => computeTotals([{ quantity: 1, unit_price: ht / 100, tax_rate: rate / 100 }], 0).total;

/**
 * Lines crediting `balance` cents TTC: the invoice's own lines when nothing was paid or credited
 * (a full cancellation), else one line per VAT rate of the invoice (splitByRate), so that the
 * credit note's VAT per rate mirrors the invoice's. When no combination lands on the balance, the
 * next TTC above settles the invoice and owes the client the cent (refund_cents).
 */
export function fullCreditLines(
  row: Pick<InvoiceRow, 'number' | 'total_cents' | 'tax_rate'>,
  invoiceLines: StoredLine[],
  balance: number,
): CreditLine[] {
  if (balance === Number(row.total_cents)) {
    return invoiceLines.map((l) => ({
      title: l.title, description: l.description, quantity: Number(l.quantity), unit_price: Number(l.unit_price_cents), tax_rate: Number(l.tax_rate),
    }));
  }
  const kept = splitByRate(balance, invoiceLines, row.tax_rate);
  return kept.map(({ rate, ht }) => ({
    title: `Solde de la facture ${row.number}${kept.length > 1 ? ` (TVA ${percent(rate)})` : ''}`,
    description: '',
    quantity: 100,
    unit_price: ht,
    tax_rate: rate,
  }));
}

/**
 * `amount` cents TTC as an HT amount per VAT rate of `lines` (rates in hundredths of a percent,
 * highest first), in proportion to each rate's TTC: what a credit of a balance, or a deposit on a
 * quote, bills at each rate. A rate whose share is nothing is left out (unless nothing is left at
 * all). The TTC of the result, by the shared calculation, is `amount`, or when no combination
 * lands on it the next TTC above (one cent more).
 *
 * Rounding: the amount is first shared between the rates in proportion to each rate's TTC
 * (largest remainder, so the shares sum to the amount). VAT is rounded per rate on its base, so a
 * rate's TTC skips some values (999,99 € at 20 % has no HT amount): each rate takes the largest
 * HT whose TTC stays within its share, then the cents still missing are added one HT cent at a
 * time where the TTC grows by exactly what is missing, a cent moving from one rate to another when
 * needed. Only when no combination lands on the amount (a single rate whose TTC skips it) is the
 * next TTC above taken.
 */
export function splitByRate(
  amount: number,
  lines: { quantity: number; unit_price_cents: number; tax_rate: number }[],
  defaultRate: number,
): { rate: number; ht: number }[] {
  const { breakdown } = linesTotals(
    lines.map((l) => ({ quantity: Number(l.quantity), unit_price: Number(l.unit_price_cents), tax_rate: Number(l.tax_rate) })),
    defaultRate,
  );
  const rates = breakdown.length ? breakdown : [{ rate: defaultRate, base: 0, tax: 0 }];
  const shares = largestRemainder(amount, rates.map((r) => r.base + r.tax));
  const hts = rates.map((r, i) => {
    let ht = Math.floor((shares[i] * 10000) / (10000 + r.rate));
    while (ht > 0 && ttcAt(r.rate, ht) > shares[i]) ht--;
    while (ttcAt(r.rate, ht + 1) <= shares[i]) ht++;
    return ht;
  });
  const ttc = () => rates.reduce((sum, r, i) => sum + ttcAt(r.rate, hts[i]), 0);
  const step = (i: number, by: number) => ttcAt(rates[i].rate, hts[i] + by) - ttcAt(rates[i].rate, hts[i]);
  for (let missing = amount - ttc(); missing > 0; missing = amount - ttc()) {
    const exact = rates.findIndex((_, i) => step(i, 1) === missing);
    const below = rates.findIndex((_, i) => step(i, 1) < missing);
    // Two cents up on one rate, one cent down on another: one cent more in all.
    const up = rates.findIndex((_, i) => step(i, 1) === 2);
    const down = rates.findIndex((_, i) => i !== up && hts[i] > 0 && step(i, -1) === -1);
    if (exact >= 0) hts[exact]++;
    else if (below >= 0) hts[below]++;
    else if (missing === 1 && up >= 0 && down >= 0) {
      hts[up]++;
      hts[down]--;
    } else hts[up >= 0 ? up : 0]++; // no exact combination: the next TTC above
  }
  return rates.map((r, i) => ({ rate: r.rate, ht: hts[i] })).filter((r, i, all) => r.ht > 0 || (i === 0 && all.every((a) => a.ht === 0)));
}

/** `total` shared in proportion to `weights`, in whole units summing to `total` (largest remainder). */
function largestRemainder(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  for (const i of exact.map((_, i) => i).sort((a, b) => exact[b] - Math.floor(exact[b]) - (exact[a] - Math.floor(exact[a])))) {
    if (left-- <= 0) break;
    shares[i]++;
  }
  return shares;
}
