import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Focuses the field the URL's hash names (`/profile#siret`, `/contacts/12#siren`) once the form is
 * shown (`ready`): the links of a refused issue lead to the very field to fill in. The router
 * does not scroll to a hash by itself; `find` (a stable function) maps the name to the page's element.
 */
export function useHashFocus(ready: boolean, find: (name: string) => HTMLElement | null | undefined) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const element = find(decodeURIComponent(hash.slice(1)));
    element?.scrollIntoView?.({ block: 'center' });
    element?.focus();
  }, [ready, hash, find]);
}
