import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { ApiError, badRequest } from '@/server/http/errors';
import { enqueueMail, messageDeliveries } from '@/server/mail/outbox';
import { documentFileName } from '@/server/pdf/document-model';
import { daysBetween, formatDate } from '@/server/pdf/format';
import { renderPdf } from '@/server/pdf/pdf-pool';
import { parisToday } from '@/shared/dates';
import { balanceDueCents, OUTSTANDING_INVOICE_STATUSES } from '@/shared/documents';
import { fromHundredths } from '@/shared/money';
import { daysText, FINAL_REMINDER_LEVEL, isReminderLevel, nextReminderDay, parseReminderSettings, REMINDER_LEVEL_LABELS, REMINDER_LEVEL_NOUNS, type ReminderLevel } from '@/shared/reminders';
import type { InvoiceReminder, InvoiceReminders, ReminderSettings } from '@/shared/contracts/reminders';
import { describeChanges, recordActivity } from '@/server/modules/activity';
import { usersRepository } from '@/server/modules/auth';
import { archivedDocument, documentsService, INVOICE_KIND, liveRenderable, mintPortalLink, settlementAmounts } from '@/server/modules/documents';
import { inTransaction, type Dialect } from '@/server/db/database';
import { editedMessage, emailTemplatesService, type EditedMessage } from '@/server/modules/email-templates';
import { reminderEmail } from './reminder-email';
import { remindersRepository } from './reminders.repository';

/**
 * Reminders of overdue invoices (relances, issue 15). A reminder is sent through the mail outbox
 * in the transaction that records it (invoice_reminders, once per invoice and level: the unique
 * constraint makes a second one of the same level impossible, whoever sends it), with the
 * invoice's archived PDF — what was sent is what is attached — and an entry in the history.
 */

export const INVOICE_NOT_FOUND = 'Facture introuvable.';

const MESSAGES = {
  draft: 'Cette facture est un brouillon : envoyez-la avant de relancer votre client.',
  paid: 'Cette facture est payée : il n’y a rien à relancer.',
  cancelled: 'Cette facture est entièrement couverte par un avoir : il n’y a rien à relancer.',
  nothingDue: 'Cette facture ne laisse aucun solde dû : il n’y a rien à relancer.',
  notDue: (due: string) => `Cette facture n’est pas encore en retard (échéance le ${formatDate(due)}) : une relance ne peut être envoyée qu’après la date d’échéance.`,
  noDueDate: 'Cette facture n’a pas de date d’échéance : elle ne peut pas être relancée.',
  finalSent: 'La dernière relance avant mise en demeure a déjà été envoyée pour cette facture.',
  levelSent: (level: ReminderLevel) => `${REMINDER_LEVEL_NOUNS[level][0].toUpperCase()}${REMINDER_LEVEL_NOUNS[level].slice(1)} a déjà été envoyée pour cette facture.`,
  levelPassed: 'Une relance d’un niveau supérieur a déjà été envoyée pour cette facture.',
  level: 'Choisissez le niveau de relance : 1 (relance), 2 (deuxième relance) ou 3 (dernière relance avant mise en demeure).',
  noEmail: (name: string) => `Le client « ${name} » n’a pas d’adresse e-mail : ajoutez-la à sa fiche avant de relancer la facture.`,
  spacing: (previous: string, next: string, days: number) =>
    `La relance précédente est partie le ${formatDate(previous)} : la suivante pourra partir à partir du ${formatDate(next)} ` +
    `(écart minimum de ${daysText(days)} entre deux relances, réglable dans votre profil).`,
};

/** The day (Europe/Paris) a reminder went. */
const sentDay = (sentAt: string | Date) => parisToday(new Date(sentAt));

/**
 * Why the invoice's next reminder must wait (issue 28: never two within `spacing` days, so that a
 * client never gets "nos relances des 27/11 et 27/11"), else null. `sent`: its reminders so far.
 */
function spacingRefusal(sent: { sent_at: string }[], spacing: number, today: string): string | null {
  const previous = sent.reduce<string | null>((last, r) => (last === null || sentDay(r.sent_at) > last ? sentDay(r.sent_at) : last), null);
  const next = nextReminderDay(previous, spacing, today);
  return previous && next > today ? MESSAGES.spacing(previous, next, spacing) : null;
}

interface InvoiceFacts {
  id: number;
  title: string;
  number: string | null;
  status: string;
  end_date: string | null;
  amountDueCents: number;
  clientId: number;
  clientName: string;
  clientEmail: string;
}

async function invoiceFacts(db: Kysely<Database>, ownerId: number, invoiceId: number): Promise<InvoiceFacts> {
  const row = await remindersRepository(db).invoice(ownerId, invoiceId);
  if (!row) throw new ApiError(404, { detail: INVOICE_NOT_FOUND });
  return {
    id: row.id,
    title: row.title,
    number: row.number,
    status: row.status,
    end_date: row.end_date,
    amountDueCents: balanceDueCents(settlementAmounts(row)),
    clientId: Number(row.client_id),
    clientName: row.client_name,
    clientEmail: row.client_email.trim(),
  };
}

/** Why an invoice cannot be reminded today (French), else null. */
function refusalOf(invoice: InvoiceFacts, today: string): string | null {
  if (invoice.status === 'draft' || !invoice.number) return MESSAGES.draft;
  if (invoice.status === 'paid') return MESSAGES.paid;
  if (invoice.status === 'cancelled') return MESSAGES.cancelled;
  if (!(OUTSTANDING_INVOICE_STATUSES as readonly string[]).includes(invoice.status) || invoice.amountDueCents <= 0) return MESSAGES.nothingDue;
  if (!invoice.end_date) return MESSAGES.noDueDate;
  if (invoice.end_date >= today) return MESSAGES.notDue(invoice.end_date);
  return null;
}

const nextLevelAfter = (levels: { level: ReminderLevel }[]): ReminderLevel | null => {
  const last = levels.reduce((max, r) => Math.max(max, r.level), 0);
  return last >= FINAL_REMINDER_LEVEL ? null : ((last + 1) as ReminderLevel);
};

/** The invoice's PDF as it was sent: its archived bytes (a live render only for an invoice issued before the archive). */
async function archivedPdf(db: Kysely<Database>, dialect: Dialect, ownerId: number, invoiceId: number) {
  const archived = await archivedDocument(db, INVOICE_KIND, ownerId, invoiceId);
  if (archived) return archived;
  const view = await documentsService(db, dialect, INVOICE_KIND).get(ownerId, invoiceId);
  const { document } = await liveRenderable(db, INVOICE_KIND, ownerId, view);
  return { document, pdf: await renderPdf(document, { userId: ownerId }) };
}

export interface SendReminder {
  ownerId: number;
  invoiceId: number;
  /** Absent: the level after the last one sent. */
  level?: unknown;
  automatic: boolean;
  /** The clock: "today" (Europe/Paris) and the time recorded. */
  now: Date;
  appName: string;
  /** Sent by hand from the send dialog (issue 28): its subject and text as edited, its copies. */
  edited?: EditedMessage | null;
  /** Runs last in the reminder's transaction (the job runner completes its job there). */
  alsoInTransaction?: (trx: Kysely<Database>) => Promise<void>;
}

/** `appUrl` (config.appUrl): each reminder then carries the client's personal link to pay the invoice (issue 27). */
export function remindersService(db: Kysely<Database>, dialect: Dialect, appUrl?: string) {
  const repo = remindersRepository(db);

  async function list(ownerId: number, invoiceId: number, now: Date): Promise<InvoiceReminders> {
    const invoice = await invoiceFacts(db, ownerId, invoiceId);
    const rows = await repo.ofInvoice(ownerId, invoiceId);
    const deliveries = await messageDeliveries(db, rows.flatMap((r) => (r.outbox_message_id === null ? [] : [Number(r.outbox_message_id)])));
    const reminders: InvoiceReminder[] = rows.map((r) => {
      const level = Number(r.level) as ReminderLevel;
      return {
        id: Number(r.id),
        level,
        level_display: REMINDER_LEVEL_LABELS[level],
        automatic: Number(r.automatic) === 1,
        recipient: r.recipient,
        amount_due: fromHundredths(Number(r.amount_due_cents)),
        days_late: Number(r.days_late),
        sent_at: r.sent_at,
        email_delivery: r.outbox_message_id === null ? null : (deliveries.get(Number(r.outbox_message_id)) ?? null),
      };
    });
    const next = nextLevelAfter(reminders);
    const spacing = (await settings(ownerId)).reminder_spacing_days;
    const refusal =
      refusalOf(invoice, parisToday(now)) ??
      (next === null ? MESSAGES.finalSent : null) ??
      (invoice.clientEmail ? null : MESSAGES.noEmail(invoice.clientName)) ??
      spacingRefusal(reminders, spacing, parisToday(now));
    return {
      reminders,
      next_level: next,
      next_level_display: next === null ? null : REMINDER_LEVEL_LABELS[next],
      recipient: invoice.clientEmail,
      refusal,
    };
  }

  /**
   * Sends a reminder: refused (400, French) for a draft, a paid or fully credited invoice, one not
   * yet overdue, a level already sent; another user's invoice is a 404. Returns the reminder.
   */
  async function send(input: SendReminder): Promise<InvoiceReminder> {
    const { ownerId, invoiceId, now } = input;
    const invoice = await invoiceFacts(db, ownerId, invoiceId);
    if (input.level !== undefined && input.level !== null && !isReminderLevel(input.level)) throw badRequest({ level: [MESSAGES.level] });
    const today = parisToday(now);
    const refusal = refusalOf(invoice, today);
    if (refusal) throw badRequest({ detail: refusal });
    const sent = (await repo.sentLevels(invoiceId)).map((r) => ({ level: Number(r.level) as ReminderLevel, sent_at: r.sent_at }));
    const level = (input.level as ReminderLevel | undefined) ?? nextLevelAfter(sent);
    if (level === null) throw badRequest({ detail: MESSAGES.finalSent });
    if (sent.some((r) => r.level === level)) throw badRequest({ detail: MESSAGES.levelSent(level) });
    if (sent.some((r) => r.level > level)) throw badRequest({ detail: MESSAGES.levelPassed });
    if (!invoice.clientEmail) throw badRequest({ detail: MESSAGES.noEmail(invoice.clientName) });
    const user = await usersRepository(db).findById(ownerId);
    if (!user) throw new ApiError(404, { detail: INVOICE_NOT_FOUND });
    // The account's spacing, from the row just read (issue 28).
    const tooSoon = spacingRefusal(sent, Number(user.reminder_spacing_days), today);
    if (tooSoon) throw badRequest({ detail: tooSoon });
    const { document, pdf } = await archivedPdf(db, dialect, ownerId, invoiceId);
    const daysLate = daysBetween(invoice.end_date!, today);
    const template = await emailTemplatesService(db).current(ownerId, `reminder_${level}`);
    /** The reminder as it leaves; `link`, the client's new personal link to the invoice (issue 27). */
    const compose = (link: string | undefined) => {
      const mail = reminderEmail({
        level,
        template,
        document,
        to: invoice.clientEmail,
        amountDueCents: invoice.amountDueCents,
        dueDate: invoice.end_date!,
        daysLate,
        previousDates: sent.filter((r) => r.level < level).map((r) => parisToday(new Date(r.sent_at))),
        pdf: { filename: documentFileName(document), content: pdf },
        sender: { replyTo: user.email, appName: input.appName },
        link,
        // As the user wrote it in the send dialog: the text they read is the text that leaves.
        edited: input.edited?.text ?? undefined,
      });
      if (input.edited?.cc.length) mail.cc = input.edited.cc;
      return mail;
    };
    const sentAt = now.toISOString();

    const id = await inTransaction(db, async (trx) => {
      // Once per invoice and level: of two senders (the user and the automatic job, two processes), one inserts.
      const txRepo = remindersRepository(trx);
      const reminderId = await txRepo.insertOnce({
        owner_id: ownerId,
        invoice_id: invoiceId,
        level,
        automatic: input.automatic ? 1 : 0,
        recipient: invoice.clientEmail,
        amount_due_cents: invoice.amountDueCents,
        days_late: daysLate,
        sent_at: sentAt,
      });
      if (reminderId === undefined) throw badRequest({ detail: MESSAGES.levelSent(level) });
      // The invoice's state, read again in the transaction: paid meanwhile, nothing is sent.
      const current = await invoiceFacts(trx, ownerId, invoiceId);
      const late = refusalOf(current, today);
      if (late) throw badRequest({ detail: late });
      const link = appUrl ? await mintPortalLink(trx, appUrl, { ownerId, kind: 'invoice', documentId: invoiceId }) : undefined;
      const mail = compose(link);
      const messageId = await enqueueMail(trx, { ownerId, documentKind: 'invoice', documentId: invoiceId, mail, purpose: 'reminder' });
      await txRepo.setOutboxMessage(reminderId, messageId);
      const changes = describeChanges(
        { reminder: 'Relance' },
        { reminder: null as string | null },
        { reminder: `${REMINDER_LEVEL_LABELS[level]}${input.automatic ? ' automatique' : ''} envoyée à ${invoice.clientEmail}` },
      );
      await recordActivity(trx, {
        ownerId, objectType: 'invoice', objectId: invoiceId, label: invoice.title, action: 'mis à jour', changes, clientName: invoice.clientName,
      });
      await input.alsoInTransaction?.(trx);
      return reminderId;
    });
    return (await list(ownerId, invoiceId, now)).reminders.find((r) => r.id === id)!;
  }

  /**
   * The automatic reminders due at `now`: for each account that turned them on, each open invoice
   * past its due date whose next level's delay (days after the due date) has passed.
   */
  async function dueAutomatic(now: Date): Promise<{ ownerId: number; invoiceId: number; level: ReminderLevel }[]> {
    const today = parisToday(now);
    const rows = await repo.automaticCandidates(today);
    const due: { ownerId: number; invoiceId: number; level: ReminderLevel }[] = [];
    for (const row of rows) {
      if (balanceDueCents(settlementAmounts(row)) <= 0) continue;
      const last = Number(row.last_level ?? 0);
      if (last >= FINAL_REMINDER_LEVEL) continue;
      const level = (last + 1) as ReminderLevel;
      const delay = [row.reminder_1_days, row.reminder_2_days, row.reminder_3_days][level - 1];
      if (delay === null || delay === undefined) continue;
      // Turned on late, an invoice long overdue would get every level at once: one, then the spacing.
      const previous = row.last_sent_at ? sentDay(String(row.last_sent_at)) : null;
      if (nextReminderDay(previous, Number(row.reminder_spacing_days), today) > today) continue;
      if (daysBetween(row.end_date!, today) >= Number(delay)) due.push({ ownerId: Number(row.owner_id), invoiceId: Number(row.id), level });
    }
    return due;
  }

  /** 404 unless the invoice is the user's. */
  const owned = async (ownerId: number, invoiceId: number) => void (await invoiceFacts(db, ownerId, invoiceId));

  /** The account's automatic reminder settings (404 when the account is gone). */
  async function settings(ownerId: number): Promise<ReminderSettings> {
    const row = await repo.settings(ownerId);
    if (!row) throw new ApiError(404, { detail: 'Compte introuvable.' });
    const days = (value: number | null) => (value === null ? null : Number(value));
    return {
      auto_reminders: Number(row.auto_reminders) === 1,
      reminder_1_days: days(row.reminder_1_days),
      reminder_2_days: days(row.reminder_2_days),
      reminder_3_days: days(row.reminder_3_days),
      reminder_spacing_days: Number(row.reminder_spacing_days),
    };
  }

  /** Saves a ReminderSettingsBody, omitted fields kept (parseReminderSettings refuses any other field), and answers the settings. */
  async function updateSettings(ownerId: number, body: unknown): Promise<ReminderSettings> {
    const current = await settings(ownerId);
    const parsed = parseReminderSettings(body && typeof body === 'object' && !Array.isArray(body) ? { ...current, ...body } : body);
    if ('errors' in parsed) throw badRequest(parsed.errors as Record<string, string[]>);
    await repo.saveSettings(ownerId, parsed.settings);
    return settings(ownerId);
  }

  return {
    list, send, owned, dueAutomatic, settings, updateSettings,
    /** The send dialog's `{subject, body, cc}` checked (400 by field, in French), before anything is spent. */
    edited: (raw: unknown) => editedMessage(raw),
  };
}

export type RemindersService = ReturnType<typeof remindersService>;
