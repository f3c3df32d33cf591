import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { NamedRef } from '@/shared/contracts/common';
import { IconUser } from '@/client/ui/icons';
import { SearchSelect } from '@/client/ui/search-select';
import { useKeptChoice } from '@/client/kit/ref-search-select';
import { useContactSearch, type ContactOption } from '../contacts';
import { UNKNOWN_CLIENT } from './document-kinds';

const StyledClientChip = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  align-self: flex-start;
  margin-top: ${({ theme }) => theme.spacing.sm};
  padding: 4px 12px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.link};
  font-size: ${({ theme }) => theme.typography.size.sm};
  font-weight: ${({ theme }) => theme.typography.weight.medium};
  text-decoration: none;

  &:hover {
    text-decoration: underline;
  }
`;

const optionLabel = (c: ContactOption) => (c.email ? `${c.name} (${c.email})` : c.name);

export interface ClientSelectProps {
  value: number | null;
  onChange: (id: number | null) => void;
  /** The client the record names (edited or copied): shown even when the search does not list it. */
  known: NamedRef | null;
  disabled?: boolean;
  error?: string | null;
  /** A link to the chosen client's page under the select (the quote and invoice form). */
  withChip?: boolean;
}

/**
 * The « Client » select of a quote, an invoice or a recurring series (issue 29): the server's first
 * 20 contacts by name, or those matching what is typed in its search field, 20 more on demand.
 * The chosen client stays listed (and named) whatever the search shows: the one picked here, or
 * the record's own.
 */
export function ClientSelect({ value, onChange, known, disabled, error, withChip = false }: ClientSelectProps) {
  const [typed, setTyped] = useState('');
  const found = useContactSearch(typed);
  const { options: contacts, isLoading, isError } = found;
  const { options, name: selectedName, pick } = useKeptChoice(contacts, value, known, UNKNOWN_CLIENT, optionLabel);
  // No contact at all (not merely none matching): say where to add one.
  const noContact = !isLoading && !isError && !found.search && found.total === 0 && contacts.length === 0;

  return (
    <>
      <SearchSelect
        label="Client"
        required
        searchLabel="Rechercher un client"
        search={typed}
        onSearch={setTyped}
        matches={found}
        placeholderOption={isLoading ? 'Chargement des clients...' : 'Sélectionnez un client'}
        options={options}
        value={value === null ? '' : String(value)}
        disabled={disabled}
        error={error}
        hint={
          noContact ? (
            <>
              Aucun contact enregistré : <Link to="/contacts/new">ajoutez d&apos;abord un contact</Link>.
            </>
          ) : undefined
        }
        onChange={(event) => {
          const id = event.target.value ? Number(event.target.value) : null;
          pick(id);
          onChange(id);
        }}
      />
      {withChip && value !== null && (
        <StyledClientChip to={`/contacts/${value}`} aria-label={`Voir la fiche client : ${selectedName}`}>
          <IconUser size={16} />
          {selectedName}
        </StyledClientChip>
      )}
    </>
  );
}
