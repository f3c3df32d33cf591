import { z } from 'zod';
import { PAYMENT_STATUSES, PRIORITIES, TASK_STATUSES, type TaskWriteBody } from '@/shared/projects-tasks';
import type { SameKeys } from '@/server/http/api-types';
import { dateOrNull, dateTimeOrNull, hundredths, idList, idOrNull, requiredText, textOrUnchanged } from '@/server/http/fields';

// `invoice_id`: set by billing the task (issue 15), freed by deleting the draft invoice or its line.
const READ_ONLY = ['id', 'status_display', 'priority_display', 'created_at', 'project', 'contacts', 'cost', 'invoice_id', 'invoice'] as const;

/**
 * Every field optional: a POST fills the omitted ones with defaults, a PUT keeps their current
 * values (the project panel changes a status without resending the whole task).
 */
export const taskBody = z
  .strictObject({
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
    hourly_rate: hundredths().optional(),
    bill_reference: textOrUnchanged(100),
    payment_status: z.enum(PAYMENT_STATUSES).optional(),
    ...Object.fromEntries(READ_ONLY.map((k) => [k, z.unknown().optional()])),
  })
  .transform((body) => {
    const out: Partial<TaskInput> = {};
    for (const [key, value] of Object.entries(body)) {
      if (value !== undefined && !(READ_ONLY as readonly string[]).includes(key)) (out as Record<string, unknown>)[key] = value;
    }
    return out;
  });

/** The shared request type and this schema agree: the same writable fields, and every body the type allows parses. */
type TaskSchemaFields = Exclude<keyof z.input<typeof taskBody>, (typeof READ_ONLY)[number]>;
export const TASK_BODY_MATCHES_SHARED_TYPE: SameKeys<TaskSchemaFields, keyof TaskWriteBody> = true;
export const acceptsTaskWriteBody = (body: Partial<TaskWriteBody>): z.input<typeof taskBody> => body;

export interface TaskInput {
  title: string;
  description: string;
  status: (typeof TASK_STATUSES)[number];
  priority: (typeof PRIORITIES)[number];
  due_date: string | null;
  project_id: number | null;
  contact_ids: number[];
  /** Hundredths of hours. */
  estimated_time: number;
  actual_time: number;
  start_time: string | null;
  end_time: string | null;
  billable: boolean;
  /** Cents. */
  hourly_rate: number;
  bill_reference: string;
  payment_status: (typeof PAYMENT_STATUSES)[number];
}

export const TASK_DEFAULTS: Omit<TaskInput, 'title'> = {
  description: '',
  status: 'en_attente',
  priority: 'normale',
  due_date: null,
  project_id: null,
  contact_ids: [],
  estimated_time: 0,
  actual_time: 0,
  start_time: null,
  end_time: null,
  billable: false,
  hourly_rate: 0,
  bill_reference: '',
  payment_status: 'unpaid',
};
