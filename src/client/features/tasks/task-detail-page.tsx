import { useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { asApiError } from '@/client/app/api';
import { formatNumber } from '@/client/lib/format';
import { Alert } from '@/client/ui/alert';
import { Button, ButtonLink } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { EmptyState } from '@/client/ui/empty-state';
import { IconChevronLeft } from '@/client/ui/icons';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { useToast } from '@/client/ui/toast';
import { UnsavedChangesGuard } from '@/client/kit/unsaved-changes-guard';
import { useRecordEditor } from '@/client/kit/use-record-editor';
import {
  buildTaskPayload,
  EMPTY_TASK_FORM,
  parseDecimal,
  TASK_CHECKED_FIELDS,
  TASK_ERROR_LABELS,
  TASK_MESSAGES,
  toTaskForm,
  validateTaskForm,
} from './task-form';
import { TASK_FIELD_ID, TaskFormFields } from './task-form-fields';
import { clearTimerStart, TaskTimer } from './task-timer';
import { useCreateTaskMutation, useDeleteTaskMutation, useGetTaskQuery, useUpdateTaskMutation } from './tasks.api';

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xl};
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};

  & > :last-child {
    margin-left: auto;
  }
`;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** /tasks/new (create; ?project_id= preselects a project) and /tasks/:id. */
export function TaskDetailPage() {
  const { id } = useParams();
  // A new key per task: going from one task (or /tasks/new) to another starts afresh.
  return <TaskEditor key={id ?? 'new'} idParam={id} />;
}

function BackLink() {
  return (
    <ButtonLink to="/dashboard">
      <IconChevronLeft size={18} aria-hidden="true" />
      Retour
    </ButtonLink>
  );
}

function TaskEditor({ idParam }: { idParam: string | undefined }) {
  const [query] = useSearchParams();
  const toast = useToast();
  const isNew = !idParam || idParam === 'new';
  const taskId = isNew ? null : Number(idParam);
  const validId = taskId !== null && Number.isInteger(taskId) && taskId > 0;
  const presetProject = query.get('project_id') ?? '';

  const { data: task, error: loadError } = useGetTaskQuery(taskId ?? 0, { skip: !validId });
  const [createTask, { isLoading: creating }] = useCreateTaskMutation();
  const [updateTask, { isLoading: updating }] = useUpdateTaskMutation();
  const [deleteTask, { isLoading: deleting }] = useDeleteTaskMutation();

  // No leaving on a load failure: SPEC 2 wants a dedicated not-found state (below).
  const editor = useRecordEditor({
    load: isNew ? null : { data: task, failed: !validId || Boolean(loadError) },
    // ?project_id= preselects a project.
    newForm: () => ({ ...EMPTY_TASK_FORM, project_id: /^\d+$/.test(presetProject) ? presetProject : '' }),
    toForm: toTaskForm,
    validate: validateTaskForm,
    focus: { fields: TASK_CHECKED_FIELDS, element: (field) => document.getElementById(TASK_FIELD_ID(field)) },
    save: {
      send: (form) =>
        taskId === null ? createTask(buildTaskPayload(form)).unwrap() : updateTask({ id: taskId, ...buildTaskPayload(form) }).unwrap(),
      createdPath: taskId === null ? (created) => `/tasks/${created.id}` : undefined,
      created: TASK_MESSAGES.created,
      updated: TASK_MESSAGES.updated,
      fields: TASK_CHECKED_FIELDS,
      labels: TASK_ERROR_LABELS,
    },
    remove:
      taskId === null
        ? undefined
        : {
            confirm: () => ({ title: 'Supprimer la tâche', message: TASK_MESSAGES.confirmDelete, confirmLabel: 'Supprimer' }),
            send: async () => {
              await deleteTask(taskId).unwrap();
              clearTimerStart(taskId);
            },
            deleted: TASK_MESSAGES.deleted,
            to: '/dashboard',
            failed: TASK_MESSAGES.deleteError,
          },
  });
  const { form, errors, refusal, update } = editor;

  /** Timer stop: the elapsed quarter hours are added to the actual time shown, and saved at once. */
  const onTimerStop = async (hours: number) => {
    if (taskId === null || !form) return;
    const base = parseDecimal(form.actual_time) ?? task?.actual_time ?? 0;
    try {
      const saved = await updateTask({ id: taskId, actual_time: round2(base + hours) }).unwrap();
      // Saved: the form and what it is compared with both take it (other unsaved changes stay so).
      editor.reset((previous) => ({ ...previous, actual_time: String(saved.actual_time) }));
      editor.clearErrors('actual_time');
      toast.success(`${TASK_MESSAGES.updated} Temps réel : +${formatNumber(hours)} h.`);
    } catch (err) {
      editor.showRefusal(err);
      throw err;
    }
  };

  if (!isNew && (!validId || (loadError && asApiError(loadError)?.status === 404))) {
    return (
      <Page title="Tâche introuvable" actions={<BackLink />}>
        <Card padded={false}>
          <EmptyState
            title={TASK_MESSAGES.notFound}
            action={
              <ButtonLink to="/dashboard" variant="primary">
                Retour au tableau de bord
              </ButtonLink>
            }
          />
        </Card>
      </Page>
    );
  }
  if (loadError && !task) {
    return (
      <Page title="Tâche" actions={<BackLink />}>
        <Alert tone="error">{TASK_MESSAGES.loadError}</Alert>
      </Page>
    );
  }
  if (!form) {
    return (
      <Page title="Tâche" actions={<BackLink />}>
        <Spinner label="Chargement de la tâche..." />
      </Page>
    );
  }

  const busy = creating || updating || deleting;

  return (
    <Page title={isNew ? 'Nouvelle tâche' : (task?.title ?? 'Tâche')} actions={<BackLink />}>
      <StyledForm noValidate onSubmit={editor.submit} aria-label="Tâche">
        {refusal && (
          <Alert tone="error">
            {isNew ? TASK_MESSAGES.createError : TASK_MESSAGES.updateError}
            {refusal.messages.length > 0 && (
              <>
                <br />
                {refusal.messages.join(' | ')}
              </>
            )}
          </Alert>
        )}

        <TaskFormFields
          form={form}
          errors={errors}
          update={update}
          task={task}
          timer={taskId !== null && <TaskTimer taskId={taskId} onStop={onTimerStop} disabled={busy} />}
        />

        <StyledActions>
          {!isNew && (
            <Button variant="danger" onClick={editor.remove} disabled={busy}>
              Supprimer
            </Button>
          )}
          <Button type="submit" variant="primary" size="lg" disabled={busy} aria-busy={creating || updating || undefined}>
            {isNew ? 'Créer la tâche' : 'Enregistrer'}
          </Button>
        </StyledActions>
      </StyledForm>
      <UnsavedChangesGuard dirty={editor.dirty} />
    </Page>
  );
}
