import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { inTransaction, type Dialect } from '../../db/database';
import { addDays, monthsEndingWith, parisToday } from '../../../shared/dates';
import { MAX_REVENUE_MONTHS, REVENUE_MONTHS, type MonthRevenue } from '../../../shared/dashboard';
import { DEFAULT_VALIDITY_DAYS, OUTSTANDING_INVOICE_STATUSES } from '../../../shared/documents';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { queryInteger } from '../../http/params';
import { assertOwned } from '../../http/owned-refs';
import { describeChanges, recordActivity } from '../activity/activity.recorder';
import { INVOICE_KIND, QUOTE_KIND, type DocumentKindConfig } from './document-kinds';
import { documentsRepository, type DocumentView } from './documents.repository';
import type { DocumentInput } from './documents.schemas';
import { nextDocumentNumber } from './numbering';

const ISSUED_INVOICE_LOCKED =
  'Une facture émise ne peut plus être modifiée (client, lignes, TVA, date d’émission). Annulez-la et établissez-en une nouvelle.';

function historyLabels(kind: DocumentKindConfig) {
  return {
    [kind.numberField]: 'Numéro',
    title: 'Titre',
    client: 'Client',
    status: 'Statut',
    issue_date: 'Date d’émission',
    [kind.endDateField]: kind.kind === 'quote' ? 'Date d’expiration' : 'Date d’échéance',
    payment_date: 'Date de paiement',
    tax_rate: 'TVA (%)',
    total_amount: 'Montant TTC',
  };
}

const historyView = (d: DocumentView) => ({
  ...d,
  client: d.client?.name ?? null,
  status: d.status_display,
  total_amount: (d.total_amount as number).toFixed(2),
});

/** What an issued invoice may no longer change. */
function lockedContent(input: { client_id: number; tax_rate: number; issue_date: string | null; lines: unknown[] }) {
  return JSON.stringify(input);
}

export function documentsService(db: Kysely<Database>, dialect: Dialect, kind: DocumentKindConfig) {
  const repo = documentsRepository(db, kind);
  // The dashboard figures, prepared once (each kind's service asks only its own).
  const sentTotals = repo.totals(['sent']);
  const outstandingTotals = repo.totals(OUTSTANDING_INVOICE_STATUSES);
  const overdueTotals = repo.totals(['overdue']);
  const paidTotals = repo.totals(['paid']);
  const nextOutstanding = repo.nextOutstanding();
  const labels = historyLabels(kind);

  async function get(ownerId: number, id: number): Promise<DocumentView> {
    const document = await repo.find(ownerId, id);
    if (!document) throw notFound();
    return document;
  }

  async function checkRefs(trx: Kysely<Database>, ownerId: number, input: DocumentInput) {
    await assertOwned(trx, 'contacts', ownerId, [input.client_id], 'client_id');
    const taskIds = [...new Set(input.line_items.map((l) => l.task_id).filter((id): id is number => id !== null))];
    await assertOwned(trx, 'tasks', ownerId, taskIds, 'line_items');
  }

  /** Defaults of SPEC section 9: issue today, end date +30 days; paying sets the payment date. */
  function withDates(input: DocumentInput, today: string) {
    const issue_date = input.issue_date ?? today;
    const payment_date = input.status === 'paid' && !input.payment_date ? today : input.payment_date;
    return { ...input, issue_date, end_date: input.end_date ?? addDays(issue_date, DEFAULT_VALIDITY_DAYS), payment_date };
  }

  const record = (trx: Kysely<Database>, ownerId: number, d: DocumentView, action: 'créé' | 'mis à jour' | 'supprimé', changes = '') =>
    recordActivity(trx, {
      ownerId,
      objectType: kind.objectType,
      objectId: d.id,
      label: d.title,
      action,
      changes,
      clientName: d.client?.name ?? null,
    });

  return {
    get,
    list: (ownerId: number, params: Record<string, unknown>) => repo.list(ownerId, params, parisToday()),
    forClient: repo.forClient,

    create: (ownerId: number, input: DocumentInput, extra: { quote_id?: number } = {}) =>
      inTransaction(db, async (trx) => {
        await checkRefs(trx, ownerId, input);
        const today = parisToday();
        const txRepo = documentsRepository(trx, kind);
        const numbered = kind.numberedAtCreation || input.status !== 'draft';
        const number = numbered ? await nextDocumentNumber(trx, kind, ownerId, Number(today.slice(0, 4))) : null;
        const id = await txRepo.save(ownerId, null, { ...withDates(input, today), number, ...extra });
        const created = (await txRepo.find(ownerId, id))!;
        await record(trx, ownerId, created, 'créé');
        return created;
      }),

    update: (ownerId: number, id: number, input: DocumentInput) =>
      db.transaction().execute(async (trx) => {
        const txRepo = documentsRepository(trx, kind);
        // On PostgreSQL the row lock makes concurrent issues of one invoice take one number.
        const row = await txRepo.findRow(ownerId, id, dialect === 'postgres');
        if (!row) throw notFound();
        await checkRefs(trx, ownerId, input);
        const today = parisToday();
        let number = row.number;
        if (kind === INVOICE_KIND && row.number !== null) {
          if (input.status === 'draft') {
            throw badRequest({ status: ['Une facture émise ne peut pas revenir à l’état de brouillon.'] });
          }
          const storedLines = (await txRepo.lineRows(id)).map((l) => [l.title, l.description, l.quantity, l.unit_price_cents, l.task_id]);
          const givenLines = input.line_items.map((l) => [l.title, l.description, l.quantity, l.unit_price, l.task_id]);
          const before = lockedContent({ client_id: row.client_id, tax_rate: row.tax_rate, issue_date: row.issue_date, lines: storedLines });
          const after = lockedContent({
            client_id: input.client_id, tax_rate: input.tax_rate, issue_date: input.issue_date ?? row.issue_date, lines: givenLines,
          });
          if (before !== after) throw badRequest({ non_field_errors: [ISSUED_INVOICE_LOCKED] });
        }
        if (number === null && input.status !== 'draft') {
          number = await nextDocumentNumber(trx, kind, ownerId, Number(today.slice(0, 4)));
        }
        const before = (await txRepo.find(ownerId, id))!;
        await txRepo.save(ownerId, id, { ...withDates(input, today), number });
        const after = (await txRepo.find(ownerId, id))!;
        await record(trx, ownerId, after, 'mis à jour', describeChanges(labels, historyView(before), historyView(after)));
        return after;
      }),

    remove: (ownerId: number, id: number) =>
      db.transaction().execute(async (trx) => {
        const txRepo = documentsRepository(trx, kind);
        const document = await txRepo.find(ownerId, id);
        if (!document) throw notFound();
        if (kind === INVOICE_KIND && document.invoice_number) {
          throw badRequest({ detail: 'Une facture émise ne peut pas être supprimée : annulez-la à la place.' });
        }
        await txRepo.delete(ownerId, id);
        await record(trx, ownerId, document, 'supprimé');
      }),

    /** Dashboard aggregates (amounts TTC). */
    aggregates: {
      pendingQuotes: async (ownerId: number) => {
        const { sum, count } = await sentTotals(ownerId);
        return { pending_quotes_sum: sum, pending_quotes_count: count };
      },
      outstanding: async (ownerId: number) => {
        const { sum, count } = await outstandingTotals(ownerId);
        return { outstanding_invoices_sum: sum, outstanding_invoices_count: count };
      },
      overdue: async (ownerId: number) => {
        const { sum, count } = await overdueTotals(ownerId);
        return { overdue_invoices_sum: sum, overdue_invoices_count: count };
      },
      currentMonthRevenue: async (ownerId: number) => {
        // Payments dated later this month or in a later month (typed ahead) count too.
        const { sum, count } = await paidTotals(ownerId, parisToday().slice(0, 7));
        return { current_month_revenue: sum, current_month_revenue_count: count };
      },
      /**
       * Paid invoices per calendar month, the current one and the `months - 1` before it (12 by
       * default), oldest first, a zero entry for a month without payment. The payment date is
       * a Paris calendar day, so a month is the Paris month.
       */
      monthlyRevenue: async (ownerId: number, params: Record<string, unknown>): Promise<{ monthly_revenue: MonthRevenue[] }> => {
        const months = monthsEndingWith(parisToday(), queryInteger(params, 'months', 1, MAX_REVENUE_MONTHS) ?? REVENUE_MONTHS);
        const paid = await repo.paidByMonth(ownerId, months[0]);
        const byMonth = new Map(paid.map((m) => [m.month, m]));
        // A payment dated in a later month (typed ahead) is outside the window and left out.
        return { monthly_revenue: months.map((month) => byMonth.get(month) ?? { month, subtotal: 0, total_amount: 0, count: 0 }) };
      },
      nextExpectedPayment: async (ownerId: number) => {
        const row = await nextOutstanding(ownerId, parisToday());
        return {
          id: row?.id ?? null,
          title: row?.title ?? null,
          due_date: row?.end_date ?? null,
          amount: row ? row.total_cents / 100 : null,
          client_id: row?.client_id ?? null,
          client_name: row?.client_name ?? null,
        };
      },
    },
  };
}

/** Quote → draft invoice with the same client, lines, VAT and notices; the quote becomes accepted. */
export async function convertQuoteToInvoice(db: Kysely<Database>, dialect: Dialect, ownerId: number, quoteId: number) {
  const quotes = documentsService(db, dialect, QUOTE_KIND);
  const quote = await quotes.get(ownerId, quoteId);
  if (!['sent', 'accepted'].includes(quote.status)) {
    throw badRequest({ detail: 'Seul un devis envoyé ou accepté peut être converti en facture.' });
  }
  const existing = await db.selectFrom('invoices').select('id').where('owner_id', '=', ownerId).where('quote_id', '=', quoteId).executeTakeFirst();
  if (existing) throw new ApiError(400, { detail: 'Ce devis a déjà été converti en facture.', invoice_id: existing.id });

  return db.transaction().execute(async (trx) => {
    const today = parisToday();
    const invoice = await documentsService(trx, dialect, INVOICE_KIND).create(
      ownerId,
      {
        title: quote.title,
        description: String(quote.description ?? ''),
        client_id: quote.client!.id,
        status: 'draft',
        priority: String(quote.priority),
        issue_date: today,
        end_date: addDays(today, DEFAULT_VALIDITY_DAYS),
        payment_date: null,
        tax_rate: Math.round(Number(quote.tax_rate) * 100),
        legal_notice: String(quote.legal_notice ?? ''),
        signature_notice: String(quote.signature_notice ?? ''),
        line_items: quote.line_items!.map((l) => ({
          id: null,
          title: l.title,
          description: l.description,
          quantity: Math.round(l.quantity * 100),
          unit_price: Math.round(l.unit_price * 100),
          task_id: l.task_id,
        })),
      },
      { quote_id: quoteId },
    );
    if (quote.status !== 'accepted') {
      await trx.updateTable('quotes').set({ status: 'accepted', updated_at: new Date().toISOString() }).where('id', '=', quoteId).execute();
      await recordActivity(trx, {
        ownerId, objectType: 'quote', objectId: quoteId, label: quote.title, action: 'mis à jour',
        changes: `(Statut: ${quote.status_display} → Accepté)`, clientName: quote.client?.name ?? null,
      });
    }
    return invoice;
  });
}
