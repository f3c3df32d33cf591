import { api, type ApiError } from '../../app/api';
import type { Project, Task } from '../../../shared/workflow';

/** GET invoices/next_expected_payment/: every field is null when no payment is expected. */
export interface NextExpectedPayment {
  id: number | null;
  title: string | null;
  due_date: string | null;
  amount: number | null;
  client_id: number | null;
  client_name: string | null;
}

/** SPEC 3 "Financial aggregates" (amounts TTC), read from the five aggregate endpoints. */
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

/** The fields of an invoice list row the revenue chart reads (`subtotal` is HT). */
export interface PaidInvoiceRow {
  id: number;
  payment_date: string | null;
  subtotal: number;
  total_amount: number;
}

const AGGREGATE_URLS = [
  'quotes/pending_sum/',
  'invoices/outstanding_sum/',
  'invoices/overdue_sum/',
  'invoices/current_month_revenue/',
] as const;
const NEXT_PAYMENT_URL = 'invoices/next_expected_payment/';

/** SPEC 7: the dashboard's filtered lists. */
export const ONGOING_PROJECTS_PARAMS = { status: 'en_cours' } as const;
export const NEXT_TASKS_PARAMS = { status__in: 'en_cours,en_attente' } as const;

// A LIST tag is invalidated both by `{ type, id: 'LIST' }` and by the bare type, so the
// dashboard refreshes whichever convention a feature's mutations use.
const list = <T extends 'Project' | 'Task' | 'Quote' | 'Invoice'>(type: T) => ({ type, id: 'LIST' }) as const;

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFinancialOverview: build.query<FinancialOverview, void>({
      // One section, one state: the five small aggregates are fetched together.
      async queryFn(_arg, _api, _extra, baseQuery) {
        const results = await Promise.all([...AGGREGATE_URLS, NEXT_PAYMENT_URL].map((url) => baseQuery({ url })));
        const failed = results.find((result) => result.error);
        if (failed?.error) return { error: failed.error as ApiError };
        const bodies = results.map((result) => result.data as object);
        const next = bodies.pop() as NextExpectedPayment;
        // Each aggregate answers its own keys ({pending_quotes_sum, pending_quotes_count}…).
        const data = Object.assign({}, ...bodies, { next_expected_payment: next }) as FinancialOverview;
        return { data };
      },
      providesTags: ['Dashboard', list('Quote'), list('Invoice')],
    }),
    getOngoingProjects: build.query<Project[], void>({
      query: () => ({ url: 'projects/', params: ONGOING_PROJECTS_PARAMS }),
      providesTags: ['Dashboard', list('Project')],
    }),
    getNextTasks: build.query<Task[], void>({
      query: () => ({ url: 'tasks/', params: NEXT_TASKS_PARAMS }),
      // Task rows carry their project's name.
      providesTags: ['Dashboard', list('Task'), list('Project')],
    }),
    /** Paid invoices whose payment date is on or after `since` (YYYY-MM-DD). */
    getPaidInvoicesSince: build.query<PaidInvoiceRow[], string>({
      query: (since) => ({ url: 'invoices/', params: { status: 'paid', payment_date__gte: since } }),
      providesTags: ['Dashboard', list('Invoice')],
    }),
  }),
});

export const {
  useGetFinancialOverviewQuery,
  useGetOngoingProjectsQuery,
  useGetNextTasksQuery,
  useGetPaidInvoicesSinceQuery,
} = dashboardApi;
