import { useEffect, useRef, type ComponentType } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { asApiError } from '@/client/app/api';
import { Alert } from '@/client/ui/alert';
import { Button, ButtonLink } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { EmptyState } from '@/client/ui/empty-state';
import { IconChevronLeft } from '@/client/ui/icons';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { UnsavedChangesGuard } from '@/client/kit/unsaved-changes-guard';
import { useRecordEditor } from '@/client/kit/use-record-editor';
import {
  buildTaskPayload,
  EMPTY_TASK_FORM,
  TASK_CHECKED_FIELDS,
  TASK_ERROR_LABELS,
  TASK_MESSAGES,
  toTaskForm,
  validateTaskForm,
} from './task-form';
import { TASK_FIELD_ID, TaskFormFields } from './task-form-fields';
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

export interface TaskDetailPageProps {
  /** A saved task's time entries and timer (the time feature's panel, composed by the router; issue 28). */
  TimePanel?: ComponentType<{ taskId: number }>;
}

/** /tasks/new (create; ?project_id= preselects a project) and /tasks/:id. */
export function TaskDetailPage({ TimePanel }: TaskDetailPageProps) {
  const { id } = useParams();
  // A new key per task: going from one task (or /tasks/new) to another starts afresh.
  return <TaskEditor key={id ?? 'new'} idParam={id} TimePanel={TimePanel} />;
}

function BackLink() {
  return (
    <ButtonLink to="/dashboard">
      <IconChevronLeft size={18} aria-hidden="true" />
      Retour
    </ButtonLink>
  );
}

function TaskEditor({ idParam, TimePanel }: { idParam: string | undefined; TimePanel?: TaskDetailPageProps['TimePanel'] }) {
  const [query] = useSearchParams();
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
            },
            deleted: TASK_MESSAGES.deleted,
            to: '/dashboard',
            failed: TASK_MESSAGES.deleteError,
          },
  });
  const { form, errors, refusal, update } = editor;

  // The actual time is the sum of the task's time entries (issue 28): when an entry or the timer
  // changes it, the form and what it is compared with both take it (other unsaved changes stay so),
  // so that saving the form never puts back a stale total.
  const actualTime = task?.actual_time;
  const seenActual = useRef(actualTime);
  const { reset } = editor;
  useEffect(() => {
    if (actualTime === undefined || actualTime === seenActual.current) return;
    const first = seenActual.current === undefined;
    seenActual.current = actualTime;
    if (!first) reset((previous) => ({ ...previous, actual_time: toTaskForm({ ...task!, actual_time: actualTime }).actual_time }));
  }, [actualTime, reset, task]);

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
          timer={null}
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
      {TimePanel && taskId !== null && validId && <TimePanel taskId={taskId} />}
      <UnsavedChangesGuard dirty={editor.dirty} />
    </Page>
  );
}
