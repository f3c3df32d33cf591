/**
 * SPEC 9 dashboard lists: the ordering rules live with their entities (project-sorts.ts,
 * task-sorts.ts); the dashboard only fixes how many it shows.
 */
import { sortProjectsForDashboard } from '../projects/project-sorts';
import { sortTasksForDashboard } from '../tasks/task-sorts';
import type { Project, Task } from '../../../shared/workflow';

/** SPEC 9: the dashboard shows 5 projects and 5 tasks. */
export const DASHBOARD_LIST_SIZE = 5;

/** Ongoing projects: urgent → basse, then earliest due date (none last); the first five. */
export function selectDashboardProjects<T extends Pick<Project, 'id' | 'priority' | 'due_date'>>(projects: readonly T[]): T[] {
  return sortProjectsForDashboard(projects, DASHBOARD_LIST_SIZE);
}

/** Next tasks: termine/annule excluded, overdue first, then priority, then due date; the first five. */
export function selectDashboardTasks<T extends Pick<Task, 'id' | 'status' | 'priority' | 'due_date'>>(
  tasks: readonly T[],
  today: string,
): T[] {
  return sortTasksForDashboard(tasks, today, DASHBOARD_LIST_SIZE);
}
