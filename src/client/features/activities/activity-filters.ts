import { activityActionLabel, type ActivityObjectType } from '@/shared/activity';
import type { ActivityEntry } from '@/shared/contracts/activity';
import { normalizeSearch } from '@/shared/search';

export interface ActivityFilters {
  /** Free text, matched in the label, the action and the changes, whatever the case and accents. */
  search: string;
  /** '' = every object type. */
  objectType: ActivityObjectType | '';
  /** '' = every action; otherwise matched as a substring of the action (SPEC 9). */
  action: string;
}

export const EMPTY_ACTIVITY_FILTERS: ActivityFilters = { search: '', objectType: '', action: '' };

export function hasActiveFilters(filters: ActivityFilters): boolean {
  return filters.search.trim() !== '' || filters.objectType !== '' || filters.action !== '';
}

/**
 * SPEC 9 "Activity search matches label, action and changes text": a substring, whatever the case
 * and the accents (issue 18: 'lefevre' finds Lefèvre, as every other search of the app), the
 * action as the history prints it ('créée'). The action filter matches the API's values.
 */
export function filterActivities(entries: readonly ActivityEntry[], filters: ActivityFilters): ActivityEntry[] {
  const needle = normalizeSearch(filters.search);
  const action = filters.action.toLocaleLowerCase('fr');
  return entries.filter((entry) => {
    if (filters.objectType && entry.object_type !== filters.objectType) return false;
    if (action && !entry.action.toLocaleLowerCase('fr').includes(action)) return false;
    if (!needle) return true;
    return [entry.object_label, activityActionLabel(entry.object_type, entry.action), entry.changes].some((text) =>
      normalizeSearch(text ?? '').includes(needle),
    );
  });
}
