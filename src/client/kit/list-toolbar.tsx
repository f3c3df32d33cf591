import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../ui/button';
import { media } from '../ui/theme';

/**
 * The fields wrap rather than shrink: a select narrower than its longest option cuts it ('Toutes
 * les priori' at 1366 px beside the sidebar, issue 18). The search gets the most room; on phones
 * everything stacks.
 */
const StyledToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.spacing.md};

  & > * {
    flex: 1 1 13rem;
    min-width: 0;
  }
  & > :first-child {
    flex: 2 1 16rem;
  }
  & > button:last-child {
    flex: none;
  }

  ${media.below('sm')} {
    & > button:last-child {
      flex: 1 1 100%;
    }
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
  onReset: () => void;
  resetDisabled?: boolean;
  /** e.g. '12 tâches' — announced politely when it changes. */
  resultLabel?: string;
  /** Accessible name of the search region, e.g. "Filtrer l'historique". */
  label?: string;
}

/** Search, filters and 'Réinitialiser' above a list: on one row when they fit, wrapped when not, stacked on phones. */
export function ListToolbar({ children, onReset, resetDisabled, resultLabel, label }: ListToolbarProps) {
  return (
    <div role="search" aria-label={label}>
      <StyledToolbar>
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
