import type { Kysely, Selectable } from 'kysely';
import type { Database, DocumentsTable } from '@/server/db/schema';
import { inTransaction, type Dialect } from '@/server/db/database';
import { addDays, monthsEndingWith, parisToday } from '@/shared/dates';
import {
  MAX_REVENUE_MONTHS, REVENUE_MONTHS, type CurrentMonthRevenueJson, type MonthRevenue,
  type NextExpectedPayment, type OutstandingInvoicesJson, type OverdueInvoicesJson, type PendingQuotesJson,
} from '@/shared/dashboard';
import type { ClientType } from '@/shared/contacts';
import { DEFAULT_VALIDITY_DAYS, OUTSTANDING_INVOICE_STATUSES } from '@/shared/documents';
import {
  DEFAULT_PAYMENT_TERMS, paymentDueDate, paymentTermsOf, paymentTermsProblem, paymentTermsText, type PaymentTerms,
} from '@/shared/payment-terms';
import { fromHundredths } from '@/shared/money';
import { badRequest, notFound } from '@/server/http/errors';
import { queryInteger } from '@/server/http/params';
import type { DocumentListParams } from '@/shared/contracts/documents';
import type { MonthlyRevenueParams } from '@/shared/contracts/dashboard';
import { assertOwned } from '@/server/http/owned-refs';
import { describeChanges, recordActivity } from '@/server/modules/activity';
import { INVOICE_KIND, QUOTE_KIND, type DocumentKindConfig } from './document-kinds';
import { documentSearchText, documentsRepository, type DocumentColumns } from './documents.repository';
import { documentViews, type DocumentView } from './document-views';
import { issuedDocumentsRepository } from './issued-documents.repository';
import { partiesRepository } from './parties.repository';
import { invoiceLinksRepository } from './invoices/invoice-links.repository';
import { portalLinksRepository } from './portal-links.repository';
import { QUOTE_SIGNED_ONLINE } from '@/shared/portal';
import {
  checkChronology, issueThenArchive, liveRenderable, missingForEInvoice, recordIssued, refuseIfMissing, UNGUARDED,
  type IssueGuard,
} from './issuing';
import { exemptionPlaceProblem, type VatExemptionKey, type VatRegime } from '@/shared/vat';
import { amountLabels } from '@/shared/amount-labels';
import { sellerAmountSuffix } from './seller-words';
import { applyVatRules, resolveRates, type DocumentInput, type ResolvedDocument, type Seller } from './documents.schemas';
import { DOCUMENT_TOTAL_TOO_BIG } from '@/shared/contracts/documents';
import { nextDocumentNumber } from './numbering';
import { checkQuoteInvoiceDraft } from './invoices/deposit-rules';
import {
  balanceDueCents, DERIVED_STATUS, draftTerms, frozenStatusProblem, storedTerms, isWritableInvoiceStatus, lockedChanges, exceedsMaxAmount, finalInvoiceProblem, linesTotals, settlementAmounts, seriesYear,
} from './core';

function historyLabels(kind: DocumentKindConfig, regime: VatRegime | undefined) {
  return {
    [kind.numberField]: 'Numéro',
    title: 'Titre',
    client: 'Client',
    status: 'Statut',
    issue_date: 'Date d’émission',
    [kind.endDateField]: kind.kind === 'quote' ? 'Date d’expiration' : 'Date d’échéance',
    payment_date: 'Date de paiement',
    payment_terms: 'Conditions de paiement',
    tax_rate: 'TVA (%)',
    // 'Montant TTC', or 'Montant' in the VAT franchise (art. 293 B du CGI).
    total_amount: amountLabels(regime).amount,
  };
}

const historyView = (d: DocumentView) => ({
  ...d,
  client: d.client?.name ?? null,
  status: d.status_display,
  payment_terms: d.payment_terms ? paymentTermsText(paymentTermsOf(d.payment_terms, d.payment_days)) : null,
  total_amount: (d.total_amount as number).toFixed(2),
});

type FrozenRow = Selectable<DocumentsTable>;

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

/** The tasks a document's lines name, once each. */
const taskIdsOf = (lines: { task_id: number | null }[]) => [...new Set(lines.map((l) => l.task_id).filter((id): id is number => id !== null))];

/** The tasks named by `lines` that an invoice other than `invoiceId` (null: any invoice) bills, by task id. */
export async function tasksBilledElsewhere(trx: Kysely<Database>, ownerId: number, invoiceId: number | null, lines: { task_id: number | null }[]) {
  const taskIds = taskIdsOf(lines);
  if (!taskIds.length) return new Map<number, string>();
  const rows = await invoiceLinksRepository(trx).tasksBilledElsewhere(ownerId, invoiceId, taskIds);
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

/** The shared life of quotes, invoices and credit notes: read, write, issue, delete, and their dashboard figures. */
export type DocumentsService = ReturnType<typeof documentsService>;

export function documentsService(db: Kysely<Database>, dialect: Dialect, kind: DocumentKindConfig) {
  const repo = documentsRepository(db, kind);
  const views = documentViews(db, kind);
  // The dashboard figures, prepared once (each kind's service asks only its own).
  const sentTotals = repo.totals(['sent']);
  const outstandingTotals = repo.totals(OUTSTANDING_INVOICE_STATUSES);
  const overdueTotals = repo.overdueTotals();
  const invoicesVersion = repo.invoicesVersion();
  const cashSince = repo.cashSince();
  const invoicesPaidSince = repo.invoicesPaidSince();
  const nextOutstanding = repo.nextOutstanding();
  /**
   * Overdue figures per owner, valid for one Paris day and one invoices version: they sum the
   * open invoices due before today, which no trigger can keep (the day moves), so they are computed
   * once and reused until an invoice changes or the day turns. Per app (owner ids are per database).
   */
  const overdueCache = new Map<number, { key: string; value: { balanceCents: number; count: number } }>();
  const OVERDUE_CACHE_OWNERS = 10_000;

  async function get(ownerId: number, id: number): Promise<DocumentView> {
    const document = await views.find(ownerId, id);
    if (!document) throw notFound();
    return document;
  }

  /** Checks the client and tasks are the owner's; returns the client's type (which payment rules apply). */
  async function checkRefs(trx: Kysely<Database>, ownerId: number, input: DocumentInput): Promise<ClientType> {
    await assertOwned(trx, 'contacts', ownerId, [input.client_id], 'client_id');
    await assertOwned(trx, 'tasks', ownerId, taskIdsOf(input.line_items), 'line_items');
    const client = await partiesRepository(trx).clientType(input.client_id);
    return client?.client_type === 'particulier' ? 'particulier' : 'professionnel';
  }

  /** What the VAT rules read of the seller. */
  const seller = async (trx: Kysely<Database>, ownerId: number): Promise<Seller> =>
    (await partiesRepository(trx).seller(ownerId)) ??
    { vat_regime: 'franchise', vat_number: '' };

  /**
   * A draft as it will be saved: every line's rate known, the seller's VAT rules applied (unless
   * `enforceVat` is false: a quote converted as it was accepted, corrected in its draft invoice),
   * its total TTC within the cap that keeps every amount exact.
   */
  async function prepareDraft(trx: Kysely<Database>, ownerId: number, input: DocumentInput, enforceVat = true) {
    const s = await seller(trx, ownerId);
    const doc = enforceVat ? applyVatRules(input, s) : resolveRates(input, s);
    if (enforceVat) await checkExemptionPlace(trx, ownerId, doc);
    if (exceedsMaxAmount(linesTotals(doc.line_items, doc.tax_rate, doc.discount).total)) throw badRequest({ line_items: [DOCUMENT_TOTAL_TOO_BIG] });
    return doc;
  }

  /**
   * Issue 25: an intra-community supply, an export or a reverse charge only where the client (or
   * the goods) are; refused at each save under the field that names the reason (the document's
   * `vat_exemption`, or a line's own), naming the article (issuing checks it again against the
   * client as it is then, with a link to its page).
   */
  async function checkExemptionPlace(trx: Kysely<Database>, ownerId: number, doc: ResolvedDocument) {
    const ownKeys = doc.line_items.map((line) => line.vat_exemption);
    if (!doc.vat_exemption && !ownKeys.some(Boolean)) return;
    const buyer = await partiesRepository(trx).buyer(ownerId, doc.client_id);
    if (!buyer) return;
    const delivered = Boolean(buyer.delivery_address.trim() || buyer.delivery_postal_code.trim() || buyer.delivery_city.trim());
    const place = { name: buyer.name, clientType: buyer.client_type, country: buyer.country, delivered, deliveryCountry: buyer.delivery_country, vatNumber: buyer.vat_number };
    const problemOf = (key: VatExemptionKey | '') => (key ? exemptionPlaceProblem(key, place, doc.operation_category) : null);
    // The document's reason counts only where a 0 % line follows it.
    const documentProblem = doc.line_items.some((line) => line.tax_rate === 0 && !line.vat_exemption) ? problemOf(doc.vat_exemption) : null;
    const lineProblems = ownKeys.map(problemOf);
    const problems = [...new Set([documentProblem, ...lineProblems].filter((p): p is string => p !== null))];
    if (!problems.length) return;
    throw badRequest({
      ...(documentProblem ? { vat_exemption: [documentProblem] } : {}),
      ...(lineProblems.some(Boolean) ? { line_items: lineProblems.map((p) => (p ? { vat_exemption: [p] } : {})) } : {}),
      missing: problems.map((message) => ({ message, link: `/contacts/${doc.client_id}` })),
    });
  }

  /**
   * A draft's dates and payment terms (draftTerms): issued today by default (SPEC section 9); a
   * quote valid 30 days unless told; an invoice due when its terms say, whatever due date was sent
   * with them (issue 25). Payment dates follow payments.
   */
  function withDates<T extends { issue_date: string | null; end_date: string | null; terms: PaymentTerms | null }>(
    input: T,
    today: string,
    clientType: ClientType,
    stored: PaymentTerms | null,
  ) {
    const issue_date = input.issue_date ?? today;
    const { terms, errors } = draftTerms(kind.kind, { terms: input.terms, issue_date, end_date: input.end_date }, stored, clientType);
    if (Object.keys(errors).length) throw badRequest(errors);
    const end_date = kind === INVOICE_KIND ? paymentDueDate(issue_date, terms) : (input.end_date ?? addDays(issue_date, DEFAULT_VALIDITY_DAYS));
    return { ...input, issue_date, end_date, terms, payment_date: null };
  }

  /** Invoices: only draft and sent (issuing) are written by hand. */
  function checkWritableStatus(status: string) {
    if (kind === INVOICE_KIND && !isWritableInvoiceStatus(status)) throw badRequest({ status: [DERIVED_STATUS] });
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
   * Writes a draft's columns and lines, its totals computed by the core (never taken from the
   * client); an invoice's lines then claim their tasks. Returns its id.
   */
  async function save(
    trx: Kysely<Database>,
    ownerId: number,
    id: number | null,
    input: ResolvedDocument & { issue_date: string; terms: PaymentTerms; number?: string | null } & InvoiceLinks,
  ): Promise<number> {
    const totals = linesTotals(input.line_items, input.tax_rate, input.discount);
    const columns: DocumentColumns = {
      title: input.title,
      description: input.description,
      client_id: input.client_id,
      status: input.status,
      priority: input.priority,
      issue_date: input.issue_date,
      end_date: input.end_date,
      payment_date: input.payment_date,
      tax_rate: input.tax_rate,
      operation_category: input.operation_category,
      service_date: input.service_date,
      service_end_date: input.service_end_date,
      vat_exemption: input.vat_exemption,
      payment_terms: input.terms.kind,
      payment_days: input.terms.days,
      legal_notice: input.legal_notice,
      signature_notice: input.signature_notice,
      discount_percent: input.discount.percent,
      discount_cents: input.discount.cents,
      discount_reason: input.discount_reason,
      subtotal_cents: totals.subtotal,
      tax_cents: totals.tax,
      total_cents: totals.total,
      updated_at: new Date().toISOString(),
      ...(input.number !== undefined ? { number: input.number } : {}),
      search_text: documentSearchText(input),
      ...(input.quote_id !== undefined ? { quote_id: input.quote_id } : {}),
      ...(input.is_deposit !== undefined ? { is_deposit: input.is_deposit } : {}),
      ...(input.deposit_of_quote_id !== undefined ? { deposit_of_quote_id: input.deposit_of_quote_id } : {}),
      ...(input.prepaid_cents !== undefined ? { prepaid_cents: input.prepaid_cents } : {}),
      ...(kind === INVOICE_KIND ? { internal_notes: input.internal_notes } : {}),
    };
    const lines = input.line_items.map((line, position) => ({ ...line, total_cents: totals.lines[position] }));
    const documents = documentsRepository(trx, kind);
    let documentId = id;
    if (documentId === null) documentId = await documents.insert(ownerId, columns, lines);
    else await documents.update(ownerId, documentId, columns, lines);
    if (kind === INVOICE_KIND) {
      const links = invoiceLinksRepository(trx);
      // A new invoice bills no task and no time entry yet: nothing to free.
      await links.syncBilledTasks(ownerId, documentId, taskIdsOf(input.line_items), { fresh: id === null });
      if (id !== null) await links.freeEntriesOfRemovedLines(documentId);
    }
    return documentId;
  }

  /**
   * Makes a draft invoice a legal invoice, or archives a quote as sent, in `trx`: EN 16931 checks,
   * chronology, number, status, the snapshot and the journal entry (recordIssued). An invoice is
   * dated `issueDate` (today by default) and due when its payment terms say from that date (issue
   * 25), terms checked against the client as it is now. Returns what it shows. The PDF is
   * rendered after the commit (`afterIssue`): never while the transaction holds the database.
   */
  async function issue(trx: Kysely<Database>, ownerId: number, id: number, issueDate?: string, guard: IssueGuard = UNGUARDED) {
    const txRepo = documentsRepository(trx, kind);
    const txViews = documentViews(trx, kind);
    // On PostgreSQL the row lock makes concurrent issues of one document take one number.
    const row = await txRepo.findRow(ownerId, id, dialect === 'postgres');
    if (!row) throw notFound();
    const today = parisToday();
    if (kind === QUOTE_KIND) {
      if (row.status === 'draft') {
        await txRepo.update(ownerId, id, { status: 'sent', updated_at: new Date().toISOString() });
      }
      const { document, contactId } = await liveRenderable(trx, kind, ownerId, (await txViews.find(ownerId, id))!);
      guard.issued(document);
      await recordIssued(trx, dialect, kind, ownerId, document, contactId);
      return { document };
    }
    if (row.number !== null) throw badRequest({ detail: 'Cette facture est déjà émise.' });
    const date = issueDate ?? today;
    const terms = storedTerms(row) ?? DEFAULT_PAYMENT_TERMS;
    const dueDate = paymentDueDate(date, terms);
    const { document, user, contactId } = await liveRenderable(trx, kind, ownerId, (await txViews.find(ownerId, id))!);
    refuseIfMissing(kind, missingForEInvoice(document, user, contactId));
    const termsProblem = paymentTermsProblem(terms, document.clientType);
    if (termsProblem) throw badRequest({ payment_days: [termsProblem] });
    const { prepaid_cents: prepaid, total_cents: total } = settlementAmounts(row);
    const finalProblem = finalInvoiceProblem(total, prepaid, await sellerAmountSuffix(trx, ownerId));
    if (finalProblem) throw badRequest({ line_items: [finalProblem] });
    await checkChronology(trx, kind, ownerId, { issueDate: date, today, excludeId: id });
    const number = await nextDocumentNumber(trx, kind, ownerId, seriesYear(date));
    await txRepo.update(ownerId, id, {
      number, status: 'sent', issue_date: date, end_date: dueDate, search_text: documentSearchText({ title: row.title, number }),
      updated_at: new Date().toISOString(),
    });
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
    const errors: Record<string, string[]> = lockedChanges(kind, row, await txRepo.lineRows(row.id), resolved);
    const statusProblem = frozenStatusProblem(kind.kind, row.status, input.status);
    if (statusProblem) errors.status = [statusProblem];
    if (Object.keys(errors).length) throw badRequest(errors);
    await txRepo.update(ownerId, row.id, {
      priority: input.priority,
      ...(kind === INVOICE_KIND ? { internal_notes: input.internal_notes } : { status: input.status }),
      updated_at: new Date().toISOString(),
    });
  }

  const isFrozen = async (trx: Kysely<Database>, row: { id: number; number: string | null; status: string }) =>
    kind === INVOICE_KIND ? row.number !== null : issuedDocumentsRepository(trx).exists(kind.kind, row.id);

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
    return (await views.find(ownerId, written.id)) ?? written;
  }

  return {
    get,
    issue,
    /**
     * A draft invoice's content as saving it would check it — the client's and tasks' owner, every
     * line's rate, the seller's VAT rules, the total's cap — without saving anything: a recurring
     * series checks what its next occurrences will bill with the invoices' own rules (issue 28).
     * Returns the lines with their rates resolved.
     */
    checkDraft: (ownerId: number, input: DocumentInput) =>
      inTransaction(db, async (trx) => {
        await checkRefs(trx, ownerId, input);
        return prepareDraft(trx, ownerId, input);
      }),
    list: (ownerId: number, params: DocumentListParams) => views.list(ownerId, params, parisToday()),
    forClient: views.forClient,

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
        const number = kind.numberedAtCreation ? await nextDocumentNumber(trx, kind, ownerId, seriesYear(today)) : null;
        const draft = kind === INVOICE_KIND ? { ...doc, status: 'draft' } : { ...doc, status: issuing(input) ? 'draft' : input.status };
        const id = await save(trx, ownerId, null, { ...withDates(draft, today, clientType, null), number, ...extra });
        if (kind === INVOICE_KIND) await refuseTasksBilledElsewhere(trx, ownerId, id, input.line_items);
        if (issuing(input)) await issue(trx, ownerId, id, input.issue_date ?? undefined, guard);
        const created = (await documentViews(trx, kind).find(ownerId, id))!;
        await record(trx, ownerId, created, 'créé', options.activityChanges);
        return created;
      })),

    update: (ownerId: number, id: number, input: DocumentInput) =>
      withArchiving(ownerId, issuing(input), (guard) => inTransaction(db, async (trx) => {
        const txRepo = documentsRepository(trx, kind);
        const txViews = documentViews(trx, kind);
        const row = await txRepo.findRow(ownerId, id, dialect === 'postgres');
        if (!row) throw notFound();
        const clientType = await checkRefs(trx, ownerId, input);
        const before = (await txViews.find(ownerId, id))!;
        if (await isFrozen(trx, row)) {
          await updateFrozen(trx, ownerId, row, input);
        } else {
          checkWritableStatus(input.status);
          const doc = await prepareDraft(trx, ownerId, input);
          // A deposit or final invoice keeps its quote's rules on every save, not only at creation (issue 23).
          if (kind === INVOICE_KIND) await checkQuoteInvoiceDraft(trx, dialect, ownerId, row, doc);
          const willIssue = issuing(input) && row.status === 'draft';
          const status = willIssue ? 'draft' : input.status;
          await save(trx, ownerId, id, { ...withDates({ ...doc, status }, parisToday(), clientType, storedTerms(row)), number: row.number });
          if (kind === INVOICE_KIND) await refuseTasksBilledElsewhere(trx, ownerId, id, input.line_items);
          if (willIssue) {
            // The date typed in this request, if changed; otherwise the invoice is dated today.
            const explicit = input.issue_date !== null && input.issue_date !== row.issue_date ? input.issue_date : undefined;
            await issue(trx, ownerId, id, explicit, guard);
          }
        }
        const after = (await txViews.find(ownerId, id))!;
        const labels = historyLabels(kind, (await seller(trx, ownerId)).vat_regime as VatRegime);
        await record(trx, ownerId, after, 'mis à jour', describeChanges(labels, historyView(before), historyView(after)));
        return after;
      })),

    remove: (ownerId: number, id: number) =>
      inTransaction(db, async (trx) => {
        const document = await documentViews(trx, kind).find(ownerId, id);
        if (!document) throw notFound();
        if (kind === INVOICE_KIND && document.invoice_number) {
          throw badRequest({ detail: 'Une facture émise ne peut pas être supprimée : émettez un avoir pour l’annuler (art. 242 nonies A du CGI).' });
        }
        if (kind === QUOTE_KIND && (document.deposit_invoices as unknown[]).length) {
          throw badRequest({ detail: 'Ce devis a des factures d’acompte : il ne peut pas être supprimé.' });
        }
        // Its certificate is the client's signature (eIDAS simple electronic signature; Code civil art. 1366-1367).
        if (kind === QUOTE_KIND && (await portalLinksRepository(trx).acceptedOnline(id))) {
          throw badRequest({ detail: QUOTE_SIGNED_ONLINE });
        }
        await issuedDocumentsRepository(trx).delete(kind.kind, id);
        await documentsRepository(trx, kind).delete(ownerId, id);
        await record(trx, ownerId, document, 'supprimé');
      }),

    /** Dashboard aggregates (amounts TTC). */
    aggregates: {
      pendingQuotes: async (ownerId: number): Promise<PendingQuotesJson> => {
        const { totalCents, count } = await sentTotals(ownerId);
        return { pending_quotes_sum: fromHundredths(totalCents), pending_quotes_count: count };
      },
      /** What issued invoices still owe (payments and credit notes deducted). */
      outstanding: async (ownerId: number): Promise<OutstandingInvoicesJson> => {
        const { balanceCents, count } = await outstandingTotals(ownerId);
        return { outstanding_invoices_sum: fromHundredths(balanceCents), outstanding_invoices_count: count };
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
        return { overdue_invoices_sum: fromHundredths(cached.value.balanceCents), overdue_invoices_count: cached.value.count };
      },
      /**
       * Cash received this month, refunds deducted (cash_totals), and the invoices it paid: in full
       * or in part (issue 28: a partly paid invoice is not called paid).
       */
      currentMonthRevenue: async (ownerId: number): Promise<CurrentMonthRevenueJson> => {
        const month = parisToday().slice(0, 7);
        const [{ amountCents, count }, invoices] = await Promise.all([cashSince(ownerId, month), invoicesPaidSince(ownerId, `${month}-01`)]);
        return {
          current_month_revenue: fromHundredths(amountCents),
          current_month_revenue_count: count,
          current_month_paid_invoices_count: invoices.paid,
          current_month_partly_paid_invoices_count: invoices.partly,
        };
      },
      /**
       * Cash received per calendar month (payments on their dates, less refunds), the current one
       * and the `months - 1` before it (12 by default), oldest first, a zero entry for a month
       * without payment. Dates are Paris calendar days, so a month is the Paris month.
       */
      monthlyRevenue: async (ownerId: number, params: MonthlyRevenueParams): Promise<{ monthly_revenue: MonthRevenue[] }> => {
        const months = monthsEndingWith(parisToday(), queryInteger(params, 'months', 1, MAX_REVENUE_MONTHS) ?? REVENUE_MONTHS);
        const paid = await repo.cashByMonth(ownerId, months[0]);
        const byMonth = new Map(paid.map((r) => [r.month, {
          month: r.month, subtotal: fromHundredths(Number(r.amount_ht_cents)), total_amount: fromHundredths(Number(r.amount_cents)), count: Number(r.count),
        }]));
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
