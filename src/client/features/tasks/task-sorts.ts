import { parisToday } from '@/shared/dates';
import { CLOSED_TASK_STATUSES } from '@/shared/projects-tasks';
import type { Task } from '@/shared/contracts/tasks';

export const isTaskClosed = (task: Pick<Task, 'status'>) => CLOSED_TASK_STATUSES.includes(task.status);

/** An open task whose due date (a Paris calendar day) is before `today`. */
export function isTaskOverdue(task: Pick<Task, 'status' | 'due_date'>, today: string = parisToday()): boolean {
  return !isTaskClosed(task) && Boolean(task.due_date) && (task.due_date as string) < today;
}
