import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { PRIORITIES, PRIORITY_LABELS, TASK_FIELD_LABELS, TASK_STATUS_LABELS } from '@/shared/projects-tasks';
import type { NamedRef } from '@/shared/contracts/common';
import type { Task } from '@/shared/contracts/tasks';
import { formatMoney } from '@/client/lib/format';
import { Card } from '@/client/ui/card';
import { DecimalField } from '@/client/ui/decimal-field';
import { FormGrid, Select, StyledLabel, TextArea, TextField } from '@/client/ui/form-fields';
import { ContactPicker } from '@/client/kit/contact-picker';
import { LinkChip, StyledChipList } from '@/client/kit/link-chip';
import { RefSearchSelect } from '@/client/kit/ref-search-select';
import { optionsWithCurrent, PAYMENT_STATUS_OPTIONS, TASK_FORM_STATUSES } from '@/client/kit/workflow-options';
import { useContactSearch } from '../contacts';
import { useGetProjectQuery, useProjectSearch } from '../projects';
import { useInheritedRateHint } from './inherited-rate';
import { parseDecimal, type TaskFormErrors, type TaskFormValues } from './task-form';
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

const UNKNOWN_PROJECT = 'Projet inconnu';

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
  // The project chosen: the task's, one picked here (named by its chip once another search no
  // longer lists it), or one outside the pickers' page (/tasks/new?project_id=…), read on its own
  // (the rate hint reads it too: one request).
  const [pickedProject, setPickedProject] = useState<NamedRef | null>(null);
  const projectId = form.project_id ? Number(form.project_id) : null;
  const { data: projectRecord } = useGetProjectQuery(projectId ?? 0, { skip: projectId === null });
  const knownProject =
    [pickedProject, task?.project, projectRecord && { id: projectRecord.id, name: projectRecord.name }].find(
      (ref) => ref && ref.id === projectId,
    ) ?? null;
  const selectedProjectName = projectId === null ? null : (knownProject?.name ?? UNKNOWN_PROJECT);

  // Shown while the task has no rate of its own: what it is billed at instead.
  const inheritedRate = useInheritedRateHint(form.project_id);
  const ownRate = parseDecimal(form.hourly_rate);

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
            <RefSearchSelect
              id={TASK_FIELD_ID('project_id')}
              label={TASK_FIELD_LABELS.project}
              searchLabel="Rechercher un projet"
              placeholderOption="— Aucun projet"
              loadingOption="Chargement des projets..."
              unknownLabel={UNKNOWN_PROJECT}
              useSearch={useProjectSearch}
              known={knownProject}
              value={projectId}
              onChange={(id, row) => {
                setPickedProject(row && { id: row.id, name: row.name });
                update('project_id', id === null ? '' : String(id));
              }}
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
              searchLabel="Rechercher un contact"
              useSearch={useContactSearch}
              known={task?.contacts}
              value={form.contact_ids}
              onChange={(ids) => update('contact_ids', ids)}
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
            hint={ownRate === 0 ? inheritedRate ?? undefined : undefined}
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
