import { useEffect, useState } from 'react';

/** How long the lists wait for typing to pause before their search goes to the server (issue 29). */
export const LIST_SEARCH_DEBOUNCE_MS = 250;

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
