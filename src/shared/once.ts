/**
 * The value of `create()`, made on the first call and kept: for costly objects (Intl formatters)
 * that a module would otherwise build while it loads, before anyone needs them — on a slow phone
 * that is start-up time spent in one long task (issue 18).
 */
export function once<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= create());
}
