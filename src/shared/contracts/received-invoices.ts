import { z } from 'zod';
import {
  RECEIVED_ANSWER_KEYS, RECEIVED_MESSAGES, RECEIVED_REASON_CODES, RECEIVED_REASON_LABELS, RECEIVED_REASON_MAX, RECEIVED_STATUS_LABELS,
  answerNeedsReason, reasonCodesOf, reasonNeedsDetails, type ReceivedAnswer,
} from '@/shared/received-invoices';
import { optionalText } from './fields';

/** « Factures reçues » (issue 26): suppliers' e-invoices as Carnet filed them. Amounts in euros. */

const statuses = Object.keys(RECEIVED_STATUS_LABELS) as [keyof typeof RECEIVED_STATUS_LABELS, ...(keyof typeof RECEIVED_STATUS_LABELS)[]];

export const receivedInvoiceRowSchema = z.object({
  id: z.number(),
  number: z.string(),
  /** BT-3: 380 invoice, 381 credit note, 386 deposit… */
  type_code: z.string(),
  is_credit_note: z.boolean(),
  issue_date: z.string(),
  due_date: z.string().nullable(),
  supplier_name: z.string(),
  supplier_siren: z.string().nullable(),
  total_net: z.number(),
  total_vat: z.number(),
  total_gross: z.number(),
  amount_due: z.number(),
  status: z.enum(statuses),
  status_display: z.string(),
  format: z.enum(['factur-x', 'cii', 'ubl']),
  source: z.enum(['upload', 'platform']),
  /** How many things do not add up (see `problems` on the detail). */
  problems_count: z.number(),
  received_at: z.string(),
});
export type ReceivedInvoiceRow = z.infer<typeof receivedInvoiceRowSchema>;

const partySchema = z.object({
  name: z.string(),
  siren: z.string().nullable(),
  vat_number: z.string().nullable(),
  address: z.object({ line1: z.string(), line2: z.string(), postal_code: z.string(), city: z.string(), country: z.string() }),
  email: z.string().nullable(),
});

export const receivedInvoiceSchema = receivedInvoiceRowSchema.extend({
  currency: z.string(),
  seller: partySchema,
  buyer: partySchema,
  lines: z.array(z.object({
    name: z.string(), description: z.string(), quantity: z.number(), unit_code: z.string(), unit_price: z.number(), total: z.number(), vat_category: z.string(), vat_rate: z.number(),
  })),
  vat_breakdown: z.array(z.object({ category: z.string(), rate: z.number(), base: z.number(), tax: z.number() })),
  total_lines: z.number(),
  total_prepaid: z.number(),
  payment: z.object({ iban: z.string(), bic: z.string().nullable() }).nullable(),
  notes: z.array(z.string()),
  /** What does not add up, in French (EN 16931 sums). */
  problems: z.array(z.string()),
  /** Whether the original is a PDF (`pdf/` serves it); `original/` always gives the file as received. */
  has_pdf: z.boolean(),
  original_name: z.string(),
  /**
   * What the user answered, oldest first. `reason_code` (null: none, or an answer given before reason
   * codes) and its French `reason_label`; `reason`: the user's details. `sent`: for an invoice
   * received through the platform, whether the answer went back to the supplier (null otherwise).
   */
  history: z.array(z.object({
    status: z.enum(statuses), label: z.string(), code: z.number(),
    reason_code: z.string().nullable(), reason_label: z.string().nullable(), reason: z.string(), at: z.string(), sent: z.string().nullable(),
  })),
  /** The answers that may follow now. */
  allowed_answers: z.array(z.enum(RECEIVED_ANSWER_KEYS as [string, ...string[]])),
});
export type ReceivedInvoiceJson = z.infer<typeof receivedInvoiceSchema>;

export const receivedListQuerySchema = z.object({
  status: z.enum(statuses).optional(),
  q: z.string().max(200).optional(),
});

/**
 * POST received-invoices/{id}/status/: the user's answer, sent back to the supplier through the
 * platform once connected. A dispute and a refusal name their `reason_code` (one that answer admits:
 * see `reasonCodesOf`); `reason` is the user's details, required with `AUTRE` only. An approval and
 * a payment take no code.
 */
export const receivedAnswerSchema = z
  .strictObject({
    status: z.enum(RECEIVED_ANSWER_KEYS as [string, ...string[]], { message: 'Choisissez une réponse.' }),
    reason_code: z.enum(RECEIVED_REASON_CODES as [string, ...string[]], { message: RECEIVED_MESSAGES.reasonCodeUnknown }).nullish(),
    reason: optionalText(RECEIVED_REASON_MAX),
  })
  .superRefine((body, ctx) => {
    const answer = body.status as ReceivedAnswer;
    const code = body.reason_code ?? null;
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!answerNeedsReason(answer)) {
      if (code !== null) issue('reason_code', RECEIVED_MESSAGES.reasonCodeNotExpected(RECEIVED_STATUS_LABELS[answer]));
      return;
    }
    if (code === null) issue('reason_code', RECEIVED_MESSAGES.reasonCodeRequired);
    else if (!reasonCodesOf(answer).includes(code as never)) {
      issue('reason_code', RECEIVED_MESSAGES.reasonCodeNotAllowed(RECEIVED_REASON_LABELS[code as keyof typeof RECEIVED_REASON_LABELS], RECEIVED_STATUS_LABELS[answer]));
    } else if (reasonNeedsDetails(code) && !body.reason) issue('reason', RECEIVED_MESSAGES.reasonRequired);
  });
export type ReceivedAnswerBody = z.input<typeof receivedAnswerSchema>;

/** GET reports/purchases/?from&to: the purchases register (VAT return of a VAT-registered buyer). */
export const purchasesQuerySchema = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date au format AAAA-MM-JJ.').optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date au format AAAA-MM-JJ.').optional(),
  format: z.enum(['json', 'csv']).optional(),
});

export const purchasesRegisterSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** VAT rates present in the period, highest first (percent). */
  rates: z.array(z.number()),
  rows: z.array(z.object({
    id: z.number(), issue_date: z.string(), supplier_name: z.string(), supplier_siren: z.string().nullable(), number: z.string(),
    net: z.number(), vat_by_rate: z.array(z.number()), gross: z.number(),
  })),
  totals: z.object({ net: z.number(), vat_by_rate: z.array(z.number()), gross: z.number() }),
});
export type PurchasesRegister = z.infer<typeof purchasesRegisterSchema>;
