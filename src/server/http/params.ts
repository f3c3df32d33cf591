import type { FastifyRequest } from 'fastify';
import { badRequest, notFound } from './errors';

/** A positive integer id (as the database stores them) written in decimal; null for anything else. */
export function parseId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 2147483647 ? null : id;
}

/** A positive integer id from the URL; anything else is a 404 like a missing row. */
export function idParam(value: unknown): number {
  const id = parseId(value);
  if (id === null) throw notFound();
  return id;
}

/**
 * The `:id` of the URL in a route's preValidation hook, before the route's schema parsed it: for
 * the routes that find the row before they read the body (another user's id is a 404 whatever
 * the body holds). A malformed id is a 404, as the schema would answer.
 */
export function rawIdParam(request: FastifyRequest): number {
  return idParam((request.params as { id?: unknown }).id);
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
