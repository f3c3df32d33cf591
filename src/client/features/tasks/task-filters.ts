import type { Priority, TaskStatus } from '@/shared/projects-tasks';
import type { TaskOrdering, TaskPageArgs } from './tasks.api';

export interface TaskFilters {
  search: string;
  status: TaskStatus | '';
  priority: Priority | '';
  /** A project id, as the select holds it; '' = every project. */
  project: string;
  /** A contact id; '' = every contact. */
  contact: string;
}

export const EMPTY_TASK_FILTERS: TaskFilters = { search: '', status: '', priority: '', project: '', contact: '' };

/** The task list's sort until a column is chosen: the newest first. */
export const DEFAULT_TASK_ORDERING: TaskOrdering = '-created_at';

/** The task list's columns the server sorts by (issue 29); the others sort the loaded rows. */
export const TASK_SERVER_SORTS: readonly string[] = ['title', 'due_date', 'created_at'];

/**
 * What the task list asks the server for (issue 29): SPEC 2's search (the server matches the
 * title, the project's name and the contacts' names), the status, priority, project and contact
 * filters, and the sort. Empty filters are left out.
 */
export function taskPageArgs(filters: TaskFilters, ordering: TaskOrdering): TaskPageArgs {
  const search = filters.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.priority ? { priority: filters.priority } : {}),
    ...(filters.project ? { project: Number(filters.project) } : {}),
    ...(filters.contact ? { contact: Number(filters.contact) } : {}),
    ordering,
  };
}

export const hasActiveFilters = (filters: TaskFilters) => Object.values(filters).some((v) => v !== '');
