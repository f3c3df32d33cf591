import type { Priority, TaskStatus } from '@/shared/projects-tasks';
import type { Task } from '@/shared/contracts/tasks';
import { buildSearchIndex, matchesQuery, normalizeSearch, type SearchEntry } from '@/client/kit/search-index';

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

/** SPEC 2: the task list searches the title, the project's name and the contacts' names. */
export const buildTaskIndex = (tasks: readonly Task[]): SearchEntry<Task>[] =>
  buildSearchIndex(tasks, (t) => [t.title, t.project?.name, ...t.contacts.map((c) => c.name)]);

/** Text search (case- and accent-insensitive substring); status, priority, project and contact exact. */
export function filterTasks(index: readonly SearchEntry<Task>[], filters: TaskFilters): Task[] {
  const query = normalizeSearch(filters.search);
  const projectId = filters.project ? Number(filters.project) : null;
  const contactId = filters.contact ? Number(filters.contact) : null;
  const out: Task[] = [];
  for (const entry of index) {
    const t = entry.item;
    if (filters.status && t.status !== filters.status) continue;
    if (filters.priority && t.priority !== filters.priority) continue;
    if (projectId !== null && t.project?.id !== projectId) continue;
    if (contactId !== null && !t.contacts.some((c) => c.id === contactId)) continue;
    if (!matchesQuery(entry, query)) continue;
    out.push(t);
  }
  return out;
}

export const hasActiveFilters = (filters: TaskFilters) => Object.values(filters).some((v) => v !== '');
