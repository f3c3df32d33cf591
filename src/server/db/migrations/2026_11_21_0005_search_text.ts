import type { Kysely } from 'kysely';

/**
 * shared/search.ts's normalizeSearch as it was when this migration was written, copied so that the
 * migration stays frozen whatever later becomes of the application's search (issue 17).
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/\s+/g, ' ')
    .trim();
}

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
