import type { Insertable, Kysely } from 'kysely';
import type { ActivitiesTable, Database } from '@/server/db/schema';
import { applyListFilters, countRows, type ListPage } from '@/server/http/list-filters';
import { cutPage, keysetRequest, seekPage, type Sorts } from '@/server/http/keyset';

const COLUMNS = [
  'id', 'object_type', 'object_id', 'object_label', 'action', 'changes', 'timestamp', 'object_deleted', 'client_name', 'project_name',
] as const;

/** The history's one keyset sort, newest first by default: activities_owner_timestamp_page_idx (migration 0033). */
const PAGE_SORTS: Sorts = { timestamp: { column: 'timestamp', type: 'text' } };

/** Every query is scoped to its owner. */
export function activityRepository(db: Kysely<Database>) {
  return {
    /** The owner's latest entries, newest first (id breaks ties within a timestamp). */
    latest: (ownerId: number, limit: number) =>
      db
        .selectFrom('activities')
        .select(COLUMNS)
        .where('owner_id', '=', ownerId)
        .orderBy('timestamp', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /**
     * One keyset page of the history (undefined without `page_size`), `object_type` and `action`
     * exact (each also `__in`), counted with the same filters on the owner's index.
     */
    async page(ownerId: number, params: Record<string, unknown>) {
      const page = keysetRequest(params, 'activity', PAGE_SORTS, '-timestamp');
      if (!page) return undefined;
      const query = applyListFilters(db.selectFrom('activities').select(COLUMNS).where('owner_id', '=', ownerId), params, {
        object_type: 'object_type',
        action: 'action',
      });
      const total = await countRows(query);
      const { rows, nextCursor } = cutPage(page, await seekPage(query, page, 'id').execute());
      return { items: rows, total, nextCursor } satisfies ListPage<unknown>;
    },

    insert: (entry: Insertable<ActivitiesTable>) => db.insertInto('activities').values(entry).execute(),

    /** Inserts the entry unless one with its `dedupe_key` exists (the unique index decides: one statement, no race). */
    insertOnce: (entry: Insertable<ActivitiesTable> & { dedupe_key: string }) =>
      db.insertInto('activities').values(entry).onConflict((oc) => oc.column('dedupe_key').doNothing()).execute(),

    /** Flags every entry of a deleted object, so that none links to it any more. */
    markDeleted: (ownerId: number, objectType: string, objectId: number) =>
      db
        .updateTable('activities')
        .set({ object_deleted: 1 })
        .where('owner_id', '=', ownerId)
        .where('object_type', '=', objectType)
        .where('object_id', '=', objectId)
        .execute(),
  };
}
