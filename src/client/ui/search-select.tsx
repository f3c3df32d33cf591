import { forwardRef, useImperativeHandle, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './button';
import { FieldChrome, SelectOptions, StyledHint, StyledInput, StyledSelect, useField, type SelectProps } from './form-fields';

/** What a searched select lists of the matches, page by page (issue 29). */
export interface SearchResults {
  /** The matches loaded, listed by the select. */
  shown: number;
  /** How many match (the server's X-Total-Count), or at least (X-Total-Count-At-Least: `totalAtLeast`). */
  total: number;
  totalAtLeast?: boolean;
  /** The server has more matches after the loaded ones. */
  hasMore: boolean;
  /** Matches are on their way (a new search, or the next ones). */
  loading: boolean;
  loadMore: () => void;
}

export interface SearchSelectProps extends SelectProps {
  /** The search field's accessible name (and, with an ellipsis, its placeholder), e.g. 'Rechercher un client'. */
  searchLabel: string;
  /** The text typed in the search field. */
  search: string;
  onSearch: (text: string) => void;
  matches: SearchResults;
  /** A control after the select, in its row (the contact picker's « Ajouter »). */
  action?: ReactNode;
}

const StyledRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};

  & > input {
    flex: 1 1 10rem;
    min-width: 0;
  }
  & > select {
    flex: 2 1 14rem;
    min-width: 0;
  }
`;

const StyledStatus = styled(StyledHint)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
`;

/** What the status line says of the matches ('' when there is nothing to say). */
export function searchStatus(search: string, { shown, total, totalAtLeast, hasMore, loading }: SearchResults): string {
  if (hasMore) return `${shown} sur ${totalAtLeast ? 'plus de ' : ''}${total} listés : précisez la recherche pour trouver les autres.`;
  if (search.trim() && !loading && total === 0) return `Aucun résultat pour « ${search.trim()} ».`;
  return '';
}

/**
 * A select whose options the server searches (issue 29): a search field beside it sends what is
 * typed, the select lists the matches loaded (and the current value, which the caller keeps among
 * the options even when it does not match), « Afficher la suite » loads the next ones. The select
 * stays a native one (its keyboard and screen-reader use as before). In the search field, Enter
 * and ↓ go to the select (Enter never submits the form), Escape clears what was typed.
 */
export const SearchSelect = forwardRef<HTMLSelectElement, SearchSelectProps>(function SearchSelect(
  {
    label, error, hint, required, id, options, placeholderOption, searchLabel, search, onSearch, matches, disabled, action,
    'aria-describedby': extraDescribedBy, ...rest
  },
  ref,
) {
  const selectRef = useRef<HTMLSelectElement>(null);
  useImperativeHandle(ref, () => selectRef.current as HTMLSelectElement);
  const statusText = searchStatus(search, matches);
  const { chrome, control } = useField({ id, label, error, hint, required, describedBy: extraDescribedBy });
  const statusId = `${control.id}-status`;
  const describedBy = [control['aria-describedby'], statusText ? statusId : null].filter(Boolean).join(' ') || undefined;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === 'ArrowDown') {
      event.preventDefault();
      selectRef.current?.focus();
    } else if (event.key === 'Escape' && search) {
      // Clears the search only: a dialog around the field stays open.
      event.preventDefault();
      event.stopPropagation();
      onSearch('');
    }
  };

  return (
    <FieldChrome {...chrome}>
      <StyledRow>
        {!disabled && (
          <StyledInput
            type="search"
            aria-label={searchLabel}
            aria-controls={control.id}
            placeholder={`${searchLabel}…`}
            autoComplete="off"
            spellCheck={false}
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            onKeyDown={onKeyDown}
          />
        )}
        <StyledSelect ref={selectRef} {...control} aria-describedby={describedBy} disabled={disabled} {...rest}>
          <SelectOptions options={options} placeholderOption={placeholderOption} />
        </StyledSelect>
        {action}
      </StyledRow>
      {!disabled && (
        <StyledStatus as="div">
          <span id={statusId} role="status">
            {statusText}
          </span>
          {matches.hasMore && (
            <Button variant="ghost" size="sm" disabled={matches.loading} onClick={matches.loadMore}>
              Afficher la suite
            </Button>
          )}
        </StyledStatus>
      )}
    </FieldChrome>
  );
});
