import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Task } from '@/shared/contracts/tasks';
import { formatDate } from '@/client/lib/format';
import { Alert } from '@/client/ui/alert';
import { Badge } from '@/client/ui/badge';
import { Button } from '@/client/ui/button';
import { useConfirm } from '@/client/ui/confirm-dialog';
import { IconClose } from '@/client/ui/icons';
import { useToast } from '@/client/ui/toast';
import { QuickTaskForm, type QuickTaskValues } from '@/client/kit/quick-task-form';
import { RelatedItemBody, RelatedList, RelatedMeta } from '@/client/kit/related-list';
import { TASK_STATUS_TONES } from '@/client/kit/workflow-badges';
import { taskSelectors, useCreateTaskMutation, useDeleteTaskMutation, useListContactTasksQuery } from './tasks.api';

export const CONTACT_TASK_MESSAGES = {
  addError: "Erreur lors de l'ajout de la tâche.",
  deleteError: 'Erreur lors de la suppression de la tâche.',
  deleteConfirm: 'Supprimer cette tâche ?',
  added: 'Tâche ajoutée.',
  deleted: 'Tâche supprimée.',
} as const;

/** SPEC 2 "Contact form": the contact's unfinished tasks, a quick form to add one, deletion. The router gives it to the contact page. */
export function ContactTasksPanel({ contactId }: { contactId: number }) {
  const toast = useToast();
  const confirm = useConfirm();
  const tasks = useListContactTasksQuery(contactId);
  const [deleteTask] = useDeleteTaskMutation();
  const [createTask] = useCreateTaskMutation();
  const [error, setError] = useState<string | null>(null);

  const onCreate = async (values: QuickTaskValues) => {
    await createTask({ ...values, contact_ids: [contactId] }).unwrap();
    toast.success(CONTACT_TASK_MESSAGES.added);
  };

  const onDelete = async (task: Task) => {
    setError(null);
    const ok = await confirm({
      title: 'Supprimer la tâche',
      message: CONTACT_TASK_MESSAGES.deleteConfirm,
      confirmLabel: 'Supprimer',
    });
    if (!ok) return;
    try {
      await deleteTask(task.id).unwrap();
      toast.success(CONTACT_TASK_MESSAGES.deleted);
    } catch {
      setError(CONTACT_TASK_MESSAGES.deleteError);
    }
  };

  return (
    <RelatedList
      title="Tâches"
      items={tasks.data && taskSelectors.selectAll(tasks.data)}
      isLoading={tasks.isLoading}
      isError={tasks.isError}
      loadingLabel="Chargement des tâches..."
      errorMessage="Impossible de charger les tâches."
      emptyMessage="Aucune tâche en cours."
      renderItem={(task: Task) => (
        <>
          <RelatedItemBody>
            <Link to={`/tasks/${task.id}`}>{task.title}</Link>
            <RelatedMeta>
              <Badge tone={TASK_STATUS_TONES[task.status] ?? 'grey'}>{task.status_display}</Badge>
              {task.due_date && <span>Échéance : {formatDate(task.due_date)}</span>}
            </RelatedMeta>
          </RelatedItemBody>
          <Button
            variant="ghost"
            size="sm"
            iconOnly
            aria-label={`Supprimer la tâche ${task.title}`}
            title="Supprimer la tâche"
            onClick={() => onDelete(task)}
          >
            <IconClose size={16} />
          </Button>
        </>
      )}
    >
      {error && <Alert tone="error">{error}</Alert>}
      <QuickTaskForm onCreate={onCreate} errorMessage={CONTACT_TASK_MESSAGES.addError} />
    </RelatedList>
  );
}

