import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Alert } from '../ui/alert';
import { Spinner } from '../ui/spinner';

/**
 * The blocks of a record's side panel (a contact's tasks, projects, quotes and invoices): a titled
 * list with its loading, error and empty states. Shared by the features that fill the panel.
 */

export const RelatedSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.lg};
  }
`;

const StyledList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledItem = styled.li`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.sm};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

export const RelatedItemBody = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;

  a {
    font-weight: ${({ theme }) => theme.typography.weight.medium};
    overflow-wrap: anywhere;
  }
`;

export const RelatedMeta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.xs};
`;

const StyledEmpty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

export interface RelatedListProps<T extends { id: number }> {
  title: string;
  items: T[] | undefined;
  isLoading: boolean;
  isError: boolean;
  loadingLabel: string;
  errorMessage: string;
  emptyMessage: string;
  renderItem: (item: T) => ReactNode;
  children?: ReactNode;
}

/** One block of the panel: a titled list with its loading, error and empty states. */
export function RelatedList<T extends { id: number }>({
  title,
  items,
  isLoading,
  isError,
  loadingLabel,
  errorMessage,
  emptyMessage,
  renderItem,
  children,
}: RelatedListProps<T>) {
  let body: ReactNode;
  if (isLoading) body = <Spinner inline size={18} label={loadingLabel} />;
  else if (isError && !items) body = <Alert tone="error">{errorMessage}</Alert>;
  else if (!items?.length) body = <StyledEmpty>{emptyMessage}</StyledEmpty>;
  else
    body = (
      <StyledList>
        {items.map((item) => (
          <StyledItem key={item.id}>{renderItem(item)}</StyledItem>
        ))}
      </StyledList>
    );
  return (
    <RelatedSection aria-label={title}>
      <h2>{title}</h2>
      {body}
      {children}
    </RelatedSection>
  );
}

