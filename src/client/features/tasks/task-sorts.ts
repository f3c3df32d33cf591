import { parisToday } from '../../../shared/dates';
import { PRIORITY_RANK, type Task, type TaskStatus } from '../../../shared/workflow';
import { compareDueDates } from '../workflow/due-date';

type DashboardTask = Pick<Task, 'id' | 'status' | 'priority' | 'due_date'>;

/** Finished and cancelled tasks: never on the dashboard, never overdue. */
export const CLOSED_TASK_STATUSES: readonly TaskStatus[] = ['termine', 'annule'];

export const isTaskClosed = (task: Pick<Task, 'status'>) => CLOSED_TASK_STATUSES.includes(task.status);

/** An open task whose due date (a Paris calendar day) is before `today`. */
export function isTaskOverdue(task: Pick<Task, 'status' | 'due_date'>, today: string = parisToday()): boolean {
  return !isTaskClosed(task) && Boolean(task.due_date) && (task.due_date as string) < today;
}

const rankOf = (priority: string) => PRIORITY_RANK[priority as keyof typeof PRIORITY_RANK] ?? Number.MAX_SAFE_INTEGER;

/**
 * SPEC 9 dashboard task order: overdue first, then priority (urgent first), then due date
 * (none last), then id for a stable result.
 */
export function compareTasksForDashboard(today: string = parisToday()) {
  return (a: DashboardTask, b: DashboardTask): number =>
    Number(isTaskOverdue(b, today)) - Number(isTaskOverdue(a, today)) ||
    rankOf(a.priority) - rankOf(b.priority) ||
    compareDueDates(a.due_date, b.due_date) ||
    a.id - b.id;
}

/**
 * The dashboard's tasks: termine and annule excluded, sorted per SPEC 9, optionally cut to the
 * first `limit` (the dashboard shows 5). `today` is a 'YYYY-MM-DD' Paris day.
 */
export function sortTasksForDashboard<T extends DashboardTask>(
  tasks: readonly T[],
  today: string = parisToday(),
  limit?: number,
): T[] {
  const sorted = tasks.filter((task) => !isTaskClosed(task)).sort(compareTasksForDashboard(today));
  return limit === undefined ? sorted : sorted.slice(0, limit);
}
