import { api, listTag, type ApiError } from '../../app/api';
import type { ReceiptsBook, ReceiptsQuery, SalesJournalQuery } from '../../../shared/reports';

/** A report file to download: its URL under /api/ and query (a file format, not JSON). */
export type ReportFileArg =
  | { url: 'reports/receipts/'; params: ReceiptsQuery & { format: 'csv' | 'pdf' } }
  | { url: 'reports/sales-journal/'; params: SalesJournalQuery & { format: 'csv' } };

/** An error answer of a download: the blob's JSON (`{field: [message]}`, `{detail}`), else nothing. */
async function readErrorBody(data: unknown): Promise<unknown> {
  if (typeof Blob === 'undefined' || !(data instanceof Blob)) return data;
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => resolve('');
    reader.readAsText(data);
  });
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// Tags (app/api.ts): each report provides the Report LIST tag and its own id; payments and
// credit notes (documents.api.ts) invalidate the LIST tag, so every report reads again.
export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET reports/receipts/?year=: the receipts book (livre des recettes) of a year. */
    getReceiptsBook: build.query<ReceiptsBook, number>({
      query: (year) => ({ url: 'reports/receipts/', params: { year } satisfies ReceiptsQuery }),
      providesTags: (_result, _error, year) => [listTag('Report'), { type: 'Report', id: `receipts-${year}` }],
    }),

    /**
     * A CSV or PDF report as an object URL (the caller revokes it). Error bodies arrive as blobs:
     * they are read here, so the store only ever holds their JSON.
     */
    fetchReportFile: build.mutation<string, ReportFileArg>({
      query: ({ url, params }) => ({ url, params, responseType: 'blob', headers: { Accept: 'text/csv, application/pdf, application/json' } }),
      transformResponse: (blob: Blob) => URL.createObjectURL(blob instanceof Blob ? blob : new Blob([blob as BlobPart])),
      transformErrorResponse: async (error: ApiError) => ({ status: error.status, data: await readErrorBody(error.data) }) as ApiError,
    }),
  }),
});

export const { useGetReceiptsBookQuery, useFetchReportFileMutation } = reportsApi;
