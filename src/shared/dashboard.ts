/**
 * What the dashboard asks of the server (SPEC 7 filters, SPEC 9 sizes): the lists come sorted
 * by `ordering=dashboard` (rule in src/server/http/dashboard-order.ts) and cut by `limit`.
 */
export const DASHBOARD_LIST_SIZE = 5;
export const DASHBOARD_ORDERING = 'dashboard';

/** The revenue chart covers the current month and the 11 before it. */
export const REVENUE_MONTHS = 12;
/** The most months `invoices/monthly_revenue/?months=` accepts (ten years). */
export const MAX_REVENUE_MONTHS = 120;

/** One month of GET invoices/monthly_revenue/: invoices paid that month (Paris calendar day of payment). */
export interface MonthRevenue {
  /** 'YYYY-MM' */
  month: string;
  /** Paid amount HT, in euros. */
  subtotal: number;
  /** Paid amount TTC, in euros. */
  total_amount: number;
  /** Number of invoices paid that month. */
  count: number;
}
