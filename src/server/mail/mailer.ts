import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { redactLinkTokens } from '../modules/auth/account-links';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export class MailDeliveryError extends Error {}

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
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        try {
          await transport.sendMail({ from: options.from, ...mail });
        } catch (err) {
          options.log.error({ err }, 'SMTP delivery failed');
          throw new MailDeliveryError(String((err as Error).message));
        }
      },
    };
  }
  // Reset and activation links in there work: for the server's user only (even if made earlier 0755).
  const outbox = path.join(options.dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true, mode: 0o700 });
  chmodSync(outbox, 0o700);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      const links = (mail.text.match(/https?:\/\/\S+/g) ?? []).map(redactLinkTokens);
      options.log.info({ to: mail.to, subject: mail.subject, file, links }, 'E-mail written to outbox');
    },
  };
}
