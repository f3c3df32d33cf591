import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../ui/button';

const StyledToolbar = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: 1fr;
  align-items: end;

  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(220px, 2fr) repeat(var(--filters), minmax(0, 1fr)) auto;
  }
`;

const StyledFooter = styled.div`
  margin-top: ${({ theme }) => theme.spacing.sm};
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};

  p {
    margin: 0;
  }
`;

export interface ListToolbarProps {
  /** The search field first, then the filter selects. */
  children: ReactNode;
  /** How many filter selects follow the search field (for the wide layout). */
  filterCount: number;
  onReset: () => void;
  resetDisabled?: boolean;
  /** e.g. '12 tâches' — announced politely when it changes. */
  resultLabel?: string;
  /** Accessible name of the search region, e.g. "Filtrer l'historique". */
  label?: string;
}

/** Search, filters and 'Réinitialiser' above a list, on one row when wide, stacked on phones. */
export function ListToolbar({ children, filterCount, onReset, resetDisabled, resultLabel, label }: ListToolbarProps) {
  return (
    <div role="search" aria-label={label}>
      <StyledToolbar style={{ ['--filters' as string]: filterCount }}>
        {children}
        <Button onClick={onReset} disabled={resetDisabled}>
          Réinitialiser
        </Button>
      </StyledToolbar>
      {resultLabel !== undefined && (
        <StyledFooter>
          <p aria-live="polite">{resultLabel}</p>
        </StyledFooter>
      )}
    </div>
  );
}
