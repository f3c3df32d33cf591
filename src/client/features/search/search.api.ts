import { api } from '../../app/api';

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

interface DocumentHit {
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

const SEARCHED_TYPES = ['Contact', 'Project', 'Task', 'Quote', 'Invoice', 'CreditNote'] as const;

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchGlobal: build.query<GlobalSearchResults, string>({
      query: (q) => ({ url: 'search/global', params: { q } }),
      // Any change to a searchable entity may change the answer. A LIST tag is invalidated both
      // by `{ type, id: 'LIST' }` and by the bare type, so it catches either convention.
      providesTags: SEARCHED_TYPES.map((type) => ({ type, id: 'LIST' })),
      // Searches are throw-away: keep a finished one briefly (retyping the same term is instant).
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchGlobalQuery } = searchApi;
