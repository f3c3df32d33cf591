import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';
import { normalizeSearch } from './2026_11_21_0005_search_text';
import { trigramSchema } from './2026_11_22_0006_search_dashboard_indexes';

/**
 * Issue 29, the history searched on the server: each entry keeps a normalised search text (its
 * label, its action as the history prints it, its changes), as contacts, projects, tasks and
 * documents do (migration 0005). The history's search read only the entries loaded, which on a
 * long history missed what had not been scrolled to. Never importing application code (a migration
 * is frozen): the normalisation is migration 0005's frozen copy, the printed action written out below.
 */

/** shared/activity.ts's printed action as it was then: feminine objects agree ('Facture … créée'). */
const FEMININE = new Set(['task', 'invoice', 'recurring_invoice', 'received_invoice']);
const FEMININE_ACTIONS: Record<string, string> = { créé: 'créée', 'mis à jour': 'mise à jour', supprimé: 'supprimée' };

interface EntryRow {
  id: number;
  object_type: string;
  object_label: string;
  action: string;
  changes: string;
}

const searchText = (row: EntryRow) =>
  normalizeSearch([row.object_label, FEMININE.has(row.object_type) ? (FEMININE_ACTIONS[row.action] ?? row.action) : row.action, row.changes].join(' '));

/** Entries written per statement: one UPDATE … CASE per batch rather than a round trip per row. */
const BATCH = 500;

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable('activities').addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')).execute();
  let after = 0;
  for (;;) {
    const rows: EntryRow[] = await db
      .selectFrom('activities')
      .select(['id', 'object_type', 'object_label', 'action', 'changes'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    const cases = sql.join(rows.map((row) => sql`when ${row.id} then ${searchText(row)}`), sql` `);
    await sql`update activities set search_text = case id ${cases} end where id in (${sql.join(rows.map((row) => row.id))})`.execute(db);
    after = rows[rows.length - 1].id;
  }
  // PostgreSQL: a trigram index answers `search_text LIKE '%…%'` (when pg_trgm may be installed); SQLite
  // reads the owner's entries through their (owner_id, timestamp) index.
  if (dialect === 'postgres') {
    const schema = await trigramSchema(db);
    if (schema !== null) {
      await sql`create index activities_search_trgm_idx on activities using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
    }
  }
}
