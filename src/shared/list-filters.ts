/**
 * The filters of the lists' query strings, as the server reads them (http/list-filters.ts): an
 * exact filter `<field>=value` also takes a list, `<field>__in=a,b` (any of them, at most 100
 * values), and `exclude_status=a,b` leaves statuses out. A filter on ids matches nothing when its
 * value is not an id; parameters a list does not name are ignored.
 */
export type ListFilters<F> = F & { [K in keyof F & string as `${K}__in`]?: string } & {
  /** Comma-separated statuses left out. */
  exclude_status?: string;
};

/**
 * How a list is cut and sorted: without them it is whole, in id order; `limit` (1–100) cuts it,
 * the uncut count in the X-Total-Count header; `ordering` names one of the list's orders.
 */
export interface ListWindow<O extends string> {
  limit?: number;
  ordering?: O;
}
