import type { ActivityAction, ActivityObjectType } from '@/shared/activity';
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
 * What the history asks the server for (issue 29): the search (SPEC 9: label, action and changes,
 * whatever the case and the accents — 'lefevre' finds Lefèvre, 'creee' an entry « créée »), the
 * object type and the action (SPEC 9's values, exact), and the sort.
 */
export function activityPageArgs(filters: ActivityFilters, ordering: ActivityOrdering): ActivityPageArgs {
  const search = filters.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(filters.objectType ? { object_type: filters.objectType } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ordering,
  };
}
