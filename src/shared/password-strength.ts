import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as french from '@zxcvbn-ts/language-fr';
import { accountWords, passwordProblems, type PasswordScore, type PasswordStrength } from './password-rules';

/**
 * The password check (rules in password-rules.ts) with zxcvbn and its common and French
 * dictionaries. They weigh about a megabyte: the client imports this module only dynamically
 * (client/lib/password-strength.ts), never into its initial bundle.
 */

let estimator: ZxcvbnFactory | null = null;

/** Built on first use: ranking the dictionaries takes ~0.1 s. */
function getEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...french.dictionary },
    graphs: common.adjacencyGraphs,
    translations: french.translations,
    // Past 64 characters the estimate is strong anyway; the cost grows with the length.
    maxLength: 64,
  });
  return estimator;
}

export function checkPasswordStrength(password: string, email = ''): PasswordStrength {
  const result = getEstimator().check(password, accountWords(email));
  const score = result.score as PasswordScore;
  return {
    score,
    problems: passwordProblems(password, email, score),
    warning: result.feedback.warning,
    suggestions: result.feedback.suggestions,
  };
}
