import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * French B2B/B2C rules and the 2026 e-invoicing reform (issue 14). Written out in full, never
 * importing application code: a migration is frozen.
 *
 * Existing data:
 * - contacts become `professionnel` (what every invoice assumed until now);
 * - a profile with a VAT number becomes `assujetti`, one without `franchise` (art. 293 B CGI);
 * - every document line takes its document's VAT rate (per-line rates are new).
 */
export async function up(db: Kysely<any>, _dialect: MigrationDialect): Promise<void> {
  const text = (table: string, column: string, value = '') =>
    db.schema.alterTable(table).addColumn(column, 'text', (c) => c.notNull().defaultTo(value)).execute();

  // Contacts: B2B or B2C, legal identifiers, a delivery address when it differs.
  await text('contacts', 'client_type', 'professionnel');
  for (const column of ['siren', 'vat_number', 'delivery_address', 'delivery_postal_code', 'delivery_city', 'delivery_country']) {
    await text('contacts', column);
  }

  // Profile: VAT regime, bank details, legal identity.
  await text('users', 'vat_regime', 'franchise');
  await db.updateTable('users').set({ vat_regime: 'assujetti' }).where('vat_number', '<>', '').execute();
  await db.schema.alterTable('users').addColumn('vat_on_debits', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  for (const column of ['iban', 'bic', 'legal_form', 'registration']) await text('users', column);
  /** Cents; null when not stated (sole traders have none). */
  await db.schema.alterTable('users').addColumn('share_capital_cents', 'bigint').execute();

  // Documents: category of operation, date or period of the service, reason for 0 % VAT.
  for (const table of ['quotes', 'invoices', 'credit_notes']) {
    await text(table, 'operation_category', 'services');
    await db.schema.alterTable(table).addColumn('service_date', 'text').execute();
    await db.schema.alterTable(table).addColumn('service_end_date', 'text').execute();
    /** '' or a VAT_EXEMPTIONS key (shared/vat.ts): why 0 % lines of an `assujetti` seller carry no VAT. */
    await text(table, 'vat_exemption');
  }

  // A VAT rate per line (hundredths of a percent, like the documents' rate), from its document.
  for (const kind of ['quote', 'invoice', 'credit_note']) {
    const lines = `${kind}_lines`;
    const documents = `${kind}s`;
    await db.schema.alterTable(lines).addColumn('tax_rate', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`update ${sql.table(lines)} set tax_rate = (select d.tax_rate from ${sql.table(documents)} d where d.id = ${sql.ref(`${lines}.document_id`)})`.execute(db);
  }
}
