import type { Kysely, Selectable } from 'kysely';
import type { Database, DocumentsTable } from '@/server/db/schema';
import { inTransaction, type Dialect } from '@/server/db/database';
import { addDays, monthsEndingWith, parisToday } from '@/shared/dates';
import {
  MAX_REVENUE_MONTHS, REVENUE_MONTHS, type CurrentMonthRevenueJson, type MonthlyRevenueQuery, type MonthRevenue,
  type NextExpectedPayment, type OutstandingInvoicesJson, type OverdueInvoicesJson, type PendingQuotesJson,
} from '@/shared/dashboard';
import type { ClientType } from '@/shared/contacts';
import {
  balanceDueCents, DEFAULT_VALIDITY_DAYS, MAX_AMOUNT, OUTSTANDING_INVOICE_STATUSES, WRITABLE_INVOICE_STATUSES,
} from '@/shared/documents';
import { ApiError, badRequest, notFound } from '@/server/http/errors';
import { queryInteger } from '@/server/http/params';
import type { Unchecked } from '@/server/http/api-types';
import type { DocumentListQuery } from '@/shared/documents-api';
import { assertOwned } from '@/server/http/owned-refs';
import { describeChanges, recordActivity } from '../activity/activity.recorder';
import { INVOICE_KIND, QUOTE_KIND, type DocumentKindConfig } from './document-kinds';
import {
  documentSearchText, documentsRepository, linesTotals, quoteDeposits, settlementAmounts, type DocumentView,
} from './documents.repository';
import { euros } from './settlement.service';
import {
  checkChronology, checkDueDate, issueThenArchive, liveRenderable, missingForEInvoice, recordIssued, refuseIfMissing, UNGUARDED,
  type IssueGuard,
} from './issuing';
import {
  applyVatRules, DOCUMENT_TOTAL_TOO_BIG, resolveRates, type DocumentInput, type ResolvedDocument, type Seller,
} from './documents.schemas';
import { nextDocumentNumber } from './numbering';
import { checkQuoteInvoiceDraft } from './deposit-rules';

/** A printed field changed on an issued invoice or a sent quote. */
const LOCKED_MESSAGE = {
  invoice:
    'Une facture émise ne peut plus être modifiée (art. 242 nonies A du CGI) : émettez un avoir pour la corriger ou l’annuler.',
  quote: 'Un devis envoyé ne peut plus être modifié : dupliquez-le pour proposer une nouvelle version.',
  credit_note: 'Un avoir ne peut pas être modifié.',
};
const DERIVED_STATUS =
  'Le statut d’une facture découle de ses paiements et avoirs : enregistrez un paiement ou émettez un avoir.';

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

type FrozenRow = Selectable<DocumentsTable>;
type StoredLine = { title: string; description: string; quantity: number; unit_price_cents: number; tax_rate: number };

/**
 * The printed fields `input` would change on a frozen document, each with the French reason.
 * Null dates mean "as stored" (forms send the whole object back).
 */
function lockedChanges(kind: DocumentKindConfig, row: FrozenRow, lines: StoredLine[], input: ResolvedDocument) {
  const changed: string[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const printedFields = [
    'title', 'description', 'client_id', 'tax_rate', 'operation_category', 'service_date', 'service_end_date', 'vat_exemption',
    'legal_notice', 'signature_notice',
  ] as const;
  for (const field of printedFields) {
    if (!same(row[field] ?? null, input[field])) changed.push(field);
  }
  if (input.issue_date !== null && input.issue_date !== row.issue_date) changed.push('issue_date');
  if (input.end_date !== null && input.end_date !== row.end_date) changed.push(kind.endDateField);
  const printed = (l: { title: string; description: string; quantity: number; tax_rate: number }, price: number) =>
    [l.title, l.description, l.quantity, price, l.tax_rate];
  if (!same(lines.map((l) => printed(l, l.unit_price_cents)), input.line_items.map((l) => printed(l, l.unit_price)))) {
    changed.push('line_items');
  }
  return Object.fromEntries(changed.map((field) => [field, [LOCKED_MESSAGE[kind.kind]]]));
}

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86400000;

/** What links an invoice to a quote: converted from it (with its deposits deducted), or one of its deposits. */
export interface InvoiceLinks {
  quote_id?: number;
  prepaid_cents?: number;
  is_deposit?: number;
  deposit_of_quote_id?: number;
}

/** Why a task cannot be billed again (issue 15), to follow a colon: an invoice, issued or draft, bills it. */
const billedElsewhere = (t: { title: string; invoice_number: string | null; invoice_title: string }) =>
  t.invoice_number
    ? `la tâche « ${t.title} » est déjà facturée par la facture ${t.invoice_number}`
    : `la tâche « ${t.title} » figure déjà dans le brouillon de facture « ${t.invoice_title} »`;

/** The tasks named by `lines` that an invoice other than `invoiceId` (null: any invoice) bills, by task id. */
async function tasksBilledElsewhere(trx: Kysely<Database>, ownerId: number, invoiceId: number | null, lines: { task_id: number | null }[]) {
  const taskIds = [...new Set(lines.map((l) => l.task_id).filter((id): id is number => id !== null))];
  if (!taskIds.length) return new Map<number, string>();
  const rows = await trx
    .selectFrom('tasks as t')
    .innerJoin('invoices as i', 'i.id', 't.invoice_id')
    .select(['t.id', 't.title', 'i.number as invoice_number', 'i.title as invoice_title'])
    .where('t.owner_id', '=', ownerId)
    .where('t.id', 'in', taskIds)
    .$if(invoiceId !== null, (q) => q.where('t.invoice_id', '!=', invoiceId!))
    .orderBy('t.id')
    .execute();
  return new Map(rows.map((r) => [r.id, billedElsewhere(r)]));
}

/**
 * After an invoice's lines are saved (they claimed their free tasks, syncBilledTasks): a line
 * naming a task another invoice bills is a 400 on that line's task, checked after the claim so
 * that a concurrent save that won the task is seen too. The transaction then rolls back.
 */
async function refuseTasksBilledElsewhere(trx: Kysely<Database>, ownerId: number, invoiceId: number, lines: { task_id: number | null }[]) {
  const billed = await tasksBilledElsewhere(trx, ownerId, invoiceId, lines);
  if (!billed.size) return;
  throw badRequest({
    line_items: lines.map((l) => {
      const why = l.task_id === null ? undefined : billed.get(l.task_id);
      // Never taken from the other invoice: this line must let go of it.
      return why ? { task_id: [`${why.charAt(0).toUpperCase()}${why.slice(1)} : retirez-la de cette ligne.`] } : {};
    }),
  });
}

export function documentsService(db: Kysely<Database>, dialect: Dialect, kind: DocumentKindConfig) {
  const repo = documentsRepository(db, kind);
  // The dashboard figures, prepared once (each kind's service asks only its own).
  const sentTotals = repo.totals(['sent']);
  const outstandingTotals = repo.totals(OUTSTANDING_INVOICE_STATUSES);
  const overdueTotals = repo.overdueTotals();
  const invoicesVersion = repo.invoicesVersion();
  const cashSince = repo.cashSince();
  const nextOutstanding = repo.nextOutstanding();
  /**
   * Overdue figures per owner, valid for one Paris day and one invoices version: they sum the
   * open invoices due before today, which no trigger can keep (the day moves), so they are computed
   * once and reused until an invoice changes or the day turns. Per app (owner ids are per database).
   */
  const overdueCache = new Map<number, { key: string; value: { sum: number; count: number } }>();
  const OVERDUE_CACHE_OWNERS = 10_000;
  const labels = historyLabels(kind);

  async function get(ownerId: number, id: number): Promise<DocumentView> {
    const document = await repo.find(ownerId, id);
    if (!document) throw notFound();
    return document;
  }

  /** Checks the client and tasks are the owner's; returns the client's type (which payment rules apply). */
  async function checkRefs(trx: Kysely<Database>, ownerId: number, input: DocumentInput): Promise<ClientType> {
    await assertOwned(trx, 'contacts', ownerId, [input.client_id], 'client_id');
    const taskIds = [...new Set(input.line_items.map((l) => l.task_id).filter((id): id is number => id !== null))];
    await assertOwned(trx, 'tasks', ownerId, taskIds, 'line_items');
    const client = await trx.selectFrom('contacts').select('client_type').where('id', '=', input.client_id).executeTakeFirst();
    return client?.client_type === 'particulier' ? 'particulier' : 'professionnel';
  }

  /** What the VAT rules read of the seller. */
  const seller = async (trx: Kysely<Database>, ownerId: number): Promise<Seller> =>
    (await trx.selectFrom('users').select(['vat_regime', 'vat_number']).where('id', '=', ownerId).executeTakeFirst()) ??
    { vat_regime: 'franchise', vat_number: '' };

  /**
   * A draft as it will be saved: every line's rate known, the seller's VAT rules applied (unless
   * `enforceVat` is false: a quote converted as it was accepted, corrected in its draft invoice),
   * its total TTC within the cap that keeps every amount exact.
   */
  async function prepareDraft(trx: Kysely<Database>, ownerId: number, input: DocumentInput, enforceVat = true) {
    const s = await seller(trx, ownerId);
    const doc = enforceVat ? applyVatRules(input, s) : resolveRates(input, s);
    if (linesTotals(doc.line_items, doc.tax_rate).total > MAX_AMOUNT * 100) throw badRequest({ line_items: [DOCUMENT_TOTAL_TOO_BIG] });
    return doc;
  }

  /** Defaults of SPEC section 9: issue today, end date +30 days. Payment dates follow payments. */
  function withDates<T extends { issue_date: string | null; end_date: string | null }>(input: T, today: string, clientType: ClientType) {
    const issue_date = input.issue_date ?? today;
    const end_date = input.end_date ?? addDays(issue_date, DEFAULT_VALIDITY_DAYS);
    if (kind === INVOICE_KIND) {
      const errors: Record<string, string[]> = {};
      checkDueDate(errors, issue_date, end_date, clientType);
      if (Object.keys(errors).length) throw badRequest(errors);
    }
    return { ...input, issue_date, end_date, payment_date: null };
  }

  /** Invoices: only draft and sent (issuing) are written by hand. */
  function checkWritableStatus(status: string) {
    if (kind === INVOICE_KIND && !(WRITABLE_INVOICE_STATUSES as readonly string[]).includes(status)) {
      throw badRequest({ status: [DERIVED_STATUS] });
    }
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

  /**
   * Makes a draft invoice a legal invoice, or archives a quote as sent, in `trx`: EN 16931 checks,
   * chronology, number, status, the snapshot and the journal entry (recordIssued). An invoice is
   * dated `issueDate` (today by default); its payment term is kept. Returns what it shows. The PDF is
   * rendered after the commit (`afterIssue`): never while the transaction holds the database.
   */
  async function issue(trx: Kysely<Database>, ownerId: number, id: number, issueDate?: string, guard: IssueGuard = UNGUARDED) {
    const txRepo = documentsRepository(trx, kind);
    // On PostgreSQL the row lock makes concurrent issues of one document take one number.
    const row = await txRepo.findRow(ownerId, id, dialect === 'postgres');
    if (!row) throw notFound();
    const today = parisToday();
    if (kind === QUOTE_KIND) {
      if (row.status === 'draft') {
        await trx.updateTable('quotes').set({ status: 'sent', updated_at: new Date().toISOString() }).where('id', '=', id).execute();
      }
      const { document, contactId } = await liveRenderable(trx, kind, ownerId, (await txRepo.find(ownerId, id))!);
      guard.issued(document);
      await recordIssued(trx, dialect, kind, ownerId, document, contactId);
      return { document };
    }
    if (row.number !== null) throw badRequest({ detail: 'Cette facture est déjà émise.' });
    const date = issueDate ?? today;
    const term = row.end_date ? dayNumber(row.end_date) - dayNumber(row.issue_date) : DEFAULT_VALIDITY_DAYS;
    const dueDate = addDays(date, term);
    const { document, user, contactId } = await liveRenderable(trx, kind, ownerId, (await txRepo.find(ownerId, id))!);
    refuseIfMissing(kind, missingForEInvoice(document, user, contactId));
    const prepaid = Number((row as { prepaid_cents?: number }).prepaid_cents ?? 0);
    if (prepaid > Number(row.total_cents)) {
      throw badRequest({
        line_items: [
          `Le total de la facture finale (${euros(Number(row.total_cents))} TTC) est inférieur aux acomptes déjà facturés ` +
            `(${euros(prepaid)} TTC) : corrigez ses lignes.`,
        ],
      });
    }
    await checkChronology(trx, kind, ownerId, { issueDate: date, dueDate, today, excludeId: id, clientType: document.clientType });
    const number = await nextDocumentNumber(trx, kind, ownerId, Number(date.slice(0, 4)));
    await trx
      .updateTable('invoices')
      .set({
        number, status: 'sent', issue_date: date, end_date: dueDate, search_text: documentSearchText({ title: row.title, number }),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .execute();
    const issued = { ...document, number, status: 'sent', issueDate: date, endDate: dueDate };
    guard.issued(issued);
    await recordIssued(trx, dialect, kind, ownerId, issued, contactId);
    return { document: issued };
  }

  /** Saves a frozen document's editable fields (priority, internal notes), refusing any printed change. */
  async function updateFrozen(trx: Kysely<Database>, ownerId: number, row: FrozenRow, input: DocumentInput) {
    const txRepo = documentsRepository(trx, kind);
    // Rates left out mean the stored ones: only a change is refused.
    const resolved = resolveRates(input, await seller(trx, ownerId), row.tax_rate);
    const errors = lockedChanges(kind, row, await txRepo.lineRows(row.id), resolved);
    const statusChange = input.status !== row.status;
    if (kind === INVOICE_KIND && statusChange) errors.status = [DERIVED_STATUS];
    if (kind === QUOTE_KIND && statusChange && input.status === 'draft') {
      errors.status = ['Un devis envoyé ne peut pas revenir à l’état de brouillon.'];
    }
    if (Object.keys(errors).length) throw badRequest(errors);
    await trx
      .updateTable(kind.table as 'invoices')
      .set({
        priority: input.priority,
        ...(kind === INVOICE_KIND ? { internal_notes: input.internal_notes } : { status: input.status }),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', row.id)
      .execute();
  }

  const isFrozen = async (trx: Kysely<Database>, row: { id: number; number: string | null; status: string }) =>
    kind === INVOICE_KIND
      ? row.number !== null
      : !!(await trx.selectFrom('issued_documents').select('document_id').where('kind', '=', kind.kind).where('document_id', '=', row.id).executeTakeFirst());

  /** Whether saving `input` over a draft issues it (invoice → sent, quote → sent). */
  const issuing = (input: DocumentInput) => input.status === 'sent';

  /**
   * Runs `write` (a transaction that may issue). When it may, the account's render place is taken
   * first — a full queue answers 429 before anything is numbered, as issuing counts against the
   * render limits like downloads — and the PDF is rendered and archived after the commit; the
   * document is returned as it is then. Inside a caller's transaction, the caller archives after its commit.
   */
  async function withArchiving(ownerId: number, mayIssue: boolean, write: (guard: IssueGuard) => Promise<DocumentView>): Promise<DocumentView> {
    if (!mayIssue || db.isTransaction) return write(UNGUARDED);
    const written = await issueThenArchive(db, ownerId, write, { checkXml: kind.ledger });
    return (await repo.find(ownerId, written.id)) ?? written;
  }

  return {
    get,
    issue,
    list: (ownerId: number, params: Unchecked<DocumentListQuery>) => repo.list(ownerId, params, parisToday()),
    forClient: repo.forClient,

    /** `activityChanges`: what the history entry says of the creation (a recurring invoice names its series). */
    create: (
      ownerId: number,
      input: DocumentInput,
      extra: InvoiceLinks = {},
      options: { enforceVat?: boolean; activityChanges?: string } = {},
    ) =>
      withArchiving(ownerId, issuing(input), (guard) => inTransaction(db, async (trx) => {
        checkWritableStatus(input.status);
        const clientType = await checkRefs(trx, ownerId, input);
        const doc = await prepareDraft(trx, ownerId, input, options.enforceVat ?? true);
        const today = parisToday();
        const txRepo = documentsRepository(trx, kind);
        const number = kind.numberedAtCreation ? await nextDocumentNumber(trx, kind, ownerId, Number(today.slice(0, 4))) : null;
        const draft = kind === INVOICE_KIND ? { ...doc, status: 'draft' } : { ...doc, status: issuing(input) ? 'draft' : input.status };
        const id = await txRepo.save(ownerId, null, { ...withDates(draft, today, clientType), number, ...extra });
        if (kind === INVOICE_KIND) await refuseTasksBilledElsewhere(trx, ownerId, id, input.line_items);
        if (issuing(input)) await issue(trx, ownerId, id, input.issue_date ?? undefined, guard);
        const created = (await txRepo.find(ownerId, id))!;
        await record(trx, ownerId, created, 'créé', options.activityChanges);
        return created;
      })),

    update: (ownerId: number, id: number, input: DocumentInput) =>
      withArchiving(ownerId, issuing(input), (guard) => db.transaction().execute(async (trx) => {
        const txRepo = documentsRepository(trx, kind);
        const row = await txRepo.findRow(ownerId, id, dialect === 'postgres');
        if (!row) throw notFound();
        const clientType = await checkRefs(trx, ownerId, input);
        const before = (await txRepo.find(ownerId, id))!;
        if (await isFrozen(trx, row)) {
          await updateFrozen(trx, ownerId, row, input);
        } else {
          checkWritableStatus(input.status);
          const doc = await prepareDraft(trx, ownerId, input);
          // A deposit or final invoice keeps its quote's rules on every save, not only at creation (issue 23).
          if (kind === INVOICE_KIND) await checkQuoteInvoiceDraft(trx, dialect, ownerId, row, doc);
          const willIssue = issuing(input) && row.status === 'draft';
          const status = willIssue ? 'draft' : input.status;
          await txRepo.save(ownerId, id, { ...withDates({ ...doc, status }, parisToday(), clientType), number: row.number });
          if (kind === INVOICE_KIND) await refuseTasksBilledElsewhere(trx, ownerId, id, input.line_items);
          if (willIssue) {
            // The date typed in this request, if changed; otherwise the invoice is dated today.
            const explicit = input.issue_date !== null && input.issue_date !== row.issue_date ? input.issue_date : undefined;
            await issue(trx, ownerId, id, explicit, guard);
          }
        }
        const after = (await txRepo.find(ownerId, id))!;
        await record(trx, ownerId, after, 'mis à jour', describeChanges(labels, historyView(before), historyView(after)));
        return after;
      })),

    remove: (ownerId: number, id: number) =>
      db.transaction().execute(async (trx) => {
        const txRepo = documentsRepository(trx, kind);
        const document = await txRepo.find(ownerId, id);
        if (!document) throw notFound();
        if (kind === INVOICE_KIND && document.invoice_number) {
          throw badRequest({ detail: 'Une facture émise ne peut pas être supprimée : émettez un avoir pour l’annuler (art. 242 nonies A du CGI).' });
        }
        if (kind === QUOTE_KIND && (document.deposit_invoices as unknown[]).length) {
          throw badRequest({ detail: 'Ce devis a des factures d’acompte : il ne peut pas être supprimé.' });
        }
        await trx.deleteFrom('issued_documents').where('kind', '=', kind.kind).where('document_id', '=', id).execute();
        await txRepo.delete(ownerId, id);
        await record(trx, ownerId, document, 'supprimé');
      }),

    /** Dashboard aggregates (amounts TTC). */
    aggregates: {
      pendingQuotes: async (ownerId: number): Promise<PendingQuotesJson> => {
        const { sum, count } = await sentTotals(ownerId);
        return { pending_quotes_sum: sum, pending_quotes_count: count };
      },
      /** What issued invoices still owe (payments and credit notes deducted). */
      outstanding: async (ownerId: number): Promise<OutstandingInvoicesJson> => {
        const { balance, count } = await outstandingTotals(ownerId);
        return { outstanding_invoices_sum: balance, outstanding_invoices_count: count };
      },
      overdue: async (ownerId: number): Promise<OverdueInvoicesJson> => {
        const today = parisToday();
        // The version is read first: a figure stored under it is at least as fresh as it.
        const key = `${today}:${await invoicesVersion(ownerId)}`;
        let cached = overdueCache.get(ownerId);
        if (cached?.key !== key) {
          cached = { key, value: await overdueTotals(ownerId, today) };
          overdueCache.delete(ownerId);
          overdueCache.set(ownerId, cached);
          if (overdueCache.size > OVERDUE_CACHE_OWNERS) overdueCache.delete(overdueCache.keys().next().value!);
        }
        return { overdue_invoices_sum: cached.value.sum, overdue_invoices_count: cached.value.count };
      },
      /** Cash received this month, refunds deducted (cash_totals). */
      currentMonthRevenue: async (ownerId: number): Promise<CurrentMonthRevenueJson> => {
        const { sum, count } = await cashSince(ownerId, parisToday().slice(0, 7));
        return { current_month_revenue: sum, current_month_revenue_count: count };
      },
      /**
       * Cash received per calendar month (payments on their dates, less refunds), the current one
       * and the `months - 1` before it (12 by default), oldest first, a zero entry for a month
       * without payment. Dates are Paris calendar days, so a month is the Paris month.
       */
      monthlyRevenue: async (ownerId: number, params: Unchecked<MonthlyRevenueQuery>): Promise<{ monthly_revenue: MonthRevenue[] }> => {
        const months = monthsEndingWith(parisToday(), queryInteger(params, 'months', 1, MAX_REVENUE_MONTHS) ?? REVENUE_MONTHS);
        const paid = await repo.cashByMonth(ownerId, months[0]);
        const byMonth = new Map(paid.map((m) => [m.month, m]));
        // A payment dated in a later month (typed ahead) is outside the window and left out.
        return { monthly_revenue: months.map((month) => byMonth.get(month) ?? { month, subtotal: 0, total_amount: 0, count: 0 }) };
      },
      nextExpectedPayment: async (ownerId: number): Promise<NextExpectedPayment> => {
        const row = await nextOutstanding(ownerId, parisToday());
        return {
          id: row?.id ?? null,
          title: row?.title ?? null,
          due_date: row?.end_date ?? null,
          amount: row ? balanceDueCents(settlementAmounts(row)) / 100 : null,
          client_id: row?.client_id ?? null,
          client_name: row?.client_name ?? null,
        };
      },
    },
  };
}

/**
 * Quote → draft invoice with the same client, lines, VAT and notices; the quote becomes accepted.
 * At most once per quote: the check runs in the transaction, and the unique index on
 * invoices.quote_id (migration 0009) stops a concurrent twin. The quote's issued deposit invoices
 * are deducted (`prepaid_cents`): this is its final invoice; a deposit still in draft must be
 * issued or deleted first.
 */
export async function convertQuoteToInvoice(db: Kysely<Database>, dialect: Dialect, ownerId: number, quoteId: number) {
  const alreadyConverted = (invoiceId: number | undefined) =>
    new ApiError(400, { detail: 'Ce devis a déjà été converti en facture.', invoice_id: invoiceId ?? null });
  const existingInvoice = (trx: Kysely<Database>) =>
    trx.selectFrom('invoices').select('id').where('owner_id', '=', ownerId).where('quote_id', '=', quoteId).executeTakeFirst();
  try {
    return await inTransaction(db, async (trx) => {
      // The quote's row lock (PostgreSQL) keeps a deposit invoice from being made meanwhile.
      if (!(await documentsRepository(trx, QUOTE_KIND).findRow(ownerId, quoteId, dialect === 'postgres'))) throw notFound();
      const quotes = documentsService(trx, dialect, QUOTE_KIND);
      const quote = await quotes.get(ownerId, quoteId);
      if (!['sent', 'accepted'].includes(quote.status)) {
        throw badRequest({ detail: 'Seul un devis envoyé ou accepté peut être converti en facture.' });
      }
      const existing = await existingInvoice(trx);
      if (existing) throw alreadyConverted(existing.id);
      const draftDeposit = (quote.deposit_invoices as { id: number; invoice_number: string | null }[]).find((d) => d.invoice_number === null);
      if (draftDeposit) {
        throw new ApiError(400, {
          detail: 'Une facture d’acompte de ce devis est encore en brouillon : émettez-la ou supprimez-la avant de créer la facture finale.',
          invoice_id: draftDeposit.id,
        });
      }
      // A line's task already billed by an invoice (its time invoiced meanwhile): converting would bill it twice.
      const billed = await tasksBilledElsewhere(trx, ownerId, null, quote.line_items!);
      if (billed.size) {
        throw badRequest({ detail: `Ce devis ne peut pas être converti en facture : ${[...billed.values()].join(' ; ')}.` });
      }
      const prepaid = (await quoteDeposits(trx, ownerId, quoteId)).reduce((sum, d) => sum + d.amountCents, 0);
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
          operation_category: quote.operation_category as DocumentInput['operation_category'],
          service_date: (quote.service_date as string | null) ?? null,
          service_end_date: (quote.service_end_date as string | null) ?? null,
          vat_exemption: quote.vat_exemption as DocumentInput['vat_exemption'],
          legal_notice: String(quote.legal_notice ?? ''),
          signature_notice: String(quote.signature_notice ?? ''),
          internal_notes: '',
          line_items: quote.line_items!.map((l) => ({
            id: null,
            title: l.title,
            description: l.description,
            quantity: Math.round(l.quantity * 100),
            unit_price: Math.round(l.unit_price * 100),
            tax_rate: Math.round(l.tax_rate * 100),
            task_id: l.task_id,
          })),
        },
        { quote_id: quoteId, prepaid_cents: prepaid },
        // What the client accepted is converted as it is: a rule the seller's profile breaks since
        // (a new regime, a removed VAT number) is refused when the draft invoice is saved or issued.
        { enforceVat: false },
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
  } catch (err) {
    // A concurrent conversion committed first: the unique index refused this one.
    if (isUniqueViolation(err)) throw alreadyConverted((await existingInvoice(db))?.id);
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed: invoices\.quote_id/.test(e?.message ?? '');
}
