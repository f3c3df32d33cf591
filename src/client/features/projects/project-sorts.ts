import { PRIORITY_RANK, type Project } from '../../../shared/workflow';
import { compareDueDates } from '../workflow/due-date';

type DashboardProject = Pick<Project, 'id' | 'priority' | 'due_date'>;

const rankOf = (priority: string) => PRIORITY_RANK[priority as keyof typeof PRIORITY_RANK] ?? Number.MAX_SAFE_INTEGER;

/**
 * SPEC 9 dashboard project order: priority urgent, haute, normale, basse; then the earliest
 * due date first, projects without a date last; then by id, so that the order never depends
 * on the order the server sent.
 */
export function compareProjectsForDashboard(a: DashboardProject, b: DashboardProject): number {
  return rankOf(a.priority) - rankOf(b.priority) || compareDueDates(a.due_date, b.due_date) || a.id - b.id;
}

/** A sorted copy, optionally cut to the first `limit` projects (the dashboard shows 5). */
export function sortProjectsForDashboard<T extends DashboardProject>(projects: readonly T[], limit?: number): T[] {
  const sorted = [...projects].sort(compareProjectsForDashboard);
  return limit === undefined ? sorted : sorted.slice(0, limit);
}
