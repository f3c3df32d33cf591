import { useMemo } from 'react';
import type { Task } from '@/shared/contracts/tasks';
import { EMPTY_TASKS, taskSelectors, useListTasksQuery } from './tasks.api';

// Built once (Intl objects are costly).
const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

export interface TaskOptions {
  /** The user's tasks, sorted by title. */
  tasks: Task[];
  isLoading: boolean;
  isError: boolean;
}

/**
 * Tasks for the pickers of other features (a document line's task). It reads the task list's
 * normalised query (GET tasks/), so the task list screen and the pickers share one cached
 * request, kept fresh by the Task tags.
 */
export function useTaskOptions(): TaskOptions {
  const { data = EMPTY_TASKS, isLoading, isError } = useListTasksQuery();
  const tasks = useMemo(() => [...taskSelectors.selectAll(data)].sort((a, b) => collator.compare(a.title, b.title)), [data]);
  return { tasks, isLoading, isError };
}
