import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { SEARCH_MIN_LENGTH } from '@/shared/search';
import { visuallyHidden } from '@/client/ui/global-style';
import { IconSearch } from '@/client/ui/icons';
import { VisuallyHidden } from '@/client/ui/visually-hidden';
import { useSearchGlobalQuery } from './search.api';
import { toSearchGroups, type SearchOption } from './search-results';
import { useDebouncedValue } from '@/client/lib/use-debounced-value';

/** SPEC 9: debounce 300 ms, closes 150 ms after the field loses focus. */
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_CLOSE_DELAY_MS = 150;

const StyledSearch = styled.form`
  position: relative;
  flex: 1 1 auto;
  min-width: 0;
  max-width: 420px;

  & > svg {
    position: absolute;
    left: 10px;
    top: 50%;
    transform: translateY(-50%);
    color: ${({ theme }) => theme.colors.textMuted};
    pointer-events: none;
  }
`;

const StyledSearchInput = styled.input`
  width: 100%;
  height: 38px;
  padding: 0 12px 0 36px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.typography.size.sm};

  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 1;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
    background: ${({ theme }) => theme.colors.surface};
  }
`;

const StyledPopup = styled.div`
  position: absolute;
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  top: calc(100% + 6px);
  left: 0;
  width: min(480px, calc(100vw - 16px));
  max-height: min(70vh, 520px);
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: ${({ theme }) => theme.spacing.xs};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadows.lg};

  &[hidden] {
    display: none;
  }

  /* On phones the field is narrow: the panel spans the viewport under the header. */
  @media (max-width: calc(${({ theme }) => theme.breakpoints.sm} - 1px)) {
    position: fixed;
    top: calc(${({ theme }) => theme.layout.headerHeight} + 4px);
    left: 8px;
    right: 8px;
    width: auto;
  }
`;

const StyledMessage = styled.p<{ $hidden: boolean }>`
  margin: 0;
  padding: ${({ theme }) => `${theme.spacing.md} ${theme.spacing.md}`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
  overflow-wrap: anywhere;
  ${({ $hidden }) =>
    $hidden &&
    css`
      ${visuallyHidden}
    `}
`;

const StyledGroupLabel = styled.div`
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md} ${theme.spacing.xs}`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.xs};
  font-weight: ${({ theme }) => theme.typography.weight.semibold};
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

const StyledOption = styled.div<{ $active: boolean }>`
  display: flex;
  align-items: baseline;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.colors.primarySoft : 'transparent')};
  box-shadow: ${({ theme, $active }) => ($active ? `inset 3px 0 0 ${theme.colors.primary}` : 'none')};
`;

const StyledOptionText = styled.span`
  display: flex;
  flex-direction: column;
  flex: 1 1 auto;
  min-width: 0;
`;

const StyledOptionTitle = styled.span`
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.typography.size.sm};
  font-weight: ${({ theme }) => theme.typography.weight.medium};
  overflow-wrap: anywhere;
`;

const StyledOptionDetails = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.xs};
  overflow-wrap: anywhere;
`;

const StyledOptionAmount = styled.span`
  flex: none;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.typography.size.sm};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

function resultCountLabel(count: number) {
  return count === 1 ? '1 résultat' : `${count} résultats`;
}

/**
 * Global search of the header (SPEC 2 "Global search"): an ARIA 1.2 combobox whose listbox
 * groups the results under Contacts, Projets, Tâches, Devis, Factures and Avoirs. Focus stays in the
 * field; the arrows move the active option, Enter opens it, Escape closes the list.
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = useId().replace(/:/g, '');
  const inputId = `${ids}-input`;
  const listboxId = `${ids}-listbox`;
  const optionId = (option: SearchOption) => `${ids}-${option.key}`;

  const term = query.trim();
  const debouncedTerm = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const canSearch = debouncedTerm.length >= SEARCH_MIN_LENGTH;
  // currentData belongs to this exact term; it is undefined while loading and after a failure,
  // so a failed search shows no result (SPEC 8 "a failed global search clears the results").
  const { currentData, isFetching } = useSearchGlobalQuery(debouncedTerm, { skip: !canSearch });
  const tooShort = term.length < SEARCH_MIN_LENGTH;
  const loading = !tooShort && (term !== debouncedTerm || isFetching);

  const groups = useMemo(() => (tooShort || loading ? [] : toSearchGroups(currentData)), [tooShort, loading, currentData]);
  const options = useMemo(() => groups.flatMap((group) => group.options), [groups]);
  const activeOption = options.find((option) => option.key === activeKey) ?? null;
  const listboxShown = open && options.length > 0;

  let message: string;
  if (tooShort) message = `Saisissez au moins ${SEARCH_MIN_LENGTH} caractères.`;
  else if (loading) message = 'Recherche...';
  else if (options.length === 0) message = `Aucun résultat pour "${term}"`;
  else message = resultCountLabel(options.length);

  useEffect(() => () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
  }, []);

  // Keep the active option visible while moving through a long list with the keyboard.
  const activeOptionId = listboxShown && activeOption ? optionId(activeOption) : undefined;
  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };

  const close = () => {
    cancelClose();
    setOpen(false);
    setActiveKey(null);
  };

  const openOption = (option: SearchOption) => {
    close();
    setQuery('');
    inputRef.current?.blur();
    navigate(option.path);
  };

  const moveActive = (step: 1 | -1) => {
    if (options.length === 0) return;
    const index = activeOption ? options.indexOf(activeOption) : -1;
    const next = index === -1 ? (step === 1 ? 0 : options.length - 1) : (index + step + options.length) % options.length;
    setActiveKey(options[next].key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          return;
        }
        moveActive(event.key === 'ArrowDown' ? 1 : -1);
        return;
      case 'Enter':
        if (open && activeOption) {
          event.preventDefault();
          openOption(activeOption);
        }
        return;
      case 'Escape':
        // A search field clears itself on Escape: first close the list, a second Escape clears.
        if (open) {
          event.preventDefault();
          close();
        } else if (query) {
          event.preventDefault();
          setQuery('');
        }
        return;
    }
  };

  return (
    <StyledSearch role="search" onSubmit={(event) => event.preventDefault()}>
      <VisuallyHidden as="label" htmlFor={inputId}>
        Recherche globale
      </VisuallyHidden>
      <IconSearch size={18} />
      <StyledSearchInput
        ref={inputRef}
        id={inputId}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={listboxShown}
        aria-controls={listboxShown ? listboxId : undefined}
        aria-activedescendant={activeOptionId}
        placeholder="Rechercher..."
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActiveKey(null);
          setOpen(true);
        }}
        onFocus={() => {
          cancelClose();
          setOpen(true);
        }}
        onBlur={() => {
          cancelClose();
          closeTimer.current = setTimeout(close, SEARCH_CLOSE_DELAY_MS);
        }}
        onKeyDown={onKeyDown}
      />
      <StyledPopup hidden={!open} data-testid="global-search-popup">
        {/* Always mounted, so screen readers announce each new state. */}
        <StyledMessage role="status" $hidden={options.length > 0}>
          {open ? message : ''}
        </StyledMessage>
        {listboxShown && (
          <div role="listbox" id={listboxId} aria-label="Résultats de la recherche">
            {groups.map((group) => (
              <div key={group.kind} role="group" aria-labelledby={`${ids}-${group.kind}`}>
                <StyledGroupLabel id={`${ids}-${group.kind}`} role="presentation">
                  {group.label}
                </StyledGroupLabel>
                {group.options.map((option) => (
                  <StyledOption
                    key={option.key}
                    id={optionId(option)}
                    role="option"
                    aria-selected={option.key === activeKey}
                    $active={option.key === activeKey}
                    // Keep the focus in the field: a click must not start the 150 ms close.
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => option.key !== activeKey && setActiveKey(option.key)}
                    onClick={() => openOption(option)}
                  >
                    <StyledOptionText>
                      <StyledOptionTitle>{option.title}</StyledOptionTitle>
                      {option.details.length > 0 && <StyledOptionDetails>{option.details.join(' · ')}</StyledOptionDetails>}
                    </StyledOptionText>
                    {option.amount && <StyledOptionAmount>{option.amount}</StyledOptionAmount>}
                  </StyledOption>
                ))}
              </div>
            ))}
          </div>
        )}
      </StyledPopup>
    </StyledSearch>
  );
}
