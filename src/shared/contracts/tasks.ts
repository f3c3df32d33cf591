import { z } from 'zod';
import type { DashboardOrdering } from '@/shared/dashboard';
import type { ListFilters, ListWindow } from '@/shared/list-filters';
import { PAYMENT_STATUSES, PRIORITIES, TASK_STATUSES, type Priority, type TaskStatus } from '@/shared/projects-tasks';
import { listQuery, namedRefSchema, pagedList, writeBody } from './common';
import { dateOrNull, dateTimeOrNull, euroCents, hundredths, idList, idOrNull, requiredText, textOrUnchanged } from './fields';

/** The invoice that bills a task's time (issue 15): a draft, or issued with its number. */
export const taskInvoiceRefSchema = z.object({
  id: z.number(),
  /** Null while the invoice is a draft. */
  invoice_number: z.string().nullable(),
  status: z.string(),
});
export type TaskInvoiceRef = z.infer<typeof taskInvoiceRefSchema>;

/** A task as the API answers it (SPEC 7 "Tasks"): amounts in euros, times in hours. */
export const taskSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  status: z.enum(TASK_STATUSES),
  status_display: z.string(),
  priority: z.enum(PRIORITIES),
  priority_display: z.string(),
  due_date: z.string().nullable(),
  created_at: z.string(),
  project: namedRefSchema.nullable(),
  contacts: z.array(namedRefSchema),
  estimated_time: z.number(),
  actual_time: z.number(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  billable: z.boolean(),
  hourly_rate: z.number(),
  bill_reference: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  cost: z.number(),
  // `invoice_id`: set by billing the task (issue 15), freed by deleting the draft invoice or its line.
  invoice_id: z.number().nullable().optional(),
  invoice: taskInvoiceRefSchema.nullable().optional(),
});
export type Task = z.infer<typeof taskSchema>;

/**
 * POST tasks/ and PUT tasks/{id}/ body: every field optional. A POST fills the omitted ones with
 * defaults (the title is required there), a PUT keeps their current values (the project panel
 * changes a status without resending the whole task). The read-only fields of a task a client
 * echoes back are ignored. Amounts in euros and times in hours → hundredths.
 */
export const taskWriteSchema = writeBody(
  {
    title: requiredText(300).optional(),
    description: textOrUnchanged(10000),
    status: z.enum(TASK_STATUSES).optional(),
    priority: z.enum(PRIORITIES).optional(),
    due_date: dateOrNull().optional(),
    project_id: idOrNull().optional(),
    contact_ids: idList().optional(),
    estimated_time: hundredths(100000).optional(),
    actual_time: hundredths(100000).optional(),
    start_time: dateTimeOrNull().optional(),
    end_time: dateTimeOrNull().optional(),
    billable: z.boolean().optional(),
    hourly_rate: euroCents().optional(),
    bill_reference: textOrUnchanged(100),
    payment_status: z.enum(PAYMENT_STATUSES).optional(),
  },
  ['id', 'status_display', 'priority_display', 'created_at', 'project', 'contacts', 'cost', 'invoice_id', 'invoice'],
);

/**
 * What the client sends: every writable field (a POST needs the title), amounts in euros, times
 * in hours. A partial update sends `Partial<TaskWriteBody>`.
 */
export type TaskWriteBody = {
  [K in keyof Omit<z.input<typeof taskWriteSchema>, ReadOnlyTaskField>]-?: Exclude<z.input<typeof taskWriteSchema>[K], undefined>;
};
type ReadOnlyTaskField = 'id' | 'status_display' | 'priority_display' | 'created_at' | 'project' | 'contacts' | 'cost' | 'invoice_id' | 'invoice';

/** The server's reading of a write body: the fields sent, in stored units (cents, hundredths of hours). */
export type TaskWrite = z.output<typeof taskWriteSchema>;

/**
 * Query of GET tasks/, projects/{id}/tasks/ and contacts/{id}/tasks/: status, priority and
 * project (an id) filters, `contact` (an id; ignored by contacts/{id}/tasks/), `ordering=dashboard`
 * sorts as the dashboard does (SPEC 9).
 */
export const taskListQuerySchema = listQuery(['status', 'priority', 'project'], ['contact']);
export type TaskListParams = z.output<typeof taskListQuerySchema>;

export const taskListSchema = pagedList(taskSchema);

/**
 * The typed query the client builds (the server reads it through the schema below). Query of GET tasks/, projects/{id}/tasks/ and contacts/{id}/tasks/ (answered with Task[]): the
 * nested routes add their project or contact to these filters (contacts/{id}/tasks/ ignores
 * `contact`). `ordering=dashboard` sorts as the dashboard does (SPEC 9).
 */
export type TaskListQuery = ListFilters<{
  status?: TaskStatus;
  priority?: Priority;
  /** A project's tasks (an id). */
  project?: number;
}> & {
  /** The tasks linked to this contact (an id). */
  contact?: number;
} & ListWindow<DashboardOrdering>;
