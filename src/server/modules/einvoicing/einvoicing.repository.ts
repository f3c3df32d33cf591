import type { Kysely } from 'kysely';
import type { Database, EInvoicingSettingsTable } from '@/server/db/schema';

export type EInvoicingSettingsRow = EInvoicingSettingsTable;

/** The user's platform connection (einvoicing_settings: one row per account, the secret sealed). */
export function einvoicingRepository(db: Kysely<Database>) {
  return {
    find: (ownerId: number) => db.selectFrom('einvoicing_settings').selectAll().where('owner_id', '=', ownerId).executeTakeFirst(),

    /** Writes the settings (one row per account, whoever writes at once); the sync's columns are the sync's. */
    save: async (row: EInvoicingSettingsRow) => {
      const { owner_id: _owner, sync_cursor: _cursor, last_sync_at: _at, last_sync_error: _error, ...values } = row;
      await db
        .insertInto('einvoicing_settings')
        .values(row)
        .onConflict((oc) => oc.column('owner_id').doUpdateSet(values))
        .execute();
    },

    /** The accounts whose platform is on (the periodic sync visits each). */
    enabledOwners: async (): Promise<number[]> =>
      (await db.selectFrom('einvoicing_settings').select('owner_id').where('enabled', '=', 1).execute()).map((r) => r.owner_id),

    /** The sync's progress: the cursor only moves forward (two syncs of one account may overlap). */
    recordSync: async (ownerId: number, at: string, cursor: string | null, error: string | null) => {
      await db
        .updateTable('einvoicing_settings')
        .set((eb) => ({
          last_sync_at: at,
          last_sync_error: error,
          ...(cursor
            ? { sync_cursor: eb.case().when('sync_cursor', 'is', null).then(cursor).when('sync_cursor', '<', cursor).then(cursor).else(eb.ref('sync_cursor')).end() }
            : {}),
        }))
        .where('owner_id', '=', ownerId)
        .execute();
    },

    /** Marks an incoming flow handled; false when it already was. */
    markSeen: async (ownerId: number, flowId: string, at: string): Promise<boolean> => {
      const result = await db.insertInto('einvoicing_seen_flows').values({ owner_id: ownerId, flow_id: flowId, seen_at: at }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    seen: async (ownerId: number, flowIds: string[]): Promise<Set<string>> => {
      if (!flowIds.length) return new Set();
      const rows = await db.selectFrom('einvoicing_seen_flows').select('flow_id').where('owner_id', '=', ownerId).where('flow_id', 'in', flowIds).execute();
      return new Set(rows.map((r) => r.flow_id));
    },
  };
}
