import { createEntityAdapter } from '@reduxjs/toolkit';
import { api, keysetPage, keysetPaging, type KeysetPage, type PageCursor } from '@/client/app/api';
import type { ActivityObjectType, ActivityAction } from '@/shared/activity';
import type { ActivityEntry, RecentActivityQuery } from '@/shared/contracts/activity';

/** SPEC 9: the dashboard shows 5 entries, the history requests 50 (a page of 50, issue 29). */
export const DASHBOARD_ACTIVITY_LIMIT = 5;
export const HISTORY_PAGE_SIZE = 50;

/** Each page of the history is normalised by this adapter (`keysetPage`). */
export const activitiesAdapter = createEntityAdapter<ActivityEntry>();

/** One page of the history (issue 29; README « Paged lists »). */
export type ActivityPage = KeysetPage<ActivityEntry>;

/** The history's one server sort: newest first (the server's default) or oldest first. */
export type ActivityOrdering = '-timestamp' | 'timestamp';

/** What the history asks the server for: the search, the object type and action filters and the sort. Absent means none. */
export interface ActivityPageArgs {
  search?: string;
  object_type?: ActivityObjectType;
  action?: ActivityAction;
  ordering?: ActivityOrdering;
}

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
    /**
     * The history, page by page (GET recent-activity/?page_size=50, then `cursor`=X-Next-Cursor):
     * filtered by object type and action and sorted by the server. Stale after any change, as the
     * dashboard's entries: a change refetches the loaded pages.
     */
    listActivityPages: build.infiniteQuery<ActivityPage, ActivityPageArgs, PageCursor>({
      infiniteQueryOptions: keysetPaging,
      query: ({ queryArg, pageParam }) => ({
        url: 'recent-activity/',
        params: { ...queryArg, page_size: HISTORY_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      transformResponse: (rows: ActivityEntry[], meta) => keysetPage(activitiesAdapter, rows, meta),
      providesTags: [...ACTIVITY_TAGS],
    }),
  }),
});

export const { useGetRecentActivityQuery, useListActivityPagesInfiniteQuery } = activitiesApi;
