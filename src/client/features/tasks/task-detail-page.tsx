import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { PRIORITIES, PRIORITY_LABELS, TASK_FIELD_LABELS, TASK_STATUS_LABELS } from '../../../shared/workflow';
import { asApiError } from '../../app/api';
import { formatMoney, formatNumber } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button, ButtonLink } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { DecimalField } from '../../ui/decimal-field';
import { FormGrid, Select, StyledLabel, TextArea, TextField, type SelectOption } from '../../ui/form-fields';
import { IconChevronLeft } from '../../ui/icons';
import { Page } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { ALL_PROJECTS, EMPTY_PROJECTS, projectSelectors, useListProjectsQuery } from '../projects';
import { ContactPicker } from '../../workflow/contact-picker';
import { LinkChip, StyledChipList } from '../../workflow/link-chip';
import { useRecordEditor } from '../../workflow/use-record-editor';
import { useContactOptions } from '../contacts';
import { optionsWithCurrent, PAYMENT_STATUS_OPTIONS, TASK_FORM_STATUSES } from '../../workflow/workflow-options';
import {
  buildTaskPayload,
  EMPTY_TASK_FORM,
  parseDecimal,
  TASK_CHECKED_FIELDS,
  TASK_ERROR_LABELS,
  TASK_MESSAGES,
  toTaskForm,
  validateTaskForm,
  type TaskFormValues,
} from './task-form';
import { clearTimerStart, TaskTimer } from './task-timer';
import { TaskInvoiceBadge } from './task-invoice-badge';
import { useCreateTaskMutation, useDeleteTaskMutation, useGetTaskQuery, useUpdateTaskMutation } from './tasks.api';

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xl};
`;

const StyledWide = styled.div`
  grid-column: 1 / -1;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  min-width: 0;
`;

const StyledCheck = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  min-height: 40px;
  align-self: end;

  input {
    width: 20px;
    height: 20px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};

  & > :last-child {
    margin-left: auto;
  }
`;

const FIELD_ID = (name: string) => `task-${name}`;

const PRIORITY_OPTIONS = optionsWithCurrent(PRIORITIES, PRIORITY_LABELS);
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
  const { data: projectData = EMPTY_PROJECTS } = useListProjectsQuery(ALL_PROJECTS);
  const { options: contactOptions, isLoading: contactsLoading } = useContactOptions();
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
    focus: { fields: TASK_CHECKED_FIELDS, element: (field) => document.getElementById(FIELD_ID(field)) },
    save: {
      send: (form) =>
        taskId === null ? createTask(buildTaskPayload(form)).unwrap() : updateTask({ id: taskId, ...buildTaskPayload(form) }).unwrap(),
      createdPath: taskId === null ? (created) => `/tasks/${created.id}` : undefined,
      created: TASK_MESSAGES.created,
      updated: TASK_MESSAGES.updated,
      fields: TASK_CHECKED_FIELDS,
      labels: TASK_ERROR_LABELS,
    },
    remove: {
      confirm: () => ({ title: 'Supprimer la tâche', message: TASK_MESSAGES.confirmDelete, confirmLabel: 'Supprimer' }),
      send: async () => {
        await deleteTask(taskId ?? 0).unwrap();
        clearTimerStart(taskId ?? 0);
      },
      deleted: TASK_MESSAGES.deleted,
      to: '/dashboard',
      failed: TASK_MESSAGES.deleteError,
    },
  });
  const { form, errors, refusal, update } = editor;

  const projectOptions = useMemo<SelectOption[]>(() => {
    const options = projectSelectors.selectAll(projectData).map((p) => ({ value: String(p.id), label: p.name }));
    // The task's project stays selectable even before the list arrives.
    if (task?.project && !options.some((o) => o.value === String(task.project?.id))) {
      options.unshift({ value: String(task.project.id), label: task.project.name });
    }
    return options;
  }, [projectData, task]);

  const onText =
    (field: { [K in keyof TaskFormValues]: TaskFormValues[K] extends string ? K : never }[keyof TaskFormValues]) =>
    (event: { target: { value: string } }) =>
      update(field, event.target.value as never);

  /** Timer stop: the elapsed quarter hours are added to the actual time shown, and saved at once. */
  const onTimerStop = async (hours: number) => {
    if (taskId === null || !form) return;
    const base = parseDecimal(form.actual_time) ?? task?.actual_time ?? 0;
    try {
      const saved = await updateTask({ id: taskId, actual_time: round2(base + hours) }).unwrap();
      editor.setForm((previous) => ({ ...previous, actual_time: String(saved.actual_time) }));
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
  const cost = task?.cost ?? 0;
  const selectedProjectName =
    projectOptions.find((o) => o.value === form.project_id)?.label ?? (form.project_id ? 'Projet inconnu' : null);

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

        <Card title="Général">
          <FormGrid>
            <StyledWide>
              <TextField
                id={FIELD_ID('title')}
                label={TASK_FIELD_LABELS.title}
                value={form.title}
                onChange={onText('title')}
                error={errors?.title}
                required
                maxLength={300}
                autoComplete="off"
              />
            </StyledWide>
            <StyledWide>
              <TextArea
                id={FIELD_ID('description')}
                label={TASK_FIELD_LABELS.description}
                value={form.description}
                onChange={onText('description')}
                rows={4}
              />
            </StyledWide>
            <Select
              id={FIELD_ID('status')}
              label={TASK_FIELD_LABELS.status}
              options={optionsWithCurrent(TASK_FORM_STATUSES, TASK_STATUS_LABELS, form.status)}
              value={form.status}
              onChange={(event) => update('status', event.target.value as TaskFormValues['status'])}
            />
            <Select
              id={FIELD_ID('priority')}
              label={TASK_FIELD_LABELS.priority}
              options={PRIORITY_OPTIONS}
              value={form.priority}
              onChange={(event) => update('priority', event.target.value as TaskFormValues['priority'])}
            />
            <TextField
              id={FIELD_ID('due_date')}
              type="date"
              label={TASK_FIELD_LABELS.due_date}
              value={form.due_date}
              onChange={onText('due_date')}
            />
            <StyledWide>
              <Select
                id={FIELD_ID('project_id')}
                label={TASK_FIELD_LABELS.project}
                placeholderOption="— Aucun projet"
                options={projectOptions}
                value={form.project_id}
                onChange={onText('project_id')}
              />
              {form.project_id && selectedProjectName && (
                <StyledChipList aria-label="Projet sélectionné">
                  <LinkChip to={`/projects/${form.project_id}`} label={selectedProjectName} />
                </StyledChipList>
              )}
            </StyledWide>
            <StyledWide>
              <ContactPicker
                legend={TASK_FIELD_LABELS.contacts}
                addLabel="Ajouter un contact"
                options={contactOptions}
                known={task?.contacts}
                value={form.contact_ids}
                onChange={(ids) => update('contact_ids', ids)}
                loading={contactsLoading}
              />
            </StyledWide>
          </FormGrid>
        </Card>

        <Card title="Suivi du temps">
          <FormGrid>
            <DecimalField
              id={FIELD_ID('estimated_time')}
              format="quantity"
              label={`${TASK_FIELD_LABELS.estimated_time} (heures)`}
              value={form.estimated_time}
              onChange={(value) => update('estimated_time', value)}
              error={errors?.estimated_time}
            />
            <DecimalField
              id={FIELD_ID('actual_time')}
              format="quantity"
              label={`${TASK_FIELD_LABELS.actual_time} (heures)`}
              value={form.actual_time}
              onChange={(value) => update('actual_time', value)}
              error={errors?.actual_time}
            />
            <TextField
              id={FIELD_ID('start_time')}
              type="datetime-local"
              label={TASK_FIELD_LABELS.start_time}
              value={form.start_time}
              onChange={onText('start_time')}
            />
            <TextField
              id={FIELD_ID('end_time')}
              type="datetime-local"
              label={TASK_FIELD_LABELS.end_time}
              value={form.end_time}
              onChange={onText('end_time')}
              error={errors?.end_time}
            />
            {taskId !== null && (
              <StyledWide>
                <TaskTimer taskId={taskId} onStop={onTimerStop} disabled={busy} />
              </StyledWide>
            )}
          </FormGrid>
        </Card>

        <Card title="Facturation" actions={<TaskInvoiceBadge invoice={task?.invoice} />}>
          <FormGrid>
            <StyledCheck>
              <input
                id={FIELD_ID('billable')}
                type="checkbox"
                checked={form.billable}
                onChange={(event) => update('billable', event.target.checked)}
              />
              <StyledLabel htmlFor={FIELD_ID('billable')}>{TASK_FIELD_LABELS.billable}</StyledLabel>
            </StyledCheck>
            <DecimalField
              id={FIELD_ID('hourly_rate')}
              label={`${TASK_FIELD_LABELS.hourly_rate} (€)`}
              value={form.hourly_rate}
              onChange={(value) => update('hourly_rate', value)}
              error={errors?.hourly_rate}
            />
            <TextField
              id={FIELD_ID('bill_reference')}
              label={TASK_FIELD_LABELS.bill_reference}
              value={form.bill_reference}
              onChange={onText('bill_reference')}
              maxLength={100}
              autoComplete="off"
            />
            <Select
              id={FIELD_ID('payment_status')}
              label={TASK_FIELD_LABELS.payment_status}
              options={PAYMENT_STATUS_OPTIONS}
              value={form.payment_status}
              onChange={(event) => update('payment_status', event.target.value as TaskFormValues['payment_status'])}
            />
            <TextField
              id={FIELD_ID('cost')}
              label={TASK_FIELD_LABELS.cost}
              value={formatMoney(cost)}
              readOnly
              hint="Calculé à l’enregistrement : temps réel (à défaut, estimé) × tarif horaire, si la tâche est facturable."
            />
          </FormGrid>
        </Card>

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
    </Page>
  );
}
