/**
 * Reports (issue 15): the receipts book (livre des recettes), the URSSAF summary of the dashboard
 * and the sales journal for the accountant. Amounts in the API are euros (two decimals).
 */
import { isSoleTrader } from './profile';

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

/**
 * The one figure a micro-entrepreneur declares to the URSSAF, as the dashboard's card, the reports
 * page and the receipts book (PDF and CSV) name it: the sums received in the period, excluding VAT,
 * less refunds (computed once, by reports.service.ts declaredTurnover).
 */
export const DECLARED_TURNOVER_LABEL = "Chiffre d'affaires encaissé à déclarer (HT)";

/**
 * Who declares from the URSSAF card: an individual entrepreneur (EI, micro-entrepreneur) declares
 * its cashed turnover; a company or an association does not ('company': no card, no figures);
 * 'unknown' while the profile states no legal form.
 */
export const URSSAF_DECLARANTS = ['individual', 'company', 'unknown'] as const;
export type UrssafDeclarant = (typeof URSSAF_DECLARANTS)[number];

/** The declarant a profile's legal form makes ('' when the profile states none): server and dashboard alike. */
export const urssafDeclarant = (legalForm: string): UrssafDeclarant =>
  legalForm === '' ? 'unknown' : isSoleTrader(legalForm) ? 'individual' : 'company';

export const URSSAF_PERIODS = ['current_month', 'previous_month', 'current_quarter', 'previous_quarter'] as const;
export type UrssafPeriodKey = (typeof URSSAF_PERIODS)[number];

/** What GET reports/receipts/ answers: the book as JSON (ReceiptsBook), a CSV or a PDF. */
export const RECEIPTS_FORMATS = ['json', 'csv', 'pdf'] as const;
export type ReceiptsFormat = (typeof RECEIPTS_FORMATS)[number];
/** What GET reports/sales-journal/ answers: the journal as JSON (SalesJournal) or a CSV. */
export const SALES_JOURNAL_FORMATS = ['json', 'csv'] as const;
export type SalesJournalFormat = (typeof SALES_JOURNAL_FORMATS)[number];

/** The oldest and latest years the reports accept. */
export const REPORT_MIN_YEAR = 2000;
export const REPORT_MAX_YEAR = 2100;
