import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { notFound } from '@/server/http/errors';
import type { CatalogueInput, CatalogueItem } from '@/shared/contracts/catalogue';
import { fromHundredths, fromTenThousandths } from '@/shared/money';
import { lineUnitOf } from '@/shared/units';
import { catalogueRepository, type CatalogueRow } from './catalogue.repository';

/** A row as the API gives it: euros with 4 decimals, percent. */
const toItem = (row: CatalogueRow): CatalogueItem => ({
  id: row.id,
  title: row.title,
  description: row.description,
  unit: lineUnitOf(row.unit),
  unit_price: fromTenThousandths(Number(row.unit_price_centicents)),
  tax_rate: fromHundredths(Number(row.tax_rate)),
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** The catalogue (issue 28): the user's own items; another user's id is a 404 like a missing one. */
export function catalogueService(db: Kysely<Database>) {
  const repo = catalogueRepository(db);
  const found = (row: CatalogueRow | undefined) => {
    if (!row) throw notFound();
    return toItem(row);
  };
  return {
    list: async (ownerId: number, q = '') => (await repo.list(ownerId, q)).map(toItem),
    get: async (ownerId: number, id: number) => found(await repo.find(ownerId, id)),
    create: async (ownerId: number, input: CatalogueInput) => toItem(await repo.insert(ownerId, input)),
    update: async (ownerId: number, id: number, input: CatalogueInput) => found(await repo.update(ownerId, id, input)),
    async remove(ownerId: number, id: number) {
      if (!(await repo.remove(ownerId, id))) throw notFound();
    },
  };
}

export type CatalogueService = ReturnType<typeof catalogueService>;
