/**
 * Password rules, one definition for the server (registration, reset, profile) and the forms'
 * strength meter: zxcvbn's guess estimate (common and French dictionaries) must reach score 3
 * (~10^8 guesses), after Django's length, numeric and similarity rules and messages.
 *
 * This module is light and may be imported anywhere; the estimator and its dictionaries (about a
 * megabyte) are in password-strength.ts, which the client loads only on demand.
 */

export const PASSWORD_MIN_LENGTH = 8;
/** zxcvbn's scale: 0 too guessable … 4 very unguessable. */
export const PASSWORD_MIN_SCORE = 3;

export const PASSWORD_MESSAGES = {
  tooShort: `Ce mot de passe est trop court. Il doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
  numeric: 'Ce mot de passe est entièrement numérique.',
  similar: 'Le mot de passe est trop semblable à l’adresse e-mail.',
  weak: 'Ce mot de passe est trop facile à deviner. Allongez-le ou ajoutez des mots peu courants.',
} as const;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  score: PasswordScore;
  /** The messages that refuse it; empty when the password is acceptable. */
  problems: string[];
  /** zxcvbn's French explanation (e.g. « Ce mot de passe est couramment utilisé. »), if any. */
  warning: string | null;
  suggestions: string[];
}

/** Words a guesser would try for this account: the address and its parts, and the app's name. */
export function accountWords(email: string): string[] {
  const address = email.trim().toLowerCase();
  const [local = '', domain = ''] = address.split('@');
  return [address, local, ...local.split(/[^a-z0-9]+/), domain.split('.')[0] ?? '', 'carnet'].filter((w) => w.length >= 3);
}

/** The messages refusing `password` for the account `email`, given its zxcvbn score. */
export function passwordProblems(password: string, email: string, score: PasswordScore): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_MESSAGES.tooShort);
  if (/^\d+$/.test(password)) problems.push(PASSWORD_MESSAGES.numeric);
  const local = email.split('@')[0]?.toLowerCase();
  if (local && local.length >= 3 && password.toLowerCase().includes(local)) problems.push(PASSWORD_MESSAGES.similar);
  // The specific reasons above say more than "too guessable", which they all imply.
  if (!problems.length && score < PASSWORD_MIN_SCORE) problems.push(PASSWORD_MESSAGES.weak);
  return problems;
}
