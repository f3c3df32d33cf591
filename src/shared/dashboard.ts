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

// The answers of the dashboard's endpoints are contracts (src/shared/contracts/dashboard.ts).
export type {
  CurrentMonthRevenueJson, MonthRevenue, MonthlyRevenueQuery, NextExpectedPayment, OutstandingInvoicesJson, OverdueInvoicesJson,
  PendingQuotesJson,
} from './contracts/dashboard';
import type { NextExpectedPayment } from './contracts/dashboard';

/** SPEC 3 "Financial aggregates" (amounts TTC): the five aggregate endpoints' answers together. */
export interface FinancialOverview {
  pending_quotes_sum: number;
  pending_quotes_count: number;
  outstanding_invoices_sum: number;
  outstanding_invoices_count: number;
  overdue_invoices_sum: number;
  overdue_invoices_count: number;
  current_month_revenue: number;
  /** Payments received this month. */
  current_month_revenue_count: number;
  /** The invoices those payments went to (issue 28): nothing left to pay / a balance still due. */
  current_month_paid_invoices_count: number;
  current_month_partly_paid_invoices_count: number;
  next_expected_payment: NextExpectedPayment;
}
