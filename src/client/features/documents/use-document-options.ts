import { useMemo } from 'react';
import { useContactOptions } from '../contacts';
import { useTaskOptions } from '../tasks';
import type { ClientOption, TaskOption } from './document.types';

export interface DocumentOptions {
  /** The client picker's contacts, sorted by name. */
  clients: ClientOption[];
  clientsLoading: boolean;
  /**
   * The line task picker's tasks, sorted by title, with what a line takes from them. A task's
   * `invoiceNumber` names the invoice that bills it ('' for a draft) unless it is the invoice
   * being edited: null means it is free for this document's lines.
   */
  tasks: TaskOption[];
  failed: boolean;
}

/**
 * The document form's pickers, selected from the contact and task lists' normalised caches: the
 * form downloads neither list again when the list screens (or another form) already hold them.
 * `invoiceId`: the invoice being edited (its own tasks are not billed elsewhere), null otherwise.
 */
export function useDocumentOptions(invoiceId: number | null = null): DocumentOptions {
  const contacts = useContactOptions();
  const taskOptions = useTaskOptions();
  const tasks = useMemo(
    () =>
      taskOptions.tasks.map((task) => ({
        id: task.id,
        title: task.title,
        description: task.description,
        hourly_rate: task.hourly_rate,
        cost: task.cost,
        actual_time: task.actual_time,
        estimated_time: task.estimated_time,
        projectName: task.project?.name ?? null,
        invoiceNumber: task.invoice && task.invoice.id !== invoiceId ? (task.invoice.invoice_number ?? '') : null,
      })),
    [taskOptions.tasks, invoiceId],
  );
  return {
    clients: contacts.options,
    clientsLoading: contacts.isLoading,
    tasks,
    failed: contacts.isError || taskOptions.isError,
  };
}
