import type { Kysely } from 'kysely';
import { normalizeSearch } from '../../../shared/search';

/** Source columns of each table's normalised search text (documents add their client's name at query time). */
export const SEARCH_SOURCES = {
  contacts: ['name', 'email', 'company'],
  projects: ['name'],
  tasks: ['title'],
  quotes: ['title', 'number'],
  invoices: ['title', 'number'],
} as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of Object.entries(SEARCH_SOURCES)) {
    await db.schema.alterTable(table).addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')).execute();
    const rows = await db.selectFrom(table).select(['id', ...columns]).execute();
    for (const row of rows) {
      const text = normalizeSearch(columns.map((c) => row[c] ?? '').join(' '));
      await db.updateTable(table).set({ search_text: text }).where('id', '=', row.id).execute();
    }
    await db.schema.createIndex(`${table}_owner_search_idx`).on(table).columns(['owner_id', 'search_text']).execute();
  }
}
