import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useDocumentTitle } from '@/client/lib/use-document-title';

const StyledAuthPage = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.spacing.xl} 0;
`;

const StyledAuthCard = styled.section`
  width: min(440px, 100%);
  padding: ${({ theme }) => theme.spacing.xxl};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadows.md};

  @media (max-width: calc(${({ theme }) => theme.breakpoints.sm} - 1px)) {
    padding: ${({ theme }) => theme.spacing.lg};
  }

  h1 {
    font-size: ${({ theme }) => theme.typography.size.xl};
    margin-bottom: ${({ theme }) => theme.spacing.xs};
  }
`;

const StyledSubtitle = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
  margin-bottom: ${({ theme }) => theme.spacing.xl};
`;

export const StyledAuthForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.lg};
`;

export const StyledAuthFooter = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-top: ${({ theme }) => theme.spacing.lg};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

export const StyledLinkButton = styled.button`
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.link};
  font-size: inherit;
  text-decoration: underline;
  text-underline-offset: 2px;
  cursor: pointer;
`;

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** Centered card used by login, reset and activation screens (one h1 each). */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  useDocumentTitle(title);
  return (
    <StyledAuthPage>
      <StyledAuthCard>
        <h1 id="auth-title">{title}</h1>
        {subtitle ? <StyledSubtitle>{subtitle}</StyledSubtitle> : <div style={{ height: 16 }} />}
        {children}
      </StyledAuthCard>
    </StyledAuthPage>
  );
}
