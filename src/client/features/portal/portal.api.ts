import { api } from '@/client/app/api';
import type {
  PortalAcceptBody, PortalDeclineBody, PortalDocument, PortalLinkKind, PortalView, ShareLink, ShareState,
} from '@/shared/contracts/portal';

/** The API path of what a link is made for (`credit-notes` as the server names them; a client space: its contact). */
const SHARED_PATHS: Record<PortalLinkKind, string> = { quote: 'quotes', invoice: 'invoices', credit_note: 'credit-notes', contact: 'contacts' };

export interface SharedDocumentArg {
  kind: PortalLinkKind;
  id: number;
}

/**
 * What a public page reads: a link's token, and within a client space a document's number. One
 * path for every public call: `portal/{token}/` or `portal/{token}/documents/{number}/`.
 */
export interface PortalPath {
  token: string;
  number?: string;
}

const portalBase = ({ token, number }: PortalPath) =>
  `portal/${encodeURIComponent(token)}/${number === undefined ? '' : `documents/${encodeURIComponent(number)}/`}`;

/** The record an answer replaces: the same arguments as the page's query (`number` left out when absent). */
const pathArg = ({ token, number }: PortalPath): PortalPath => (number === undefined ? { token } : { token, number });

/**
 * The client portal (issue 27), injected into the one API. The seller's side: a document's or a
 * client space's links (`ShareLink`, one record per document or contact); the client's side,
 * without a session: what a path opens (`PortalView`: a document, or a client space's list; one
 * record per path), which an answer replaces with the server's.
 */
export const portalApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShareState: build.query<ShareState, SharedDocumentArg>({
      query: ({ kind, id }) => ({ url: `${SHARED_PATHS[kind]}/${id}/share/` }),
      providesTags: (_result, _error, { kind, id }) => [{ type: 'ShareLink', id: `${kind}:${id}` }],
    }),
    createShareLink: build.mutation<ShareLink, SharedDocumentArg>({
      query: ({ kind, id }) => ({ url: `${SHARED_PATHS[kind]}/${id}/share/`, method: 'POST' }),
      invalidatesTags: (_result, error, { kind, id }) => (error ? [] : [{ type: 'ShareLink', id: `${kind}:${id}` }]),
    }),
    revokeShareLinks: build.mutation<null, SharedDocumentArg>({
      query: ({ kind, id }) => ({ url: `${SHARED_PATHS[kind]}/${id}/share/`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { kind, id }) => (error ? [] : [{ type: 'ShareLink', id: `${kind}:${id}` }]),
    }),
    /** The accepted quote's certificat d'acceptation, as an object URL (the caller revokes it). */
    fetchAcceptanceCertificate: build.mutation<string, number>({
      query: (quoteId) => ({ url: `quotes/${quoteId}/certificate/`, responseType: 'blob', headers: { Accept: 'application/pdf, application/json' } }),
      transformResponse: (blob: Blob) => URL.createObjectURL(blob instanceof Blob ? blob : new Blob([blob as BlobPart], { type: 'application/pdf' })),
    }),

    getPortalView: build.query<PortalView, PortalPath>({
      query: (path) => ({ url: portalBase(path) }),
      providesTags: (_result, _error, path) => [{ type: 'PortalDocument', id: portalBase(path) }],
    }),
    acceptPortalQuote: build.mutation<PortalDocument, { path: PortalPath } & PortalAcceptBody>({
      query: ({ path, ...body }) => ({ url: `${portalBase(path)}accept/`, method: 'POST', data: body }),
      async onQueryStarted({ path }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(portalApi.util.upsertQueryData('getPortalView', pathArg(path), data));
      },
    }),
    declinePortalQuote: build.mutation<PortalDocument, { path: PortalPath } & PortalDeclineBody>({
      query: ({ path, ...body }) => ({ url: `${portalBase(path)}decline/`, method: 'POST', data: body }),
      async onQueryStarted({ path }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(portalApi.util.upsertQueryData('getPortalView', pathArg(path), data));
      },
    }),
  }),
});

/** Public files of a document's path: plain links, no session needed. */
export const portalFileUrl = (path: PortalPath, file: 'pdf' | 'certificate') => `/api/${portalBase(path)}${file}/`;

export const {
  useGetShareStateQuery,
  useCreateShareLinkMutation,
  useRevokeShareLinksMutation,
  useFetchAcceptanceCertificateMutation,
  useGetPortalViewQuery,
  useAcceptPortalQuoteMutation,
  useDeclinePortalQuoteMutation,
} = portalApi;
