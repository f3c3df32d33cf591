import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { StyledField, StyledHint, StyledInput, StyledLabel } from '@/client/ui/form-fields';
import { priceLabel, rateLabel, searchCatalogue } from './catalogue-search';
import { useGetCatalogueQuery, type CatalogueItem } from './catalogue.api';

export const PICKER_MESSAGES = {
  label: 'Ajouter depuis le catalogue',
  hint: 'Tapez pour chercher, flèches pour choisir, Entrée pour ajouter la ligne.',
  loading: 'Chargement du catalogue…',
  loadError: 'Impossible de charger le catalogue.',
  empty: 'Votre catalogue est vide : ajoutez vos prestations dans la page Catalogue.',
  noMatch: 'Aucun article ne correspond.',
} as const;

const MAX_SHOWN = 50;

const StyledWrap = styled.div`
  position: relative;
  width: min(420px, 100%);
`;

const StyledListbox = styled.ul`
  position: absolute;
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  left: 0;
  right: 0;
  top: 100%;
  max-height: 280px;
  overflow-y: auto;
  margin: ${({ theme }) => theme.spacing.xs} 0 0;
  padding: ${({ theme }) => theme.spacing.xs};
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

const StyledOption = styled.li<{ $active: boolean }>`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.sm};
  border-radius: ${({ theme }) => theme.radius.sm};
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.colors.primarySoft : 'transparent')};

  span:last-child {
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: nowrap;
  }
`;

const StyledNote = styled.li`
  padding: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface CataloguePickerProps {
  /** A catalogue item chosen: the editor adds a line filled from it. */
  onPick: (item: CatalogueItem) => void;
  /** Whether the line's VAT rate is shown (not in the franchise). */
  showVat?: boolean;
}

/**
 * The line editor's catalogue combobox (issue 28, WAI-ARIA combobox with a listbox): typing
 * searches titles and descriptions, arrows move, Enter (or a click) adds the item as a line,
 * Escape closes. The catalogue is loaded the first time the field is entered.
 */
export function CataloguePicker({ onPick, showVat = true }: CataloguePickerProps) {
  const id = useId().replace(/:/g, '');
  const inputId = `catalogue-picker-${id}`;
  const listId = `${inputId}-list`;
  const hintId = `${inputId}-hint`;
  const [entered, setEntered] = useState(false);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const { data, isLoading, isError } = useGetCatalogueQuery(undefined, { skip: !entered });
  const matches = useMemo(() => searchCatalogue(data ?? [], query).slice(0, MAX_SHOWN), [data, query]);
  const current = matches.length ? Math.min(active, matches.length - 1) : -1;
  const optionId = (index: number) => `${inputId}-option-${index}`;

  const pick = (item: CatalogueItem) => {
    onPick(item);
    setQuery('');
    setOpen(false);
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (!matches.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = (current + step + matches.length) % matches.length;
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      // Never submits the document's form.
      event.preventDefault();
      if (open && current >= 0) pick(matches[current]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  let note: string | null = null;
  if (isLoading || (entered && !data && !isError)) note = PICKER_MESSAGES.loading;
  else if (isError) note = PICKER_MESSAGES.loadError;
  else if (data && data.length === 0) note = PICKER_MESSAGES.empty;
  else if (data && matches.length === 0) note = PICKER_MESSAGES.noMatch;

  return (
    <StyledField>
      <StyledLabel htmlFor={inputId}>{PICKER_MESSAGES.label}</StyledLabel>
      <StyledWrap>
        <StyledInput
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-describedby={hintId}
          aria-activedescendant={open && current >= 0 ? optionId(current) : undefined}
          placeholder="Rechercher une prestation…"
          value={query}
          onFocus={() => setEntered(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        {open && (
          <StyledListbox id={listId} role="listbox" aria-label="Articles du catalogue">
            {note && <StyledNote role="presentation">{note}</StyledNote>}
            {matches.map((item, index) => (
              <StyledOption
                key={item.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === current}
                $active={index === current}
                // Before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(item);
                }}
              >
                <span>{item.title}</span>
                <span>
                  {priceLabel(item)}
                  {showVat ? ` · TVA ${rateLabel(item.tax_rate)}` : ''}
                </span>
              </StyledOption>
            ))}
          </StyledListbox>
        )}
      </StyledWrap>
      <StyledHint id={hintId}>{PICKER_MESSAGES.hint}</StyledHint>
    </StyledField>
  );
}
