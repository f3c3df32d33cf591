import { api, listTag, type ApiError, type ApiMeta } from '@/client/app/api';
import type { LedgerVerification } from '@/shared/contracts/ledger';
import type { ReceiptsBook, ReceiptsQuery, SalesJournalQuery } from '@/shared/contracts/reports';

/** A report file to download: its URL under /api/ and query (a file format, not JSON). */
export type ReportFileArg =
  | { url: 'reports/receipts/'; params: ReceiptsQuery & { format: 'csv' | 'pdf' } }
  | { url: 'reports/sales-journal/'; params: SalesJournalQuery & { format: 'csv' } }
  // Issue 26: the purchases register; a received invoice's file as the supplier sent it.
  | { url: 'reports/purchases/'; params: SalesJournalQuery & { format: 'csv' } }
  | { url: `received-invoices/${number}/${'pdf' | 'original'}/`; params?: undefined };

/** A blob's (or a chosen file's) text, UTF-8; '' when it cannot be read. */
export function readBlobText(blob: Blob): Promise<string> {
  return new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => resolve('');
    reader.readAsText(blob);
  });
}

/** An error answer of a download: the blob's JSON (`{field: [message]}`, `{detail}`), else nothing. */
async function readErrorBody(data: unknown): Promise<unknown> {
  if (typeof Blob === 'undefined' || !(data instanceof Blob)) return data;
  const text = await readBlobText(data);
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A downloaded file as an object URL (the caller revokes it) and the name the server gave it. */
export interface DownloadedFile {
  url: string;
  fileName: string;
}

/** The journal checkpoint's file name when the answer names none. */
export const CHECKPOINT_FALLBACK_NAME = 'carnet-journal-point-de-controle.json';

/** The file name of a `Content-Disposition: attachment; filename="…"` header, if any. */
export function attachmentName(header: string | undefined): string | undefined {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header ?? '');
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** The journal check's own tag: a new checkpoint (stored by the server, used by the check) invalidates it. */
const LEDGER_CHECK_TAG = { type: 'Report' as const, id: 'ledger-verify' };

// Tags (app/api.ts): each report provides the Report LIST tag and its own id; payments and
// credit notes (documents.api.ts) invalidate the LIST tag, so every report reads again. The
// journal check does too (an issued invoice or a credit note adds an entry), and also
// provides LEDGER_CHECK_TAG, which a checkpoint download invalidates.
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
      query: ({ url, params }) => ({ url, params, responseType: 'blob', headers: { Accept: 'text/csv, application/pdf, application/xml, application/json' } }),
      transformResponse: (blob: Blob) => URL.createObjectURL(blob instanceof Blob ? blob : new Blob([blob as BlobPart])),
      transformErrorResponse: async (error: ApiError) => ({ status: error.status, data: await readErrorBody(error.data) }) as ApiError,
    }),

    /**
     * GET ledger/verify/: the check of the journal of issued invoices and credit notes. Run on
     * demand (a lazy query): each click asks again, and a shown result is read again when the
     * journal changes or a new checkpoint is taken.
     */
    verifyLedger: build.query<LedgerVerification, void>({
      query: () => ({ url: 'ledger/verify/' }),
      providesTags: [listTag('Report'), LEDGER_CHECK_TAG],
    }),

    /**
     * POST ledger/verify/ `{checkpoint}`: the same check, also against a checkpoint file the user
     * kept (its parsed JSON); a 400 `{checkpoint: [message]}` when it is not a genuine one.
     */
    verifyLedgerWithCheckpoint: build.mutation<LedgerVerification, unknown>({
      query: (checkpoint) => ({ url: 'ledger/verify/', method: 'POST', data: { checkpoint } }),
    }),

    /**
     * POST ledger/checkpoint/: a new signed checkpoint of the journal's head, as a JSON file to keep
     * outside Carnet (object URL and the server's file name). The server stores it and the check
     * compares the journal with it: a cached check is stale.
     */
    fetchLedgerCheckpoint: build.mutation<DownloadedFile, void>({
      query: () => ({ url: 'ledger/checkpoint/', method: 'POST', data: {}, responseType: 'blob', headers: { Accept: 'application/json' } }),
      transformResponse: (data: unknown, meta: ApiMeta | undefined) => ({
        url: URL.createObjectURL(data instanceof Blob ? data : new Blob([JSON.stringify(data)], { type: 'application/json' })),
        fileName: attachmentName(meta?.headers['content-disposition']) ?? CHECKPOINT_FALLBACK_NAME,
      }),
      transformErrorResponse: async (error: ApiError) => ({ status: error.status, data: await readErrorBody(error.data) }) as ApiError,
      invalidatesTags: (result) => (result ? [LEDGER_CHECK_TAG] : []),
    }),
  }),
});

export const {
  useGetReceiptsBookQuery,
  useFetchReportFileMutation,
  useLazyVerifyLedgerQuery,
  useVerifyLedgerWithCheckpointMutation,
  useFetchLedgerCheckpointMutation,
} = reportsApi;
