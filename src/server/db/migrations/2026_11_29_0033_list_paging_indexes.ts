import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * Keyset pages of the lists (issue 29, server/http/keyset.ts): one index (owner_id, sort key, id)
 * per sort a list offers, so that a page — first or any later one — is an index range read in
 * order, with neither OFFSET nor a sort step (list-paging.test.ts checks the plans on both
 * databases). A nullable key is indexed NULLS FIRST: NULL sorts first ascending and last
 * descending on both databases (SQLite's own order; a PostgreSQL index reads either way).
 * `invoices (owner_id, end_date, id)` exists on SQLite already (invoices_owner_due_idx, migration
 * 0006). On PostgreSQL that index is NULLS LAST and stays so: a NULLS FIRST one (twin or rebuilt)
 * wins the planner's tie on the tiny tables of reports.test.ts over invoices_owner_issued_idx, so
 * for now a PostgreSQL page of invoices by due date sorts the owner's invoices (top-N). Credit notes by issue date keep
 * credit_notes_owner_date_idx (owner_id, issue_date, refund_cents), which the reports need and a
 * twin would take from them (reports.test.ts): the days come in order, ties on a day are sorted.
 * Invoices and credit notes by number or by amount have no page index either: on PostgreSQL an
 * (owner_id, total_cents, id) index won the reports' plans over their date indexes; those rarer
 * sorts read the owner's rows through owner_id and sort them (top-N), a few ms at 10,000.
 * Written out, never importing application code.
 */
const INDEXES: [table: string, column: string, nullable: boolean][] = [
  ['contacts', 'name', false],
  ['contacts', 'email', false],
  ['contacts', 'company', false],
  ['projects', 'name', false],
  ['projects', 'due_date', true],
  ['projects', 'created_at', false],
  ['tasks', 'title', false],
  ['tasks', 'due_date', true],
  ['tasks', 'created_at', false],
  ['quotes', 'issue_date', false],
  ['quotes', 'end_date', true],
  ['quotes', 'number', true],
  ['quotes', 'total_cents', false],
  ['invoices', 'issue_date', false],
  ['activities', 'timestamp', false],
];

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  for (const [table, column, nullable] of INDEXES) {
    const key = nullable && dialect === 'postgres' ? sql`${sql.ref(column)} nulls first` : sql.ref(column);
    await sql`create index ${sql.id(`${table}_owner_${column}_page_idx`)} on ${sql.table(table)} (owner_id, ${key}, id)`.execute(db);
  }
  // (owner_id, timestamp) is a prefix of the new activities index: kept would only cost writes.
  await sql`drop index activities_owner_time_idx`.execute(db);
}
