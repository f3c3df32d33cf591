import { api } from '@/client/app/api';
import type { ActivityEntry, RecentActivityQuery } from '@/shared/contracts/activity';

/** SPEC 9: the dashboard shows 5 entries, the history requests 50. */
export const DASHBOARD_ACTIVITY_LIMIT = 5;
export const HISTORY_ACTIVITY_LIMIT = 50;

/**
 * Every create, update and delete writes an entry (DESIGN.md 4), so the history is stale
 * after any entity change: it listens to the entity list tags as well as 'Activity' (a LIST
 * tag is invalidated both by `{ type, id: 'LIST' }` and by the bare type).
 */
const ACTIVITY_TAGS = [
  'Activity',
  ...(['Contact', 'Project', 'Task', 'Quote', 'Invoice'] as const).map((type) => ({ type, id: 'LIST' })),
] as const;

export const activitiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRecentActivity: build.query<ActivityEntry[], number>({
      query: (limit) => ({ url: 'recent-activity/', params: { limit } satisfies RecentActivityQuery }),
      providesTags: [...ACTIVITY_TAGS],
    }),
  }),
});

export const { useGetRecentActivityQuery } = activitiesApi;
