import { sql, type Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { CatalogueInput } from '@/shared/contracts/catalogue';
import { normalizeSearch } from '@/shared/search';

const COLUMNS = ['id', 'title', 'description', 'unit', 'unit_price_centicents', 'tax_rate', 'created_at', 'updated_at'] as const;

export type CatalogueRow = { id: number; title: string; description: string; unit: string; unit_price_centicents: number; tax_rate: number; created_at: string; updated_at: string };

const searchText = (item: Pick<CatalogueInput, 'title' | 'description'>) => normalizeSearch(`${item.title} ${item.description}`);

/** Every query is scoped to its owner: another user's id reads as missing. */
export function catalogueRepository(db: Kysely<Database>) {
  const values = (input: CatalogueInput) => ({
    title: input.title,
    description: input.description,
    unit: input.unit,
    unit_price_centicents: input.unit_price,
    tax_rate: input.tax_rate!,
    search_text: searchText(input),
  });
  return {
    /** In title order; with `term`, only the items whose normalised title or description contains it. */
    list: (ownerId: number, term: string): Promise<CatalogueRow[]> => {
      let query = db.selectFrom('catalogue_items').select(COLUMNS).where('owner_id', '=', ownerId);
      const normalised = normalizeSearch(term);
      if (normalised) {
        const pattern = `%${normalised.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where(sql<boolean>`search_text like ${pattern} escape '\\'`);
      }
      return query.orderBy('title').orderBy('id').execute();
    },
    find: (ownerId: number, id: number): Promise<CatalogueRow | undefined> =>
      db.selectFrom('catalogue_items').select(COLUMNS).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst(),
    insert: (ownerId: number, input: CatalogueInput): Promise<CatalogueRow> => {
      const now = new Date().toISOString();
      return db
        .insertInto('catalogue_items')
        .values({ ...values(input), owner_id: ownerId, created_at: now, updated_at: now })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
    },
    update: (ownerId: number, id: number, input: CatalogueInput): Promise<CatalogueRow | undefined> =>
      db
        .updateTable('catalogue_items')
        .set({ ...values(input), updated_at: new Date().toISOString() })
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirst(),
    remove: async (ownerId: number, id: number): Promise<boolean> => {
      const result = await db.deleteFrom('catalogue_items').where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
