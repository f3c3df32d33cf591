import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** The .eml files written by the outbox mailer, oldest first, with their text part decoded. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((name) => ({ file: name, ...parseMail(readFileSync(path.join(dir, name), 'utf8')) }));
}

/** A raw message (an .eml file, or what an SMTP server received): its recipient, subject and decoded text. */
export function parseMail(raw: string): Omit<OutboxMail, 'file'> {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (key: string) => new RegExp(`^${key}: (.*)$`, 'im').exec(headers)?.[1] ?? '';
  const body = rest.join('\n\n');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { to: header('To'), subject: decodeHeader(header('Subject')), text };
}

/** The first http(s) link of the newest mail sent to `to`. */
export function lastLinkSentTo(dataDir: string, to: string): string {
  const mail = readOutbox(dataDir).filter((m) => m.to.includes(to)).at(-1);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No mail with a link for ${to}`);
  return link;
}

/** The pages an account e-mail links to: activation, password reset, e-mail change. */
export type AccountLinkKind = 'activate' | 'reset-password-confirm' | 'confirm-email';

/**
 * The first link of the newest mail to `to` whose link is of `kind`, in the outboxes of `dataDirs`
 * (several server processes: any of them may have delivered it), waiting until there is one. For
 * a server in another process, which delivers account e-mails just after answering.
 */
export async function waitForLinkSentTo(dataDirs: string | string[], to: string, kind: AccountLinkKind, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const links = [dataDirs]
      .flat()
      .flatMap(readOutbox)
      .filter((m) => m.to.includes(to))
      .sort((a, b) => a.file.localeCompare(b.file))
      .map((m) => m.text.match(/https?:\/\/\S+/)?.[0])
      .filter((link) => link?.includes(`/${kind}/`));
    if (links.length) return links.at(-1)!;
    if (Date.now() > deadline) throw new Error(`No ${kind} link mailed to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Waits until no e-mail (of `purpose` when given) is due or being sent: each was delivered, failed,
 * or waits for a later retry, whichever of `apps` on the database sends it. "Nothing was sent" is
 * then a fact, not a guess after a pause.
 */
export async function outboxSettled(
  apps: FastifyInstance | FastifyInstance[],
  db: Kysely<Database>,
  { purpose, timeoutMs = 15_000 }: { purpose?: 'account' | 'document' | 'reminder'; timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const app of [apps].flat()) {
      app.outbox.kick();
      await app.outbox.idle();
    }
    const now = new Date().toISOString();
    let waiting = db
      .selectFrom('outbox_messages')
      .select('id')
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('next_attempt_at', '<=', now), eb('lease_until', '>', now)]));
    if (purpose) waiting = waiting.where('purpose', '=', purpose);
    if (!(await waiting.limit(1).executeTakeFirst())) return;
    if (Date.now() > deadline) throw new Error('E-mails still waiting for delivery');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Waits until no account e-mail is due or being sent. */
export const accountMailSettled = (app: FastifyInstance, db: Kysely<Database>, timeoutMs = 15_000) =>
  outboxSettled(app, db, { purpose: 'account', timeoutMs });

/**
 * A test reads the activation, reset or e-mail change link right after the request that stored it,
 * while the app delivers it just after answering: in tests, a successful request other than a read
 * answers once the account e-mails are settled. Before `app.ready()`.
 */
export function answerOnceAccountMailSettled(app: FastifyInstance, db: Kysely<Database>): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // Only a change that succeeded stored any (a refused one rolled back).
    const change = request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 300;
    if (change) await accountMailSettled(app, db);
    return payload;
  });
}
