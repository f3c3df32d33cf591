import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { NamedRef } from '@/shared/contracts/common';
import { badRequest } from './errors';

type OwnedTable = 'contacts' | 'projects' | 'tasks';

const invalidPk = (id: number) => `Clé primaire « ${id} » non valide - l'objet n'existe pas.`;

/**
 * Checks that every id names a row of `table` owned by `ownerId`; otherwise a 400 on `field`
 * (another user's id is reported exactly like a missing one).
 */
export async function assertOwned(
  db: Kysely<Database>,
  table: OwnedTable,
  ownerId: number,
  ids: number[],
  field: string,
): Promise<void> {
  if (!ids.length) return;
  const rows = await db.selectFrom(table).select('id').where('owner_id', '=', ownerId).where('id', 'in', ids).execute();
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw badRequest({ [field]: missing.map(invalidPk) });
}

type LinkTable = 'project_contacts' | 'task_contacts';
const OWNER_COLUMN = { project_contacts: 'project_id', task_contacts: 'task_id' } as const;

/** Contacts linked to each of `ids` through a join table, sorted by name. */
export async function linkedContacts(db: Kysely<Database>, table: LinkTable, ids: number[] | 'all', ownerId: number) {
  const column = OWNER_COLUMN[table];
  const byOwner = new Map<number, NamedRef[]>();
  if (ids !== 'all' && !ids.length) return byOwner;
  const rows = await db
    .selectFrom(`${table} as l` as 'project_contacts as l')
    .innerJoin('contacts as c', 'c.id', 'l.contact_id')
    .select([sql.ref<number>(`l.${column}`).as('owner_key'), 'c.id', 'c.name'])
    .where('c.owner_id', '=', ownerId)
    .$if(ids !== 'all', (q) => q.where(`l.${column}` as 'l.project_id', 'in', ids as number[]))
    .orderBy('c.name')
    .execute();
  for (const row of rows) {
    const key = row.owner_key;
    const list = byOwner.get(key) ?? [];
    list.push({ id: row.id, name: row.name });
    byOwner.set(key, list);
  }
  return byOwner;
}

/** Replaces the contacts linked to one row. */
export async function setLinkedContacts(db: Kysely<Database>, table: LinkTable, id: number, contactIds: number[]) {
  const column = OWNER_COLUMN[table];
  await db.deleteFrom(table).where(column as 'project_id', '=', id).execute();
  if (contactIds.length) {
    await db
      .insertInto(table as 'project_contacts')
      .values(contactIds.map((contact_id) => ({ [column]: id, contact_id }) as { project_id: number; contact_id: number }))
      .execute();
  }
}
