import type { HTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
import { IconAlert, IconCheckCircle } from './icons';

export type AlertTone = 'success' | 'error' | 'info' | 'warning';

const StyledAlert = styled.div<{ $tone: AlertTone }>`
  display: flex;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: flex-start;
  padding: ${({ theme }) => `${theme.spacing.md} ${theme.spacing.lg}`};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid currentColor;
  font-size: ${({ theme }) => theme.typography.size.sm};
  background: ${({ theme, $tone }) =>
    ({
      success: theme.colors.successSoft,
      error: theme.colors.dangerSoft,
      info: theme.colors.infoSoft,
      warning: theme.colors.warningSoft,
    })[$tone]};
  color: ${({ theme, $tone }) =>
    ({
      success: theme.colors.successText,
      error: theme.colors.dangerText,
      info: theme.colors.infoText,
      warning: theme.colors.warningText,
    })[$tone]};

  svg {
    margin-top: 1px;
  }
  p {
    margin: 0;
  }
`;

export interface AlertProps extends HTMLAttributes<HTMLDivElement> {
  tone: AlertTone;
  children: ReactNode;
}

/**
 * Inline message banner. Errors are announced assertively (role="alert"),
 * other tones politely (role="status").
 */
export function Alert({ tone, children, ...rest }: AlertProps) {
  return (
    <StyledAlert role={tone === 'error' ? 'alert' : 'status'} $tone={tone} {...rest}>
      {tone === 'success' ? <IconCheckCircle size={18} /> : <IconAlert size={18} />}
      <p>{children}</p>
    </StyledAlert>
  );
}
