import { z } from 'zod';
import type { ListFilters } from '@/shared/list-filters';
import { LINE_UNIT_CODES } from '@/shared/units';
import { VAT_EXEMPTION_KEYS } from '@/shared/vat';
import {
  RECURRENCE_FREQUENCIES, RECURRENCE_MODES, RECURRENCE_STATUSES, RECURRING_MESSAGES,
  type RecurrenceFrequency, type RecurrenceMode, type RecurrenceStatus,
} from '@/shared/recurring';
import { MAX_DOCUMENT_LINES } from '@/shared/documents';
import { listQuery, namedRefSchema, readByHandler } from './common';
import { documentLineWriteSchema } from './documents';
import { REQUIRED, dateOrNull, requiredText } from './fields';

/** What the API answers for a recurrence. Amounts in euros, dates 'YYYY-MM-DD'. */
export const recurringInvoiceSchema = z.object({
  id: z.number(),
  source_invoice_id: z.number().nullable(),
  client: namedRefSchema,
  title: z.string(),
  subtotal: z.number(),
  total_amount: z.number(),
  frequency: z.enum(RECURRENCE_FREQUENCIES),
  frequency_display: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  mode: z.enum(RECURRENCE_MODES),
  mode_display: z.string(),
  status: z.enum(RECURRENCE_STATUSES),
  status_display: z.string(),
  next_occurrence_date: z.string().nullable(),
  payment_term_days: z.number(),
  service_period: z.boolean(),
  last_invoice: z.object({ id: z.number(), invoice_number: z.string().nullable(), occurrence_date: z.string().nullable() }).nullable(),
  last_error: z.string().nullable(),
  invoices_count: z.number(),
  line_items: z.array(
    z.object({
      title: z.string(), description: z.string(), quantity: z.number(), unit_price: z.number(), tax_rate: z.number(),
      /** UN/ECE Rec. 20 code (BT-130). */
      unit: z.enum(LINE_UNIT_CODES),
      /** Percent, or euros (0: none). */
      discount_percent: z.number(),
      discount_amount: z.number(),
      /** Its own exemption reason at 0 % ('' : the invoice's). */
      vat_exemption: z.enum(['', ...VAT_EXEMPTION_KEYS]),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RecurringInvoice = z.infer<typeof recurringInvoiceSchema>;

/** Absent: 'Ce champ est obligatoire.'; anything else than a choice: `message`. */
const choiceError = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined ? REQUIRED : message);
const frequency = z.enum(RECURRENCE_FREQUENCIES, { error: choiceError(RECURRING_MESSAGES.frequency) });
const mode = z.enum(RECURRENCE_MODES, { error: choiceError(RECURRING_MESSAGES.mode) });

/** A required 'YYYY-MM-DD'. */
const requiredDate = () =>
  dateOrNull().transform((value, ctx) => {
    if (value === null) {
      ctx.addIssue({ code: 'custom', message: REQUIRED });
      return z.NEVER;
    }
    return value;
  });

/**
 * POST /api/invoices/{id}/make_recurring/ (answered with the RecurringInvoice): `end_date` absent
 * or null, no end; `mode` absent, 'draft'. The invoice is the series' first occurrence: a draft's
 * `start_date` is required (today: the draft is issued now; later: it is issued on that day), an
 * issued invoice's is its own date (none is taken). Read once the invoice is found (recurring.service.ts).
 */
export const makeRecurringSchema = z
  .strictObject({
    frequency,
    start_date: requiredDate().optional(),
    end_date: dateOrNull().optional(),
    mode: mode.optional().default('draft'),
  })
  .superRefine((body, ctx) => {
    if (body.end_date && body.start_date && body.end_date < body.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: RECURRING_MESSAGES.endBeforeStart });
    }
  })
  // Absent: no end date.
  .transform((body) => ({ ...body, end_date: body.end_date ?? null }));
export type MakeRecurringBody = z.output<typeof makeRecurringSchema>;

/**
 * PATCH /api/recurring-invoices/{id}/: the end date and the mode. The schedule (frequency, start)
 * is fixed once made: the occurrences already generated follow it.
 */
export const patchRecurringSchema = z
  .strictObject({
    end_date: dateOrNull().optional(),
    mode: mode.optional(),
    frequency: z.unknown().optional(),
    start_date: z.unknown().optional(),
  })
  .superRefine((body, ctx) => {
    for (const field of ['frequency', 'start_date'] as const) {
      if (body[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: RECURRING_MESSAGES.frozenSchedule });
    }
  })
  .transform(({ end_date, mode }) => ({ end_date, mode }));
export type PatchRecurringBody = z.output<typeof patchRecurringSchema>;

/**
 * PUT /api/recurring-invoices/{id}/: what the next occurrences bill and when, from the next one on
 * (the invoices already generated never change). Lines as an invoice's (documentLineWriteSchema:
 * the same rules and messages; no task), the client, the schedule — `next_occurrence_date`, the
 * date of the next invoice, anchors the series anew when it or the frequency changes —, the end
 * date and the mode.
 */
export const updateRecurringSchema = z
  .strictObject({
    title: requiredText(300),
    client_id: z.number().int().positive().max(2147483647),
    line_items: z
      .array(documentLineWriteSchema, { error: 'Une liste de lignes est attendue.' })
      .min(1, 'La facture doit contenir au moins une ligne.')
      .max(MAX_DOCUMENT_LINES),
    frequency,
    next_occurrence_date: requiredDate(),
    end_date: dateOrNull().optional(),
    mode,
  })
  .superRefine((body, ctx) => {
    if (body.end_date && body.end_date < body.next_occurrence_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: RECURRING_MESSAGES.endBeforeNext });
    }
    body.line_items.forEach((line, i) => {
      if (line.task_id != null) ctx.addIssue({ code: 'custom', path: ['line_items', i, 'task_id'], message: RECURRING_MESSAGES.lineTask });
    });
  })
  .transform((body) => ({ ...body, end_date: body.end_date ?? null }));
export type UpdateRecurringBody = z.output<typeof updateRecurringSchema>;
/** What the client sends to change a series (PUT). */
export type UpdateRecurringInput = z.input<typeof updateRecurringSchema>;
export const updateRecurringBody = readByHandler(updateRecurringSchema);

/** What the client sends to make an invoice recurring. */
export type MakeRecurringInput = z.input<typeof makeRecurringSchema>;
/** What the client sends to change a series (never its schedule). */
export type RecurringPatchBody = Omit<z.input<typeof patchRecurringSchema>, 'frequency' | 'start_date'>;
/** The bodies as their routes declare them: each read by the service once the row is found. */
export const makeRecurringBody = readByHandler(makeRecurringSchema);
export const patchRecurringBody = readByHandler(patchRecurringSchema);

/**
 * Query of GET /api/recurring-invoices/ (answered with RecurringInvoice[], newest first): status,
 * frequency, mode and client (a contact's series) filters, `invoice` (the series that generated
 * it), `limit` (1–100) and `offset`, with the uncut count in X-Total-Count.
 */
export const recurringListQuerySchema = listQuery(['status', 'frequency', 'mode', 'client'], ['invoice', 'offset']);
export type RecurringListParams = z.output<typeof recurringListQuerySchema>;
export type RecurringListQuery = ListFilters<{
  status?: RecurrenceStatus;
  frequency?: RecurrenceFrequency;
  mode?: RecurrenceMode;
  /** A contact's series. */
  client?: number;
}> & {
  /** The series that generated this invoice. */
  invoice?: number;
  limit?: number;
  offset?: number;
};
