import { memo } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CLIENT_TYPE_LABELS, CONTACT_CATEGORY_LABELS, type ContactCategory } from '@/shared/contacts';
import type { ContactListItem } from '@/shared/contracts/contacts';
import { EMPTY_VALUE } from '@/client/lib/format';
import type { SortDirection } from '@/client/lib/sort';
import { Badge } from '@/client/ui/badge';
import { SortableHeader, StyledTable, StyledTableWrapper, StyledTd, StyledTh, StyledTr } from '@/client/ui/table';
import type { BadgeTone } from '@/client/ui/theme';
import { VisuallyHidden } from '@/client/ui/visually-hidden';
import { backState } from '@/client/kit/back-link';
import type { ContactSortKey } from '../contacts-list';

/** The contact page opened from the list leads back to it (issue 28). */
const BACK_TO_LIST = backState('/contacts', 'Retour aux contacts');

export const CATEGORY_TONES: Record<ContactCategory, BadgeTone> = {
  client: 'green',
  partenaire: 'purple',
  prospect: 'blue',
};

// Sorted by the server (issue 29), which sorts by name, e-mail or company only (README « Paged
// lists »): the phone and category headers do not sort (the category has its filter).
const COLUMNS: { key: ContactSortKey; label: string; hideBelow?: 'sm'; sortable?: false }[] = [
  { key: 'name', label: 'Nom' },
  { key: 'email', label: 'Email' },
  // A phone's card shows the name and the e-mail (issue 18).
  { key: 'phone', label: 'Téléphone', hideBelow: 'sm', sortable: false },
  { key: 'category', label: 'Catégorie', hideBelow: 'sm', sortable: false },
  // SPEC 2: hidden on small screens.
  { key: 'company', label: 'Entreprise', hideBelow: 'sm' },
];

const StyledCopyButton = styled.button`
  padding: 2px 4px;
  margin: -2px -4px;
  border: none;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.link};
  font: inherit;
  text-align: left;
  overflow-wrap: anywhere;
  cursor: copy;

  &:hover {
    text-decoration: underline;
  }
`;

const StyledNameLink = styled(Link)`
  font-weight: ${({ theme }) => theme.typography.weight.medium};
  overflow-wrap: anywhere;
`;

const StyledTypeBadge = styled(Badge)`
  margin-left: ${({ theme }) => theme.spacing.sm};
  vertical-align: middle;
`;

function CopyCell({ value, kind, onCopy }: { value: string; kind: string; onCopy: (value: string) => void }) {
  if (!value) return <>{EMPTY_VALUE}</>;
  return (
    <StyledCopyButton type="button" title="Cliquer pour copier" onClick={() => onCopy(value)}>
      <VisuallyHidden>Copier {kind} </VisuallyHidden>
      {value}
    </StyledCopyButton>
  );
}

/**
 * One row, memoised: a keystroke in the search re-renders only the rows that change (the contact
 * objects come from the store, `onCopy` is stable), not the whole page of 50.
 */
const ContactRow = memo(function ContactRow({ contact, onCopy }: { contact: ContactListItem; onCopy: (value: string) => void }) {
  return (
    <StyledTr>
      <StyledTd>
        <StyledNameLink to={`/contacts/${contact.id}`} state={BACK_TO_LIST}>
          {contact.name}
        </StyledNameLink>
        {/* Professionnel is the usual case: only the exception is marked. */}
        {contact.client_type === 'particulier' && <StyledTypeBadge tone="orange">{CLIENT_TYPE_LABELS.particulier}</StyledTypeBadge>}
      </StyledTd>
      <StyledTd data-label="Email">
        <CopyCell value={contact.email} kind="l'email" onCopy={onCopy} />
      </StyledTd>
      <StyledTd $hideBelow="sm">
        <CopyCell value={contact.phone} kind="le téléphone" onCopy={onCopy} />
      </StyledTd>
      <StyledTd $hideBelow="sm">
        <Badge tone={CATEGORY_TONES[contact.category] ?? 'grey'}>
          {CONTACT_CATEGORY_LABELS[contact.category] ?? contact.category}
        </Badge>
      </StyledTd>
      <StyledTd $hideBelow="sm">{contact.company || EMPTY_VALUE}</StyledTd>
    </StyledTr>
  );
});

export interface ContactsTableProps {
  contacts: readonly ContactListItem[];
  /** Total of rows across pages (for assistive tech). */
  totalCount: number;
  sortKey: ContactSortKey | null;
  sortDirection: SortDirection;
  onSort: (key: ContactSortKey) => void;
  onCopy: (value: string) => void;
}

/** One page of the contact list; name links to the form, e-mail and phone copy on click; cards on phones. */
export const ContactsTable = memo(function ContactsTable({
  contacts,
  totalCount,
  sortKey,
  sortDirection,
  onSort,
  onCopy,
}: ContactsTableProps) {
  return (
    <StyledTableWrapper $cards>
      <StyledTable>
        <VisuallyHidden as="caption">Liste des contacts ({totalCount})</VisuallyHidden>
        <thead>
          <tr>
            {COLUMNS.map((column) => column.sortable === false ? (
              <StyledTh key={column.key} scope="col" $hideBelow={column.hideBelow}>
                {column.label}
              </StyledTh>
            ) : (
              <SortableHeader
                key={column.key}
                label={column.label}
                columnKey={column.key}
                activeKey={sortKey}
                direction={sortDirection}
                onSort={(key) => onSort(key as ContactSortKey)}
                hideBelow={column.hideBelow}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {contacts.map((contact, index) => (
            // Keyed by position: rows hold no state, so a new search result refills the existing
            // <tr>s (text and href updates) instead of destroying and building 50 rows per keystroke.
            <ContactRow key={index} contact={contact} onCopy={onCopy} />
          ))}
        </tbody>
      </StyledTable>
    </StyledTableWrapper>
  );
});
