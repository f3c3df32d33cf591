import { useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { TASK_STATUS_LABELS, type TaskStatus } from '@/shared/projects-tasks';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Select, TextField } from '../ui/form-fields';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { optionsWithCurrent, QUICK_TASK_DEFAULT_STATUS, QUICK_TASK_STATUSES } from './workflow-options';

export interface QuickTaskValues {
  title: string;
  due_date: string | null;
  status: TaskStatus;
}

export interface QuickTaskFormProps {
  /** Creates the task; a rejection keeps what was typed (the caller decides how to report it). */
  onCreate: (values: QuickTaskValues) => Promise<unknown>;
  /** Shown in the form when onCreate rejects (the project panel only logs, per SPEC 8). */
  errorMessage?: string;
  disabled?: boolean;
}

export const QUICK_TASK_TITLE_REQUIRED = 'Le titre de la tâche est requis.';

const STATUS_OPTIONS = optionsWithCurrent(QUICK_TASK_STATUSES, TASK_STATUS_LABELS);

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);

  & > h3,
  & > [role='alert'],
  & > :nth-child(3),
  & > button {
    grid-column: 1 / -1;
  }
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.md};
  }
`;

/**
 * Adds a task from a side panel (project or contact): a non-blank title, an optional due
 * date and a status among brouillon, en_attente (default), en_cours (SPEC 4 and 5).
 */
export function QuickTaskForm({ onCreate, errorMessage, disabled }: QuickTaskFormProps) {
  const formId = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [status, setStatus] = useState<TaskStatus>(QUICK_TASK_DEFAULT_STATUS);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setCreateError(null);
    if (!title.trim()) {
      setTitleError(QUICK_TASK_TITLE_REQUIRED);
      titleRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await onCreate({ title: title.trim(), due_date: dueDate || null, status });
      setTitle('');
      setDueDate('');
      setStatus(QUICK_TASK_DEFAULT_STATUS);
      titleRef.current?.focus();
    } catch {
      // The typed values stay for another try.
      if (errorMessage) setCreateError(errorMessage);
    } finally {
      setBusy(false);
    }
  };

  return (
    <StyledForm noValidate onSubmit={onSubmit} aria-labelledby={`${formId}-heading`}>
      <UnsavedChangesGuard dirty={title.trim() !== '' || dueDate !== ''} />
      <h3 id={`${formId}-heading`}>Ajouter une tâche</h3>
      {(titleError || createError) && <Alert tone="error">{titleError ?? createError}</Alert>}
      <TextField
        ref={titleRef}
        id={`${formId}-title`}
        label="Titre de la tâche"
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          if (titleError) setTitleError(null);
        }}
        aria-invalid={titleError ? true : undefined}
        required
        maxLength={300}
        disabled={disabled}
      />
      <TextField
        id={`${formId}-due`}
        type="date"
        label="Date limite"
        value={dueDate}
        onChange={(event) => setDueDate(event.target.value)}
        disabled={disabled}
      />
      <Select
        id={`${formId}-status`}
        label="Statut"
        options={STATUS_OPTIONS}
        value={status}
        onChange={(event) => setStatus(event.target.value as TaskStatus)}
        disabled={disabled}
      />
      <Button type="submit" variant="primary" disabled={disabled || busy} aria-busy={busy || undefined}>
        Ajouter la tâche
      </Button>
    </StyledForm>
  );
}
