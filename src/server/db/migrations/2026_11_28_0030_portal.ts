import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * The client portal (issue 27). `portal_links`: a personal link per document, its token stored
 * only as its SHA-256 (hex, unique), revocable, with when the client opened it. `quote_acceptances`:
 * the client's one answer to a quote — its primary key is the quote, so that of concurrent answers
 * exactly one is stored — with the evidence of the simple electronic signature (signer, time,
 * address, user agent, the digest of the archived PDF shown) and the certificate rendered from it.
 * Written out in full, never importing application code: a migration is frozen.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const blob = dialect === 'postgres' ? sql`bytea` : sql`blob`;
  await idColumn(db.schema.createTable('portal_links'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('first_viewed_at', 'text')
    .addColumn('last_viewed_at', 'text')
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('portal_links_document_idx').on('portal_links').columns(['kind', 'document_id']).execute();

  await db.schema
    .createTable('quote_acceptances')
    .addColumn('quote_id', 'integer', (c) => c.primaryKey().references('quotes.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('signer_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('signer_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('answered_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pdf_sha256', 'text')
    .addColumn('certificate', blob)
    .addColumn('certificate_sha256', 'text')
    .execute();
}
