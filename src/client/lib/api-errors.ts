import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/**
 * Errors reach pages as `{ status, data }`: `status` is the HTTP status, or 'FETCH_ERROR'
 * when no response arrived (network down, server unreachable).
 */
export type ApiError = FetchBaseQueryError;

/** Narrows an unknown error (from `unwrap()`) to the ApiError shape. */
export function asApiError(error: unknown): ApiError | undefined {
  return error && typeof error === 'object' && 'status' in error ? (error as ApiError) : undefined;
}

/** Reads the `detail` string of an API error, if any. */
export function errorDetail(error: unknown): string | undefined {
  const data = asApiError(error)?.data as { detail?: unknown } | undefined;
  return data && typeof data.detail === 'string' ? data.detail : undefined;
}

/** True when the request never got a response (network error, server down). */
export function isNetworkError(error: unknown): boolean {
  const apiError = asApiError(error);
  return apiError !== undefined && typeof apiError.status !== 'number';
}
