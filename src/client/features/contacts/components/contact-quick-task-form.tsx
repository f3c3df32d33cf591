import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { TASK_STATUS_LABELS } from '../../../../shared/workflow';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Select, TextField } from '../../../ui/form-fields';
import { IconPlus } from '../../../ui/icons';
import { useToast } from '../../../ui/toast';
import { useCreateContactTaskMutation, type ContactTaskInput } from '../contacts.api';
import { CONTACT_TASK_MESSAGES } from '../contacts-messages';

type QuickTaskStatus = ContactTaskInput['status'];

/** SPEC 2: a task added from a contact starts brouillon, en_attente (default) or en_cours. */
const QUICK_TASK_STATUSES: QuickTaskStatus[] = ['brouillon', 'en_attente', 'en_cours'];
const STATUS_OPTIONS = QUICK_TASK_STATUSES.map((value) => ({ value, label: TASK_STATUS_LABELS[value] }));
const DEFAULT_STATUS: QuickTaskStatus = 'en_attente';

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  padding-top: ${({ theme }) => theme.spacing.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.md};
  }
`;

const StyledRow = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
`;

export interface ContactQuickTaskFormProps {
  contactId: number;
}

/** Quick task creation linked to the contact (title required, optional due date, status). */
export function ContactQuickTaskForm({ contactId }: ContactQuickTaskFormProps) {
  const toast = useToast();
  const [createTask, { isLoading }] = useCreateContactTaskMutation();
  const [title, setTitle] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [status, setStatus] = useState<QuickTaskStatus>(DEFAULT_STATUS);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const trimmed = title.trim();
    if (!trimmed) {
      setError(CONTACT_TASK_MESSAGES.titleRequired);
      return;
    }
    try {
      await createTask({ title: trimmed, due_date: dueDate || null, status, contact_ids: [contactId] }).unwrap();
      setTitle('');
      setDueDate('');
      setStatus(DEFAULT_STATUS);
      toast.success(CONTACT_TASK_MESSAGES.added);
    } catch {
      setError(CONTACT_TASK_MESSAGES.addError);
    }
  };

  return (
    <StyledForm noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
      <h3 id={headingId}>Ajouter une tâche</h3>
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label="Titre de la tâche"
        required
        value={title}
        maxLength={300}
        onChange={(event) => setTitle(event.target.value)}
        aria-invalid={error === CONTACT_TASK_MESSAGES.titleRequired || undefined}
      />
      <StyledRow>
        <TextField label="Échéance" type="date" value={dueDate} onChange={(event) => setDueDate(event.target.value)} />
        <Select
          label="Statut"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(event) => setStatus(event.target.value as QuickTaskStatus)}
        />
      </StyledRow>
      <Button type="submit" variant="primary" disabled={isLoading} aria-busy={isLoading || undefined}>
        <IconPlus size={16} />
        Ajouter la tâche
      </Button>
    </StyledForm>
  );
}
