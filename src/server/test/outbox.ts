import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

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
  return files.map((name) => {
    const raw = readFileSync(path.join(dir, name), 'utf8');
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
    return { file: name, to: header('To'), subject: decodeHeader(header('Subject')), text };
  });
}

/** The first http(s) link of the newest mail sent to `to`. */
export function lastLinkSentTo(dataDir: string, to: string): string {
  const mail = readOutbox(dataDir).filter((m) => m.to.includes(to)).at(-1);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No mail with a link for ${to}`);
  return link;
}
