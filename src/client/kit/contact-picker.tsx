import { useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { NamedRef } from '@/shared/contracts/common';
import { Button } from '../ui/button';
import { StyledFieldError, StyledHint, StyledSelect } from '../ui/form-fields';
import { VisuallyHidden } from '../ui/visually-hidden';
import { LinkChip, StyledChipList } from './link-chip';

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

const StyledAddRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.sm};
  min-width: 0;

  select {
    flex: 1 1 auto;
    min-width: 0;
  }
`;

export interface ContactPickerProps {
  /** Group name, e.g. 'Clients' or 'Contacts concernés'. */
  legend: string;
  /** Accessible name of the select, e.g. 'Ajouter un client'. */
  addLabel: string;
  options: readonly NamedRef[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  /** Names the record itself carries ({id, name}); used when a contact is not among the options. */
  known?: readonly NamedRef[];
  error?: string | null;
  disabled?: boolean;
  loading?: boolean;
}

/**
 * Multiple contacts: the chosen ones as chips (each links to the contact and can be
 * removed), a select of the others and an 'Ajouter' button. The explicit button keeps
 * keyboard users from adding every contact they arrow past in a closed select.
 */
export function ContactPicker({
  legend,
  addLabel,
  options,
  value,
  onChange,
  known = [],
  error,
  disabled,
  loading,
}: ContactPickerProps) {
  const selectId = useId();
  const errorId = `${selectId}-error`;
  const [pending, setPending] = useState('');

  const names = useMemo(() => {
    const map = new Map<number, string>();
    for (const c of known) map.set(c.id, c.name);
    for (const c of options) map.set(c.id, c.name);
    return map;
  }, [known, options]);

  const available = useMemo(() => {
    const chosen = new Set(value);
    return options.filter((c) => !chosen.has(c.id));
  }, [options, value]);

  const add = () => {
    const id = Number(pending);
    if (!id || value.includes(id)) return;
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
      <VisuallyHidden as="label" htmlFor={selectId}>
        {addLabel}
      </VisuallyHidden>
      <StyledAddRow>
        <StyledSelect
          id={selectId}
          value={pending}
          onChange={(event) => setPending(event.target.value)}
          disabled={disabled || loading}
          $invalid={Boolean(error)}
        >
          <option value="">{loading ? 'Chargement des contacts...' : `${addLabel}…`}</option>
          {available.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </StyledSelect>
        <Button onClick={add} disabled={disabled || !pending}>
          Ajouter
        </Button>
      </StyledAddRow>
      {error && <StyledFieldError id={errorId}>{error}</StyledFieldError>}
    </StyledFieldset>
  );
}
