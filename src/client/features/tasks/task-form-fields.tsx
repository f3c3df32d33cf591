import { useMemo, type ReactNode } from 'react';
import styled from 'styled-components';
import { PRIORITIES, PRIORITY_LABELS, TASK_FIELD_LABELS, TASK_STATUS_LABELS } from '@/shared/projects-tasks';
import type { Task } from '@/shared/contracts/tasks';
import { formatMoney } from '@/client/lib/format';
import { Card } from '@/client/ui/card';
import { DecimalField } from '@/client/ui/decimal-field';
import { FormGrid, Select, StyledLabel, TextArea, TextField, type SelectOption } from '@/client/ui/form-fields';
import { ContactPicker } from '@/client/kit/contact-picker';
import { LinkChip, StyledChipList } from '@/client/kit/link-chip';
import { optionsWithCurrent, PAYMENT_STATUS_OPTIONS, TASK_FORM_STATUSES } from '@/client/kit/workflow-options';
import { useContactOptions } from '../contacts';
import { ALL_PROJECTS, EMPTY_PROJECTS, projectSelectors, useListProjectsQuery } from '../projects';
import type { TaskFormErrors, TaskFormValues } from './task-form';
import { TaskInvoiceBadge } from './task-invoice-badge';

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

/** Each field's element id: a refused check focuses the first field in error. */
export const TASK_FIELD_ID = (name: string) => `task-${name}`;

const PRIORITY_OPTIONS = optionsWithCurrent(PRIORITIES, PRIORITY_LABELS);

type TextFieldName = { [K in keyof TaskFormValues]: TaskFormValues[K] extends string ? K : never }[keyof TaskFormValues];

export interface TaskFormFieldsProps {
  form: TaskFormValues;
  errors: TaskFormErrors | null;
  update: <K extends keyof TaskFormValues>(field: K, value: TaskFormValues[K]) => void;
  /** The stored task: its project and contacts named before their lists arrive, its invoice, its cost. */
  task: Task | undefined;
  /** The timer of a saved task. */
  timer: ReactNode;
}

/** SPEC 2 "Task detail": the sections Général, Suivi du temps and Facturation. */
export function TaskFormFields({ form, errors, update, task, timer }: TaskFormFieldsProps) {
  const { data: projectData = EMPTY_PROJECTS } = useListProjectsQuery(ALL_PROJECTS);
  const { options: contactOptions, isLoading: contactsLoading } = useContactOptions();

  const projectOptions = useMemo<SelectOption[]>(() => {
    const options = projectSelectors.selectAll(projectData).map((p) => ({ value: String(p.id), label: p.name }));
    // The task's project stays selectable even before the list arrives.
    if (task?.project && !options.some((o) => o.value === String(task.project?.id))) {
      options.unshift({ value: String(task.project.id), label: task.project.name });
    }
    return options;
  }, [projectData, task]);
  const selectedProjectName =
    projectOptions.find((o) => o.value === form.project_id)?.label ?? (form.project_id ? 'Projet inconnu' : null);

  const onText = (field: TextFieldName) => (event: { target: { value: string } }) => update(field, event.target.value);

  return (
    <>
      <Card title="Général">
        <FormGrid>
          <StyledWide>
            <TextField
              id={TASK_FIELD_ID('title')}
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
              id={TASK_FIELD_ID('description')}
              label={TASK_FIELD_LABELS.description}
              value={form.description}
              onChange={onText('description')}
              rows={4}
            />
          </StyledWide>
          <Select
            id={TASK_FIELD_ID('status')}
            label={TASK_FIELD_LABELS.status}
            options={optionsWithCurrent(TASK_FORM_STATUSES, TASK_STATUS_LABELS, form.status)}
            value={form.status}
            onChange={(event) => update('status', event.target.value as TaskFormValues['status'])}
          />
          <Select
            id={TASK_FIELD_ID('priority')}
            label={TASK_FIELD_LABELS.priority}
            options={PRIORITY_OPTIONS}
            value={form.priority}
            onChange={(event) => update('priority', event.target.value as TaskFormValues['priority'])}
          />
          <TextField
            id={TASK_FIELD_ID('due_date')}
            type="date"
            label={TASK_FIELD_LABELS.due_date}
            value={form.due_date}
            onChange={onText('due_date')}
          />
          <StyledWide>
            <Select
              id={TASK_FIELD_ID('project_id')}
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
            id={TASK_FIELD_ID('estimated_time')}
            format="quantity"
            label={`${TASK_FIELD_LABELS.estimated_time} (heures)`}
            value={form.estimated_time}
            onChange={(value) => update('estimated_time', value)}
            error={errors?.estimated_time}
          />
          <DecimalField
            id={TASK_FIELD_ID('actual_time')}
            format="quantity"
            label={`${TASK_FIELD_LABELS.actual_time} (heures)`}
            value={form.actual_time}
            onChange={(value) => update('actual_time', value)}
            error={errors?.actual_time}
          />
          <TextField
            id={TASK_FIELD_ID('start_time')}
            type="datetime-local"
            label={TASK_FIELD_LABELS.start_time}
            value={form.start_time}
            onChange={onText('start_time')}
          />
          <TextField
            id={TASK_FIELD_ID('end_time')}
            type="datetime-local"
            label={TASK_FIELD_LABELS.end_time}
            value={form.end_time}
            onChange={onText('end_time')}
            error={errors?.end_time}
          />
          {timer && <StyledWide>{timer}</StyledWide>}
        </FormGrid>
      </Card>

      <Card title="Facturation" actions={<TaskInvoiceBadge invoice={task?.invoice} />}>
        <FormGrid>
          <StyledCheck>
            <input
              id={TASK_FIELD_ID('billable')}
              type="checkbox"
              checked={form.billable}
              onChange={(event) => update('billable', event.target.checked)}
            />
            <StyledLabel htmlFor={TASK_FIELD_ID('billable')}>{TASK_FIELD_LABELS.billable}</StyledLabel>
          </StyledCheck>
          <DecimalField
            id={TASK_FIELD_ID('hourly_rate')}
            label={`${TASK_FIELD_LABELS.hourly_rate} (€)`}
            value={form.hourly_rate}
            onChange={(value) => update('hourly_rate', value)}
            error={errors?.hourly_rate}
          />
          <TextField
            id={TASK_FIELD_ID('bill_reference')}
            label={TASK_FIELD_LABELS.bill_reference}
            value={form.bill_reference}
            onChange={onText('bill_reference')}
            maxLength={100}
            autoComplete="off"
          />
          <Select
            id={TASK_FIELD_ID('payment_status')}
            label={TASK_FIELD_LABELS.payment_status}
            options={PAYMENT_STATUS_OPTIONS}
            value={form.payment_status}
            onChange={(event) => update('payment_status', event.target.value as TaskFormValues['payment_status'])}
          />
          <TextField
            id={TASK_FIELD_ID('cost')}
            label={TASK_FIELD_LABELS.cost}
            value={formatMoney(task?.cost ?? 0)}
            readOnly
            hint="Calculé à l’enregistrement : temps réel (à défaut, estimé) × tarif horaire, si la tâche est facturable."
          />
        </FormGrid>
      </Card>
    </>
  );
}
