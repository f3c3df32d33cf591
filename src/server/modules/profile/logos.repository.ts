import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';

/** A user's logo (issue 28): the PNG made from what was uploaded, never the upload itself. */
export interface StoredLogo {
  png: Buffer;
  width: number;
  height: number;
  updated_at: string;
}

export function logosRepository(db: Kysely<Database>) {
  return {
    async find(ownerId: number): Promise<StoredLogo | undefined> {
      const row = await db.selectFrom('user_logos').select(['png', 'width', 'height', 'updated_at']).where('owner_id', '=', ownerId).executeTakeFirst();
      return row && { ...row, png: Buffer.from(row.png) };
    },
    async updatedAt(ownerId: number): Promise<string | null> {
      const row = await db.selectFrom('user_logos').select('updated_at').where('owner_id', '=', ownerId).executeTakeFirst();
      return row?.updated_at ?? null;
    },
    async save(ownerId: number, logo: StoredLogo): Promise<void> {
      await db
        .insertInto('user_logos')
        .values({ owner_id: ownerId, ...logo })
        .onConflict((oc) => oc.column('owner_id').doUpdateSet({ png: logo.png, width: logo.width, height: logo.height, updated_at: logo.updated_at }))
        .execute();
    },
    async remove(ownerId: number): Promise<boolean> {
      const result = await db.deleteFrom('user_logos').where('owner_id', '=', ownerId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
