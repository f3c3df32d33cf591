import type { Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * The client space (issue 27): a `portal_links` row of kind 'contact' (its `document_id` is then
 * the contact's id) lists that client's documents; no new column is needed for it. What is new is
 * the history entry « Consulté en ligne par le client », at most one per document and Paris day:
 * `activities.dedupe_key` (null for every other entry) with a unique index lets the one insert
 * that writes it do nothing when the day's entry exists — no read first, no race between two
 * openings. Written out in full, never importing application code: a migration is frozen.
 */
export async function up(db: Kysely<any>, _dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable('activities').addColumn('dedupe_key', 'text').execute();
  // NULLs are distinct in a unique index on SQLite and PostgreSQL alike: other entries never collide.
  await db.schema.createIndex('activities_dedupe_idx').on('activities').column('dedupe_key').unique().execute();
  await db.schema.createIndex('portal_links_owner_idx').on('portal_links').columns(['owner_id', 'kind', 'document_id']).execute();
}
