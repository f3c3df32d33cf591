import type { Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * Issue 26, the reason codes of a dispute or a refusal (XP Z12-012, MDT-113): each answer to a
 * supplier's invoice keeps the code the user chose; `reason` stays the user's details. Null for
 * an approval or a payment, and for the answers given before this migration (free text only).
 * Written out in full, never importing application code: a migration is frozen.
 */
export async function up(db: Kysely<any>, _dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable('received_invoice_statuses').addColumn('reason_code', 'text').execute();
}
