import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const StyledSpinnerWrap = styled.div<{ $inline?: boolean }>`
  display: ${({ $inline }) => ($inline ? 'inline-flex' : 'flex')};
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme, $inline }) => ($inline ? 0 : theme.spacing.xxl)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

const StyledSpinner = styled.span<{ $size: number }>`
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
`;

export interface SpinnerProps {
  /** Text announced and shown next to the spinner. */
  label?: string;
  size?: number;
  inline?: boolean;
}

/** Loading indicator with a polite live region. */
export function Spinner({ label = 'Chargement...', size = 24, inline }: SpinnerProps) {
  return (
    <StyledSpinnerWrap role="status" aria-live="polite" $inline={inline}>
      <StyledSpinner $size={size} aria-hidden="true" />
      <span>{label}</span>
    </StyledSpinnerWrap>
  );
}
