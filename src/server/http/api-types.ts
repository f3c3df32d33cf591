/**
 * Compile-time agreement between a route's zod schema and the shared API type of its body
 * (src/shared): `true` only when both name the same fields, else `never` (a type error where the
 * constant is declared).
 */
export type SameKeys<A extends PropertyKey, B extends PropertyKey> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;

/**
 * A query string or a body as it arrives, before its route checks it: the fields of its shared
 * API type, each of any value. Reading a field the shared type does not name is a type error.
 */
export type Unchecked<T> = { readonly [K in keyof T]?: unknown };
