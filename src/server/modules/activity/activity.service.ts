import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { objectLink, type ActivityObjectType } from '@/shared/activity';
import type { ActivityEntry } from '@/shared/contracts/activity';
import { activityRepository } from './activity.repository';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

export function activityService(db: Kysely<Database>) {
  const repo = activityRepository(db);
  return {
    /** The latest entries; `askedLimit` is the raw query parameter (missing or invalid: DEFAULT_LIMIT). */
    async recent(ownerId: number, askedLimit: unknown): Promise<ActivityEntry[]> {
      const asked = Number.parseInt(String(askedLimit ?? ''), 10);
      const limit = Number.isFinite(asked) && asked > 0 ? Math.min(asked, MAX_LIMIT) : DEFAULT_LIMIT;
      const rows = await repo.latest(ownerId, limit);
      return rows.map(({ object_deleted, ...row }) => ({
        ...row,
        object_type: row.object_type as ActivityObjectType,
        action: row.action as ActivityEntry['action'],
        link: object_deleted ? null : objectLink(row.object_type as ActivityObjectType, row.object_id),
      }));
    },
  };
}

export type ActivityService = ReturnType<typeof activityService>;
