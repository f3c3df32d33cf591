import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as french from '@zxcvbn-ts/language-fr';
import { accountWords, passwordProblems, type PasswordScore, type PasswordStrength } from './password-rules';

/**
 * The password check (rules in password-rules.ts) with zxcvbn and its common and French
 * dictionaries. They weigh about a megabyte: the client imports this module only dynamically
 * (client/lib/password-strength.ts), never into its initial bundle.
 */

/**
 * zxcvbn scores only a password's first 32 characters. Its cost grows faster than the length (a
 * random 64-character password took 0.8–0.9 s of the server's only thread, about 0.25 s at 32),
 * and anyone may post one. Cutting it loses nothing we rely on: a password is acceptable from score
 * 3 (~10^8 guesses), and whoever guesses a longer password must guess its first 32 characters
 * along with the rest, so it is at least as hard to guess as the part scored. If that part is weak
 * the password is refused, which may refuse a strong tail, never accept a weak password. The other
 * rules (length, all digits, the address) still read the whole password.
 */
export const SCORED_LENGTH = 32;

let estimator: ZxcvbnFactory | null = null;

/** Built on first use: ranking the dictionaries takes ~0.1 s. */
function getEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...french.dictionary },
    graphs: common.adjacencyGraphs,
    translations: french.translations,
    // A backstop: checkPasswordStrength already passes at most SCORED_LENGTH characters.
    maxLength: SCORED_LENGTH,
  });
  return estimator;
}

export function checkPasswordStrength(password: string, email = ''): PasswordStrength {
  const result = getEstimator().check(password.slice(0, SCORED_LENGTH), accountWords(email));
  const score = result.score as PasswordScore;
  return {
    score,
    problems: passwordProblems(password, email, score),
    warning: result.feedback.warning,
    suggestions: result.feedback.suggestions,
  };
}
