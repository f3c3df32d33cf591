import { activityActionLabel, type ActivityAction, type ActivityObjectType } from '@/shared/activity';
import type { ActivityEntry } from '@/shared/contracts/activity';
import { normalizeSearch } from '@/shared/search';
import type { ActivityOrdering, ActivityPageArgs } from './activities.api';

export interface ActivityFilters {
  /** Free text, matched in the label, the action and the changes, whatever the case and accents. */
  search: string;
  /** '' = every object type. */
  objectType: ActivityObjectType | '';
  /** '' = every action; otherwise one of SPEC 9's values, which the server matches. */
  action: ActivityAction | '';
}

export const EMPTY_ACTIVITY_FILTERS: ActivityFilters = { search: '', objectType: '', action: '' };

export function hasActiveFilters(filters: ActivityFilters): boolean {
  return filters.search.trim() !== '' || filters.objectType !== '' || filters.action !== '';
}

/**
 * SPEC 9 "Activity search matches label, action and changes text": a substring, whatever the case
 * and the accents (issue 18: 'lefevre' finds Lefèvre, as every other search of the app), the
 * action as the history prints it ('créée'). The server has no search over the history (no search
 * text column, README « Paged lists »): this reads the entries loaded.
 */
export function searchActivities(entries: readonly ActivityEntry[], search: string): readonly ActivityEntry[] {
  const needle = normalizeSearch(search);
  if (!needle) return entries;
  return entries.filter((entry) =>
    [entry.object_label, activityActionLabel(entry.object_type, entry.action), entry.changes].some((text) =>
      normalizeSearch(text ?? '').includes(needle),
    ),
  );
}

/** What the history asks the server for (issue 29): the object type and the action (SPEC 9's values, exact), and the sort. */
export function activityPageArgs(filters: ActivityFilters, ordering: ActivityOrdering): ActivityPageArgs {
  return {
    ...(filters.objectType ? { object_type: filters.objectType } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ordering,
  };
}
