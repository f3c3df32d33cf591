import { useMemo } from 'react';
import styled from 'styled-components';
import { parseChanges } from '@/shared/activity';

const StyledDetails = styled.details`
  /* Sits above the row's stretched link so it can be toggled without navigating. */
  position: relative;
  z-index: 1;
  margin-top: ${({ theme }) => theme.spacing.xs};
  font-size: ${({ theme }) => theme.typography.size.sm};

  summary {
    display: inline-block;
    padding: 2px 4px;
    margin-left: -4px;
    border-radius: ${({ theme }) => theme.radius.sm};
    color: ${({ theme }) => theme.colors.link};
    cursor: pointer;
    list-style: revert;
  }
  summary:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }

  ul {
    margin: ${({ theme }) => theme.spacing.xs} 0 0;
    padding-left: ${({ theme }) => theme.spacing.xl};
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
  li + li {
    margin-top: 2px;
  }
  strong {
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.typography.weight.medium};
  }
`;

/** 'Ville: Paris → Lyon' → field 'Ville' and 'Paris → Lyon' (the field in bold). */
function splitChange(item: string): { field: string | null; values: string } {
  const at = item.indexOf(': ');
  return at > 0 ? { field: item.slice(0, at), values: item.slice(at + 2) } : { field: null, values: item };
}

export interface ActivityChangesProps {
  /** The entry's `(champ: ancien → nouveau; …)` string. */
  changes: string;
}

/** Collapsible 'Détails des modifications (n)'; nothing when the entry lists no change. */
export function ActivityChanges({ changes }: ActivityChangesProps) {
  const items = useMemo(() => parseChanges(changes ?? ''), [changes]);
  if (items.length === 0) return null;
  return (
    <StyledDetails>
      <summary>Détails des modifications ({items.length})</summary>
      <ul>
        {items.map((item, index) => {
          const { field, values } = splitChange(item);
          return (
            <li key={index}>
              {field ? (
                <>
                  <strong>{field}</strong> : {values}
                </>
              ) : (
                values
              )}
            </li>
          );
        })}
      </ul>
    </StyledDetails>
  );
}
