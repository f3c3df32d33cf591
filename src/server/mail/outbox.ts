import type { Insertable, Kysely, Selectable } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, OutboxMessagesTable } from '../db/schema';
import { createLease } from '../jobs/lease';
import { createPollingLoop } from '../jobs/polling-loop';
import { ApiError, OperatorAlertError } from '../http/errors';
import { MailDeliveryError, type Mailer, type OutgoingMail } from './mailer';

/**
 * The transactional outbox of e-mails (issue 16). Sending a quote, an invoice or a credit note
 * stores its message, with the archived PDF, in the transaction that numbers the document and
 * changes its status (`enqueueMail`): the mail server is no longer waited for with the numbering
 * held, and a message committed is never lost, even if the process dies before sending it. Account
 * e-mails (activation, password reset, e-mail change) are stored the same way, with the account
 * change that needs them (`enqueueAccountMail`); once they have left (or failed for good), their
 * text, which carries a live link, is cleared. A
 * delivery worker in every server process (`createMailDelivery`) then sends the due messages: it
 * claims one by setting a lease (a conditional update, so that two processes never both take it),
 * renews the lease while the mail server answers, and settles the message as sent, as due again
 * later (transient failure, with backoff), or as failed with the reason (refused for good, or
 * retries exhausted). A process that dies while sending leaves its lease to run out; another
 * process then sends the message again (at least once: the mail server may have taken it).
 */

export type DocumentKindName = NonNullable<OutboxMessagesTable['document_kind']>;

/**
 * A message as it is committed. A document's attachment may have no bytes yet (`content: null`):
 * issuing renders the PDF after the numbering transaction commits, so the message takes the
 * document's archived PDF — digest and seal checked — when it is delivered (`archivedPdf`).
 */
export type QueuedMail = Omit<OutgoingMail, 'attachments'> & {
  attachments?: { filename: string; content: Buffer | null; contentType?: string }[];
};

/** Reads a document's archived PDF for its message (app.ts gives it: the mail worker imports no module). */
export type ArchivedPdfReader = (message: { owner_id: number; document_kind: DocumentKindName; document_id: number }) => Promise<Buffer>;

/** Stored as JSON in outbox_messages.message (the PDF goes in its own column). */
interface StoredMessage {
  to: string;
  /** Copies asked for in the send dialog (issue 28); absent on older messages. */
  cc?: string[];
  reply_to: string | null;
  subject: string;
  text: string;
  /** Issue 28: a document's HTML part (logo and accent colour), beside its text; absent before. */
  html?: string;
  sender_name: string | null;
}

export interface MailDeliverySettings {
  /** Waits before the 2nd, 3rd… attempt; one more attempt than delays, then the message fails. */
  retryDelaysMs: number[];
  /** How long a claim holds; renewed every third of it while sending. */
  leaseMs: number;
  /** How often due messages (retries, or those committed by another process) are looked for. */
  pollMs: number;
}

export const DEFAULT_DELIVERY_SETTINGS: MailDeliverySettings = {
  retryDelaysMs: [30_000, 120_000, 600_000, 1_800_000],
  leaseMs: 120_000,
  pollMs: 2_000,
};

const GAVE_UP = (attempts: number, reason: string) => `${reason} Envoi abandonné après ${attempts} tentatives.`;

/** The stored message with its text emptied (the address and the subject stay, to tell what left). */
const withoutText = (message: string) => JSON.stringify({ ...(JSON.parse(message) as StoredMessage), text: '', html: undefined });

type NewMessage = Pick<Insertable<OutboxMessagesTable>, 'owner_id' | 'document_kind' | 'document_id' | 'attachment_name' | 'attachment'> & {
  purpose: Selectable<OutboxMessagesTable>['purpose'];
};

/** Stores `mail` (its text parts: an attachment goes in `values`) as due now, in the caller's transaction. */
async function store(trx: Kysely<Database>, mail: QueuedMail, values: NewMessage): Promise<number> {
  const message: StoredMessage = {
    to: mail.to,
    ...(mail.cc?.length ? { cc: mail.cc } : {}),
    reply_to: mail.replyTo ?? null,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    sender_name: mail.senderName ?? null,
  };
  const now = new Date().toISOString();
  const row = await trx
    .insertInto('outbox_messages')
    .values({ ...values, message: JSON.stringify(message), status: 'pending', next_attempt_at: now, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Stores a document's message for delivery, in the caller's transaction; returns its id. */
export async function enqueueMail(
  trx: Kysely<Database>,
  entry: {
    ownerId: number;
    documentKind: DocumentKindName;
    documentId: number;
    mail: QueuedMail;
    /** 'reminder': an invoice's reminder, which does not stand for the document's own delivery state. */
    purpose?: 'document' | 'reminder';
  },
): Promise<number> {
  const [attachment] = entry.mail.attachments ?? [];
  if (!attachment || entry.mail.attachments!.length !== 1) throw new Error('A document e-mail carries exactly one attachment');
  return store(trx, entry.mail, {
    purpose: entry.purpose ?? 'document',
    owner_id: entry.ownerId,
    document_kind: entry.documentKind,
    document_id: entry.documentId,
    attachment_name: attachment.filename,
    attachment: attachment.content,
  });
}

/**
 * Stores an account's message (no document, no attachment) for delivery, in the caller's
 * transaction; returns its id. The caller kicks the delivery worker once the transaction commits.
 */
export async function enqueueAccountMail(trx: Kysely<Database>, entry: { ownerId: number; mail: OutgoingMail }): Promise<number> {
  if (entry.mail.attachments?.length) throw new Error('An account e-mail carries no attachment');
  return store(trx, entry.mail, {
    purpose: 'account',
    owner_id: entry.ownerId,
    document_kind: null,
    document_id: null,
    attachment_name: null,
    attachment: null,
  });
}

/** What the document pages show: the state of the document's latest message. */
export interface EmailDelivery {
  status: OutboxMessagesTable['status'];
  /** Why the last attempt failed (French), while retrying or once failed; else null. */
  error: string | null;
  updated_at: string;
}

/**
 * The delivery state of each document's latest e-mail of its own (documents never sent by e-mail are
 * absent): reminders' e-mails are not the document's (see `messageDeliveries`).
 */
export async function emailDeliveries(db: Kysely<Database>, kind: DocumentKindName, documentIds: number[]): Promise<Map<number, EmailDelivery>> {
  const states = new Map<number, EmailDelivery>();
  if (!documentIds.length) return states;
  const latest = db
    .selectFrom('outbox_messages')
    .select(({ fn }) => ['document_id', fn.max('id').as('id')])
    .where('document_kind', '=', kind)
    .where('document_id', 'in', documentIds)
    .where('purpose', '=', 'document')
    .groupBy('document_id');
  const rows = await db
    .selectFrom('outbox_messages as m')
    .innerJoin(latest.as('latest'), 'latest.id', 'm.id')
    .select(['m.document_id', 'm.status', 'm.last_error', 'm.updated_at'])
    .execute();
  for (const row of rows) states.set(Number(row.document_id), { status: row.status, error: row.last_error, updated_at: row.updated_at });
  return states;
}

/** The delivery state of given messages of documents, by message id (reminders show their own). */
export async function messageDeliveries(db: Kysely<Database>, messageIds: number[]): Promise<Map<number, EmailDelivery>> {
  const states = new Map<number, EmailDelivery>();
  if (!messageIds.length) return states;
  const rows = await db
    .selectFrom('outbox_messages')
    .select(['id', 'status', 'last_error', 'updated_at'])
    .where('id', 'in', messageIds)
    .where('purpose', '<>', 'account')
    .execute();
  for (const row of rows) states.set(Number(row.id), { status: row.status, error: row.last_error, updated_at: row.updated_at });
  return states;
}

type Message = Selectable<OutboxMessagesTable>;

/**
 * The delivery worker of one process: `start()` with the app, `stop()` before closing the
 * database; `kick()` after committing a message, so that it leaves at once.
 */
export function createMailDelivery(options: {
  db: Kysely<Database>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  settings?: Partial<MailDeliverySettings>;
  /** Reads the archived PDF of a message committed without its bytes (a document issued with it). */
  archivedPdf?: ArchivedPdfReader;
}) {
  const { db, mailer, log } = options;
  const settings = { ...DEFAULT_DELIVERY_SETTINGS, ...options.settings };
  // Claims, renewals and settling under a lease (jobs/lease.ts, shared with the job runner).
  const lease = createLease({
    db,
    table: 'outbox_messages',
    leaseMs: settings.leaseMs,
    onRenewError: (err) => log.warn({ err }, 'Outbox: lease renewal failed'),
  });

  /**
   * Updates the message if this process still holds it. Settled for good (sent or failed), an
   * account message keeps no text: its link would still work for days.
   */
  const settle = (row: Message, values: { status?: Message['status']; last_error: string | null; next_attempt_at?: string }) =>
    lease.settle(row.id, values.status && row.purpose === 'account' ? { ...values, message: withoutText(row.message) } : values);

  /** The message's PDF: its stored bytes, else (a document issued with it) the document's archive. */
  async function attachmentOf(row: Message): Promise<Buffer | null> {
    if (row.attachment_name === null) return null;
    if (row.attachment !== null) return Buffer.from(row.attachment);
    if (!options.archivedPdf || row.document_kind === null || row.document_id === null) {
      throw new Error('A document message without its PDF, and no archive to read it from');
    }
    return options.archivedPdf({ owner_id: row.owner_id, document_kind: row.document_kind, document_id: Number(row.document_id) });
  }

  async function deliver(row: Message) {
    const stored = JSON.parse(row.message) as StoredMessage;
    const release = lease.keep(row.id);
    try {
      const content = await attachmentOf(row).catch((err: unknown) => {
        // The archive refused (a PDF whose digest no longer matches: never sent) or is busy rendering.
        if (err instanceof OperatorAlertError) log.error({ ...err.alert, outboxId: row.id }, err.message);
        if (err instanceof ApiError) {
          const busy = err.statusCode === 429 || err.statusCode === 503;
          throw new MailDeliveryError(String(err.body.detail ?? 'Le PDF n’a pas pu être lu.'), !busy);
        }
        throw err;
      });
      await mailer.send({
        to: stored.to,
        ...(stored.cc?.length ? { cc: stored.cc } : {}),
        replyTo: stored.reply_to ?? undefined,
        subject: stored.subject,
        text: stored.text,
        ...(stored.html ? { html: stored.html } : {}),
        senderName: stored.sender_name ?? undefined,
        attachments:
          row.attachment_name === null || content === null
            ? undefined
            : [{ filename: row.attachment_name, content, contentType: 'application/pdf' }],
      });
      release();
      await settle(row, { status: 'sent', last_error: null });
    } catch (err) {
      release();
      const reason = err instanceof MailDeliveryError ? err.reason : 'L’e-mail n’a pas pu être préparé pour l’envoi.';
      if (!(err instanceof MailDeliveryError)) log.error({ err, outboxId: row.id }, 'Outbox: message could not be sent');
      const attempts = Number(row.attempts);
      const delay = settings.retryDelaysMs[attempts - 1];
      const permanent = !(err instanceof MailDeliveryError) || err.permanent;
      if (permanent || delay === undefined) {
        await settle(row, { status: 'failed', last_error: permanent ? reason : GAVE_UP(attempts, reason) });
      } else {
        await settle(row, { last_error: reason, next_attempt_at: lease.later(delay) });
      }
    }
  }

  // Sends every due message, one at a time, until none is left (jobs/polling-loop.ts, shared with
  // the job runner). A message claimed is sent even if stop() came meanwhile: its lease would
  // otherwise hold it back.
  const loop = createPollingLoop({
    pollMs: settings.pollMs,
    async pass(stopped) {
      for (let row = await lease.claim(); row; row = stopped() ? null : await lease.claim()) await deliver(row);
    },
    onError: (err) => log.error({ err }, 'Outbox: delivery pass failed'),
  });

  return {
    kick: loop.kick,
    start: loop.start,
    /** Stops looking for messages; waits for the one being sent, if any. */
    stop: loop.stop,
    /** Resolves once nothing is being sent (tests). */
    idle: loop.idle,
  };
}

export type MailDelivery = ReturnType<typeof createMailDelivery>;
