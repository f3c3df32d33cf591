import { eurosText, fromHundredths, toHundredths, toTenThousandths } from '@/shared/money';
import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { parisToday } from '@/shared/dates';
import { paymentTermsOf } from '@/shared/payment-terms';
import { lineUnitOf } from '@/shared/units';
import { exemptionKeyOf } from '@/shared/vat';
import {
  dayBefore, occurrenceDate, RECURRENCE_FREQUENCY_LABELS, RECURRENCE_MODE_LABELS, RECURRENCE_STATUS_LABELS, RECURRING_MESSAGES,
  type RecurrenceFrequency, type RecurrenceMode, type RecurrenceStatus, type RecurringAction,
} from '@/shared/recurring';
import {
  makeRecurringSchema, patchRecurringSchema, updateRecurringSchema, type RecurringInvoice, type RecurringListParams,
} from '@/shared/contracts/recurring';
import { inTransaction, type Dialect } from '@/server/db/database';
import { describeChanges, recordActivity } from '@/server/modules/activity';
import { REQUIRED } from '@/shared/contracts/fields';
import { EMAILS_PER_USER_LIMIT } from '@/server/plugins/rate-limit';
import { ApiError, badRequest, notFound, parseBody } from '@/server/http/errors';
import {
  documentsService,
  INVOICE_KIND,
  issueThenArchive,
  linesTotals,
  storedDiscount,
  liveRenderable,
  parseDocument,
  requireClientEmail,
  sendInTransaction,
  UNGUARDED,
  type DocumentInput,
  type IssueGuard,
} from '@/server/modules/documents';
import { recurringRepository, type RecurrenceRow, type TemplateLine } from './recurring.repository';

/**
 * Recurring invoices (issue 15). A recurrence holds a copy of its source invoice (client, lines
 * with their VAT rates, notes, payment term — a template, not a link: editing the source later
 * changes nothing) and a schedule. Each due occurrence becomes an invoice dated on it, created as
 * a draft or issued and e-mailed through the one send path (documents/document-sending.ts), in
 * one transaction that also moves the series on. That transaction starts by a conditional update
 * of the recurrence (it must still be as read), and the invoice carries (recurrence_id,
 * occurrence_date) under a unique index: two processes never generate one occurrence twice.
 */

export interface RecurringServiceOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The app's name as e-mail sender ('Studio Dupont via Carnet'). */
  appName: string;
  /** The app's address: invoices sent carry the client's link (issue 27). */
  appUrl?: string;
  /** Wakes the outbox after a commit that stored e-mails. */
  kickOutbox?: () => void;
  /** Counts an e-mail against the owner's budget, or throws its 429 (plugins/rate-limit.ts EMAILS_PER_USER_LIMIT). */
  chargeEmail?: (ownerId: number) => Promise<void>;
  /** The clock (tests give a fake one). */
  now?: () => Date;
}

const FRENCH_DATE = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const frenchDate = (iso: string) => FRENCH_DATE.format(new Date(`${iso}T00:00:00Z`));
const DUE_BATCH = 100;

/** The invoice made recurring changed between its reading and its link (another request won): read again. */
class SourceChanged extends Error {
  constructor() {
    super('The invoice changed before it could be linked to its series');
  }
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/** The first occurrence of the series on or after `today` (the periods of a pause are skipped). */
function firstOccurrenceFrom(row: Pick<RecurrenceRow, 'start_date' | 'frequency' | 'next_index'>, today: string) {
  let index = row.next_index;
  let date = occurrenceDate(row.start_date, row.frequency as RecurrenceFrequency, index);
  while (date < today) date = occurrenceDate(row.start_date, row.frequency as RecurrenceFrequency, ++index);
  return { index, date };
}

/** The schedule after `index`'s date: over (stopped, no next date) once past the end date. */
function schedule(row: Pick<RecurrenceRow, 'end_date'>, index: number, date: string) {
  const over = row.end_date !== null && date > row.end_date;
  return { next_index: index, next_occurrence_date: over ? null : date, ...(over ? { status: 'stopped' } : {}) };
}

export function recurringService(options: RecurringServiceOptions) {
  const { db, dialect } = options;
  const now = options.now ?? (() => new Date());
  const repo = recurringRepository(db);
  const invoices = documentsService(db, dialect, INVOICE_KIND);
  const stamp = () => now().toISOString();

  async function get(ownerId: number, id: number): Promise<RecurringInvoice> {
    const found = await repo.find(ownerId, id);
    if (!found) throw notFound();
    return found;
  }

  /**
   * The history entry of a change to a series (issue 15), in the change's transaction: 'Facturation
   * récurrente … créée / mise à jour' with what changed ('Statut: Active → En pause').
   */
  async function recordChange(trx: Kysely<Database>, ownerId: number, id: number, action: 'créé' | 'mis à jour', changes: string) {
    const series = (await recurringRepository(trx).find(ownerId, id))!;
    await recordActivity(trx, {
      ownerId, objectType: 'recurring_invoice', objectId: id, label: series.title, action, changes, clientName: series.client.name,
    });
  }

  /** The owner's row, or 404. */
  async function ownRow(ownerId: number, id: number) {
    const row = await repo.findRow(ownerId, id);
    if (!row) throw notFound();
    return row;
  }

  /** A template line in stored units, from a parsed or resolved document line. */
  const templateLine = (l: TemplateLine): TemplateLine => ({
    title: l.title, description: l.description, quantity: l.quantity, unit_price: l.unit_price, tax_rate: l.tax_rate, unit: l.unit,
    discount_percent: l.discount_percent ?? 0, discount_cents: l.discount_cents ?? 0, vat_exemption: l.vat_exemption ?? '',
  });

  /**
   * Makes invoice `invoiceId` recurring (issue 28): the invoice is the series' first occurrence,
   * never copied beside it, and the series holds a copy of it as the template of the next ones.
   * - A draft starting today is issued now, through the one issue path (with its e-mail in
   *   'issue_and_send' mode), dated today; the next occurrence comes from the schedule.
   * - A draft starting later stays a draft, linked to the series: the generator issues it (or, in
   *   'draft' mode, leaves it) on its date, instead of creating one.
   * - An issued invoice is the occurrence of its own date; the next is the first from the schedule
   *   on or after today.
   * The link is a conditional update (the invoice in no series yet, still a draft or still issued):
   * of two requests making one invoice recurring, or one making it recurring while another issues
   * it, one wins and the other is refused or sees it issued — one period is never billed twice.
   */
  async function makeRecurring(ownerId: number, invoiceId: number, body: unknown): Promise<RecurringInvoice> {
    const invoice = await invoices.get(ownerId, invoiceId);
    const input = parseBody(makeRecurringSchema, body ?? {});
    if (invoice.is_deposit) throw badRequest({ detail: RECURRING_MESSAGES.deposit });
    if (Number(invoice.prepaid_amount ?? 0) > 0) throw badRequest({ detail: RECURRING_MESSAGES.finalInvoice });
    if (invoice.recurrence_id) throw badRequest({ detail: RECURRING_MESSAGES.alreadyRecurring });
    const issued = invoice.invoice_number !== null;
    const today = parisToday(now());
    let start: string;
    if (issued) {
      start = String(invoice.issue_date);
      // Its own date, or none: a request that saw the draft before it was issued today still holds.
      if (input.start_date !== undefined && input.start_date !== start) throw badRequest({ start_date: [RECURRING_MESSAGES.issuedStart] });
      if (input.end_date && input.end_date < start) throw badRequest({ end_date: [RECURRING_MESSAGES.endBeforeStart] });
    } else {
      if (input.start_date === undefined) throw badRequest({ start_date: [REQUIRED] });
      if (input.start_date < today) throw badRequest({ start_date: [RECURRING_MESSAGES.startInPast] });
      start = input.start_date;
    }
    const issueNow = !issued && start <= today;
    const sendNow = issueNow && input.mode === 'issue_and_send';
    // The invoice's payment terms (issue 25): each occurrence is due as they say from its own date.
    const terms = paymentTermsOf(invoice.payment_terms, invoice.payment_days);
    const lines: TemplateLine[] = (invoice.line_items ?? []).map((l) => templateLine({
      title: l.title,
      description: l.description,
      quantity: toTenThousandths(l.quantity) ?? 0,
      unit_price: toTenThousandths(l.unit_price) ?? 0,
      tax_rate: Math.round(l.tax_rate * 100),
      unit: l.unit,
      discount_percent: toHundredths(l.discount_percent) ?? 0,
      discount_cents: toHundredths(l.discount_amount) ?? 0,
      vat_exemption: l.vat_exemption,
    }));
    const taxRate = Math.round(Number(invoice.tax_rate) * 100);
    const discount = { percent: toHundredths(invoice.discount_percent) ?? 0, cents: toHundredths(invoice.discount_amount) ?? 0 };
    const totals = linesTotals(lines, taxRate, discount);
    const frequency = input.frequency;
    // What comes after the invoice: the occurrence after it, or (issued earlier) the first still to come.
    const next = issued
      ? firstOccurrenceFrom({ start_date: start, frequency, next_index: 1 }, today)
      : issueNow ? { index: 1, date: occurrenceDate(start, frequency, 1) } : { index: 0, date: start };
    const at = stamp();
    // Charged before anything is written: the draft issued and sent now is an e-mail of the budget.
    if (sendNow) await options.chargeEmail?.(ownerId);
    const write = (guard: IssueGuard) => inTransaction(db, async (trx) => {
      const txRepo = recurringRepository(trx);
      // The invoice first, then the series that names it (see lockInvoice).
      if (!(await txRepo.lockInvoice(ownerId, invoice.id, dialect === 'postgres'))) throw new SourceChanged();
      const id = await txRepo.insert({
        owner_id: ownerId,
        source_invoice_id: invoice.id,
        client_id: invoice.client!.id,
        title: invoice.title,
        description: String(invoice.description ?? ''),
        priority: String(invoice.priority ?? 'normale'),
        tax_rate: taxRate,
        operation_category: String(invoice.operation_category ?? 'services'),
        vat_exemption: String(invoice.vat_exemption ?? ''),
        legal_notice: String(invoice.legal_notice ?? ''),
        signature_notice: String(invoice.signature_notice ?? ''),
        internal_notes: String(invoice.internal_notes ?? ''),
        discount_percent: discount.percent,
        discount_cents: discount.cents,
        discount_reason: invoice.discount_reason,
        payment_terms: terms.kind,
        payment_term_days: terms.days,
        service_period: invoice.service_date ? 1 : 0,
        lines: JSON.stringify(lines),
        subtotal_cents: totals.subtotal,
        total_cents: totals.total,
        frequency,
        start_date: start,
        end_date: input.end_date,
        mode: input.mode,
        ...schedule({ end_date: input.end_date }, next.index, next.date),
        status: input.end_date !== null && next.date > input.end_date ? 'stopped' : 'active',
        created_at: at,
        updated_at: at,
      });
      if (!(await txRepo.linkSource(ownerId, invoice.id, id, start, issued))) throw new SourceChanged();
      if (issueNow) {
        const documents = documentsService(trx, dialect, INVOICE_KIND);
        const view = await documents.get(ownerId, invoice.id);
        const { document: live, user } = await liveRenderable(trx, INVOICE_KIND, ownerId, view);
        if (sendNow) {
          requireClientEmail(INVOICE_KIND, live);
          await sendInTransaction(trx, {
            dialect, kind: INVOICE_KIND, ownerId, view, live, replyTo: user.email, appName: options.appName, appUrl: options.appUrl, issueDate: today, guard,
          });
        } else {
          const { document } = await documents.issue(trx, ownerId, invoice.id, today, guard);
          const label = (status: string) => INVOICE_KIND.statusLabels[status] ?? status;
          await recordActivity(trx, {
            ownerId, objectType: 'invoice', objectId: invoice.id, label: view.title, action: 'mis à jour',
            changes: describeChanges(
              { number: 'Numéro', status: 'Statut' },
              { number: live.number, status: label(view.status) },
              { number: document.number, status: label('sent') },
            ),
            clientName: live.client.name,
          });
        }
      }
      if (issued || issueNow) await txRepo.update(id, { last_invoice_id: invoice.id, last_occurrence_date: start });
      await recordChange(trx, ownerId, id, 'créé', [
        `(Fréquence: ${RECURRENCE_FREQUENCY_LABELS[frequency]}`,
        `Première facture: ${frenchDate(start)}`,
        `Fin: ${input.end_date ? frenchDate(input.end_date) : '—'}`,
        `Mode: ${RECURRENCE_MODE_LABELS[input.mode]})`,
      ].join('; '));
      return (await recurringRepository(trx).find(ownerId, id))!;
    });
    try {
      // Issued now: its XML checked outside the transaction, its PDF rendered and archived after the commit.
      const made = issueNow ? await issueThenArchive(db, ownerId, write, { checkXml: true }) : await write(UNGUARDED);
      if (sendNow) options.kickOutbox?.();
      return made;
    } catch (err) {
      if (!(err instanceof SourceChanged)) throw err;
      // Another request made it recurring first, or issued it meanwhile: read again.
      const now = await invoices.get(ownerId, invoiceId);
      if (now.recurrence_id) throw badRequest({ detail: RECURRING_MESSAGES.alreadyRecurring });
      return makeRecurring(ownerId, invoiceId, issued === (now.invoice_number !== null) ? body : { ...(body as object), start_date: undefined });
    }
  }

  async function patch(ownerId: number, id: number, body: unknown): Promise<RecurringInvoice> {
    const row = await ownRow(ownerId, id);
    const input = parseBody(patchRecurringSchema, body ?? {});
    if (row.status === 'stopped') throw badRequest({ detail: RECURRING_MESSAGES.stoppedPatch });
    const endDate = input.end_date === undefined ? row.end_date : input.end_date;
    if (endDate && endDate < row.start_date) throw badRequest({ end_date: [RECURRING_MESSAGES.endBeforeStart] });
    const changes = {
      end_date: endDate,
      mode: input.mode ?? row.mode,
      // A new end date may end the series (its next occurrence past it) or give it more occurrences.
      ...schedule({ end_date: endDate }, row.next_index, occurrenceDate(row.start_date, row.frequency as RecurrenceFrequency, row.next_index)),
      updated_at: stamp(),
    };
    const said = [
      endDate !== row.end_date ? `Fin: ${row.end_date ? frenchDate(row.end_date) : '—'} → ${endDate ? frenchDate(endDate) : '—'}` : null,
      changes.mode !== row.mode ? `Mode: ${RECURRENCE_MODE_LABELS[row.mode as RecurrenceMode]} → ${RECURRENCE_MODE_LABELS[changes.mode as RecurrenceMode]}` : null,
      changes.status === 'stopped' ? `Statut: ${RECURRENCE_STATUS_LABELS[row.status as RecurrenceStatus]} → Terminée` : null,
    ].filter(Boolean);
    const updated = await inTransaction(db, async (trx) => {
      if (!(await recurringRepository(trx).updateIfUnchanged(row, changes))) return false;
      if (said.length) await recordChange(trx, ownerId, id, 'mis à jour', `(${said.join('; ')})`);
      return true;
    });
    if (!updated) return patch(ownerId, id, body);
    return get(ownerId, id);
  }

  /**
   * PUT /api/recurring-invoices/{id}/ (issue 28): what the next occurrences bill (title, client,
   * lines checked by the invoices' own rules: documentsService.checkDraft) and when (frequency, the
   * next date, end date), and the mode — from the next occurrence on: the invoices already
   * generated, drafts or issued, are not touched. A new frequency or next date anchors the schedule
   * on that date (start_date, next_index 0), after the last occurrence and not before today.
   */
  async function update(ownerId: number, id: number, body: unknown): Promise<RecurringInvoice> {
    const row = await ownRow(ownerId, id);
    const lines = (body as { line_items?: unknown } | null)?.line_items;
    const input = parseDocument(updateRecurringSchema, body ?? {}, Array.isArray(lines) ? lines.length : 0);
    if (row.status === 'stopped') throw badRequest({ detail: RECURRING_MESSAGES.stoppedPatch });
    const today = parisToday(now());
    const frequency = row.frequency as RecurrenceFrequency;
    const currentNext = row.next_occurrence_date ?? occurrenceDate(row.start_date, frequency, row.next_index);
    const reschedule = input.frequency !== frequency || input.next_occurrence_date !== currentNext;
    if (reschedule) {
      if (input.next_occurrence_date < today) throw badRequest({ next_occurrence_date: [RECURRING_MESSAGES.nextInPast] });
      if (row.last_occurrence_date && input.next_occurrence_date <= row.last_occurrence_date) {
        throw badRequest({ next_occurrence_date: [RECURRING_MESSAGES.nextNotAfterLast(frenchDate(row.last_occurrence_date))] });
      }
    }
    // The lines as an invoice of this series would have them, checked as a draft invoice is.
    const draft = invoiceInput(row, input.next_occurrence_date);
    const resolved = await invoices.checkDraft(ownerId, {
      ...draft, title: input.title, client_id: input.client_id, line_items: input.line_items.map((l) => ({ ...l, id: null, task_id: null })),
    });
    const template = resolved.line_items.map((l) => templateLine(l));
    const totals = linesTotals(template, row.tax_rate, storedDiscount(row));
    const clientName = async (clientId: number) => (await repo.clientName(ownerId, clientId)) ?? '—';
    const changes = {
      title: input.title,
      client_id: input.client_id,
      lines: JSON.stringify(template),
      subtotal_cents: totals.subtotal,
      total_cents: totals.total,
      frequency: input.frequency,
      end_date: input.end_date,
      mode: input.mode,
      ...(reschedule ? { start_date: input.next_occurrence_date } : {}),
      ...schedule({ end_date: input.end_date }, reschedule ? 0 : row.next_index, reschedule ? input.next_occurrence_date : currentNext),
      // Paused, it stays paused (resuming finds its next date from today).
      status: row.status,
      updated_at: stamp(),
    };
    const said = [
      input.title !== row.title ? `Titre: ${row.title} → ${input.title}` : null,
      input.client_id !== row.client_id ? `Client: ${await clientName(row.client_id)} → ${await clientName(input.client_id)}` : null,
      changes.lines !== row.lines ? `Lignes: ${eurosText(fromHundredths(Number(row.total_cents)))} → ${eurosText(fromHundredths(totals.total))}` : null,
      input.frequency !== frequency ? `Fréquence: ${RECURRENCE_FREQUENCY_LABELS[frequency]} → ${RECURRENCE_FREQUENCY_LABELS[input.frequency]}` : null,
      reschedule ? `Prochaine facture: ${frenchDate(currentNext)} → ${frenchDate(input.next_occurrence_date)}` : null,
      input.end_date !== row.end_date ? `Fin: ${row.end_date ? frenchDate(row.end_date) : '—'} → ${input.end_date ? frenchDate(input.end_date) : '—'}` : null,
      input.mode !== row.mode ? `Mode: ${RECURRENCE_MODE_LABELS[row.mode as RecurrenceMode]} → ${RECURRENCE_MODE_LABELS[input.mode]}` : null,
    ].filter(Boolean);
    const updated = await inTransaction(db, async (trx) => {
      const txRepo = recurringRepository(trx);
      if (!(await txRepo.updateIfUnchanged(row, changes))) return false;
      // The draft made recurring, still waiting for its date, moves with the next occurrence: never a second invoice beside it.
      if (reschedule) await txRepo.moveDraftOccurrence(id, currentNext, input.next_occurrence_date);
      if (said.length) await recordChange(trx, ownerId, id, 'mis à jour', `(${said.join('; ')})`);
      return true;
    });
    // A generation or a pause in between: read again.
    if (!updated) return update(ownerId, id, body);
    return get(ownerId, id);
  }

  /** pause / resume / stop. Resuming skips the occurrences that fell during the pause. */
  async function act(ownerId: number, id: number, action: RecurringAction): Promise<RecurringInvoice> {
    const row = await ownRow(ownerId, id);
    const at = stamp();
    let changes;
    if (action === 'pause') {
      if (row.status !== 'active') throw badRequest({ detail: row.status === 'stopped' ? RECURRING_MESSAGES.alreadyStopped : RECURRING_MESSAGES.notActive });
      changes = { status: 'paused', updated_at: at };
    } else if (action === 'resume') {
      if (row.status !== 'paused') throw badRequest({ detail: RECURRING_MESSAGES.notPaused });
      const { index, date } = firstOccurrenceFrom(row, parisToday(now()));
      changes = { status: 'active', ...schedule(row, index, date), updated_at: at };
    } else {
      if (row.status === 'stopped') throw badRequest({ detail: RECURRING_MESSAGES.alreadyStopped });
      changes = { status: 'stopped', next_occurrence_date: null, stopped_at: at, updated_at: at };
    }
    // 'Facturation récurrente … mise à jour (Statut: Active → En pause)', with the change.
    const status = `(Statut: ${RECURRENCE_STATUS_LABELS[row.status as RecurrenceStatus]} → ${RECURRENCE_STATUS_LABELS[changes.status as RecurrenceStatus]})`;
    const updated = await inTransaction(db, async (trx) => {
      if (!(await recurringRepository(trx).updateIfUnchanged(row, changes))) return false;
      await recordChange(trx, ownerId, id, 'mis à jour', status);
      return true;
    });
    if (!updated) return act(ownerId, id, action);
    return get(ownerId, id);
  }

  /** The invoice of occurrence `row.next_index`, as documentsService.create takes it. */
  function invoiceInput(row: RecurrenceRow, occurrence: string): DocumentInput {
    const frequency = row.frequency as RecurrenceFrequency;
    const lines = JSON.parse(row.lines) as TemplateLine[];
    return {
      title: row.title,
      description: row.description,
      client_id: row.client_id,
      status: 'draft',
      priority: row.priority,
      issue_date: occurrence,
      end_date: null,
      terms: paymentTermsOf(row.payment_terms, row.payment_term_days),
      payment_date: null,
      tax_rate: row.tax_rate,
      operation_category: row.operation_category as DocumentInput['operation_category'],
      // The occurrence's period: from its date to the day before the next one.
      service_date: row.service_period ? occurrence : null,
      service_end_date: row.service_period ? dayBefore(occurrenceDate(row.start_date, frequency, row.next_index + 1)) : null,
      vat_exemption: exemptionKeyOf(row.vat_exemption),
      legal_notice: row.legal_notice,
      signature_notice: row.signature_notice,
      discount: storedDiscount(row),
      discount_reason: row.discount_reason,
      internal_notes: row.internal_notes,
      line_items: lines.map((l) => ({
        id: null, task_id: null, ...l, unit: lineUnitOf(l.unit), discount_percent: l.discount_percent ?? 0, discount_cents: l.discount_cents ?? 0,
        vat_exemption: exemptionKeyOf(l.vat_exemption),
      })),
    };
  }

  /**
   * Generates the next occurrence of recurrence `id` if it is due on `today`, in one transaction:
   * the series moves on (a conditional update, first, so that a concurrent generator waits for
   * this one and then finds nothing to do), the invoice is created, and in `issue_and_send` mode
   * issued and its e-mail put in the outbox. If it cannot be issued (a missing mention, no client
   * e-mail, a later invoice already issued…), the occurrence is created as a draft instead and
   * the reason kept in `last_error`. Returns the invoice's id, or null when nothing was due.
   */
  async function generateNext(id: number, today: string, forceDraft: string | null = null): Promise<number | null> {
    const row = await repo.rowById(id);
    if (!row || row.status !== 'active' || row.next_occurrence_date === null || row.next_occurrence_date > today) return null;
    const occurrence = row.next_occurrence_date;
    const issue = row.mode === 'issue_and_send' && forceDraft === null;
    const frequency = row.frequency as RecurrenceFrequency;
    if (issue) {
      try {
        await options.chargeEmail?.(row.owner_id);
      } catch (err) {
        // The e-mail budget is spent: a draft, the reason kept, like any occurrence that cannot leave.
        if (err instanceof ApiError && err.statusCode === 429) {
          return generateNext(id, today, `La facture n’a pas été émise ni envoyée : la limite de ${EMAILS_PER_USER_LIMIT.max} e-mails ` +
            'par heure de votre compte est atteinte. Elle a été créée en brouillon.');
        }
        throw err;
      }
    }
    try {
      const write = (guard: IssueGuard) => inTransaction(db, async (trx) => {
        const txRepo = recurringRepository(trx);
        const next = occurrenceDate(row.start_date, frequency, row.next_index + 1);
        if (!(await txRepo.updateIfUnchanged(row, { ...schedule(row, row.next_index + 1, next), updated_at: stamp() }))) return null;
        const documents = documentsService(trx, dialect, INVOICE_KIND);
        // The invoice made recurring stands for its occurrence (issue 28): issued now, or left as the draft it is.
        const existing = await txRepo.occurrenceInvoice(row.id, occurrence);
        const created = existing ?? await documents.create(row.owner_id, invoiceInput(row, occurrence), {}, {
          // Corrected in the draft, or refused when issuing, if the profile's VAT rules changed since.
          enforceVat: false,
          activityChanges: `(Facture récurrente: ${RECURRENCE_FREQUENCY_LABELS[frequency]}; Occurrence: ${frenchDate(occurrence)})`,
        });
        if (!existing) await txRepo.linkOccurrence(created.id, row.id, occurrence);
        // Issued by hand before its date: nothing more to do.
        if (issue && !existing?.number) {
          const view = await documents.get(row.owner_id, created.id);
          const { document: live, user } = await liveRenderable(trx, INVOICE_KIND, row.owner_id, view);
          requireClientEmail(INVOICE_KIND, live);
          await sendInTransaction(trx, {
            dialect, kind: INVOICE_KIND, ownerId: row.owner_id, view, live, replyTo: user.email, appName: options.appName, appUrl: options.appUrl, issueDate: occurrence,
            guard,
          });
        }
        await txRepo.update(row.id, { last_invoice_id: created.id, last_occurrence_date: occurrence, last_error: forceDraft });
        return created.id;
      });
      // Issued: its XML checked outside the transaction, its PDF rendered after the commit (never inside
      // it); the e-mail reads it from the archive.
      const invoiceId = issue ? await issueThenArchive(db, row.owner_id, write, { checkXml: true, reserve: false }) : await write(UNGUARDED);
      if (invoiceId === null) return generateNext(id, today, forceDraft);
      if (issue) options.kickOutbox?.();
      return invoiceId;
    } catch (err) {
      // Another process generated this occurrence first.
      if (isUniqueViolation(err)) return null;
      if (err instanceof ApiError && err.statusCode === 400) {
        const reason = refusal(err);
        if (issue) return generateNext(id, today, `La facture n’a pas pu être émise : ${reason} Elle a été créée en brouillon.`);
        // Not even a draft (the client's data no longer holds): paused with the reason, for the user to see.
        await repo.updateIfUnchanged(row, { status: 'paused', last_error: `Occurrence non générée : ${reason}`, updated_at: stamp() });
        return null;
      }
      throw err;
    }
  }

  /**
   * Every occurrence due on the Paris day of `at` (several for a series that fell behind), across
   * accounts. Idempotent: run twice, or by two processes at once, it generates each occurrence
   * once. Returns the ids of the invoices it created.
   */
  async function generateDueOccurrences(at: Date = now()): Promise<number[]> {
    const today = parisToday(at);
    const created: number[] = [];
    for (;;) {
      const ids = await repo.dueIds(today, DUE_BATCH);
      let progress = false;
      for (const id of ids) {
        for (let invoiceId = await generateNext(id, today); invoiceId !== null; invoiceId = await generateNext(id, today)) {
          created.push(invoiceId);
          progress = true;
        }
      }
      // Nothing generated from a full batch: the rest is another process's, or refused (paused).
      if (ids.length < DUE_BATCH || !progress) return created;
    }
  }

  return {
    get,
    list: (ownerId: number, params: RecurringListParams) => repo.list(ownerId, params),
    makeRecurring,
    patch,
    update,
    pause: (ownerId: number, id: number) => act(ownerId, id, 'pause'),
    resume: (ownerId: number, id: number) => act(ownerId, id, 'resume'),
    stop: (ownerId: number, id: number) => act(ownerId, id, 'stop'),
    generateNext,
    generateDueOccurrences,
  };
}

/** A refusal's French text: its detail, else its field messages, else its error. */
function refusal(err: ApiError): string {
  const body = err.body as { detail?: unknown; error?: unknown; missing?: { message: string }[] };
  if (Array.isArray(body.missing) && body.missing.length) return body.missing.map((m) => m.message).join(' ');
  if (typeof body.error === 'string') return body.error;
  if (typeof body.detail === 'string') return body.detail;
  const messages = Object.values(body).flat().filter((m): m is string => typeof m === 'string');
  return messages.join(' ') || 'refusée.';
}

export type RecurringService = ReturnType<typeof recurringService>;
