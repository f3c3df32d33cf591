import { useMemo } from 'react';
import { useContactOptions } from '../contacts';
import { useTaskOptions } from '../tasks';
import type { ClientOption, TaskOption } from './document.types';

export interface DocumentOptions {
  /** The client picker's contacts, sorted by name. */
  clients: ClientOption[];
  clientsLoading: boolean;
  /** The line task picker's tasks, sorted by title, with what a line takes from them. */
  tasks: TaskOption[];
  failed: boolean;
}

/**
 * The document form's pickers, selected from the contact and task lists' normalised caches: the
 * form downloads neither list again when the list screens (or another form) already hold them.
 */
export function useDocumentOptions(): DocumentOptions {
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
        invoiceNumber: task.invoice ? (task.invoice.invoice_number ?? '') : null,
      })),
    [taskOptions.tasks],
  );
  return {
    clients: contacts.options,
    clientsLoading: contacts.isLoading,
    tasks,
    failed: contacts.isError || taskOptions.isError,
  };
}
