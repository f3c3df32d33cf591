/**
 * A query string or a body as it arrives, before its route checks it: the fields of its shared
 * API type, each of any value. Reading a field the shared type does not name is a type error.
 * Left for the documents routes until their contracts are written (src/shared/contracts).
 */
export type Unchecked<T> = { readonly [K in keyof T]?: unknown };
