import { notFound } from './errors';

/** A positive integer id from the URL; anything else is a 404 like a missing row. */
export function idParam(value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value)) throw notFound();
  const id = Number(value);
  if (id > 2147483647) throw notFound();
  return id;
}
