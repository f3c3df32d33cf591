import type { ActivityEntry, ActivityObjectType } from '../../../shared/activity';

export interface ActivityFilters {
  /** Free text, matched case-insensitively in the label, the action and the changes. */
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

/** SPEC 9 "Activity search matches label, action and changes text" (case-insensitive substring). */
export function filterActivities(entries: readonly ActivityEntry[], filters: ActivityFilters): ActivityEntry[] {
  const needle = filters.search.trim().toLocaleLowerCase('fr');
  const action = filters.action.toLocaleLowerCase('fr');
  return entries.filter((entry) => {
    if (filters.objectType && entry.object_type !== filters.objectType) return false;
    if (action && !entry.action.toLocaleLowerCase('fr').includes(action)) return false;
    if (!needle) return true;
    return [entry.object_label, entry.action, entry.changes].some((text) =>
      (text ?? '').toLocaleLowerCase('fr').includes(needle),
    );
  });
}
