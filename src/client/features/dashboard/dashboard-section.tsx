import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Alert } from '@/client/ui/alert';
import { Card } from '@/client/ui/card';
import { Spinner } from '@/client/ui/spinner';
import { SkeletonStatus } from './dashboard-skeleton';

const StyledSectionDescription = styled.p`
  margin: -${({ theme }) => theme.spacing.sm} 0 ${({ theme }) => theme.spacing.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

export const StyledSectionActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

export interface SectionStateProps {
  isLoading: boolean;
  /** Shown instead of the content when set. */
  errorMessage?: string | null;
  loadingLabel?: string;
  /** Shown while loading instead of a spinner: placeholders of the content's final size. */
  skeleton?: ReactNode;
  children?: ReactNode;
}

/** The three states of a dashboard block: loading, error, loaded (SPEC 2 "Dashboard"). */
export function SectionState({ isLoading, errorMessage, loadingLabel = 'Chargement...', skeleton, children }: SectionStateProps) {
  if (isLoading) return skeleton ? <SkeletonStatus label={loadingLabel}>{skeleton}</SkeletonStatus> : <Spinner label={loadingLabel} />;
  if (errorMessage) return <Alert tone="error">{errorMessage}</Alert>;
  return <>{children}</>;
}

export interface DashboardSectionProps extends SectionStateProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}

/** One stacked dashboard section: a titled card whose content follows its request's state. */
export function DashboardSection({ title, description, actions, ...state }: DashboardSectionProps) {
  return (
    <Card
      title={title}
      aria-label={title}
      actions={actions && <StyledSectionActions>{actions}</StyledSectionActions>}
      aria-busy={state.isLoading || undefined}
    >
      {description && <StyledSectionDescription>{description}</StyledSectionDescription>}
      <SectionState {...state} />
    </Card>
  );
}
