import { useMemo } from 'react';
import type { Task } from '@/shared/contracts/tasks';
import type { SearchResults } from '@/client/ui/search-select';
import { useContactSearch } from '../contacts';
import { useTaskSearch } from '../tasks';
import type { TaskOption } from './document.types';

export interface DocumentOptions {
  /**
   * The invoice being edited (its own tasks are not billed elsewhere), null otherwise: a task's
   * `invoiceNumber` names the invoice that bills it unless it is this one.
   */
  invoiceId: number | null;
  /** The pickers' first contacts or tasks could not be loaded. */
  failed: boolean;
}

/**
 * The document form's pickers (issue 29): each searches the server (`ClientSelect`, a line's task
 * select), none downloads a whole list. The page reads the pickers' first pages (the same cache
 * entries: no request of its own) to say when they cannot be loaded.
 * `invoiceId`: the invoice being edited, null otherwise.
 */
export function useDocumentOptions(invoiceId: number | null = null): DocumentOptions {
  const contacts = useContactSearch('');
  const tasks = useTaskSearch('');
  return { invoiceId, failed: contacts.isError || tasks.isError };
}

/** A task as a line's picker offers it, with what a line takes from it. */
export function taskOptionOf(task: Task, invoiceId: number | null): TaskOption {
  return {
    id: task.id,
    title: task.title,
    description: task.description,
    hourly_rate: task.hourly_rate,
    cost: task.cost,
    actual_time: task.actual_time,
    estimated_time: task.estimated_time,
    projectName: task.project?.name ?? null,
    invoiceNumber: task.invoice && task.invoice.id !== invoiceId ? (task.invoice.invoice_number ?? '') : null,
  };
}

export interface TaskChoices {
  /** The tasks matching what was typed, by title. */
  tasks: TaskOption[];
  results: SearchResults;
  isLoading: boolean;
}

/** A line's task picker: the server's matches for what was typed (`useTaskSearch`), as options. */
export function useTaskChoices(typed: string, invoiceId: number | null): TaskChoices {
  const found = useTaskSearch(typed);
  const tasks = useMemo(() => found.tasks.map((task) => taskOptionOf(task, invoiceId)), [found.tasks, invoiceId]);
  const { shown, total, hasMore, loading, loadMore, isLoading } = found;
  const results = useMemo(() => ({ shown, total, hasMore, loading, loadMore }), [shown, total, hasMore, loading, loadMore]);
  return { tasks, results, isLoading };
}
