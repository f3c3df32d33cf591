import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { EmailTemplateKind, EmailTemplateText } from '@/shared/email-templates';

/** The user's own e-mail templates (email_templates: one row per account and kind changed). */
export function emailTemplatesRepository(db: Kysely<Database>) {
  return {
    /** The owner's saved templates, any kind. */
    all: (ownerId: number) => db.selectFrom('email_templates').select(['kind', 'subject', 'body']).where('owner_id', '=', ownerId).execute(),

    /** The owner's template of one kind; undefined: the built-in one. */
    find: (ownerId: number, kind: EmailTemplateKind) =>
      db
        .selectFrom('email_templates')
        .select(['subject', 'body'])
        .where('owner_id', '=', ownerId)
        .where('kind', '=', kind)
        .executeTakeFirst(),

    /** Writes the owner's template of one kind (one row per kind, whoever writes at once). */
    save: async (ownerId: number, kind: EmailTemplateKind, text: EmailTemplateText) => {
      const updated_at = new Date().toISOString();
      await db
        .insertInto('email_templates')
        .values({ owner_id: ownerId, kind, subject: text.subject, body: text.body, updated_at })
        .onConflict((oc) => oc.columns(['owner_id', 'kind']).doUpdateSet({ subject: text.subject, body: text.body, updated_at }))
        .execute();
    },

    /** Back to the built-in template. */
    remove: async (ownerId: number, kind: EmailTemplateKind) => {
      await db.deleteFrom('email_templates').where('owner_id', '=', ownerId).where('kind', '=', kind).execute();
    },
  };
}
