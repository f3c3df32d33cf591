import { useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { NamedRef } from '@/shared/contracts/common';
import { Button } from '../ui/button';
import { StyledHint } from '../ui/form-fields';
import { SearchSelect } from '../ui/search-select';
import { VisuallyHidden } from '../ui/visually-hidden';
import { LinkChip, StyledChipList } from './link-chip';
import type { UseRefSearch } from './ref-search-select';

export const UNKNOWN_CONTACT = 'Contact inconnu';

const StyledFieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: none;

  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.spacing.xs};
    font-size: ${({ theme }) => theme.typography.size.sm};
    font-weight: ${({ theme }) => theme.typography.weight.medium};
  }
`;

export interface ContactPickerProps {
  /** Group name, e.g. 'Clients' or 'Contacts concernés'. */
  legend: string;
  /** Accessible name of the select, e.g. 'Ajouter un client'. */
  addLabel: string;
  /** The search field's name, e.g. 'Rechercher un client'. */
  searchLabel: string;
  /** The server's contacts matching what is typed (a module-level hook: `useContactSearch`). */
  useSearch: UseRefSearch<NamedRef>;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  /** Names the record itself carries ({id, name}); used when a contact is not among the matches. */
  known?: readonly NamedRef[];
  error?: string | null;
  disabled?: boolean;
}

/**
 * Multiple contacts: the chosen ones as chips (each links to the contact and can be removed), and
 * to add one, a search field, a select of the server's first 20 matches not chosen yet (issue 29:
 * never the whole list; « Afficher la suite » for 20 more) and an « Ajouter » button. The explicit
 * button keeps keyboard users from adding every contact they arrow past in a closed select. A
 * chosen contact stays named when the search no longer lists it.
 */
export function ContactPicker({ legend, addLabel, searchLabel, useSearch, value, onChange, known = [], error, disabled }: ContactPickerProps) {
  const selectId = useId();
  const errorId = `${selectId}-error`;
  const [typed, setTyped] = useState('');
  const found = useSearch(typed);
  const [pending, setPending] = useState('');
  // The names of the contacts added here, for their chips once another search no longer lists them.
  const [added, setAdded] = useState<readonly NamedRef[]>([]);

  const names = useMemo(() => {
    const map = new Map<number, string>();
    for (const c of [...known, ...added, ...found.rows]) map.set(c.id, c.name);
    return map;
  }, [known, added, found.rows]);

  const options = useMemo(() => {
    const chosen = new Set(value);
    return found.rows.filter((c) => !chosen.has(c.id)).map((c) => ({ value: String(c.id), label: c.name }));
  }, [found.rows, value]);

  const add = () => {
    const id = Number(pending);
    if (!id || value.includes(id)) return;
    const row = found.rows.find((c) => c.id === id);
    if (row) setAdded((previous) => [...previous, { id: row.id, name: row.name }]);
    onChange([...value, id]);
    setPending('');
  };

  return (
    <StyledFieldset aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {value.length > 0 ? (
        <StyledChipList aria-label={`${legend} sélectionnés`}>
          {value.map((id) => {
            const name = names.get(id) || UNKNOWN_CONTACT;
            return (
              <LinkChip
                key={id}
                to={`/contacts/${id}`}
                label={name}
                removeLabel={`Retirer ${name}`}
                onRemove={disabled ? undefined : () => onChange(value.filter((v) => v !== id))}
              />
            );
          })}
        </StyledChipList>
      ) : (
        <StyledHint>Aucun contact sélectionné.</StyledHint>
      )}
      <SearchSelect
        id={selectId}
        label={<VisuallyHidden>{addLabel}</VisuallyHidden>}
        searchLabel={searchLabel}
        search={typed}
        onSearch={setTyped}
        matches={found}
        placeholderOption={found.isLoading ? 'Chargement des contacts...' : `${addLabel}…`}
        options={options}
        value={pending}
        onChange={(event) => setPending(event.target.value)}
        disabled={disabled}
        error={error}
        action={
          <Button onClick={add} disabled={disabled || !pending}>
            Ajouter
          </Button>
        }
      />
    </StyledFieldset>
  );
}
