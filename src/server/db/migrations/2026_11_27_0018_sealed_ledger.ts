import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * A journal sealed with a key the database does not hold, and issuing in two short transactions
 * (issue 23). Written out in full, never importing application code: a migration is frozen.
 *
 * - `issued_documents`: the snapshot is the legal record, numbered and journalled in the first
 *   transaction; the PDF is rendered outside any transaction and stored in a second one, so `pdf`
 *   and `pdf_sha256` are null in between (a crash there is repaired at start). `snapshot_sha256`
 *   is what the journal entry seals; `pdf_seal` is the HMAC that binds the PDF's digest to its
 *   snapshot (null for documents archived before this migration: sealed once at start). The
 *   client's name and SIREN as issued, read by every view and report of an issued document.
 * - `ledger_entries`: `seal_version` 1 = the former unkeyed SHA-256 over the PDF's digest (kept
 *   verifiable as they are); 2 = HMAC over the snapshot's digest. `pdf_sha256` is null for v2.
 * - `ledger_checkpoints`: the signed heads the user is given (downloaded, e-mailed monthly).
 * - outbox: a document's message may leave its attachment to be read from the archive when it is
 *   delivered (the PDF may not be rendered yet when the message is committed).
 *
 * SQLite cannot drop a NOT NULL or change a check: those tables are rebuilt
 * (https://sqlite.org/lang_altertable.html, "other kinds of table schema changes").
 */
/** Account messages have no document; a document's or a reminder's names its document and file (not always its bytes). */
const DOCUMENT_PARTS = `purpose = 'account' or (document_kind is not null and document_id is not null and attachment_name is not null)`;

async function rebuildSqliteTable(db: Kysely<any>, table: string, create: string, indexes: string[]) {
  const columns = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  const names = sql.raw(columns.rows.map((c) => `"${c.name}"`).join(', '));
  await sql.raw(create.replace(`create table ${table} `, `create table ${table}_new `)).execute(db);
  await sql`insert into ${sql.table(`${table}_new`)} (${names}) select ${names} from ${sql.table(table)}`.execute(db);
  await sql`update sqlite_sequence set seq = (select seq from sqlite_sequence where name = ${table})
    where name = ${`${table}_new`} and exists (select 1 from sqlite_sequence where name = ${table})`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(`${table}_new`)} rename to ${sql.table(table)}`.execute(db);
  for (const index of indexes) await sql.raw(index).execute(db);
}

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const blob = dialect === 'postgres' ? 'bytea' : 'blob';
  if (dialect === 'postgres') {
    await sql`alter table issued_documents
      alter column pdf drop not null,
      alter column pdf_sha256 drop not null,
      add column snapshot_sha256 text,
      add column pdf_seal text,
      add column client_name text,
      add column client_siren text`.execute(db);
    await sql`alter table ledger_entries
      alter column pdf_sha256 drop not null,
      add column snapshot_sha256 text,
      add column seal_version integer not null default 1`.execute(db);
    await sql`alter table outbox_messages drop constraint outbox_messages_document_parts,
      add constraint outbox_messages_document_parts check (${sql.raw(DOCUMENT_PARTS)})`.execute(db);
  } else {
    await sql`pragma foreign_keys = off`.execute(db);
    try {
      await db.transaction().execute(async (trx) => {
        await rebuildSqliteTable(
          trx,
          'issued_documents',
          `create table issued_documents (kind text not null, document_id integer not null,
            owner_id integer not null references users (id) on delete cascade, snapshot text not null,
            pdf ${blob}, pdf_sha256 text, created_at text not null, snapshot_sha256 text, pdf_seal text,
            client_name text, client_siren text,
            constraint issued_documents_pk primary key (kind, document_id))`,
          [],
        );
        await rebuildSqliteTable(
          trx,
          'ledger_entries',
          `create table ledger_entries (owner_id integer not null references users (id) on delete cascade,
            seq integer not null, kind text not null, document_id integer not null, number text not null,
            issue_date text not null, client_name text not null, subtotal_cents bigint not null, tax_cents bigint not null,
            total_cents bigint not null, pdf_sha256 text, prev_hash text not null, hash text not null, created_at text not null,
            snapshot_sha256 text, seal_version integer not null default 1,
            constraint ledger_entries_pk primary key (owner_id, seq))`,
          [],
        );
        const outboxIndexes = await sql<{ sql: string }>`select sql from sqlite_master
          where type = 'index' and tbl_name = 'outbox_messages' and sql is not null`.execute(trx);
        const outbox = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'outbox_messages'`.execute(trx);
        const createOutbox = outbox.rows[0].sql
          .replace(/^CREATE TABLE "?outbox_messages(_new)?"?/i, 'create table outbox_messages ')
          .replace(/check\s*\(purpose = 'account'[\s\S]*?attachment is not null\)\)/i, `check (${DOCUMENT_PARTS})`);
        if (!createOutbox.includes(DOCUMENT_PARTS)) throw new Error('outbox_messages: document parts check not found');
        await rebuildSqliteTable(trx, 'outbox_messages', createOutbox, outboxIndexes.rows.map((r) => r.sql));
        const broken = await sql`pragma foreign_key_check`.execute(trx);
        if (broken.rows.length) throw new Error('The rebuilt tables would break a reference');
      });
    } finally {
      await sql`pragma foreign_keys = on`.execute(db);
    }
  }

  // Documents numbered whose PDF is still to be rendered (normally for a moment; after a crash, until start-up).
  await sql`create index issued_documents_pending_idx on issued_documents (owner_id, created_at) where pdf is null`.execute(db);

  // The client as issued, from each snapshot already stored.
  const path = (field: string) =>
    dialect === 'postgres'
      ? sql`(snapshot::json #>> ${sql.lit(`{document,client,${field}}`)})`
      : sql`json_extract(snapshot, ${sql.lit(`$.document.client.${field}`)})`;
  await sql`update issued_documents set client_name = ${path('name')}, client_siren = coalesce(${path('siren')}, '')`.execute(db);

  await db.schema
    .createTable('ledger_checkpoints')
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_checkpoints_pk', ['owner_id', 'created_at'])
    .execute();
}
