import { PRIORITIES, PROJECT_STATUSES, type Priority, type ProjectStatus } from '@/shared/projects-tasks';
import type { ProjectOrdering, ProjectPageArgs } from './projects.api';

export interface ProjectFilters {
  search: string;
  status: ProjectStatus | '';
  priority: Priority | '';
}

export const EMPTY_PROJECT_FILTERS: ProjectFilters = { search: '', status: '', priority: '' };

/** The project list's columns the server sorts by (issue 29); the others sort the loaded rows. */
export const PROJECT_SERVER_SORTS: readonly string[] = ['name', 'due_date', 'created_at'];

/**
 * What the project list asks the server for (issue 29): SPEC 2's search (the server matches the
 * name and the clients' names), the status and priority filters, and the sort. Empty filters are left out.
 */
export function projectPageArgs(filters: ProjectFilters, ordering: ProjectOrdering): ProjectPageArgs {
  const search = filters.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.priority ? { priority: filters.priority } : {}),
    ordering,
  };
}

/** The status / priority of a route query, when it is a known value (else no filter). */
export function filtersFromQuery(query: URLSearchParams): Pick<ProjectFilters, 'status' | 'priority'> {
  const status = query.get('status') ?? '';
  const priority = query.get('priority') ?? '';
  return {
    status: (PROJECT_STATUSES as readonly string[]).includes(status) ? (status as ProjectStatus) : '',
    priority: (PRIORITIES as readonly string[]).includes(priority) ? (priority as Priority) : '',
  };
}
