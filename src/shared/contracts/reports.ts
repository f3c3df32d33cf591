import { z } from 'zod';
import { RECEIPT_NATURES, RECEIPTS_FORMATS, SALES_JOURNAL_FORMATS, URSSAF_DECLARANTS, URSSAF_PERIODS } from '@/shared/reports';
import { queryParam } from './common';

/** A payment received, or a refund (the part of a credit note beyond its invoice's balance). */
export const receiptRowSchema = z.object({
  kind: z.enum(['payment', 'refund']),
  /** The payment's or the credit note's id. */
  id: z.number(),
  /** YYYY-MM-DD: the payment's date, or the credit note's. */
  date: z.string(),
  invoice_id: z.number(),
  invoice_number: z.string(),
  /** Refunds: the credit note's number. */
  credit_note_number: z.string().nullable(),
  client_id: z.number(),
  client_name: z.string(),
  /** The invoice's operation category ('services', 'goods', 'mixed'). */
  operation_category: z.string(),
  nature: z.enum(RECEIPT_NATURES),
  nature_display: z.string(),
  /** Euros received; negative for a refund. */
  amount: z.number(),
  /** Its share excluding VAT. */
  amount_ht: z.number(),
  /** A payment method (shared/documents.ts); '' for a refund. */
  method: z.string(),
  method_display: z.string(),
  reference: z.string(),
});
export type ReceiptRow = z.infer<typeof receiptRowSchema>;

/**
 * The "Chiffre d'affaires encaissé à déclarer (HT)" of a period, split by nature (euros): the HT of
 * the payments received less the HT of the refunds (DECLARED_TURNOVER_LABEL).
 */
const receiptTotalsShape = {
  services: z.number(),
  goods: z.number(),
  total: z.number(),
  /** Rows (payments and refunds). */
  count: z.number(),
};
export const receiptTotalsSchema = z.object(receiptTotalsShape);
export type ReceiptTotals = z.infer<typeof receiptTotalsSchema>;

/** 'YYYY-MM' */
export const receiptMonthSchema = z.object({ ...receiptTotalsShape, month: z.string() });
export type ReceiptMonth = z.infer<typeof receiptMonthSchema>;

/** `quarter` 1 to 4, `label` 'T1 2026'. */
export const receiptQuarterSchema = z.object({ ...receiptTotalsShape, quarter: z.number(), label: z.string() });
export type ReceiptQuarter = z.infer<typeof receiptQuarterSchema>;

/** GET /api/reports/receipts/?year=YYYY (format=json). The totals are the declared turnover (HT); the rows what was received. */
export const receiptsBookSchema = z.object({
  year: z.number(),
  rows: z.array(receiptRowSchema),
  /** The twelve months of the year, January first. */
  months: z.array(receiptMonthSchema),
  quarters: z.array(receiptQuarterSchema),
  totals: receiptTotalsSchema,
});
export type ReceiptsBook = z.infer<typeof receiptsBookSchema>;

/** Amounts HT: the turnover a micro-entrepreneur declares (equal to TTC in the VAT franchise). */
export const urssafPeriodSchema = z.object({
  ...receiptTotalsShape,
  key: z.enum(URSSAF_PERIODS),
  /** 'Mars 2026', 'T1 2026' */
  label: z.string(),
  /** First and last days (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
});
export type UrssafPeriod = z.infer<typeof urssafPeriodSchema>;

/** GET /api/reports/urssaf/: what a micro-entrepreneur declares, monthly or quarterly. */
export const urssafSummarySchema = z.object({
  /** Paris day the periods are computed from. */
  today: z.string(),
  /** From the profile's legal form: a company ('company') declares no cashed turnover and gets no periods. */
  declarant: z.enum(URSSAF_DECLARANTS),
  periods: z.array(urssafPeriodSchema),
});
export type UrssafSummary = z.infer<typeof urssafSummarySchema>;

/** One VAT rate of a sales journal row (euros; negative on a credit note); `rate` in percent. */
export const salesJournalRateSchema = z.object({ rate: z.number(), base: z.number(), tax: z.number() });
export type SalesJournalRate = z.infer<typeof salesJournalRateSchema>;

export const salesJournalRowSchema = z.object({
  kind: z.enum(['invoice', 'credit_note']),
  id: z.number(),
  number: z.string(),
  date: z.string(),
  client_id: z.number(),
  client_name: z.string(),
  client_siren: z.string(),
  /** Credit notes: the invoice they credit. */
  invoice_number: z.string().nullable(),
  /** Highest rate first, as computeTotals gives them. */
  rates: z.array(salesJournalRateSchema),
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  /** Invoices: received to date, credited to date, still due. Credit notes: 0. */
  paid: z.number(),
  credited: z.number(),
  /** A final invoice: its quote's deposit invoices, deducted from what is due (EN 16931 BT-113). */
  prepaid: z.number(),
  balance: z.number(),
});
export type SalesJournalRow = z.infer<typeof salesJournalRowSchema>;

/** GET /api/reports/sales-journal/?from=&to= (format=json). */
export const salesJournalSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every rate met in the period plus the French ones, highest first (the CSV's columns). */
  rates: z.array(z.number()),
  rows: z.array(salesJournalRowSchema),
  totals: z.object({
    rates: z.array(salesJournalRateSchema),
    subtotal: z.number(),
    tax: z.number(),
    total: z.number(),
    paid: z.number(),
    balance: z.number(),
  }),
});
export type SalesJournal = z.infer<typeof salesJournalSchema>;

/**
 * Query of GET reports/receipts/: `year` (the current year, Europe/Paris, when absent) and
 * `format` (json, csv or pdf; json when absent). Read by reports.schemas.ts, with its messages.
 */
export const receiptsQuerySchema = z.looseObject({ year: queryParam, format: queryParam });
export interface ReceiptsQuery {
  year?: number;
  format?: (typeof RECEIPTS_FORMATS)[number];
}

/**
 * Query of GET reports/sales-journal/: `from` and `to` (YYYY-MM-DD, inclusive); without them the
 * current year, with one of them the rest of its year; `format` json (when absent) or csv.
 */
export const salesJournalQuerySchema = z.looseObject({ from: queryParam, to: queryParam, format: queryParam });
export interface SalesJournalQuery {
  from?: string;
  to?: string;
  format?: (typeof SALES_JOURNAL_FORMATS)[number];
}
export type ReportQueryParams = z.output<typeof receiptsQuerySchema> & z.output<typeof salesJournalQuerySchema>;

/** A report as a file: CSV text or a PDF. */
export const csvFile = z.string().describe('CSV (UTF-8, « ; » séparateur).');
export const pdfFile = z.string().meta({ format: 'binary' });
