import { useEffect, useMemo, useState } from 'react';
import type { PasswordStrength } from '@/shared/password-rules';

type Checker = typeof import('@/shared/password-strength').checkPasswordStrength;

let loading: Promise<Checker> | null = null;

/**
 * The server's own password rules (shared/password-strength.ts), loaded on demand: zxcvbn and its
 * dictionaries (~1 MB) stay out of the initial bundle and arrive only when a form needs them. Never
 * import that module statically from client code.
 */
export function loadPasswordChecker(): Promise<Checker> {
  loading ??= import(/* webpackChunkName: "password-strength" */ '@/shared/password-strength').then(
    (module) => module.checkPasswordStrength,
    (err: unknown) => {
      loading = null; // a failed chunk load (network) is retried by the next form
      throw err;
    },
  );
  return loading;
}

/** The strength of `password` for the account `email`; null while empty or while the rules load. */
export function usePasswordStrength(password: string, email = ''): PasswordStrength | null {
  const [check, setCheck] = useState<Checker | null>(null);
  const wanted = password.length > 0;
  useEffect(() => {
    if (!wanted || check) return;
    let live = true;
    loadPasswordChecker().then(
      (checker) => live && setCheck(() => checker),
      () => undefined, // no meter without the chunk; the server still checks
    );
    return () => {
      live = false;
    };
  }, [wanted, check]);
  return useMemo(() => (check && wanted ? check(password, email) : null), [check, wanted, password, email]);
}
