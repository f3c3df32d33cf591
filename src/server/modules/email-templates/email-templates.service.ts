import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { ApiError, badRequest, parseBody } from '@/server/http/errors';
import { emailTemplateBodySchema, sendEmailBodySchema, type EmailTemplateJson } from '@/shared/contracts/email-templates';
import {
  DEFAULT_EMAIL_TEMPLATES,
  EMAIL_TEMPLATE_KINDS,
  EMAIL_TEMPLATE_LABELS,
  isEmailTemplateKind,
  parseCc,
  templateErrors,
  type EmailTemplateKind,
  type EmailTemplateText,
} from '@/shared/email-templates';
import { emailTemplatesRepository } from './email-templates.repository';

export const UNKNOWN_KIND = 'Modèle inconnu.';

/** The kind named in a path, else a 404 (`Modèle inconnu.`). */
export function templateKind(value: string): EmailTemplateKind {
  if (!isEmailTemplateKind(value)) throw new ApiError(404, { detail: UNKNOWN_KIND });
  return value;
}

/** A template's text checked (sizes, subject on one line, known placeholders), else a 400 by field. */
export function checkedTemplate(text: EmailTemplateText): EmailTemplateText {
  const errors = templateErrors(text, { placeholders: true });
  if (Object.keys(errors).length) throw badRequest(errors);
  return text;
}

/**
 * What the send dialog sends (`{subject, body, cc}`, all optional): an edited subject and body go
 * together; the copies are at most EMAIL_CC_MAX valid addresses. Null when nothing was edited.
 */
export interface EditedMessage {
  /** Null: the template's text, with copies only. */
  text: EmailTemplateText | null;
  cc: string[];
}

export function editedMessage(raw: unknown): EditedMessage | null {
  if (raw === undefined || raw === null) return null;
  const body = parseBody(sendEmailBodySchema, raw);
  const errors: Record<string, string[]> = {};
  let text: EmailTemplateText | null = null;
  if (body.subject !== undefined || body.body !== undefined) {
    text = { subject: body.subject ?? '', body: body.body ?? '' };
    // Sent as written: a client's name may hold braces; only the placeholders' names are filled.
    Object.assign(errors, templateErrors(text, { placeholders: false }));
  }
  let cc: string[] = [];
  if (body.cc !== undefined) {
    const parsed = parseCc(body.cc);
    if ('error' in parsed) errors.cc = [parsed.error];
    else cc = parsed.cc;
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return { text, cc };
}

/** The user's e-mail templates: each kind's own text or the built-in one. */
export function emailTemplatesService(db: Kysely<Database>) {
  const repo = emailTemplatesRepository(db);

  /** The template a message of this kind uses now (the user's, else the built-in one). */
  async function current(ownerId: number, kind: EmailTemplateKind): Promise<EmailTemplateText> {
    const row = await repo.find(ownerId, kind);
    return row ? { subject: row.subject, body: row.body } : DEFAULT_EMAIL_TEMPLATES[kind];
  }

  async function list(ownerId: number): Promise<EmailTemplateJson[]> {
    const rows = new Map((await repo.all(ownerId)).map((r) => [r.kind, r]));
    return EMAIL_TEMPLATE_KINDS.map((kind) => {
      const row = rows.get(kind);
      const text = row ? { subject: row.subject, body: row.body } : DEFAULT_EMAIL_TEMPLATES[kind];
      return { kind, label: EMAIL_TEMPLATE_LABELS[kind], ...text, is_default: !row };
    });
  }

  async function one(ownerId: number, kind: EmailTemplateKind): Promise<EmailTemplateJson> {
    return (await list(ownerId)).find((t) => t.kind === kind)!;
  }

  async function save(ownerId: number, kind: EmailTemplateKind, raw: unknown): Promise<EmailTemplateJson> {
    const text = checkedTemplate(parseBody(emailTemplateBodySchema, raw));
    await repo.save(ownerId, kind, text);
    return one(ownerId, kind);
  }

  async function reset(ownerId: number, kind: EmailTemplateKind): Promise<EmailTemplateJson> {
    await repo.remove(ownerId, kind);
    return one(ownerId, kind);
  }

  return { current, list, one, save, reset };
}

export type EmailTemplatesService = ReturnType<typeof emailTemplatesService>;
