import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Task } from '../../../../shared/workflow';
import { formatDate, formatMoney } from '../../../lib/format';
import { Alert } from '../../../ui/alert';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { useConfirm } from '../../../ui/confirm-dialog';
import { IconClose } from '../../../ui/icons';
import { Spinner } from '../../../ui/spinner';
import { useToast } from '../../../ui/toast';
import {
  useGetContactInvoicesQuery,
  useGetContactProjectsQuery,
  useGetContactQuotesQuery,
  useGetContactTasksQuery,
  type ContactDocument,
} from '../contacts.api';
import { CONTACT_TASK_MESSAGES } from '../contacts-messages';
import { ContactQuickTaskForm } from './contact-quick-task-form';
import { PROJECT_STATUS_TONES, TASK_STATUS_TONES } from '../../../workflow/workflow-badges';
import { DOCUMENT_KINDS } from '../../documents';
import { useDeleteTaskMutation } from '../../tasks';

// Badge colours (SPEC 4) come from the features that own the statuses, so they cannot drift.

const StyledPanel = styled.aside`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.lg};
  min-width: 0;
`;

const StyledSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.lg};
  }
`;

const StyledList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledItem = styled.li`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.sm};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const StyledItemBody = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;

  a {
    font-weight: ${({ theme }) => theme.typography.weight.medium};
    overflow-wrap: anywhere;
  }
`;

const StyledMeta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.xs};
`;

const StyledEmpty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

interface RelatedListProps<T extends { id: number }> {
  title: string;
  items: T[] | undefined;
  isLoading: boolean;
  isError: boolean;
  loadingLabel: string;
  errorMessage: string;
  emptyMessage: string;
  renderItem: (item: T) => ReactNode;
  children?: ReactNode;
}

/** One block of the panel: a titled list with its loading, error and empty states. */
function RelatedList<T extends { id: number }>({
  title,
  items,
  isLoading,
  isError,
  loadingLabel,
  errorMessage,
  emptyMessage,
  renderItem,
  children,
}: RelatedListProps<T>) {
  let body: ReactNode;
  if (isLoading) body = <Spinner inline size={18} label={loadingLabel} />;
  else if (isError && !items) body = <Alert tone="error">{errorMessage}</Alert>;
  else if (!items?.length) body = <StyledEmpty>{emptyMessage}</StyledEmpty>;
  else
    body = (
      <StyledList>
        {items.map((item) => (
          <StyledItem key={item.id}>{renderItem(item)}</StyledItem>
        ))}
      </StyledList>
    );
  return (
    <StyledSection aria-label={title}>
      <h2>{title}</h2>
      {body}
      {children}
    </StyledSection>
  );
}

function documentItem(kind: 'quotes' | 'invoices', document: ContactDocument) {
  const number = (kind === 'quotes' ? document.quote_number : document.invoice_number) || `#${document.id}`;
  return (
    <StyledItemBody>
      <Link to={`/${kind}/${document.id}`}>{document.title}</Link>
      <StyledMeta>
        <span>{number}</span>
        <span>{formatMoney(document.total_amount)}</span>
        <Badge tone={DOCUMENT_KINDS[kind === 'quotes' ? 'quote' : 'invoice'].statusTones[document.status] ?? 'grey'}>{document.status_display}</Badge>
      </StyledMeta>
    </StyledItemBody>
  );
}

function ContactTasks({ contactId }: { contactId: number }) {
  const toast = useToast();
  const confirm = useConfirm();
  const tasks = useGetContactTasksQuery(contactId);
  const [deleteTask] = useDeleteTaskMutation();
  const [error, setError] = useState<string | null>(null);

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
      items={tasks.data}
      isLoading={tasks.isLoading}
      isError={tasks.isError}
      loadingLabel="Chargement des tâches..."
      errorMessage="Impossible de charger les tâches."
      emptyMessage="Aucune tâche en cours."
      renderItem={(task: Task) => (
        <>
          <StyledItemBody>
            <Link to={`/tasks/${task.id}`}>{task.title}</Link>
            <StyledMeta>
              <Badge tone={TASK_STATUS_TONES[task.status] ?? 'grey'}>{task.status_display}</Badge>
              {task.due_date && <span>Échéance : {formatDate(task.due_date)}</span>}
            </StyledMeta>
          </StyledItemBody>
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
      <ContactQuickTaskForm contactId={contactId} />
    </RelatedList>
  );
}

export interface ContactRelatedPanelProps {
  /** Null while the contact is not saved yet. */
  contactId: number | null;
}

/** SPEC 2 "Contact form": tasks, projects, quotes and invoices linked to the contact. */
export function ContactRelatedPanel({ contactId }: ContactRelatedPanelProps) {
  if (contactId === null) {
    return (
      <StyledPanel aria-label="Éléments associés">
        <StyledSection aria-label="Tâches">
          <h2>Tâches</h2>
          <Alert tone="info">{CONTACT_TASK_MESSAGES.saveContactFirst}</Alert>
        </StyledSection>
      </StyledPanel>
    );
  }
  return <SavedContactPanel contactId={contactId} />;
}

function SavedContactPanel({ contactId }: { contactId: number }) {
  const projects = useGetContactProjectsQuery(contactId);
  const quotes = useGetContactQuotesQuery(contactId);
  const invoices = useGetContactInvoicesQuery(contactId);
  return (
    <StyledPanel aria-label="Éléments associés">
      <ContactTasks contactId={contactId} />
      <RelatedList
        title="Projets"
        items={projects.data}
        isLoading={projects.isLoading}
        isError={projects.isError}
        loadingLabel="Chargement des projets..."
        errorMessage="Impossible de charger les projets."
        emptyMessage="Aucun projet associé."
        renderItem={(project) => (
          <StyledItemBody>
            <Link to={`/projects/${project.id}`}>{project.name}</Link>
            <StyledMeta>
              <Badge tone={PROJECT_STATUS_TONES[project.status] ?? 'grey'}>{project.status_display}</Badge>
              {project.due_date && <span>Échéance : {formatDate(project.due_date)}</span>}
            </StyledMeta>
          </StyledItemBody>
        )}
      />
      <RelatedList
        title="Devis"
        items={quotes.data}
        isLoading={quotes.isLoading}
        isError={quotes.isError}
        loadingLabel="Chargement des devis..."
        errorMessage="Impossible de charger les devis."
        emptyMessage="Aucun devis associé."
        renderItem={(quote) => documentItem('quotes', quote)}
      />
      <RelatedList
        title="Factures"
        items={invoices.data}
        isLoading={invoices.isLoading}
        isError={invoices.isError}
        loadingLabel="Chargement des factures..."
        errorMessage="Impossible de charger les factures."
        emptyMessage="Aucune facture associée."
        renderItem={(invoice) => documentItem('invoices', invoice)}
      />
    </StyledPanel>
  );
}
