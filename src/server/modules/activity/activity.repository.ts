import type { Insertable, Kysely } from 'kysely';
import type { ActivitiesTable, Database } from '@/server/db/schema';
import { applyListFilters, type ListPage } from '@/server/http/list-filters';
import { cutPage, firstPageTotal, keysetRequest, searchTextContains, seekPage, type Sorts } from '@/server/http/keyset';
import { activityActionLabel } from '@/shared/activity';
import { normalizeSearch } from '@/shared/search';

const COLUMNS = [
  'id', 'object_type', 'object_id', 'object_label', 'action', 'changes', 'timestamp', 'object_deleted', 'client_name', 'project_name',
] as const;

/** The history's one keyset sort, newest first by default: activities_owner_timestamp_page_idx (migration 0033). */
const PAGE_SORTS: Sorts = { timestamp: { column: 'timestamp', type: 'text' } };

/**
 * What the history's search reads (issue 29): the label, the action as the history prints it
 * ('créée') and the changes, normalised like every search of the app (case, accents).
 */
export const activitySearchText = (entry: Pick<ActivitiesTable, 'object_type' | 'object_label' | 'action' | 'changes'>) =>
  normalizeSearch([entry.object_label, activityActionLabel(entry.object_type, entry.action), entry.changes].join(' '));

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
     * exact (each also `__in`), `search` in the entries' search texts, counted with the same filters
     * on the owner's index.
     */
    async page(ownerId: number, params: Record<string, unknown>) {
      const page = keysetRequest(params, 'activity', PAGE_SORTS, '-timestamp');
      if (!page) return undefined;
      const query = applyListFilters(db.selectFrom('activities').select(COLUMNS).where('owner_id', '=', ownerId), params, {
        object_type: 'object_type',
        action: 'action',
      });
      const search = typeof params.search === 'string' ? normalizeSearch(params.search) : '';
      const searched = search ? query.where(searchTextContains('search_text', search)) : query;
      const counted = await firstPageTotal(db, page, searched);
      const { rows, nextCursor } = cutPage(page, await seekPage(searched, page, 'id').execute());
      return { items: rows, ...counted, nextCursor } satisfies ListPage<unknown>;
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
