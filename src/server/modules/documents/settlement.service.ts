import { z } from 'zod';
import type { Kysely, Selectable } from 'kysely';
import type { Database, InvoicesTable } from '../../db/schema';
import type { Dialect } from '../../db/database';
import { badRequest, notFound, zodToFieldErrors } from '../../http/errors';
import { dateOrNull, hundredths, optionalText, requiredText } from '../../http/fields';
import { formatCents, formatDate } from '../../documents/format';
import { parisToday } from '../../../shared/dates';
import { balanceDueCents, computeTotals, PAYMENT_METHODS, PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/documents';
import { fromHundredths } from '../../../shared/money';
import { recordActivity } from '../activity/activity.recorder';
import { CREDIT_NOTE_KIND, INVOICE_KIND } from './document-kinds';
import { documentSearchText, documentsRepository, htShare, paymentView } from './documents.repository';
import { checkChronology, freezeDocument, liveRenderable, missingForEInvoice, refuseIfMissing } from './issuing';
import { nextDocumentNumber } from './numbering';

/**
 * Money after issue (issue 13): payments and credit notes. An issued invoice's status, balance and
 * payment date follow from them, never from a hand-set status.
 */

type InvoiceRow = Selectable<InvoicesTable>;

/** sent → partially_paid → paid; cancelled once credit notes cover the whole total. */
export function derivedInvoiceStatus(row: { total_cents: number; paid_cents: number; credited_cents: number }): string {
  if (row.paid_cents === 0 && row.credited_cents === 0) return 'sent';
  if (row.credited_cents >= row.total_cents) return 'cancelled';
  if (balanceDueCents(row) === 0) return 'paid';
  return row.paid_cents > 0 ? 'partially_paid' : 'sent';
}

const euros = (cents: number) => formatCents(cents).replace(/[\u202f\u00a0]/g, ' ');

async function lockIssuedInvoice(trx: Kysely<Database>, dialect: Dialect, ownerId: number, invoiceId: number) {
  const row = (await documentsRepository(trx, INVOICE_KIND).findRow(ownerId, invoiceId, dialect === 'postgres')) as InvoiceRow | undefined;
  if (!row) throw notFound();
  return row;
}

/** Writes the new settlement of an invoice: amounts, derived status, payment date (last payment when paid). */
async function settle(trx: Kysely<Database>, row: InvoiceRow, paid: number, credited: number) {
  const status = derivedInvoiceStatus({ total_cents: Number(row.total_cents), paid_cents: paid, credited_cents: credited });
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
        const balance = balanceDueCents({ total_cents: Number(row.total_cents), paid_cents: Number(row.paid_cents), credited_cents: Number(row.credited_cents) });
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
    createCreditNote: (ownerId: number, invoiceId: number, input: CreditNoteInput) =>
      db.transaction().execute(async (trx) => {
        const row = await lockIssuedInvoice(trx, dialect, ownerId, invoiceId);
        if (row.number === null) {
          throw badRequest({ detail: 'Une facture brouillon n’a pas besoin d’avoir : modifiez-la ou supprimez-la.' });
        }
        const total = Number(row.total_cents);
        const paid = Number(row.paid_cents);
        const credited = Number(row.credited_cents);
        const balance = balanceDueCents({ total_cents: total, paid_cents: paid, credited_cents: credited });
        const creditable = total - credited;
        const lines = input.line_items ?? (await fullCreditLines(trx, row, balance));
        const totals = computeTotals(lines.map((l) => ({ quantity: l.quantity / 100, unit_price: l.unit_price / 100 })), row.tax_rate / 100);
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
              unit_price_cents: line.unit_price, total_cents: totals.lines[position], task_id: null,
            })
            .execute();
        }

        const creditNotes = documentsRepository(trx, CREDIT_NOTE_KIND);
        const view = (await creditNotes.find(ownerId, id))!;
        const { document, user, contactId } = await liveRenderable(trx, CREDIT_NOTE_KIND, ownerId, view);
        refuseIfMissing(CREDIT_NOTE_KIND, missingForEInvoice(document, user, contactId));
        await freezeDocument(trx, dialect, CREDIT_NOTE_KIND, ownerId, document);

        const status = await settle(trx, row, paid, credited + totals.total);
        await recordActivity(trx, {
          ownerId, objectType: 'credit_note', objectId: id, label: title, action: 'créé',
          changes: `(Numéro: — → ${number}; Montant TTC: — → ${fromHundredths(totals.total).toFixed(2)})`, clientName: document.client.name,
        });
        await recordActivity(trx, {
          ownerId, objectType: 'invoice', objectId: invoiceId, label: row.title, action: 'mis à jour',
          changes: `(Avoir: — → ${number}, ${euros(totals.total)}${statusChange(row.status, status)})`, clientName: document.client.name,
        });
        return (await creditNotes.find(ownerId, id))!;
      }),
  };
}

// ---- Credit notes

const creditLineSchema = z.strictObject({
  title: requiredText(300),
  description: optionalText(5000),
  quantity: hundredths(1e6).refine((q) => q > 0, 'Assurez-vous que cette valeur est supérieure à 0.'),
  unit_price: hundredths(1e9),
  // Echoed back from the invoice's lines by forms.
  id: z.unknown().optional(),
  task_id: z.unknown().optional(),
  task: z.unknown().optional(),
  total: z.unknown().optional(),
});

const creditNoteSchema = z.strictObject({
  reason: optionalText(1000),
  line_items: z.array(creditLineSchema).min(1, 'L’avoir doit contenir au moins une ligne.').max(500).optional(),
});

export type CreditNoteInput = {
  reason: string;
  line_items?: { title: string; description: string; quantity: number; unit_price: number }[];
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
    ...(line_items ? { line_items: line_items.map(({ title, description, quantity, unit_price }) => ({ title, description, quantity, unit_price })) } : {}),
  };
}

/**
 * Lines crediting `balance` cents TTC: the invoice's own lines when nothing was paid or credited
 * (a full cancellation), else one line whose HT amount gives exactly that TTC at the invoice's rate.
 * VAT is rounded on the subtotal, so some TTC amounts have no HT amount (999,99 € at 20 %): the
 * next one above is taken, which settles the invoice and owes the client the cent (refund_cents).
 */
async function fullCreditLines(trx: Kysely<Database>, row: InvoiceRow, balance: number) {
  if (balance === Number(row.total_cents)) {
    const lines = await documentsRepository(trx, INVOICE_KIND).lineRows(row.id);
    return lines.map((l) => ({ title: l.title, description: l.description, quantity: Number(l.quantity), unit_price: Number(l.unit_price_cents) }));
  }
  const ttc = (ht: number) => computeTotals([{ quantity: 1, unit_price: ht / 100 }], row.tax_rate / 100).total;
  let ht = Math.round((balance * 10000) / (10000 + row.tax_rate));
  while (ht > 0 && ttc(ht - 1) >= balance) ht--;
  while (ttc(ht) < balance) ht++;
  return [{ title: `Solde de la facture ${row.number}`, description: '', quantity: 100, unit_price: ht }];
}
