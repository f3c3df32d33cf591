import { z } from 'zod';
import {
  computeScaledTotals, CREDIT_NOTE_STATUSES, DEFAULT_DISCOUNT_REASON, INVOICE_STATUSES, lineNetCents, MAX_AMOUNT, MAX_DOCUMENT_LINES, MAX_LINE_QUANTITY, MAX_UNIT_PRICE, PAYMENT_METHODS,
  QUOTE_STATUSES, type DocumentKind, type PaymentMethod,
} from '@/shared/documents';
import type { ListFilters } from '@/shared/list-filters';
import { eurosText, toHundredths } from '@/shared/money';
import { PRIORITIES } from '@/shared/projects-tasks';
import {
  defaultDays, PAYMENT_TERMS, PAYMENT_TERMS_MESSAGES, paymentTermsShapeProblem, type PaymentTerms,
} from '@/shared/payment-terms';
import { DEFAULT_LINE_UNIT, isLineUnit, LINE_UNIT_CODES, UNIT_CHOICES_MESSAGE, type LineUnit } from '@/shared/units';
import { OPERATION_CATEGORIES, VAT_EXEMPTION_KEYS, VAT_RATES, type VatExemptionKey } from '@/shared/vat';
import { emailDeliverySchema, listQuery, pagedList, readByHandler } from './common';
import { dateOrNull, euroCents, hundredths, idOrNull, lenient, optionalText, requiredText, tenThousandths } from './fields';

/**
 * Quotes, invoices and credit notes as the API sends and takes them (SPEC 7). Amounts in euros,
 * rates in percent, dates YYYY-MM-DD. The number and the end date are named per kind
 * (quote_number / expiration_date, invoice_number / due_date, credit_note_number / due_date);
 * fields of one kind only are optional.
 */

// ---- Answers

export const documentClientSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type DocumentClientJson = z.infer<typeof documentClientSchema>;

/** The task a line bills, as it is now. */
export const lineTaskSchema = z.object({ id: z.number(), title: z.string(), hourly_rate: z.number(), cost: z.number() });
export type LineTaskJson = z.infer<typeof lineTaskSchema>;

export const documentLineSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  /** Percent (one of VAT_RATES). */
  tax_rate: z.number(),
  /** UN/ECE Recommendation 20 code of the quantity's unit (EN 16931 BT-130), shared/units.ts. */
  unit: z.enum(LINE_UNIT_CODES),
  /** Issue 25: a discount on the line, in percent or in euros (0: none; at most one of them). */
  discount_percent: z.number(),
  discount_amount: z.number(),
  /**
   * Issue 25: why this line, at 0 %, carries no VAT, when it is not the document's reason
   * (`vat_exemption`): '' follows the document. One reason per VAT category (EN 16931 BG-23).
   */
  vat_exemption: z.enum(['', ...VAT_EXEMPTION_KEYS]),
  /** HT, its discount taken off (BT-131). */
  total: z.number(),
  task_id: z.number().nullable(),
  task: lineTaskSchema.nullable(),
});
export type DocumentLineJson = z.infer<typeof documentLineSchema>;

/** The number and end date, under the kind's own names. */
const numberingShape = {
  quote_number: z.string().nullable().optional(),
  invoice_number: z.string().nullable().optional(),
  credit_note_number: z.string().nullable().optional(),
  expiration_date: z.string().nullable().optional(),
  due_date: z.string().nullable().optional(),
};
export const documentNumberingSchema = z.object(numberingShape);
export type DocumentNumberingJson = z.infer<typeof documentNumberingSchema>;

/** The invoice a credit note credits. */
export const creditedInvoiceSchema = z.object({ id: z.number(), invoice_number: z.string().nullable(), issue_date: z.string().nullable() });
export type CreditedInvoiceJson = z.infer<typeof creditedInvoiceSchema>;

/**
 * Issue 26: an invoice's or credit note's latest lifecycle status reported by the platform
 * (XP Z12-012: 200 Déposée … 213 Rejetée); `problem` when the seller must act (207, 210, 213).
 */
export const einvoicingStatusSchema = z.object({ code: z.number(), label: z.string(), problem: z.boolean() });
export type EInvoicingStatusJson = z.infer<typeof einvoicingStatusSchema>;

/** Issue 26: an issued invoice's or credit note's exchange with the platform (null: not sent through it). */
export const einvoicingRecordSchema = z.object({
  /** pending: to be submitted; submitted: a flow; not_in_directory: the client is not reachable there (send it by e-mail); error: refused. */
  state: z.enum(['pending', 'submitted', 'not_in_directory', 'not_applicable', 'error']),
  state_label: z.string(),
  /** Why it is not (yet) submitted, in French. */
  message: z.string().nullable(),
  flow_id: z.string().nullable(),
  status_code: z.number().nullable(),
  status_label: z.string().nullable(),
  /** What to do when the latest status asks the seller to act (dispute, refusal, rejection). */
  problem: z.string().nullable(),
  history: z.array(z.object({ code: z.number(), label: z.string(), at: z.string(), reason: z.string() })),
  /** Invoices: the 212 « Encaissée » message of each payment (services, VAT on receipt). */
  payment_reports: z.array(z.object({ payment_id: z.number(), state: z.string(), message: z.string().nullable() })).optional(),
});
export type EInvoicingRecordJson = z.infer<typeof einvoicingRecordSchema>;

const documentRowShape = {
  id: z.number(),
  ...numberingShape,
  title: z.string(),
  client: documentClientSchema.nullable(),
  status: z.string(),
  status_display: z.string(),
  priority: z.enum(PRIORITIES),
  priority_display: z.string(),
  issue_date: z.string().nullable(),
  /** Invoices: the date of the payment that settled it. */
  payment_date: z.string().nullable().optional(),
  /** Invoices (issue 13): what was paid, what credit notes took off, what remains. */
  amount_paid: z.number().optional(),
  credited_amount: z.number().optional(),
  balance_due: z.number().optional(),
  /** Invoices: the quote's deposits deducted (a final invoice). */
  prepaid_amount: z.number().optional(),
  /** Invoices: a facture d'acompte (issue 15). */
  is_deposit: z.boolean().optional(),
  /** Invoices: issued, a balance left and the due date past (Europe/Paris). */
  is_overdue: z.boolean().optional(),
  /** Invoices: numbered, so frozen. */
  is_issued: z.boolean().optional(),
  /** Credit notes: the invoice credited. */
  invoice: creditedInvoiceSchema.optional(),
  /** Invoices and credit notes sent through the platform (issue 26): the latest lifecycle status, null before any. */
  einvoicing_status: einvoicingStatusSchema.nullable().optional(),
  /** HT. */
  subtotal: z.number(),
  total_amount: z.number(),
  created_at: z.string(),
};

/** One row of a list (GET quotes/, invoices/, credit-notes/, contacts/{id}/quotes|invoices/). */
export const documentRowSchema = z.object(documentRowShape);
export type DocumentRowJson = z.infer<typeof documentRowSchema>;
export const documentListSchema = z.array(documentRowSchema);
/** GET quotes/, invoices/, credit-notes/: the list, or one keyset page of it (headers). */
export const documentPageSchema = pagedList(documentRowSchema);

/** A payment recorded on an issued invoice. */
export const paymentSchema = z.object({
  id: z.number(),
  date: z.string(),
  amount: z.number(),
  method: z.string(),
  method_display: z.string(),
  reference: z.string(),
  created_at: z.string(),
});
export type PaymentJson = z.infer<typeof paymentSchema>;

/** A credit note as its invoice lists it. */
export const creditNoteSummarySchema = z.object({
  id: z.number(),
  credit_note_number: z.string(),
  issue_date: z.string(),
  total_amount: z.number(),
  reason: z.string(),
});
export type CreditNoteSummaryJson = z.infer<typeof creditNoteSummarySchema>;

/** A deposit invoice as the final invoice deducts it. */
export const depositDeductionSchema = z.object({
  id: z.number(),
  invoice_number: z.string(),
  issue_date: z.string(),
  /** TTC, less its credit notes. */
  amount: z.number(),
  /** What of it the client has paid (the rest is invoiced, not paid: 'Acomptes facturés'). */
  paid_amount: z.number(),
});
export type DepositDeductionJson = z.infer<typeof depositDeductionSchema>;

/** A deposit invoice as its quote lists it, drafts included. */
export const quoteDepositInvoiceSchema = z.object({
  id: z.number(),
  /** Null while it is a draft. */
  invoice_number: z.string().nullable(),
  status: z.string(),
  status_display: z.string(),
  issue_date: z.string(),
  total_amount: z.number(),
  credited_amount: z.number(),
});
export type QuoteDepositInvoiceJson = z.infer<typeof quoteDepositInvoiceSchema>;

export const vatBreakdownSchema = z.object({ rate: z.number(), base: z.number(), tax: z.number() });

/** A whole document (GET {kind}/{id}/, and the answer of its writes). */
export const documentSchema = z.object({
  ...documentRowShape,
  description: z.string(),
  /** Percent: the rate of lines that name none. */
  tax_rate: z.number(),
  operation_category: z.enum(OPERATION_CATEGORIES),
  service_date: z.string().nullable(),
  service_end_date: z.string().nullable(),
  vat_exemption: z.enum(['', ...VAT_EXEMPTION_KEYS]),
  /** Quotes and invoices (issue 25): the payment terms; an invoice's due date follows from them. */
  payment_terms: z.enum(PAYMENT_TERMS).optional(),
  /** Days of `payment_terms` (0 for `reception`). */
  payment_days: z.number().optional(),
  legal_notice: z.string(),
  signature_notice: z.string(),
  tax_amount: z.number(),
  /** Issue 25: a discount on the whole document (EN 16931 BG-20), in percent or in euros (0: none), and its reason (BT-97). */
  discount_percent: z.number(),
  discount_amount: z.number(),
  discount_reason: z.string(),
  /** Σ lines HT (BT-106), and the document's discount in euros (BT-107): `subtotal` is their difference. */
  lines_total: z.number(),
  discount_total: z.number(),
  /** VAT per rate, highest rate first. */
  vat_breakdown: z.array(vatBreakdownSchema),
  /** SHA-256 of the archived PDF of an issued document (or sent quote); null otherwise. */
  pdf_sha256: z.string().nullable(),
  /** Null if never sent by e-mail. */
  email_delivery: emailDeliverySchema.nullable(),
  line_items: z.array(documentLineSchema),
  /** Invoices made from a quote. */
  quote_id: z.number().nullable().optional(),
  /** Invoices: a deposit invoice's quote. */
  deposit_of_quote: z.object({ id: z.number(), quote_number: z.string().nullable() }).nullable().optional(),
  /** Invoices: a final invoice's deducted deposits. */
  deposits: z.array(depositDeductionSchema).optional(),
  /** Invoices: the recurring series that generated it (issue 15), null for any other. */
  recurrence_id: z.number().nullable().optional(),
  /** Invoices: never printed, editable at any time. */
  internal_notes: z.string().optional(),
  payments: z.array(paymentSchema).optional(),
  credit_notes: z.array(creditNoteSummarySchema).optional(),
  /** Invoices: the number of the credit note that cancelled it. */
  cancelled_by: z.string().nullable().optional(),
  /** Quotes: their deposit invoices. */
  deposit_invoices: z.array(quoteDepositInvoiceSchema).optional(),
  /** Quotes (issue 28): the invoice converted from it (its number null while a draft), null before. */
  final_invoice: z.object({ id: z.number(), invoice_number: z.string().nullable() }).nullable().optional(),
  /** Credit notes: why it was issued. */
  reason: z.string().optional(),
  /** Invoices and credit notes (issue 26): the exchange with the e-invoicing platform, null when none. */
  einvoicing: einvoicingRecordSchema.nullable().optional(),
});
export type DocumentJson = z.infer<typeof documentSchema>;

/** POST {kind}/{id}/send_email/ answer: the message is in the outbox, the document as it is now. */
export const sendEmailSchema = z.object({
  message: z.string(),
  id: z.number(),
  ...numberingShape,
  status: z.string(),
  status_display: z.string(),
  email_delivery: emailDeliverySchema.nullable(),
});
export type SendEmailJson = z.infer<typeof sendEmailSchema>;

/** POST invoices/{id}/payments/ answer (201): the payment, and the invoice as it is now. */
export const paymentAddedSchema = z.object({ payment: paymentSchema, invoice: documentSchema.optional() });

/** POST quotes/{id}/convert_to_invoice/ answer (201): the final invoice, and its id. */
export const convertedQuoteSchema = z.object({ id: z.number(), invoice: documentSchema });

/** A document's PDF (generate_pdf), sent as an attachment. */
export const documentPdf = z.string().meta({ format: 'binary' });

// ---- Queries

/**
 * Query of GET quotes/, invoices/ and credit-notes/ (answered with DocumentRowJson[], whole, in id
 * order). Each reads its own values (a list ignores what it does not know).
 */
export const documentListQuerySchema = listQuery(['status', 'priority', 'client'], ['overdue', 'payment_date__gte', 'due_soon', 'issue_date__gte', 'issue_date__lte', 'einvoicing_status']);
export type DocumentListParams = z.output<typeof documentListQuerySchema>;

/** The typed query the client builds. The status is one of the kind's, or 'overdue' for invoices. */
export type DocumentListQuery = ListFilters<{
  status?: (typeof QUOTE_STATUSES)[number] | (typeof INVOICE_STATUSES)[number] | (typeof CREDIT_NOTE_STATUSES)[number] | 'overdue';
  priority?: (typeof PRIORITIES)[number];
}> & {
  /** Invoices: `true` is status=overdue (issued, a balance left, the due date past). */
  overdue?: boolean;
  /** Paid on this day (YYYY-MM-DD) or after. */
  payment_date__gte?: string;
  /** `true`: issued and open, due within the next 7 days. */
  due_soon?: boolean;
  /** Invoices and credit notes (issue 26): whose latest e-invoicing lifecycle status is this code (200–213). */
  einvoicing_status?: number;
};

// ---- Bodies

/** '5,5 %'. */
export const percent = (hundredthsOfPercent: number) => `${String(hundredthsOfPercent / 100).replace('.', ',')} %`;

/** The French rates, in hundredths of a percent. */
export const VAT_RATE_HUNDREDTHS: readonly number[] = VAT_RATES.map((rate) => Math.round(rate * 100));
/** '20 %, 10 % ou 5,5 %'. */
export const rateList = (rates: readonly number[]) => {
  const texts = rates.map(percent);
  return texts.length > 1 ? `${texts.slice(0, -1).join(', ')} ou ${texts.at(-1)}` : texts.join('');
};
const RATE_CHOICES = `Choisissez un taux de TVA parmi ${rateList(VAT_RATE_HUNDREDTHS)}.`;

/** A line's VAT rate in percent (one of VAT_RATES) → hundredths; absent → null (the document's rate). */
export const lineTaxRate = () =>
  lenient<number | null, number | null>(z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || value === '') return null;
    const rate = typeof value === 'boolean' ? null : toHundredths(value);
    if (rate === null || !VAT_RATE_HUNDREDTHS.includes(rate)) {
      ctx.addIssue({ code: 'custom', message: RATE_CHOICES });
      return z.NEVER;
    }
    return rate;
  }), { type: ['number', 'string', 'null'], description: 'Un taux de TVA français, en pourcentage.' });

/** A line's unit (shared/units.ts); absent, null or '' → C62 "one", what a line meant before units. */
export const lineUnit = () =>
  lenient<LineUnit | null, LineUnit>(z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || value === '') return DEFAULT_LINE_UNIT;
    if (!isLineUnit(value)) {
      ctx.addIssue({ code: 'custom', message: UNIT_CHOICES_MESSAGE });
      return z.NEVER;
    }
    return value;
  }), { type: ['string', 'null'], enum: [...LINE_UNIT_CODES, null], description: 'Code d’unité UN/ECE Rec. 20 (BT-130) ; C62 par défaut.' });

// No "HT"/"TTC": the same words for a seller in the VAT franchise (art. 293 B du CGI), who has neither.
export const LINE_TOTAL_TOO_BIG = `Le montant d’une ligne ne peut pas dépasser ${eurosText(MAX_AMOUNT)}.`;
export const DOCUMENT_TOTAL_TOO_BIG = `Le total d’un document ne peut pas dépasser ${eurosText(MAX_AMOUNT)}.`;

export const DISCOUNT_MESSAGES = {
  both: 'Indiquez la remise en pourcentage ou en montant, pas les deux.',
  line: 'La remise ne peut pas dépasser le montant de la ligne.',
  document: (lines: string) => `La remise ne peut pas dépasser le total des lignes (${lines}).`,
} as const;

/** A discount's two fields (issue 25): percent (two decimals, at most 100) or euros (two decimals) → hundredths of a percent, cents; blank, 0. */
export const discountFields = {
  discount_percent: hundredths(100),
  discount_amount: euroCents(MAX_AMOUNT),
};

/** An exemption reason, the document's or a line's: absent, null or '' → none (a line: the document's). Any other: « … » n'est pas un choix valide. */
const exemptionChoice = () => z.enum(['', ...VAT_EXEMPTION_KEYS]).nullish().transform((v) => v ?? '');

/**
 * What every line carries, quotes, invoices and credit notes alike: its amounts, capped so that
 * every total stays exact (shared/documents.ts), its VAT rate, its discount and, at 0 %, its own
 * exemption reason when it differs from the document's (issue 25).
 */
export const lineAmountFields = {
  // Issue 25: up to 4 decimals (0,3333 h; 0,0125 €), stored in ten-thousandths.
  quantity: tenThousandths(MAX_LINE_QUANTITY).refine((q) => q > 0, 'Assurez-vous que cette valeur est supérieure à 0.'),
  unit_price: tenThousandths(MAX_UNIT_PRICE, ' €'),
  tax_rate: lineTaxRate(),
  unit: lineUnit(),
  ...discountFields,
  vat_exemption: exemptionChoice(),
};

/** Refuses both kinds of discount at once (under `discount_amount`). */
function checkOneDiscount(d: { discount_percent: number; discount_amount: number }, ctx: z.RefinementCtx) {
  if (d.discount_percent > 0 && d.discount_amount > 0) ctx.addIssue({ code: 'custom', message: DISCOUNT_MESSAGES.both, path: ['discount_amount'] });
}

/**
 * Refuses a line whose total HT passes the cap (under `total`, the line's computed amount), and a
 * discount of both kinds or beyond the line's amount.
 */
export function checkLineTotal(line: { quantity: number; unit_price: number; discount_percent: number; discount_amount: number }, ctx: z.RefinementCtx) {
  // Ten-thousandths × ten-thousandths, multiplied exactly and rounded to the cent (BT-131).
  const gross = lineNetCents(line.quantity, line.unit_price);
  if (gross > MAX_AMOUNT * 100) {
    ctx.addIssue({ code: 'custom', message: LINE_TOTAL_TOO_BIG, path: ['total'] });
  }
  checkOneDiscount(line, ctx);
  if (line.discount_amount > gross) ctx.addIssue({ code: 'custom', message: DISCOUNT_MESSAGES.line, path: ['discount_amount'] });
}

/** Read-only fields a client echoes back (ignored). */
const echoed = z.unknown().optional();
/** A field of another kind: refused as an unknown one. */
const notForKind = z.never({ error: 'Champ inconnu.' }).optional();

export const documentLineWriteSchema = z
  .strictObject({
    id: idOrNull().optional(),
    title: requiredText(300),
    description: optionalText(5000),
    ...lineAmountFields,
    task_id: idOrNull().optional(),
    // Read-only, echoed back by clients.
    task: echoed,
    total: echoed,
  })
  .superRefine(checkLineTotal)
  .transform(({ task: _t, total: _total, discount_amount, ...line }) => ({
    ...line, discount_cents: discount_amount, id: line.id ?? null, task_id: line.task_id ?? null,
  }));

/** A parsed line: `tax_rate` null until the document's rate is given to it (resolveRates). */
export type LineInput = z.output<typeof documentLineWriteSchema>;

/** The document's rate (hundredths of a percent); absent → null: the seller's default (resolveRates). */
const documentTaxRate = lenient<number | null, number | null>(z.unknown().transform((value, ctx) => {
  if (value === undefined || value === null || value === '') return null;
  const rate = typeof value === 'boolean' ? null : toHundredths(value);
  if (rate === null || rate < 0 || rate > 10000) {
    ctx.addIssue({ code: 'custom', message: 'Saisissez un taux de TVA entre 0 et 100.' });
    return z.NEVER;
  }
  return rate;
}), { type: ['number', 'string', 'null'], description: 'En pourcentage, de 0 à 100.' });

/** What the write schema needs of a kind (the server's DocumentKindConfig has it). */
export interface DocumentKindContract {
  kind: DocumentKind;
  numberField: 'quote_number' | 'invoice_number' | 'credit_note_number';
  endDateField: 'expiration_date' | 'due_date';
  statuses: readonly string[];
  /** 'le devis' / 'la facture'. */
  the: string;
}

/** Read-only fields of a document a form echoes back, whatever the kind (ignored). */
const DOCUMENT_READ_ONLY = [
  'id', 'client', 'status_display', 'priority_display', 'subtotal', 'tax_amount', 'total_amount', 'lines_total', 'discount_total',
  'created_at', 'quote_id', 'pdf_sha256', 'vat_breakdown', 'email_delivery',
  // Invoices: derived from payments and credit notes.
  'amount_paid', 'credited_amount', 'balance_due', 'is_overdue', 'is_issued', 'cancelled_by', 'payments', 'credit_notes',
  // Deposits (issue 15): set by deposit_invoice and convert_to_invoice, never by a form.
  'is_deposit', 'prepaid_amount', 'deposit_of_quote', 'deposits', 'deposit_invoices',
  // A quote's invoice once converted (issue 28).
  'final_invoice',
  // The exchange with the e-invoicing platform (issue 26): the platform's, never a form's.
  'einvoicing', 'einvoicing_status',
  // Recurring invoices (issue 15): set by the series that generated it.
  'recurrence_id',
] as const;

/**
 * POST {quotes|invoices}/ and PUT {quotes|invoices}/{id}/ body of one kind, with its French
 * messages; `partial` (a form value) is read as `partially_paid`. `check` adds the server's own
 * refinements (the render cost, issue 23) beside the service period's.
 */
export function documentWriteSchema(kind: DocumentKindContract, check?: (body: DocumentWriteFields, ctx: z.RefinementCtx) => void) {
  const minLines = `${kind.the[0].toUpperCase()}${kind.the.slice(1)} doit contenir au moins une ligne.`;
  const ownField = <T extends z.ZodType>(owned: boolean, schema: T) => (owned ? schema : notForKind);
  const invoice = kind.kind === 'invoice';
  const readOnly = Object.fromEntries(DOCUMENT_READ_ONLY.map((name) => [name, echoed])) as Record<(typeof DOCUMENT_READ_ONLY)[number], typeof echoed>;
  return z
    .strictObject({
      title: requiredText(300),
      description: optionalText(10000),
      client_id: z.number().int().positive().max(2147483647),
      status: z
        .string()
        .optional()
        .transform((s) => (s === 'partial' ? 'partially_paid' : (s ?? 'draft')))
        .pipe(z.enum(kind.statuses as [string, ...string[]])),
      priority: z.enum(PRIORITIES).optional().default('normale'),
      issue_date: dateOrNull(),
      expiration_date: ownField(kind.endDateField === 'expiration_date', dateOrNull()),
      due_date: ownField(kind.endDateField === 'due_date', dateOrNull()),
      // Invoices: the payment date follows the payments (read-only, echoed back by forms).
      payment_date: ownField(invoice, echoed),
      internal_notes: ownField(invoice, optionalText(5000)),
      tax_rate: documentTaxRate,
      operation_category: z.enum(OPERATION_CATEGORIES).nullish().transform((v) => v ?? 'services'),
      service_date: dateOrNull(),
      service_end_date: dateOrNull(),
      vat_exemption: exemptionChoice(),
      // Issue 25: absent, a draft keeps its terms (a new document: 30 days, or an invoice's due_date read as net days).
      payment_terms: ownField(kind.kind !== 'credit_note', z.enum(PAYMENT_TERMS, { error: PAYMENT_TERMS_MESSAGES.kind }).nullish()),
      payment_days: ownField(kind.kind !== 'credit_note', z.number({ error: PAYMENT_TERMS_MESSAGES.days }).nullish()),
      legal_notice: optionalText(5000),
      signature_notice: optionalText(5000),
      ...discountFields,
      discount_reason: optionalText(200),
      line_items: z.array(documentLineWriteSchema, { error: 'Une liste de lignes est attendue.' }).min(1, minLines).max(MAX_DOCUMENT_LINES),
      quote_number: ownField(kind.numberField === 'quote_number', echoed),
      invoice_number: ownField(kind.numberField === 'invoice_number', echoed),
      credit_note_number: ownField(kind.numberField === 'credit_note_number', echoed),
      ...readOnly,
    })
    .superRefine((body, ctx) => {
      check?.(body, ctx);
      const terms = sentTerms(body);
      const termsProblem = terms && paymentTermsShapeProblem(terms);
      if (termsProblem) ctx.addIssue({ code: 'custom', path: ['payment_days'], message: termsProblem });
      else if (!terms && typeof body.payment_days === 'number') {
        ctx.addIssue({ code: 'custom', path: ['payment_terms'], message: PAYMENT_TERMS_MESSAGES.daysWithoutKind });
      }
      checkOneDiscount(body, ctx);
      const linesTotal = computeScaledTotals(body.line_items.map((l) => ({ ...l, tax_rate: l.tax_rate ?? 0 })), 0).linesTotal;
      if (body.discount_amount > Math.max(0, linesTotal)) {
        ctx.addIssue({ code: 'custom', path: ['discount_amount'], message: DISCOUNT_MESSAGES.document(eurosText(linesTotal / 100)) });
      }
      const start = body.service_date;
      const end = body.service_end_date;
      if (end && !start) {
        ctx.addIssue({ code: 'custom', path: ['service_date'], message: 'Indiquez le début de la période de la prestation.' });
      } else if (end && start && end < start) {
        ctx.addIssue({ code: 'custom', path: ['service_end_date'], message: 'La fin de la période ne peut pas précéder son début.' });
      }
    })
    .transform((body) => ({
      title: body.title,
      description: body.description,
      client_id: body.client_id,
      status: body.status,
      // Read as text: copies of stored rows (conversion, recurring invoices) hand theirs on.
      priority: body.priority as string,
      issue_date: body.issue_date,
      end_date: (kind.endDateField === 'expiration_date' ? body.expiration_date : body.due_date) ?? null,
      payment_date: null as string | null,
      /** Hundredths of a percent: the rate of lines that name none. Null until resolved (resolveRates). */
      tax_rate: body.tax_rate,
      operation_category: body.operation_category,
      /** The date of the service or delivery, or the start of its period. */
      service_date: body.service_date,
      service_end_date: body.service_end_date,
      /** '' or a VAT_EXEMPTIONS key. */
      vat_exemption: body.vat_exemption,
      /** The terms sent; null: not sent (the service decides: the stored ones, or the default). */
      terms: sentTerms(body),
      legal_notice: body.legal_notice,
      signature_notice: body.signature_notice,
      /** Hundredths of a percent, or cents: one of them, or neither (BG-20). */
      discount: { percent: body.discount_percent, cents: body.discount_amount },
      /** BT-97: 'Remise' when none is given. */
      discount_reason: body.discount_reason.trim() || (body.discount_percent || body.discount_amount ? DEFAULT_DISCOUNT_REASON : ''),
      internal_notes: body.internal_notes ?? '',
      line_items: body.line_items,
    }));
}

/** The payment terms a body names, its days defaulted by kind; null when it names none. */
const sentTerms = (body: { payment_terms?: PaymentTerms['kind'] | null; payment_days?: number | null }): PaymentTerms | null =>
  body.payment_terms ? { kind: body.payment_terms, days: body.payment_days ?? defaultDays(body.payment_terms) } : null;

/** The fields of a document body once each is parsed (what `check` refines). */
export type DocumentWriteFields = {
  description: string;
  legal_notice: string;
  signature_notice: string;
  service_date: string | null;
  service_end_date: string | null;
  line_items: LineInput[];
};

/** The server's reading of a document body (stored units: cents, hundredths of a percent). */
export type DocumentInput = z.output<ReturnType<typeof documentWriteSchema>>;

type WriteInput = z.input<ReturnType<typeof documentWriteSchema>>;
/** What a client sends of a body: each field it names, present. */
type Sent<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };
/** A line of a POST/PUT body as the client sends it: `id` null for a new line, the others keep their id. */
export type DocumentLineWriteBody = Sent<Omit<z.input<typeof documentLineWriteSchema>, 'task' | 'total'>>;
/**
 * POST {quotes|invoices}/ and PUT {quotes|invoices}/{id}/ body as the client sends it: the end
 * date under the kind's own name (expiration_date or due_date); `client_id` null only while the
 * form has none (the server refuses it); `payment_date` (echoed back, ignored) and
 * `internal_notes` for invoices only.
 */
export type DocumentWriteBody = Pick<
  WriteInput,
  | 'title' | 'description' | 'issue_date' | 'tax_rate' | 'operation_category' | 'service_date' | 'service_end_date' | 'vat_exemption' | 'legal_notice'
  | 'signature_notice' | 'discount_percent' | 'discount_amount' | 'discount_reason'
> & {
  title: string;
  description: string;
  client_id: number | null;
  status: string;
  priority: (typeof PRIORITIES)[number];
  expiration_date?: string | null;
  due_date?: string | null;
  /** Issue 25: an invoice's due date follows them (a due_date sent with them is ignored). */
  payment_terms?: PaymentTerms['kind'] | null;
  payment_days?: number | null;
  payment_date?: string | null;
  internal_notes?: string;
  line_items: DocumentLineWriteBody[];
};
export const documentWriteBody = (kind: DocumentKindContract) => readByHandler(documentWriteSchema(kind));

/** POST invoices/{id}/payments/ body. */
export const paymentWriteSchema = z.strictObject({
  date: dateOrNull(),
  amount: euroCents(1e9),
  method: z.enum(PAYMENT_METHODS as unknown as [PaymentMethod, ...PaymentMethod[]]),
  reference: optionalText(200),
});
/** What the client sends: the date (null: today), the amount in euros, the method and a reference. */
export type PaymentWriteBody = Sent<z.input<typeof paymentWriteSchema>>;
export type PaymentInput = z.output<typeof paymentWriteSchema>;

/** A line of a partial credit note: amounts HT at the VAT rate of the invoice's line it credits. */
export const creditLineWriteSchema = z
  .strictObject({
    title: requiredText(300),
    description: optionalText(5000),
    // The rate of the invoice's line it credits; absent → the invoice's rate.
    ...lineAmountFields,
    // Echoed back from the invoice's lines by forms.
    id: echoed,
    task_id: echoed,
    task: echoed,
    total: echoed,
  })
  .superRefine(checkLineTotal);

/**
 * POST invoices/{id}/credit_note/ body: empty (or no body) for a credit of the whole balance due.
 * The server adds its render-cost bound (issue 23).
 */
export const creditNoteWriteSchema = z.strictObject({
  reason: optionalText(1000),
  line_items: z.array(creditLineWriteSchema).min(1, 'L’avoir doit contenir au moins une ligne.').max(500).optional(),
});
/** A line of a partial credit note as the client sends it: amounts HT at the VAT rate of the invoice's line it credits. */
export type CreditNoteLineWriteBody = Sent<Pick<z.input<typeof creditLineWriteSchema>, 'title' | 'description' | 'quantity' | 'unit_price' | 'tax_rate'>> & {
  unit?: LineUnit | null;
  /** The credited line's discount (issue 25): percent, or euros. */
  discount_percent?: number;
  discount_amount?: number;
  /** The credited line's own exemption reason ('' or absent: the invoice's). */
  vat_exemption?: VatExemptionKey | '';
};
/** What the client sends: nothing but the reason for a credit of the whole balance due. */
export type CreditNoteWriteBody = { reason?: string; line_items?: CreditNoteLineWriteBody[] };

/** POST quotes/{id}/deposit_invoice/ body: a percent of the quote's total TTC, or an amount TTC (one of them). */
export const depositWriteSchema = z.strictObject({
  /** Percent of the quote's total TTC, two decimals at most. */
  percent: hundredths(100).optional(),
  /** Euros TTC. */
  amount: euroCents().optional(),
});
export type DepositWriteBody = { percent: number } | { amount: number };
