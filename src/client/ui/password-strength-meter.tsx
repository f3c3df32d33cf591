import styled, { type DefaultTheme } from 'styled-components';
import { PASSWORD_MIN_SCORE, type PasswordScore } from '@/shared/password-rules';
import { usePasswordStrength } from '../lib/password-strength';

/** What each zxcvbn score reads as (la robustesse : feminine). */
export const STRENGTH_LABELS: Record<PasswordScore, string> = {
  0: 'Très faible',
  1: 'Faible',
  2: 'Moyenne',
  3: 'Bonne',
  4: 'Excellente',
};

const SEGMENTS = 4;

const toneOf = (theme: DefaultTheme, score: PasswordScore) =>
  score < 2 ? theme.colors.dangerText : score < PASSWORD_MIN_SCORE ? theme.colors.warningText : theme.colors.successText;

const StyledMeter = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  margin-top: calc(-1 * ${({ theme }) => theme.spacing.xs});
`;

const StyledBar = styled.div`
  display: grid;
  grid-template-columns: repeat(${SEGMENTS}, 1fr);
  gap: ${({ theme }) => theme.spacing.xs};
`;

const StyledSegment = styled.span<{ $score: PasswordScore; $filled: boolean }>`
  height: 4px;
  border-radius: 2px;
  background: ${({ theme, $score, $filled }) => ($filled ? toneOf(theme, $score) : theme.colors.border)};
`;

const StyledText = styled.p<{ $score: PasswordScore }>`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.size.xs};
  color: ${({ theme }) => theme.colors.textMuted};

  strong {
    color: ${({ theme, $score }) => toneOf(theme, $score)};
  }
`;

export interface PasswordStrengthMeterProps {
  password: string;
  /** The account's address: a password built on it is weak. */
  email?: string;
  /** Id of the text, for the password input's aria-describedby. */
  id?: string;
}

/**
 * Strength of a new password as it is typed, by the rules the server applies (zxcvbn, score ≥ 3;
 * the rules load on demand). Nothing is shown while the field is empty. It advises; the server decides.
 */
export function PasswordStrengthMeter({ password, email, id }: PasswordStrengthMeterProps) {
  const strength = usePasswordStrength(password, email);
  if (!strength) return null;
  const { score, problems, warning } = strength;
  const advice = [...problems, ...(warning && !problems.includes(warning) ? [warning] : [])].join(' ');
  return (
    <StyledMeter>
      <StyledBar
        role="meter"
        aria-label="Robustesse du mot de passe"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={score}
        aria-valuetext={STRENGTH_LABELS[score]}
      >
        {Array.from({ length: SEGMENTS }, (_, i) => (
          // Score 0 fills none, 4 fills all.
          <StyledSegment key={i} $score={score} $filled={i < score} />
        ))}
      </StyledBar>
      <StyledText id={id} $score={score} aria-live="polite">
        Robustesse : <strong>{STRENGTH_LABELS[score]}</strong>
        {advice && <> — {advice}</>}
      </StyledText>
    </StyledMeter>
  );
}
