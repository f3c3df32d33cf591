import { api, listTag, listTags, rowIds, type ApiError, type ApiMeta } from '@/client/app/api';
import {
  DASHBOARD_LIST_SIZE, DASHBOARD_ORDERING, REVENUE_MONTHS, type FinancialOverview, type MonthlyRevenueQuery, type MonthRevenue,
  type NextExpectedPayment,
} from '@/shared/dashboard';
import type { UrssafSummary } from '@/shared/contracts/reports';
import type { Project, ProjectListQuery } from '@/shared/contracts/projects';
import type { Task, TaskListQuery } from '@/shared/contracts/tasks';

export type { FinancialOverview, NextExpectedPayment } from '@/shared/dashboard';

const AGGREGATE_URLS = [
  'quotes/pending_sum/',
  'invoices/outstanding_sum/',
  'invoices/overdue_sum/',
  'invoices/current_month_revenue/',
] as const;
const NEXT_PAYMENT_URL = 'invoices/next_expected_payment/';

/**
 * SPEC 7: the dashboard's filtered lists, sorted (SPEC 9) and cut to what it shows by the
 * server, which counts the rest in X-Total-Count.
 */
const DASHBOARD_WINDOW = { ordering: DASHBOARD_ORDERING, limit: DASHBOARD_LIST_SIZE } as const;
// `satisfies`: the lists' queries are the shared ones the server parses (shared/projects-tasks.ts).
export const ONGOING_PROJECTS_PARAMS = { status: 'en_cours', ...DASHBOARD_WINDOW } as const satisfies ProjectListQuery;
export const NEXT_TASKS_PARAMS = { status__in: 'en_cours,en_attente', ...DASHBOARD_WINDOW } as const satisfies TaskListQuery;

/** The first rows of a list and how many it holds in all. */
export interface ListHead<T> {
  items: T[];
  total: number;
}

/** A list cut by `limit`: its rows, and its full size from X-Total-Count (the rows' count if absent). */
const listHead = <T>(items: T[], meta: ApiMeta | undefined): ListHead<T> => {
  const total = Number(meta?.headers['x-total-count']);
  return { items, total: Number.isInteger(total) && total >= items.length ? total : items.length };
};

// Tags (app/api.ts): the lists provide their entity's tags, so that the projects' and tasks'
// mutations refresh them; the figures depend on quotes and invoices, whose writes invalidate
// 'Dashboard' as well.
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
      providesTags: ['Dashboard', listTag('Quote'), listTag('Invoice')],
    }),
    getOngoingProjects: build.query<ListHead<Project>, void>({
      query: () => ({ url: 'projects/', params: ONGOING_PROJECTS_PARAMS }),
      transformResponse: (projects: Project[], meta: ApiMeta | undefined) => listHead(projects, meta),
      providesTags: (result) => listTags('Project', rowIds(result?.items)),
    }),
    getNextTasks: build.query<Task[], void>({
      query: () => ({ url: 'tasks/', params: NEXT_TASKS_PARAMS }),
      providesTags: (result) => listTags('Task', rowIds(result)),
    }),
    /** Paid invoices per month (HT and TTC), the current month and the ones before, oldest first. */
    getMonthlyRevenue: build.query<MonthRevenue[], void>({
      query: () => ({ url: 'invoices/monthly_revenue/', params: { months: REVENUE_MONTHS } satisfies MonthlyRevenueQuery }),
      transformResponse: (body: { monthly_revenue: MonthRevenue[] }) => body.monthly_revenue,
      providesTags: ['Dashboard', listTag('Invoice')],
    }),
    /** The receipts to declare (HT), current and previous month and quarter; payments and credit notes refresh it. */
    getUrssafSummary: build.query<UrssafSummary, void>({
      query: () => ({ url: 'reports/urssaf/' }),
      providesTags: [listTag('Report'), { type: 'Report', id: 'urssaf' }],
    }),
  }),
});

export const {
  useGetFinancialOverviewQuery,
  useGetOngoingProjectsQuery,
  useGetNextTasksQuery,
  useGetMonthlyRevenueQuery,
  useGetUrssafSummaryQuery,
} = dashboardApi;
