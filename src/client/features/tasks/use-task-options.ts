import type { Task } from '@/shared/contracts/tasks';
import { usePickerSearch, type PickerSearch } from '@/client/app/api';
import { useListTaskOptionPagesInfiniteQuery } from './tasks.api';

export interface TaskSearch extends PickerSearch<Task> {
  /** The tasks matching the search, by title (as the server sorts them): `rows`. */
  tasks: Task[];
}

/**
 * Tasks for the pickers of other features (a document line's task), issue 29:
 * the server searches them (title, the project's and the contacts' names) once typing pauses and
 * answers the first 20 by title; `loadMore` asks for the next 20. Never the whole list (20,000
 * tasks would be megabytes on every page). The pages provide the Task tags: a task's change, or
 * an invoice billing one, refetches them.
 */
export function useTaskSearch(typed: string): TaskSearch {
  const found = usePickerSearch(typed, useListTaskOptionPagesInfiniteQuery);
  return { ...found, tasks: found.rows };
}
