import { z } from 'zod';
import { MAX_ENTRY_SECONDS, TIME_ROUNDING_STEPS } from '@/shared/time-entries';
import { namedRefSchema } from './common';
import { dateOrNull, dateTimeOrNull, idOrNull, textOrUnchanged } from './fields';

/** The invoice that bills an entry: a draft, or issued with its number. */
export const entryInvoiceSchema = z.object({ id: z.number(), invoice_number: z.string().nullable(), status: z.string() });

/** A time entry as the API answers it (issue 28). */
export const timeEntrySchema = z.object({
  id: z.number(),
  task: z.object({ id: z.number(), title: z.string() }),
  project: namedRefSchema.nullable(),
  started_at: z.string(),
  /** Null while running. */
  ended_at: z.string().nullable(),
  /** Exactly as recorded (0 while running). */
  duration_seconds: z.number(),
  note: z.string(),
  billable: z.boolean(),
  invoice: entryInvoiceSchema.nullable(),
  /** Billed on an issued invoice: part of it, it can no longer change. */
  locked: z.boolean(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

export const timeEntryListSchema = z.array(timeEntrySchema);

/** GET time-entries/?task=ID or ?from=YYYY-MM-DD&to=YYYY-MM-DD (Paris days, both included). */
export const timeEntryListQuerySchema = z.object({
  task: z.string().regex(/^[1-9]\d{0,9}$/, 'Identifiant de tâche invalide.').optional(),
  from: dateOrNull().optional(),
  to: dateOrNull().optional(),
});

const duration = z
  .number({ error: 'Saisissez une durée en secondes.' })
  .int('Saisissez une durée en secondes entières.')
  .min(0, 'La durée ne peut être négative.')
  .max(MAX_ENTRY_SECONDS, 'Une saisie dure au plus 10 000 heures.');

/** POST time-entries/ and PUT time-entries/{id}/ body (a PUT changes only what it sends). */
export const timeEntryWriteSchema = z.strictObject({
  task_id: idOrNull().optional(),
  started_at: dateTimeOrNull().optional(),
  ended_at: dateTimeOrNull().optional(),
  duration_seconds: duration.optional(),
  note: textOrUnchanged(1000),
  billable: z.boolean().optional(),
});
export type TimeEntryWrite = z.input<typeof timeEntryWriteSchema>;

/** POST time-entries/start/: starts a timer on a task (stopping the running one). */
export const timerStartSchema = z.strictObject({ task_id: idOrNull(), note: textOrUnchanged(1000) });

/** GET time-entries/running/: the running entry, if any. */
export const runningEntrySchema = z.object({ running: timeEntrySchema.nullable() });
export type RunningEntry = z.infer<typeof runningEntrySchema>;

/** PUT time-entries/day/: a task's total for one day of the timesheet (creates or adjusts its entries). */
export const timesheetCellSchema = z.strictObject({
  task_id: idOrNull(),
  date: dateOrNull(),
  duration_seconds: duration,
});
export type TimesheetCell = z.input<typeof timesheetCellSchema>;

/** GET/PUT time-entries/settings/: how billing rounds each entry. */
export const timeSettingsSchema = z.object({ time_rounding_minutes: z.number() });
export const timeSettingsWriteSchema = z.strictObject({
  time_rounding_minutes: z.union(TIME_ROUNDING_STEPS.map((n) => z.literal(n)), {
    error: 'Choisissez un arrondi parmi : aucun, 1, 5, 6, 10 ou 15 minutes.',
  }),
});
export type TimeSettings = z.infer<typeof timeSettingsSchema>;

/** GET projects/{id}/time_budget/: the project's « Budget » block (issue 28), euros and hours. */
export const projectTimeBudgetSchema = z.object({
  budget: z.number(),
  /** Hours recorded (ended entries) and their value at the effective rates (task, else project, else client). */
  recorded_hours: z.number(),
  recorded_value: z.number(),
  /** Hours on an invoice, and the issued invoices billing the project's time: their total HT and what is paid of them. */
  billed_hours: z.number(),
  billed: z.number(),
  paid: z.number(),
});
export type ProjectTimeBudget = z.infer<typeof projectTimeBudgetSchema>;
