import { z } from 'zod';
import { ACTIVITY_ACTIONS, ACTIVITY_OBJECT_TYPES } from '@/shared/activity';
import { PAGE_PARAMS, queryParam } from './common';

/** An entry of the history (SPEC section 3 "Activity entry"). */
export const activityEntrySchema = z.object({
  id: z.number(),
  object_type: z.enum(ACTIVITY_OBJECT_TYPES),
  object_id: z.number(),
  object_label: z.string(),
  action: z.enum(ACTIVITY_ACTIONS),
  /** `(champ: ancien → nouveau; …)`, '' when there is nothing to list. */
  changes: z.string(),
  timestamp: z.string(),
  /** SPA route of the object, null once it has been deleted. */
  link: z.string().nullable(),
  client_name: z.string().nullable(),
  project_name: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/**
 * Query of GET recent-activity/ (answered with ActivityEntry[], newest first): `limit`, how many
 * entries, 50 when absent or not a positive number, at most 200.
 */
export const recentActivityQuerySchema = z.looseObject({
  limit: queryParam,
  // With page_size only (issue 29): keyset pages, newest first (`ordering=timestamp`: oldest first).
  page_size: PAGE_PARAMS.page_size,
  cursor: PAGE_PARAMS.cursor,
  ordering: queryParam.describe('Avec page_size : -timestamp (défaut) ou timestamp.'),
  object_type: queryParam,
  object_type__in: queryParam,
  action: queryParam,
  action__in: queryParam,
  search: PAGE_PARAMS.search,
});
export interface RecentActivityQuery {
  limit?: number;
}
