import { z } from 'zod';

/**
 * Pieces every contract uses. Only the server parses with them (the client imports the contracts'
 * types alone, `import type`, so zod stays out of its bundle).
 */

/** A positive integer id (as the database stores them), in decimal. */
const ID_TEXT = /^[1-9]\d{0,9}$/;
export const MAX_ID = 2147483647;

/**
 * `:id` of a URL → the number. A malformed one is refused like a missing row: the error handler
 * answers every params refusal with a 404.
 */
export const idParams = z.object({
  id: z
    .string()
    .regex(ID_TEXT)
    .transform(Number)
    .refine((id) => id <= MAX_ID),
});

/** An error answer in DRF shape: `{"detail": "…"}`. */
export const detailSchema = z.object({ detail: z.string() });

/** A row named by another: `{id, name}`. */
export const namedRefSchema = z.object({ id: z.number(), name: z.string() });
export type NamedRef = z.infer<typeof namedRefSchema>;

/**
 * One query-string parameter as it arrives: text, or a list when the name is repeated. Each list
 * reads its own (server/http/list-filters.ts: applyListFilters, listWindow), answering a bad value
 * with its own French 400; names a list does not know are ignored.
 */
export const queryParam = z.union([z.string(), z.array(z.string())]).optional();

/**
 * Keyset pages (issue 29), the opt-in every paged list shares: `page_size` (1–100) answers one page
 * of the same plain array, `cursor` (an X-Next-Cursor) the page after it, `ordering` a sort
 * (`-name` descending), `search` the normalised search text. Without `page_size` the list is whole.
 */
export const PAGE_PARAMS = {
  page_size: queryParam.describe('Pagination par curseur : nombre de lignes par page (1–100). Sans lui, la liste est entière.'),
  cursor: queryParam.describe("Pagination : la valeur de l'en-tête X-Next-Cursor de la page précédente (opaque)."),
  search: queryParam.describe('Texte cherché (sans casse ni accents) dans le texte de recherche de la ligne.'),
};

/** The query string of a list: its exact filters (each also `<name>__in`), `exclude_status`, `limit`, `ordering`, the page parameters and `extra` names. */
export function listQuery<const F extends string, const E extends string = never>(filters: readonly F[], extra: readonly E[] = []) {
  const names = [...filters, ...filters.map((f) => `${f}__in`), 'exclude_status', 'limit', 'ordering', ...extra];
  return z.looseObject({
    ...(Object.fromEntries(names.map((name) => [name, queryParam])) as Record<
      F | `${F}__in` | E | 'exclude_status' | 'limit' | 'ordering',
      typeof queryParam
    >),
    ...PAGE_PARAMS,
  });
}

/**
 * The answer of a paged list: the plain array, and with `page_size` the headers X-Total-Count (the
 * filtered count, first page only; past 10,000 rows X-Total-Count-At-Least instead) and
 * X-Next-Cursor (absent on the last page), documented in the OpenAPI answer.
 */
export function pagedList<T extends z.ZodType>(row: T) {
  return z.array(row).meta({
    headers: {
      'X-Total-Count': { type: 'integer', description: 'Avec limit, ou page_size sans cursor : le nombre de lignes de la liste filtrée (avec page_size, jusqu’à 10 000).' },
      'X-Total-Count-At-Least': { type: 'integer', description: 'Avec page_size sans cursor, au lieu de X-Total-Count quand la liste filtrée a plus de 10 000 lignes : 10 000 (non comptées au-delà).' },
      'X-Next-Cursor': { type: 'string', description: 'Avec page_size : le curseur de la page suivante ; absent sur la dernière page.' },
    },
  });
}

/**
 * A write body that also takes the read-only fields of the record a client echoes back (ignored):
 * strict on any other name ('Champ inconnu.'); the parsed value holds the writable fields sent.
 */
export function writeBody<S extends z.ZodRawShape, const R extends string>(fields: S, readOnly: readonly R[]) {
  const echoed = Object.fromEntries(readOnly.map((name) => [name, z.unknown().optional()])) as Record<R, z.ZodOptional<z.ZodUnknown>>;
  return z.strictObject({ ...fields, ...echoed }).transform((body) => {
    const sent: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(body)) {
      if (value !== undefined && !(readOnly as readonly string[]).includes(name)) sent[name] = value;
    }
    return sent as Partial<z.output<z.ZodObject<S>>>;
  });
}

/** The answer of a 204: no body. */
export const noContent = z.null().describe('Pas de contenu.');

/**
 * A body its handler reads itself, after what must come first (the row exists, the rate limit)
 * or with messages of its own: `schema` documents it, and any value reaches the handler.
 */
export function readByHandler(schema: z.ZodType) {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return z.unknown().meta(json);
}

/**
 * Where a document's or a reminder's latest e-mail is in the server's outbox (issue 16); null where
 * it is unknown (e.g. purged).
 */
export const emailDeliverySchema = z.object({
  status: z.enum(['pending', 'sent', 'failed']),
  /** Why the last attempt failed (French), while retrying or once failed. */
  error: z.string().nullable(),
  updated_at: z.string(),
});
export type EmailDeliveryJson = z.infer<typeof emailDeliverySchema>;
