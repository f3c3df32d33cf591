import { z } from 'zod';
import type { DashboardOrdering } from '@/shared/dashboard';
import type { ListFilters, ListWindow } from '@/shared/list-filters';
import { PRIORITIES, PROJECT_STATUSES, projectDateErrors, type Priority, type ProjectStatus } from '@/shared/projects-tasks';
import { listQuery, namedRefSchema, pagedList } from './common';
import { dateOrNull, euroCents, idList, idOrNull, optionalText, requiredText } from './fields';

/** A project as the API answers it (SPEC 7 "Projects"), budget and revenue in euros. */
export const projectSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  contacts: z.array(namedRefSchema),
  status: z.enum(PROJECT_STATUSES),
  status_display: z.string(),
  priority: z.enum(PRIORITIES),
  start_date: z.string().nullable(),
  due_date: z.string().nullable(),
  completed_date: z.string().nullable(),
  budget: z.number(),
  revenue: z.number(),
  /** Euros an hour its tasks inherit when they have no rate of their own (issue 28; 0: none). */
  hourly_rate: z.number(),
  created_at: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

/**
 * POST projects/ and PUT projects/{id}/ body: the whole project (omitted fields take their
 * defaults), budget and revenue in euros → cents. The read-only fields a client echoes back are ignored.
 */
export const projectWriteSchema = z
  .strictObject({
    name: requiredText(200),
    description: optionalText(10000),
    contact_ids: idList().optional().default([]),
    status: z.enum(PROJECT_STATUSES).optional().default('brouillon'),
    priority: z.enum(PRIORITIES).optional().default('normale'),
    start_date: dateOrNull(),
    due_date: dateOrNull(),
    completed_date: dateOrNull(),
    budget: euroCents(),
    revenue: euroCents(),
    // Absent: unchanged (SPEC clients do not know it).
    hourly_rate: euroCents().optional(),
    // Read-only fields a client may echo back; ignored.
    id: z.unknown().optional(),
    contacts: z.unknown().optional(),
    status_display: z.unknown().optional(),
    created_at: z.unknown().optional(),
  })
  // Dates in order (issue 28): the message on the end date (or the deadline).
  .superRefine((body, ctx) => {
    for (const [field, message] of Object.entries(projectDateErrors(body))) ctx.addIssue({ code: 'custom', path: [field], message });
  })
  .transform(({ id: _i, contacts: _c, status_display: _s, created_at: _t, budget, revenue, hourly_rate, ...rest }) => ({
    ...rest,
    budget_cents: budget,
    revenue_cents: revenue,
    hourly_rate_cents: hourly_rate,
  }));

/** What the client sends (its writable fields, amounts in euros). */
export type ProjectWriteBody = Required<Omit<z.input<typeof projectWriteSchema>, 'id' | 'contacts' | 'status_display' | 'created_at'>>;
/** The server's reading of it (amounts in cents). */
export type ProjectWrite = z.output<typeof projectWriteSchema>;

/** Query of GET projects/: status and priority filters, `contact` (an id), `ordering=dashboard` (SPEC 9). */
export const projectListQuerySchema = listQuery(['status', 'priority'], ['contact']);
export type ProjectListParams = z.output<typeof projectListQuerySchema>;
/** GET projects/: the list, or one keyset page of it (headers). */
export const projectPageSchema = pagedList(projectSchema);

/**
 * POST projects/{id}/invoice_time/ body ("Facturer le temps", issue 15), optional: answered with
 * the draft invoice.
 */
export const invoiceTimeSchema = z.strictObject({
  /** Only these tasks (of the project, billable, not billed); all of them when absent. */
  task_ids: idList().optional(),
  /** Needed when the project has several clients (or none). */
  client_id: idOrNull().optional(),
});
export type InvoiceTimeBody = z.input<typeof invoiceTimeSchema>;

/** GET projects/{id}/invoice_time/ query: the client to bill, when the project has several (or none). */
export const invoiceTimeQuerySchema = z.strictObject({
  client_id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'Identifiant invalide.')
    .transform(Number)
    .optional(),
});

/**
 * GET projects/{id}/invoice_time/ ("Facturer le temps", issue 28): what the POST would bill now,
 * line by line, amounts in euros (exact to the cent) as the invoice will compute them.
 */
export const timeToBillSchema = z.object({
  /** The client billed: the project's only one, or the one asked for; null while one must be chosen. */
  client_id: z.number().nullable(),
  lines: z.array(
    z.object({
      task_id: z.number(),
      task_title: z.string(),
      /** The time entry billed; null for a task billed on its own (estimated) hours. */
      entry_id: z.number().nullable(),
      /** The entry's day and note, as on the invoice line. */
      description: z.string(),
      /** Hours billed (an entry's duration rounded up to the profile's step). */
      hours: z.number(),
      /** Euros per hour: the task's, else the project's, else the client's. */
      hourly_rate: z.number(),
      total: z.number(),
    }),
  ),
  total: z.number(),
});
export type TimeToBill = z.infer<typeof timeToBillSchema>;
export type InvoiceTime = z.output<typeof invoiceTimeSchema>;

/**
 * The typed query the client builds (the server reads it through the schema below). Query of GET projects/ (answered with Project[]). `ordering=dashboard` sorts as the dashboard
 * does (SPEC 9).
 */
export type ProjectListQuery = ListFilters<{
  status?: ProjectStatus;
  priority?: Priority;
}> & {
  /** The projects linked to this contact (an id). */
  contact?: number;
} & ListWindow<DashboardOrdering>;
