import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { objectLink, type ActivityObjectType } from '@/shared/activity';
import type { ActivityEntry } from '@/shared/contracts/activity';
import type { ListPage } from '@/server/http/list-filters';
import { activityRepository } from './activity.repository';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

type EntryRow = Awaited<ReturnType<ReturnType<typeof activityRepository>['latest']>>[number];

const toEntry = ({ object_deleted, ...row }: EntryRow): ActivityEntry => ({
  ...row,
  object_type: row.object_type as ActivityObjectType,
  action: row.action as ActivityEntry['action'],
  link: object_deleted ? null : objectLink(row.object_type as ActivityObjectType, row.object_id),
});

export function activityService(db: Kysely<Database>) {
  const repo = activityRepository(db);
  return {
    /** The latest entries; `askedLimit` is the raw query parameter (missing or invalid: DEFAULT_LIMIT). */
    async recent(ownerId: number, askedLimit: unknown): Promise<ActivityEntry[]> {
      const asked = Number.parseInt(String(askedLimit ?? ''), 10);
      const limit = Number.isFinite(asked) && asked > 0 ? Math.min(asked, MAX_LIMIT) : DEFAULT_LIMIT;
      return (await repo.latest(ownerId, limit)).map(toEntry);
    },
    /** One keyset page of the history (issue 29), undefined without `page_size`. */
    async page(ownerId: number, params: Record<string, unknown>): Promise<ListPage<ActivityEntry> | undefined> {
      const page = await repo.page(ownerId, params);
      return page && { ...page, items: page.items.map(toEntry) };
    },
  };
}

export type ActivityService = ReturnType<typeof activityService>;
