import { PRIORITY_RANK, type Priority } from '@/shared/projects-tasks';

/**
 * Table sort keys as numbers: comparing numbers is far cheaper than collating date strings,
 * which matters when 20,000 rows are sorted. Missing dates give null (always last).
 */
export function dateSortValue(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** Priority column: urgent first when ascending. */
export const prioritySortValue = (priority: Priority): number => PRIORITY_RANK[priority] ?? Number.MAX_SAFE_INTEGER;

/** Status columns sort in workflow order (brouillon → annule), not alphabetically. */
export const workflowOrder = <S extends string>(statuses: readonly S[]) => {
  const rank = new Map<string, number>(statuses.map((s, i) => [s, i]));
  return (status: S): number => rank.get(status) ?? statuses.length;
};
