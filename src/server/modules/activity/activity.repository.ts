import type { Insertable, Kysely } from 'kysely';
import type { ActivitiesTable, Database } from '@/server/db/schema';

/** Every query is scoped to its owner. */
export function activityRepository(db: Kysely<Database>) {
  return {
    /** The owner's latest entries, newest first (id breaks ties within a timestamp). */
    latest: (ownerId: number, limit: number) =>
      db
        .selectFrom('activities')
        .select([
          'id', 'object_type', 'object_id', 'object_label', 'action', 'changes', 'timestamp', 'object_deleted', 'client_name', 'project_name',
        ])
        .where('owner_id', '=', ownerId)
        .orderBy('timestamp', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    insert: (entry: Insertable<ActivitiesTable>) => db.insertInto('activities').values(entry).execute(),

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
