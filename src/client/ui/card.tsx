import type { HTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';

export const StyledCard = styled.section<{ $padded?: boolean }>`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  padding: ${({ theme, $padded }) => ($padded === false ? '0' : theme.spacing.xl)};
  min-width: 0;

  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme, $padded }) => ($padded === false ? '0' : theme.spacing.lg)};
  }
`;

const StyledCardHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-bottom: ${({ theme }) => theme.spacing.lg};

  h2,
  h3 {
    margin: 0;
  }
`;

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Heading shown at the top of the card. */
  title?: ReactNode;
  /** Heading level for the title (default 2). */
  titleLevel?: 2 | 3;
  actions?: ReactNode;
  padded?: boolean;
  as?: 'section' | 'div' | 'article';
}

export function Card({ title, titleLevel = 2, actions, padded, children, as = 'section', ...rest }: CardProps) {
  const Heading = titleLevel === 3 ? 'h3' : 'h2';
  return (
    <StyledCard as={as} $padded={padded} {...rest}>
      {(title || actions) && (
        <StyledCardHeader>
          {title && <Heading>{title}</Heading>}
          {actions}
        </StyledCardHeader>
      )}
      {children}
    </StyledCard>
  );
}
