import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatDate, formatMoney } from '@/client/lib/format';
import { Alert } from '@/client/ui/alert';
import { Badge } from '@/client/ui/badge';
import { RelatedItemBody, RelatedList, RelatedMeta, RelatedSection } from '@/client/kit/related-list';
import { useGetContactInvoicesQuery, useGetContactProjectsQuery, useGetContactQuotesQuery, type ContactDocument } from '../contacts.api';
import { CONTACT_MESSAGES_SAVE_FIRST } from '../contacts-messages';
import { INVOICE_STATUS_TONES, PROJECT_STATUS_TONES, QUOTE_STATUS_TONES } from '@/client/kit/workflow-badges';

// Badge colours (SPEC 4) come from the features that own the statuses, so they cannot drift.

const StyledPanel = styled.aside`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.lg};
  min-width: 0;
`;

function documentItem(kind: 'quotes' | 'invoices', document: ContactDocument) {
  const number = (kind === 'quotes' ? document.quote_number : document.invoice_number) || `#${document.id}`;
  return (
    <RelatedItemBody>
      <Link to={`/${kind}/${document.id}`}>{document.title}</Link>
      <RelatedMeta>
        <span>{number}</span>
        <span>{formatMoney(document.total_amount)}</span>
        <Badge tone={(kind === 'quotes' ? QUOTE_STATUS_TONES : INVOICE_STATUS_TONES)[document.status] ?? 'grey'}>{document.status_display}</Badge>
      </RelatedMeta>
    </RelatedItemBody>
  );
}

export interface ContactRelatedPanelProps {
  /** Null while the contact is not saved yet. */
  contactId: number | null;
  /** The contact's tasks, from the tasks feature (the router composes them: contacts does not import tasks). */
  TasksPanel: ComponentType<{ contactId: number }>;
}

/** SPEC 2 "Contact form": tasks, projects, quotes and invoices linked to the contact. */
export function ContactRelatedPanel({ contactId, TasksPanel }: ContactRelatedPanelProps) {
  if (contactId === null) {
    return (
      <StyledPanel aria-label="Éléments associés">
        <RelatedSection aria-label="Tâches">
          <h2>Tâches</h2>
          <Alert tone="info">{CONTACT_MESSAGES_SAVE_FIRST}</Alert>
        </RelatedSection>
      </StyledPanel>
    );
  }
  return <SavedContactPanel contactId={contactId} TasksPanel={TasksPanel} />;
}

function SavedContactPanel({ contactId, TasksPanel }: { contactId: number; TasksPanel: ContactRelatedPanelProps['TasksPanel'] }) {
  const projects = useGetContactProjectsQuery(contactId);
  const quotes = useGetContactQuotesQuery(contactId);
  const invoices = useGetContactInvoicesQuery(contactId);
  return (
    <StyledPanel aria-label="Éléments associés">
      <TasksPanel contactId={contactId} />
      <RelatedList
        title="Projets"
        items={projects.data}
        isLoading={projects.isLoading}
        isError={projects.isError}
        loadingLabel="Chargement des projets..."
        errorMessage="Impossible de charger les projets."
        emptyMessage="Aucun projet associé."
        renderItem={(project) => (
          <RelatedItemBody>
            <Link to={`/projects/${project.id}`}>{project.name}</Link>
            <RelatedMeta>
              <Badge tone={PROJECT_STATUS_TONES[project.status] ?? 'grey'}>{project.status_display}</Badge>
              {project.due_date && <span>Échéance : {formatDate(project.due_date)}</span>}
            </RelatedMeta>
          </RelatedItemBody>
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
