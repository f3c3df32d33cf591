import { badRequest, notFound } from './errors';

/** A positive integer id (as the database stores them) written in decimal; null for anything else. */
export function parseId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 2147483647 ? null : id;
}

/** A positive integer id from the URL; anything else is a 404 like a missing row. */
export function idParam(value: string): number {
  const id = parseId(value);
  if (id === null) throw notFound();
  return id;
}

/**
 * An optional integer query parameter within [min, max]: undefined when absent or empty,
 * else the number; anything else (text, decimals, a repeated name…) is a 400 on that field.
 */
export function queryInteger(params: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^-?\d{1,10}$/.test(value)) throw badRequest({ [name]: ['Un nombre entier valide est requis.'] });
  const n = Number(value);
  if (n < min) throw badRequest({ [name]: [`Assurez-vous que cette valeur est supérieure ou égale à ${min}.`] });
  if (n > max) throw badRequest({ [name]: [`Assurez-vous que cette valeur est inférieure ou égale à ${max}.`] });
  return n;
}
