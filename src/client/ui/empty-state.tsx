import type { ReactNode } from 'react';
import styled from 'styled-components';
import { IconInbox } from './icons';

const StyledEmptyState = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => `${theme.spacing.xxl} ${theme.spacing.lg}`};
  color: ${({ theme }) => theme.colors.textMuted};

  p {
    margin: 0;
    max-width: 48ch;
  }
`;

const StyledEmptyIcon = styled.div`
  display: grid;
  place-items: center;
  width: 48px;
  height: 48px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledEmptyTitle = styled.p`
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.typography.weight.semibold};
`;

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <StyledEmptyState>
      <StyledEmptyIcon aria-hidden="true">{icon ?? <IconInbox size={24} />}</StyledEmptyIcon>
      <StyledEmptyTitle>{title}</StyledEmptyTitle>
      {description && <p>{description}</p>}
      {action}
    </StyledEmptyState>
  );
}
