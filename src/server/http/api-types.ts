/**
 * Compile-time agreement between a route's zod schema and the shared API type of its body
 * (src/shared): `true` only when both name the same fields, else `never` (a type error where the
 * constant is declared).
 */
export type SameKeys<A extends PropertyKey, B extends PropertyKey> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
