import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * Issue 28, documents that look like the freelancer's. Written out in full, never importing
 * application code: a migration is frozen.
 *
 * - `users.accent_color`: the colour of headings and rules on PDFs and e-mails, '#1e4e8c' (the
 *   colour every PDF used until now) for every account.
 * - `user_logos`: the user's logo, re-encoded to PNG on upload (never the bytes sent), one per user.
 * - `catalogue_items`: services and products picked in the line editor; unit prices in
 *   ten-thousandths of a euro and rates in hundredths of a percent, like document lines.
 *
 * Issued documents keep their snapshots and archived PDFs: a snapshot without branding renders as before.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const blob = dialect === 'postgres' ? sql`bytea` : sql`blob`;
  await db.schema.alterTable('users').addColumn('accent_color', 'text', (c) => c.notNull().defaultTo('#1e4e8c')).execute();

  await db.schema
    .createTable('user_logos')
    .addColumn('owner_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('png', blob, (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('catalogue_items'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unit', 'text', (c) => c.notNull().defaultTo('C62'))
    .addColumn('unit_price_centicents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_rate', 'integer', (c) => c.notNull().defaultTo(2000))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('catalogue_items_owner_title_idx').on('catalogue_items').columns(['owner_id', 'title']).execute();
}
