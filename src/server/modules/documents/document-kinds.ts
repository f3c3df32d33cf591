import type { ActivityObjectType } from '@/shared/activity';
import {
  CREDIT_NOTE_STATUSES, CREDIT_NOTE_STATUS_LABELS, INVOICE_STATUSES, INVOICE_STATUS_LABELS, QUOTE_STATUSES, QUOTE_STATUS_LABELS,
  type DocumentKind,
} from '@/shared/documents';

/** Everything that differs between quotes, invoices and credit notes; the rest of the module is shared. */
export interface DocumentKindConfig {
  kind: DocumentKind;
  table: 'quotes' | 'invoices' | 'credit_notes';
  linesTable: 'quote_lines' | 'invoice_lines' | 'credit_note_lines';
  /** URL segment. */
  path: 'quotes' | 'invoices' | 'credit-notes';
  objectType: ActivityObjectType;
  numberField: 'quote_number' | 'invoice_number' | 'credit_note_number';
  prefix: 'DEV' | 'FAC' | 'AV';
  /** Name of the end date in the API. */
  endDateField: 'expiration_date' | 'due_date';
  statuses: readonly string[];
  statusLabels: Record<string, string>;
  /** Quotes are numbered at creation, invoices when they first leave draft. */
  numberedAtCreation: boolean;
  /** French, for messages: 'le devis' / 'la facture' / 'l’avoir'. */
  the: string;
  /** Issued documents are legal records: frozen, journaled, never deleted (invoices, credit notes). */
  ledger: boolean;
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
  ledger: false,
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
  ledger: true,
};

/** Avoirs: created (numbered, issued, frozen) in one step from an issued invoice. */
export const CREDIT_NOTE_KIND: DocumentKindConfig = {
  kind: 'credit_note',
  table: 'credit_notes',
  linesTable: 'credit_note_lines',
  path: 'credit-notes',
  objectType: 'credit_note',
  numberField: 'credit_note_number',
  prefix: 'AV',
  endDateField: 'due_date',
  statuses: CREDIT_NOTE_STATUSES,
  statusLabels: CREDIT_NOTE_STATUS_LABELS,
  numberedAtCreation: true,
  the: 'l’avoir',
  ledger: true,
};

const capitalized = (text: string) => text[0].toUpperCase() + text.slice(1);
/** 'Devis' / 'Facture' / 'Avoir'. */
export const documentNoun = (kind: DocumentKindConfig) => capitalized(kind.the.replace(/^(le |la |l’)/, ''));
