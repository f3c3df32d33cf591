import { useId, useState } from 'react';
import styled from 'styled-components';
import { IconSearch } from '../../ui/icons';
import { VisuallyHidden } from '../../ui/visually-hidden';

const StyledSearch = styled.form`
  position: relative;
  flex: 1 1 auto;
  min-width: 0;
  max-width: 420px;

  svg {
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

/**
 * Global search box of the header. The results dropdown (SPEC 2 "Global search") is added
 * by the search capability; this component owns the query state.
 */
export function GlobalSearch() {
  const [query, setQuery] = useState('');
  const inputId = useId();
  return (
    <StyledSearch role="search" onSubmit={(event) => event.preventDefault()}>
      <VisuallyHidden as="label" htmlFor={inputId}>
        Recherche globale
      </VisuallyHidden>
      <IconSearch size={18} />
      <StyledSearchInput
        id={inputId}
        type="search"
        placeholder="Rechercher..."
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
    </StyledSearch>
  );
}
