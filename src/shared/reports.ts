/**
 * Reports (issue 15): the receipts book (livre des recettes), the URSSAF summary of the dashboard
 * and the sales journal for the accountant. Amounts in the API are euros (two decimals).
 */

/**
 * What a receipt counts as in a micro-entrepreneur's declaration: sales of goods (ventes) and
 * services (prestations) have their own thresholds and rates.
 */
export const RECEIPT_NATURES = ['services', 'goods'] as const;
export type ReceiptNature = (typeof RECEIPT_NATURES)[number];
export const RECEIPT_NATURE_LABELS: Record<ReceiptNature, string> = {
  services: 'Prestation de services',
  goods: 'Vente',
};

/**
 * The nature of a receipt from its invoice's operation category. A mixed invoice (goods and
 * services, no split per line) counts as services: the lower threshold and the higher rate, so
 * that a doubtful amount never lowers what is declared; its row says "mixte" so that the user
 * can split it by hand.
 */
export const receiptNature = (operationCategory: string): ReceiptNature => (operationCategory === 'goods' ? 'goods' : 'services');

/** 'Prestation de services', 'Vente', or 'Prestation de services (opération mixte)'. */
export const receiptNatureLabel = (operationCategory: string) =>
  RECEIPT_NATURE_LABELS[receiptNature(operationCategory)] + (operationCategory === 'mixed' ? ' (opération mixte)' : '');

/** A payment received, or a refund (the part of a credit note beyond its invoice's balance). */
export interface ReceiptRow {
  kind: 'payment' | 'refund';
  /** The payment's or the credit note's id. */
  id: number;
  /** YYYY-MM-DD: the payment's date, or the credit note's. */
  date: string;
  invoice_id: number;
  invoice_number: string;
  /** Refunds: the credit note's number. */
  credit_note_number: string | null;
  client_id: number;
  client_name: string;
  /** The invoice's operation category ('services', 'goods', 'mixed'). */
  operation_category: string;
  nature: ReceiptNature;
  nature_display: string;
  /** Euros received; negative for a refund. */
  amount: number;
  /** Its share excluding VAT. */
  amount_ht: number;
  /** A payment method (shared/documents.ts); '' for a refund. */
  method: string;
  method_display: string;
  reference: string;
}

/** Receipts of a period, split by nature (euros). */
export interface ReceiptTotals {
  services: number;
  goods: number;
  total: number;
  /** Rows (payments and refunds). */
  count: number;
}

export interface ReceiptMonth extends ReceiptTotals {
  /** 'YYYY-MM' */
  month: string;
}

export interface ReceiptQuarter extends ReceiptTotals {
  /** 1 to 4 */
  quarter: number;
  /** 'T1 2026' */
  label: string;
}

/** GET /api/reports/receipts/?year=YYYY */
export interface ReceiptsBook {
  year: number;
  rows: ReceiptRow[];
  /** The twelve months of the year, January first. */
  months: ReceiptMonth[];
  quarters: ReceiptQuarter[];
  totals: ReceiptTotals;
}

export const URSSAF_PERIODS = ['current_month', 'previous_month', 'current_quarter', 'previous_quarter'] as const;
export type UrssafPeriodKey = (typeof URSSAF_PERIODS)[number];

/** Amounts HT: the turnover a micro-entrepreneur declares (equal to TTC in the VAT franchise). */
export interface UrssafPeriod extends ReceiptTotals {
  key: UrssafPeriodKey;
  /** 'Mars 2026', 'T1 2026' */
  label: string;
  /** First and last days (YYYY-MM-DD). */
  from: string;
  to: string;
}

/** GET /api/reports/urssaf/: what a micro-entrepreneur declares, monthly or quarterly. */
export interface UrssafSummary {
  /** Paris day the periods are computed from. */
  today: string;
  periods: UrssafPeriod[];
}

/** One VAT rate of a sales journal row (euros; negative on a credit note). */
export interface SalesJournalRate {
  /** Percent. */
  rate: number;
  base: number;
  tax: number;
}

export interface SalesJournalRow {
  kind: 'invoice' | 'credit_note';
  id: number;
  number: string;
  date: string;
  client_id: number;
  client_name: string;
  client_siren: string;
  /** Credit notes: the invoice they credit. */
  invoice_number: string | null;
  /** Highest rate first, as computeTotals gives them. */
  rates: SalesJournalRate[];
  subtotal: number;
  tax: number;
  total: number;
  /** Invoices: received to date, credited to date, still due. Credit notes: 0. */
  paid: number;
  credited: number;
  /** A final invoice: its quote's deposit invoices, deducted from what is due (EN 16931 BT-113). */
  prepaid: number;
  balance: number;
}

/** GET /api/reports/sales-journal/?from=&to= */
export interface SalesJournal {
  from: string;
  to: string;
  /** Every rate met in the period plus the French ones, highest first (the CSV's columns). */
  rates: number[];
  rows: SalesJournalRow[];
  totals: { rates: SalesJournalRate[]; subtotal: number; tax: number; total: number; paid: number; balance: number };
}

/** What GET reports/receipts/ answers: the book as JSON (ReceiptsBook), a CSV or a PDF. */
export const RECEIPTS_FORMATS = ['json', 'csv', 'pdf'] as const;
export type ReceiptsFormat = (typeof RECEIPTS_FORMATS)[number];
/** What GET reports/sales-journal/ answers: the journal as JSON (SalesJournal) or a CSV. */
export const SALES_JOURNAL_FORMATS = ['json', 'csv'] as const;
export type SalesJournalFormat = (typeof SALES_JOURNAL_FORMATS)[number];

/** Query of GET reports/receipts/: the current year (Europe/Paris) and JSON when absent. */
export interface ReceiptsQuery {
  year?: number;
  format?: ReceiptsFormat;
}

/**
 * Query of GET reports/sales-journal/: `from` and `to` (YYYY-MM-DD, inclusive); without them the
 * current year, with one of them the rest of its year; JSON when no format.
 */
export interface SalesJournalQuery {
  from?: string;
  to?: string;
  format?: SalesJournalFormat;
}

/** The oldest and latest years the reports accept. */
export const REPORT_MIN_YEAR = 2000;
export const REPORT_MAX_YEAR = 2100;
