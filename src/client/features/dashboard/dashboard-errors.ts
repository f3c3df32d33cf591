export const UNKNOWN_DASHBOARD_ERROR = 'Une erreur inconnue est survenue.';

/** SPEC 8 "Dashboard": the server's detail or message, else the generic French message. */
export function dashboardErrorMessage(error: unknown): string {
  const data = error && typeof error === 'object' && 'data' in error ? (error as { data: unknown }).data : undefined;
  if (data && typeof data === 'object') {
    for (const key of ['detail', 'message'] as const) {
      const value = (data as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.trim()) return value;
    }
  }
  return UNKNOWN_DASHBOARD_ERROR;
}
