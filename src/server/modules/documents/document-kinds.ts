import type { ActivityObjectType } from '../../../shared/activity';
import {
  INVOICE_STATUSES, INVOICE_STATUS_LABELS, QUOTE_STATUSES, QUOTE_STATUS_LABELS, type DocumentKind,
} from '../../../shared/documents';

/** Everything that differs between quotes and invoices; the rest of the module is shared. */
export interface DocumentKindConfig {
  kind: DocumentKind;
  table: 'quotes' | 'invoices';
  linesTable: 'quote_lines' | 'invoice_lines';
  /** URL segment and activity type. */
  path: 'quotes' | 'invoices';
  objectType: ActivityObjectType;
  numberField: 'quote_number' | 'invoice_number';
  prefix: 'DEV' | 'FAC';
  /** Name of the end date in the API. */
  endDateField: 'expiration_date' | 'due_date';
  statuses: readonly string[];
  statusLabels: Record<string, string>;
  /** Quotes are numbered at creation, invoices when they first leave draft. */
  numberedAtCreation: boolean;
  /** French, for messages: 'le devis' / 'la facture'. */
  the: string;
}

export const QUOTE_KIND: DocumentKindConfig = {
  kind: 'quote',
  table: 'quotes',
  linesTable: 'quote_lines',
  path: 'quotes',
  objectType: 'quote',
  numberField: 'quote_number',
  prefix: 'DEV',
  endDateField: 'expiration_date',
  statuses: QUOTE_STATUSES,
  statusLabels: QUOTE_STATUS_LABELS,
  numberedAtCreation: true,
  the: 'le devis',
};

export const INVOICE_KIND: DocumentKindConfig = {
  kind: 'invoice',
  table: 'invoices',
  linesTable: 'invoice_lines',
  path: 'invoices',
  objectType: 'invoice',
  numberField: 'invoice_number',
  prefix: 'FAC',
  endDateField: 'due_date',
  statuses: INVOICE_STATUSES,
  statusLabels: INVOICE_STATUS_LABELS,
  numberedAtCreation: false,
  the: 'la facture',
};
