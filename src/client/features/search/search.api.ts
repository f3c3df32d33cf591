import { api } from '@/client/app/api';
import type { GlobalSearchResults } from '@/shared/contracts/search';

export type {
  ContactHit, CreditNoteHit, GlobalSearchResults, InvoiceHit, ProjectHit, QuoteHit, TaskHit,
} from '@/shared/contracts/search';

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
