/**
 * What the dashboard asks of the server (SPEC 7 filters, SPEC 9 sizes): the lists come sorted
 * by `ordering=dashboard` (rule in src/server/http/dashboard-order.ts) and cut by `limit`.
 */
export const DASHBOARD_LIST_SIZE = 5;
export const DASHBOARD_ORDERING = 'dashboard';
export type DashboardOrdering = typeof DASHBOARD_ORDERING;

/** The revenue chart covers the current month and the 11 before it. */
export const REVENUE_MONTHS = 12;
/** The most months `invoices/monthly_revenue/?months=` accepts (ten years). */
export const MAX_REVENUE_MONTHS = 120;

/**
 * Query of GET invoices/monthly_revenue/ (answered with `{ monthly_revenue: MonthRevenue[] }`):
 * how many months, 1 to MAX_REVENUE_MONTHS, REVENUE_MONTHS when absent.
 */
export interface MonthlyRevenueQuery {
  months?: number;
}

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

/** GET invoices/next_expected_payment/: every field is null when no payment is expected. */
export interface NextExpectedPayment {
  id: number | null;
  title: string | null;
  due_date: string | null;
  amount: number | null;
  client_id: number | null;
  client_name: string | null;
}

/** GET quotes/pending_sum/ (sent quotes, TTC). */
export interface PendingQuotesJson {
  pending_quotes_sum: number;
  pending_quotes_count: number;
}
/** GET invoices/outstanding_sum/ (what issued invoices still owe). */
export interface OutstandingInvoicesJson {
  outstanding_invoices_sum: number;
  outstanding_invoices_count: number;
}
/** GET invoices/overdue_sum/. */
export interface OverdueInvoicesJson {
  overdue_invoices_sum: number;
  overdue_invoices_count: number;
}
/** GET invoices/current_month_revenue/ (cash received this month). */
export interface CurrentMonthRevenueJson {
  current_month_revenue: number;
  current_month_revenue_count: number;
}

/** SPEC 3 "Financial aggregates" (amounts TTC): the five aggregate endpoints' answers together. */
export interface FinancialOverview {
  pending_quotes_sum: number;
  pending_quotes_count: number;
  outstanding_invoices_sum: number;
  outstanding_invoices_count: number;
  overdue_invoices_sum: number;
  overdue_invoices_count: number;
  current_month_revenue: number;
  current_month_revenue_count: number;
  next_expected_payment: NextExpectedPayment;
}
