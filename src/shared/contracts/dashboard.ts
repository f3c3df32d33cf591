import { z } from 'zod';
import { queryParam } from './common';

/**
 * Query of GET invoices/monthly_revenue/ (answered with `{ monthly_revenue: MonthRevenue[] }`):
 * how many months, 1 to MAX_REVENUE_MONTHS, REVENUE_MONTHS when absent.
 */
export const monthlyRevenueQuerySchema = z.looseObject({ months: queryParam });
export type MonthlyRevenueParams = z.output<typeof monthlyRevenueQuerySchema>;
export interface MonthlyRevenueQuery {
  months?: number;
}

/** One month of GET invoices/monthly_revenue/: invoices paid that month (Paris calendar day of payment). */
export const monthRevenueSchema = z.object({
  /** 'YYYY-MM' */
  month: z.string(),
  /** Paid amount HT, in euros. */
  subtotal: z.number(),
  /** Paid amount TTC, in euros. */
  total_amount: z.number(),
  /** Number of invoices paid that month. */
  count: z.number(),
});
export type MonthRevenue = z.infer<typeof monthRevenueSchema>;
export const monthlyRevenueSchema = z.object({ monthly_revenue: z.array(monthRevenueSchema) });

/** GET invoices/next_expected_payment/: every field is null when no payment is expected. */
export const nextExpectedPaymentSchema = z.object({
  id: z.number().nullable(),
  title: z.string().nullable(),
  due_date: z.string().nullable(),
  amount: z.number().nullable(),
  client_id: z.number().nullable(),
  client_name: z.string().nullable(),
});
export type NextExpectedPayment = z.infer<typeof nextExpectedPaymentSchema>;

/** GET quotes/pending_sum/ (sent quotes, TTC). */
export const pendingQuotesSchema = z.object({ pending_quotes_sum: z.number(), pending_quotes_count: z.number() });
export type PendingQuotesJson = z.infer<typeof pendingQuotesSchema>;
/** GET invoices/outstanding_sum/ (what issued invoices still owe). */
export const outstandingInvoicesSchema = z.object({ outstanding_invoices_sum: z.number(), outstanding_invoices_count: z.number() });
export type OutstandingInvoicesJson = z.infer<typeof outstandingInvoicesSchema>;
/** GET invoices/overdue_sum/. */
export const overdueInvoicesSchema = z.object({ overdue_invoices_sum: z.number(), overdue_invoices_count: z.number() });
export type OverdueInvoicesJson = z.infer<typeof overdueInvoicesSchema>;
/**
 * GET invoices/current_month_revenue/ (cash received this month): the sum, the number of payments,
 * and (issue 28) the invoices those payments went to, told apart: those with nothing left to pay
 * and those still owing a balance (paid in part).
 */
export const currentMonthRevenueSchema = z.object({
  current_month_revenue: z.number(),
  current_month_revenue_count: z.number(),
  current_month_paid_invoices_count: z.number(),
  current_month_partly_paid_invoices_count: z.number(),
});
export type CurrentMonthRevenueJson = z.infer<typeof currentMonthRevenueSchema>;
