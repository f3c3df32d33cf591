import type { Kysely } from 'kysely';

/**
 * The least number of days between two reminders of one invoice (issue 28: the three levels could
 * go out in the same minute, "Malgré nos relances des 27/11/2026 et 27/11/2026"): 7 for every
 * account, 0 meaning none. Written out in full, never importing application code: a migration is frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('reminder_spacing_days', 'integer', (c) => c.notNull().defaultTo(7)).execute();
}
