import { PRIORITIES, PROJECT_STATUSES, type Priority, type ProjectStatus } from '@/shared/projects-tasks';
import type { Project } from '@/shared/contracts/projects';
import { buildSearchIndex, matchesQuery, normalizeSearch, type SearchEntry } from '@/client/kit/search-index';

export interface ProjectFilters {
  search: string;
  status: ProjectStatus | '';
  priority: Priority | '';
}

export const EMPTY_PROJECT_FILTERS: ProjectFilters = { search: '', status: '', priority: '' };

/** SPEC 2: the project list searches the name and the clients' names. */
export const buildProjectIndex = (projects: readonly Project[]): SearchEntry<Project>[] =>
  buildSearchIndex(projects, (p) => [p.name, ...p.contacts.map((c) => c.name)]);

/** Text search (case- and accent-insensitive substring) and exact status / priority. */
export function filterProjects(index: readonly SearchEntry<Project>[], filters: ProjectFilters): Project[] {
  const query = normalizeSearch(filters.search);
  const out: Project[] = [];
  for (const entry of index) {
    const p = entry.item;
    if (filters.status && p.status !== filters.status) continue;
    if (filters.priority && p.priority !== filters.priority) continue;
    if (!matchesQuery(entry, query)) continue;
    out.push(p);
  }
  return out;
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
