import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

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
 * `<dataDir>/outbox/` and its links are logged, so a fresh install works without a mail server.
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
  const outbox = path.join(options.dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      writeFileSync(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      options.log.info({ to: mail.to, subject: mail.subject, file, links }, 'E-mail written to outbox');
    },
  };
}
