import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { FastifyBaseLogger } from 'fastify';
import { redactLinkTokens } from '../http/link-redaction';

export interface OutgoingMail {
  to: string;
  /** Copies (issue 28: the send dialog's CC), addresses checked before. */
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /**
   * Who the message is from, as the recipient reads it: 'Marie Dupont Conseil via Carnet'. The
   * address stays the app's (MAIL_FROM): mail from the user's own domain would fail SPF/DMARC.
   */
  senderName?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** A message the mail server did not take; `reason` is French, for the user. */
export class MailDeliveryError extends Error {
  constructor(
    readonly reason: string,
    /** Refused for good (an SMTP 5xx answer): trying again would get the same answer. */
    readonly permanent = false,
  ) {
    super(reason);
  }
}

/** The French reason of an SMTP failure, with the server's own answer or the network error. */
function deliveryError(err: unknown): MailDeliveryError {
  const { responseCode, response, code, message } = err as { responseCode?: number; response?: string; code?: string; message?: string };
  if (responseCode && responseCode >= 500) {
    return new MailDeliveryError(`Le serveur de messagerie a refusé le message (${response ?? responseCode}).`, true);
  }
  if (responseCode) return new MailDeliveryError(`Le serveur de messagerie a différé le message (${response ?? responseCode}).`);
  return new MailDeliveryError(`Le serveur de messagerie n’a pas pu être joint (${code ?? message ?? 'erreur inconnue'}).`);
}

/** MAIL_FROM's address, and its display name ('Carnet') for the 'X via Carnet' of senderName. */
export function mailFromParts(from: string): { name: string; address: string } {
  const [parsed] = addressparser(from, { flatten: true });
  return { name: parsed?.name || 'Carnet', address: parsed?.address || from };
}

/** What nodemailer sends: From is MAIL_FROM, or its address under the message's sender name. */
const composed = ({ senderName, ...mail }: OutgoingMail, from: string) => ({
  ...mail,
  from: senderName ? { name: senderName, address: mailFromParts(from).address } : from,
});

/** nodemailer (some 35 modules) loaded with the first message sent, not with the app. */
function lazyTransport(create: (nodemailer: typeof import('nodemailer')) => Transporter): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => (transport ??= import('nodemailer').then((module) => create(module.default)));
}

/**
 * SMTP when `smtpUrl` is set; otherwise every message is written as an .eml file to
 * `<dataDir>/outbox/` (0600) and its links are logged, tokens hidden (the file has them whole), so a
 * fresh install works without a mail server.
 */
export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    // Bounded waits: a mail server that stops answering must not hold a message past its lease (outbox.ts).
    const smtpUrl = options.smtpUrl;
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 }));
    return {
      async send(mail) {
        try {
          await (await transport()).sendMail(composed(mail, options.from));
        } catch (err) {
          options.log.warn({ err }, 'SMTP delivery failed');
          throw deliveryError(err);
        }
      },
    };
  }
  // Reset and activation links in there work: for the server's user only (even if made earlier 0755).
  const outbox = path.join(options.dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true, mode: 0o700 });
  chmodSync(outbox, 0o700);
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    async send(mail) {
      const info = await (await transport()).sendMail(composed(mail, options.from));
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      const links = (mail.text.match(/https?:\/\/\S+/g) ?? []).map(redactLinkTokens);
      options.log.info({ to: mail.to, cc: mail.cc, subject: mail.subject, file, links }, 'E-mail written to outbox');
    },
  };
}
