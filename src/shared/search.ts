/** Lower case without accents ('École' → 'ecole'): how search text is stored and queried. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/\s+/g, ' ')
    .trim();
}

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_PER_KIND = 10;

/** Rows of GET search/global (SPEC 3 "Search response"): only what the dropdown shows. */
export interface ContactHit {
  id: number;
  name: string;
  email: string;
  company: string;
}

export interface ProjectHit {
  id: number;
  name: string;
  status: string;
  status_display: string;
}

export interface TaskHit {
  id: number;
  title: string;
  status: string;
  status_display: string;
  project_name: string | null;
}

export interface DocumentHit {
  id: number;
  title: string;
  client: { id: number; name: string } | null;
  client_name: string | null;
  total_amount: number;
  status: string;
  status_display: string;
}

export interface QuoteHit extends DocumentHit {
  quote_number: string | null;
}

export interface InvoiceHit extends DocumentHit {
  invoice_number: string | null;
}

/** A credit note's amount comes negative: it takes money back. */
export interface CreditNoteHit extends DocumentHit {
  credit_note_number: string;
}

export interface GlobalSearchResults {
  contacts: ContactHit[];
  projects: ProjectHit[];
  tasks: TaskHit[];
  quotes: QuoteHit[];
  invoices: InvoiceHit[];
  credit_notes: CreditNoteHit[];
}
