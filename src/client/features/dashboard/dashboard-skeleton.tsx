import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { DASHBOARD_LIST_SIZE } from '@/shared/dashboard';
import { Badge } from '@/client/ui/badge';
import { VisuallyHidden } from '@/client/ui/visually-hidden';
import { StyledDashboardList, StyledDashboardRow, StyledDueLabel, StyledRowMain, StyledRowMeta, StyledRowSide } from './dashboard-list';

/*
 * Loading placeholders of the final size: a section that loads must not push the ones below
 * it when its rows arrive (Lighthouse counts that as layout shift). They are made of the same
 * components as the real content, holding sample text of a typical length.
 */

const pulse = keyframes`
  50% { opacity: 0.45; }
`;

/**
 * Sample text drawn as grey bars: it wraps and takes the height of the text it stands for
 * (same font, same box), so the real text replaces it without moving what follows.
 */
export const SkeletonText = styled.span`
  color: transparent;
  background: ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  -webkit-box-decoration-break: clone;
  box-decoration-break: clone;
  animation: ${pulse} 1.6s ease-in-out infinite;
  user-select: none;
`;

/** Says "loading" once to assistive technologies; the placeholders themselves are hidden. */
export function SkeletonStatus({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>{label}</VisuallyHidden>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

export interface ListSkeletonProps {
  rows?: number;
  /** Sample texts of a row, as long as typical real ones. */
  title: string;
  meta: string;
  /** Badges on the right of each row (task: status and priority; project: priority). */
  badges?: string[];
  due?: boolean;
}

/** Placeholder rows built from the dashboard lists' own row components. */
export function ListSkeleton({ rows = DASHBOARD_LIST_SIZE, title, meta, badges = [], due = false }: ListSkeletonProps) {
  return (
    <StyledDashboardList>
      {Array.from({ length: rows }, (_, row) => (
        <StyledDashboardRow key={row}>
          <StyledRowMain>
            <SkeletonText>{title}</SkeletonText>
            <StyledRowMeta>
              <SkeletonText>{meta}</SkeletonText>
            </StyledRowMeta>
          </StyledRowMain>
          {(badges.length > 0 || due) && (
            <StyledRowSide>
              {badges.map((badge) => (
                <Badge key={badge} tone="grey">
                  <SkeletonText>{badge}</SkeletonText>
                </Badge>
              ))}
              {due && (
                <StyledDueLabel>
                  <SkeletonText>Échéance : 12 déc. 2026</SkeletonText>
                </StyledDueLabel>
              )}
            </StyledRowSide>
          )}
        </StyledDashboardRow>
      ))}
    </StyledDashboardList>
  );
}
