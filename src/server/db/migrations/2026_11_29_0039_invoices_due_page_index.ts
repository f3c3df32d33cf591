import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * PostgreSQL: the invoices' page by due date (their list's default order, issue 29) reads an index
 * in its order, as on SQLite. Migration 0033 left invoices_owner_due_idx (owner_id, end_date, id)
 * NULLS LAST there, so each first page of 50 sorted the owner's every invoice: at 100,000 invoices
 * p99 1.2 s at 50 connections (bench/README.md). It is rebuilt NULLS FIRST (the lists' keyset
 * order: NULL first ascending, last descending, as SQLite sorts); the dashboard's overdue reads
 * (end_date < today) use it as before. SQLite's index already sorts NULL first: nothing to do.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect === 'sqlite') return;
  await sql`drop index invoices_owner_due_idx`.execute(db);
  await sql`create index invoices_owner_due_idx on invoices (owner_id, end_date nulls first, id)`.execute(db);
}
