import type { EntityAdapter, EntityState } from '@reduxjs/toolkit';
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import axios, { type AxiosRequestConfig, type Method } from 'axios';
import { useCallback, useMemo } from 'react';
import { errorDetail, type ApiError } from '../lib/api-errors';
import { useDebouncedValue } from '../lib/use-debounced-value';
import {
  loggedIn,
  sessionCleared,
  tokensRefreshed,
  type SessionState,
  type TokenPair,
} from './session/session.slice';
import {
  SESSION_STORAGE_KEY, isNewerSession, readStoredSession, withTabLock, writeStoredSession,
} from './session/stored-session';

/** The one HTTP client of the app (tests attach axios-mock-adapter to it). */
export const http = axios.create({
  baseURL: '/api/',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  // Bearer tokens, no XSRF cookie: skip axios's cookie read and URL parse on every request
  // (the dashboard's ten first requests leave together, on a slow phone's main thread).
  withXSRFToken: false,
});

export interface ApiRequest {
  url: string;
  method?: Method;
  data?: unknown;
  params?: AxiosRequestConfig['params'];
  headers?: Record<string, string>;
  responseType?: AxiosRequestConfig['responseType'];
}

// In lib, so that the shared client code below the features reads refusals too.
export { asApiError, errorDetail, isNetworkError, type ApiError } from '../lib/api-errors';

/** What endpoints may read of a successful response besides its body (`transformResponse`'s meta). */
export interface ApiMeta {
  /** Response headers, names in lower case (e.g. `x-total-count` of a list cut by `limit`). */
  headers: Record<string, string>;
}

/** Endpoints that never carry a session: their 401 is an answer, not an expired session. */
const SESSIONLESS_ENDPOINTS = [
  /^\/?token\/$/,
  /^\/?token\/refresh\/$/,
  /^\/?token\/logout\/$/,
  /^\/?register\/$/,
  /^\/?reset-password\//,
  /^\/?reset-password-confirm\//,
];

/** SPEC 8 "Session": 401 details meaning the stored tokens are no longer usable. */
export const SESSION_INVALID_DETAILS = ['Given token not valid for any token type', 'Token is invalid or expired'];

type StateWithSession = { session: SessionState };

function requestOf(args: ApiRequest | string): ApiRequest {
  return typeof args === 'string' ? { url: args } : args;
}

function isSessionless(url: string) {
  return SESSIONLESS_ENDPOINTS.some((pattern) => pattern.test(url));
}

export function isSessionInvalidError(error: ApiError | undefined): boolean {
  if (!error || error.status !== 401) return false;
  const detail = errorDetail(error);
  return detail !== undefined && SESSION_INVALID_DETAILS.includes(detail);
}

/** Sends one request with axios and turns the outcome into RTK Query's result shape. */
export async function sendRequest(
  request: ApiRequest,
  accessToken: string | null,
): Promise<{ data: unknown; meta?: ApiMeta } | { error: ApiError }> {
  try {
    const response = await http.request({
      url: request.url,
      method: request.method ?? 'GET',
      data: request.data,
      params: request.params,
      responseType: request.responseType,
      headers: {
        ...(request.headers ?? {}),
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
      },
    });
    const headers = Object.fromEntries(
      Object.entries(response.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    return { data: response.data ?? null, meta: { headers } };
  } catch (err) {
    if (axios.isAxiosError(err) && err.response) {
      return { error: { status: err.response.status, data: err.response.data } };
    }
    const message = err instanceof Error ? err.message : String(err);
    return { error: { status: 'FETCH_ERROR', error: message } };
  }
}

// The refresh "mutex": at most one refresh in flight, shared by every request that got a 401.
type RefreshOutcome = 'refreshed' | 'rejected' | 'unreachable';
let refreshInFlight: Promise<RefreshOutcome> | null = null;

type Dispatch = (action: unknown) => unknown;

/** Takes the session another tab stored; another account's sign-in also drops this tab's cached data. */
function adoptStoredSession(stored: SessionState, mine: SessionState, dispatch: Dispatch) {
  const pair = { access: stored.access_token!, refresh: stored.refresh_token! };
  if (stored.username === mine.username) {
    dispatch(tokensRefreshed(pair));
  } else {
    dispatch(api.util.resetApiState());
    dispatch(loggedIn({ ...pair, username: stored.username }));
  }
}

/**
 * One tab at a time (a lock across tabs), and never with a refresh token another tab already
 * rotated: the server takes a rotated token presented again for a stolen one and ends the session
 * in every tab. So the stored tokens are read first, and newer ones used as they are; new tokens
 * are stored before the lock is released, for the next tab.
 */
function refreshSession(getSession: () => SessionState, dispatch: Dispatch): Promise<RefreshOutcome> {
  return withTabLock(async () => {
    const stored = readStoredSession();
    if (stored && isNewerSession(stored, getSession())) {
      adoptStoredSession(stored, getSession(), dispatch);
      return 'refreshed';
    }
    const refreshToken = getSession().refresh_token;
    if (!refreshToken) return 'rejected';
    const result = await sendRequest({ url: 'token/refresh/', method: 'POST', data: { refresh: refreshToken } }, null);
    if ('error' in result) return typeof result.error.status === 'number' ? 'rejected' : 'unreachable';
    const pair = result.data as Partial<TokenPair> | null;
    if (pair && typeof pair.access === 'string' && typeof pair.refresh === 'string') {
      dispatch(tokensRefreshed({ access: pair.access, refresh: pair.refresh }));
      writeStoredSession(getSession());
      return 'refreshed';
    }
    return 'rejected';
  });
}

/**
 * Keeps a tab's session in step with what the other tabs store (their sign-in, refreshes and
 * sign-out): without it, a tab would go on with spent tokens, and redux-persist would write them
 * back over the newer ones at its next change. Returns the unsubscribe function.
 */
export function followSessionOfOtherTabs(store: { getState: () => StateWithSession; dispatch: Dispatch }): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SESSION_STORAGE_KEY) return;
    const stored = readStoredSession();
    const mine = store.getState().session;
    if (!stored) return;
    if (!stored.access_token && mine.access_token) {
      // Signed out in another tab: that session has ended for this tab too.
      store.dispatch(sessionCleared());
      store.dispatch(api.util.resetApiState());
    } else if (isNewerSession(stored, mine)) {
      adoptStoredSession(stored, mine, store.dispatch);
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * Base query: adds the bearer token; on a 401 from a protected endpoint, refreshes the
 * tokens once (one refresh at a time for all concurrent requests) and retries the request
 * once. When no refresh is possible the session is cleared, which makes the route guards
 * send the user to /login.
 */
export const baseQueryWithReauth: BaseQueryFn<ApiRequest | string, unknown, ApiError, object, ApiMeta> = async (args, api) => {
  const request = requestOf(args);
  const getSession = () => (api.getState() as StateWithSession).session;

  if (refreshInFlight) await refreshInFlight;
  const usedToken = getSession().access_token;
  const result = await sendRequest(request, usedToken);

  if (!('error' in result) || result.error.status !== 401 || isSessionless(request.url)) {
    return result;
  }

  let outcome: RefreshOutcome;
  if (refreshInFlight) {
    outcome = await refreshInFlight;
  } else if (getSession().access_token && getSession().access_token !== usedToken) {
    // Another request refreshed the tokens while this one was in flight.
    outcome = 'refreshed';
  } else {
    refreshInFlight = refreshSession(getSession, api.dispatch).finally(() => {
      refreshInFlight = null;
    });
    outcome = await refreshInFlight;
  }

  if (outcome === 'unreachable') {
    // The server could not be reached: keep the session, report the original error.
    return result;
  }
  if (outcome === 'rejected') {
    api.dispatch(sessionCleared());
    return result;
  }

  const retried = await sendRequest(request, getSession().access_token);
  if ('error' in retried && isSessionInvalidError(retried.error)) {
    api.dispatch(sessionCleared());
  }
  return retried;
};

export const TAG_TYPES = [
  'Profile', 'Contact', 'Project', 'Task', 'Quote', 'Invoice', 'CreditNote', 'Activity', 'Dashboard', 'Report', 'Reminder', 'RecurringInvoice',
  'Session', 'EmailTemplate', 'TimeEntry', 'CatalogueItem', 'ShareLink', 'PortalDocument', 'ReceivedInvoice',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/**
 * The cache convention (Redux Essentials): a record provides `{ type, id }`; a list provides
 * `{ type, id: 'LIST' }` and the `{ type, id }` of every row. A creation invalidates the LIST tag;
 * a change invalidates its record's tag, or writes the server's answer into the record's cache
 * (no second request) and invalidates the LIST tag when every list showing the record provides it;
 * a deletion invalidates the LIST tag (refetching the deleted record would only 404). A view naming
 * a related record (a task its project) is refreshed through its own type: the related record's
 * change or deletion invalidates the bare type, which reaches every tag of that type. Documents
 * name contacts and tasks precisely: a document list or record provides `shownTag('Contact', id)`
 * for its client and a record `shownTag('Task', id)` per line's task, and that contact's or
 * task's change or deletion invalidates this tag only (not the record's own tag, whose cache
 * takes the server's answer).
 */
export const listTag = <T extends TagType>(type: T) => ({ type, id: 'LIST' as const });
export const listTags = <T extends TagType>(type: T, ids: readonly number[] | undefined) => [
  listTag(type),
  ...(ids ?? []).map((id) => ({ type, id })),
];
/** What a view of another type provides for a record it shows (an invoice's client, a line's task). */
export const shownTag = <T extends TagType>(type: T, id: number) => ({ type, id: `shown:${id}` });
/**
 * The ids of a list's rows for `listTags`; none when the answer is not a list (providesTags runs in
 * the store's middleware, where a throw would break the dispatch).
 */
export const rowIds = (rows: readonly { id: number }[] | undefined) => (Array.isArray(rows) ? rows.map((row) => row.id) : []);

/**
 * One keyset page of a paged list (issue 29; README « Paged lists »), normalised by the list's
 * entity adapter: the page's ids in the server's order and its rows by id, beside the filtered
 * list's count (X-Total-Count, sent with the first page only: the list reads pages[0]'s) and the
 * cursor of the page after it (X-Next-Cursor; null on the last).
 */
export interface KeysetPage<T> extends EntityState<T, number> {
  total: number;
  /** The server stopped counting at `total` (X-Total-Count-At-Least): the list has more. */
  totalAtLeast: boolean;
  next: string | null;
}

/** The page parameter of a paged list's infinite query: no cursor for the first page, then X-Next-Cursor. */
export type PageCursor = string | null;

/** `infiniteQueryOptions` of every paged list: the next page is the last page's X-Next-Cursor (none after the last). */
export const keysetPaging = {
  initialPageParam: null as PageCursor,
  getNextPageParam: (lastPage: { next: string | null }): PageCursor => lastPage.next,
};

/**
 * The pickers (a document's client, a line's task): the first rows matching what is typed, page by
 * page (issue 29), never the whole list. The search leaves once typing pauses this long.
 */
export const PICKER_PAGE_SIZE = 20;
export const PICKER_SEARCH_DELAY_MS = 250;

/**
 * `api.util.prefetch` for a paged list's first page (the util's types take plain queries only): the
 * same request without a subscription, so the entry is kept `keepUnusedDataFor` until the page's hook
 * subscribes to it with the same argument.
 */
export const prefetchFirstPage = <Arg, Thunk>(endpoint: { initiate: (arg: Arg, options: { subscribe: false }) => Thunk }, arg: Arg): Thunk =>
  endpoint.initiate(arg, { subscribe: false });

/** A paged list's answer (rows, headers) → its normalised page (`transformResponse` of the infinite queries). */
export function keysetPage<T extends { id: number }>(
  adapter: EntityAdapter<T, number>,
  rows: T[],
  meta: ApiMeta | undefined,
): KeysetPage<T> {
  const list = Array.isArray(rows) ? rows : [];
  const atLeast = Number(meta?.headers['x-total-count-at-least']);
  const total = Number.isFinite(atLeast) ? atLeast : Number(meta?.headers['x-total-count']);
  return {
    ...adapter.setAll(adapter.getInitialState(), list),
    total: Number.isFinite(total) ? total : list.length,
    totalAtLeast: Number.isFinite(atLeast),
    next: meta?.headers['x-next-cursor'] || null,
  };
}

/** The rows of loaded pages, in order (a row moved between two pages by a change shows once). */
export function pageRows<T>(pages: readonly EntityState<T, number>[] | undefined): T[] {
  const seen = new Set<number>();
  const rows: T[] = [];
  for (const page of pages ?? []) {
    for (const id of page.ids) {
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push(page.entities[id]);
    }
  }
  return rows;
}

/**
 * What a paged list's screen reads from its infinite query: the loaded rows in order, the total the
 * server counted, and `loadMore` (the next page, unless one is already being read or none is left).
 */
export function usePagedRows<T>(query: {
  data?: { pages: readonly KeysetPage<T>[] };
  hasNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => unknown;
}) {
  const { data, hasNextPage, isFetching, fetchNextPage } = query;
  const rows = useMemo(() => pageRows(data?.pages), [data]);
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetching) void fetchNextPage();
  }, [hasNextPage, isFetching, fetchNextPage]);
  return { rows, total: data?.pages[0]?.total ?? 0, totalAtLeast: data?.pages[0]?.totalAtLeast ?? false, loadMore };
}

/** What a picker's infinite query hook answers (`use…InfiniteQuery(args)`), as `usePickerSearch` reads it. */
export interface PickerPagesQuery<T> {
  data?: { pages: readonly KeysetPage<T>[] };
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** What a picker reads of its search (issue 29): the matches loaded, and `SearchResults` for `ui/search-select.tsx`. */
export interface PickerSearch<T> {
  /** The matches loaded, in the server's order. */
  rows: T[];
  /** The search sent (what was typed, once typing paused): '' for the first rows. */
  search: string;
  isLoading: boolean;
  isError: boolean;
  shown: number;
  total: number;
  totalAtLeast: boolean;
  hasMore: boolean;
  loading: boolean;
  loadMore: () => void;
}

/**
 * A picker's rows (issue 29): `useQuery` (a module-level infinite query hook of `PICKER_PAGE_SIZE`
 * rows) asked for what was typed once typing pauses `PICKER_SEARCH_DELAY_MS`, then the next page
 * on `loadMore`. Never the whole list.
 */
export function usePickerSearch<T>(
  typed: string,
  useQuery: (args: { search?: string }) => PickerPagesQuery<T>,
): PickerSearch<T> {
  const search = useDebouncedValue(typed.trim(), PICKER_SEARCH_DELAY_MS);
  const args = useMemo(() => (search ? { search } : {}), [search]);
  const { data, isLoading, isFetching, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = useQuery(args);
  const rows = useMemo(() => pageRows(data?.pages), [data]);
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return {
    rows,
    search,
    isLoading,
    isError,
    shown: rows.length,
    total: data?.pages[0]?.total ?? 0,
    totalAtLeast: data?.pages[0]?.totalAtLeast ?? false,
    hasMore: Boolean(hasNextPage),
    loading: isFetching,
    loadMore,
  };
}

/** The ids of every loaded page, for `listTags`. */
export const pageIds = (data: { pages: readonly EntityState<unknown, number>[] } | undefined) =>
  (data?.pages ?? []).flatMap((page) => page.ids);

/** The single RTK Query API; features add endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
