import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import { PICKER_PAGE_SIZE, api, keysetPage, keysetPaging, listTag, listTags, pageIds, rowIds, shownTag, type KeysetPage, type PageCursor } from '@/client/app/api';
import type { ClientType, ContactCategory } from '@/shared/contacts';
import type { OnDuplicate } from '@/shared/contact-import';
import type { ContactImportBody, ContactImportPreview, ContactImportResult, Contact, ContactExportDetails, ContactInput, ContactListItem, ContactWriteBody } from '@/shared/contracts/contacts';
import type { Project } from '@/shared/contracts/projects';
import type { RecurringInvoice, RecurringListQuery } from '@/shared/contracts/recurring';
import type { DocumentRowJson } from '@/shared/contracts/documents';

/**
 * Contacts API (SPEC 7 "Contacts"), plus the project, quote and invoice lists of the contact
 * page's side panel. Tags follow the convention of app/api.ts: the list provides the Contact LIST
 * tag and one per row, a record its own; a creation invalidates the LIST, a change writes the
 * answer into the record's cache and invalidates the LIST and every view naming the contact.
 */

/** Contacts are normalised: the list endpoint feeds this adapter (kept in server id order). */
export const contactsAdapter = createEntityAdapter<ContactListItem>();
export const contactsInitialState = contactsAdapter.getInitialState();
export type ContactsState = EntityState<ContactListItem, number>;

/**
 * One page of the contact list (issue 29), normalised by the same adapter: each page keeps its ids
 * in the server's order and its contacts by id, so Redux DevTools shows them normalised. Pages are
 * not merged into one adapter state: the infinite query's cache entry owns its pages (a refetch
 * after a tag invalidation replaces them whole, a deleted contact goes with its page), and a
 * merged copy elsewhere would have to be kept in step with every invalidation.
 */
export type ContactPage = KeysetPage<ContactListItem>;

/** SPEC 2: the contact list shows 50 contacts per page; one server page is one page of the list. */
export const CONTACT_PAGE_SIZE = 50;

/** What the list asks the server for: the search, the filters and the sort (`-name`: descending). Absent means none. */
export interface ContactPageArgs {
  search?: string;
  category?: ContactCategory;
  client_type?: ClientType;
  ordering?: 'name' | '-name' | 'email' | '-email' | 'company' | '-company';
}

/** What a client picker asks for: the text typed (absent: the first contacts by name). */
export interface ContactOptionArgs {
  search?: string;
}

/** A quote or invoice as listed for one client (the documents' list row, src/shared/contracts/documents.ts). */
export type ContactDocument = DocumentRowJson;

/** A row of an import as the CSV reader makes it: the shared body, with an e-mail ('' for none). */
export type ContactImportRow = ContactWriteBody & Pick<ContactInput, 'email'>;

/**
 * What an import may have changed: contacts created, or updated (renamed) — every Contact tag, the
 * documents naming one included —, the tasks and projects naming them, their history, the dashboard.
 */
export const IMPORT_TAGS = ['Contact', 'Task', 'Project', 'Activity', 'Dashboard'] as const;

/**
 * A contact's change or deletion: the contact lists, the documents naming it (their rows and
 * records provide its shownTag), the tasks and projects naming it (through their types, as a
 * project's change reaches tasks), the next expected payment of the dashboard, the history.
 */
const contactShown = (id: number) =>
  [listTag('Contact'), shownTag('Contact', id), 'Task', 'Project', 'Dashboard', 'Activity'] as const;

export const contactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContacts: build.query<ContactsState, void>({
      query: () => ({ url: 'contacts/' }),
      transformResponse: (response: ContactListItem[]) => contactsAdapter.setAll(contactsInitialState, response),
      providesTags: (result) => listTags('Contact', result?.ids),
    }),

    /**
     * The contact list, page by page (GET contacts/?page_size=50, then `cursor`=X-Next-Cursor):
     * searched, filtered and sorted by the server. Provides the LIST tag and each loaded row's, so
     * a creation, change or deletion refetches the loaded pages.
     */
    getContactPages: build.infiniteQuery<ContactPage, ContactPageArgs, PageCursor>({
      infiniteQueryOptions: keysetPaging,
      query: ({ queryArg, pageParam }) => ({
        url: 'contacts/',
        params: { ...queryArg, page_size: CONTACT_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      transformResponse: (rows: ContactListItem[], meta) => keysetPage(contactsAdapter, rows, meta),
      providesTags: (result) => listTags('Contact', pageIds(result)),
    }),

    /**
     * The client pickers' contacts (issue 29): the first 20 matching the search, by name (the
     * server's default ordering), then 20 more at a time (GET contacts/?page_size=20&search=…).
     */
    getContactOptionPages: build.infiniteQuery<ContactPage, ContactOptionArgs, PageCursor>({
      infiniteQueryOptions: keysetPaging,
      query: ({ queryArg, pageParam }) => ({
        url: 'contacts/',
        params: { ...queryArg, page_size: PICKER_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      transformResponse: (rows: ContactListItem[], meta) => keysetPage(contactsAdapter, rows, meta),
      providesTags: (result) => listTags('Contact', pageIds(result)),
    }),

    /** Every field the import accepts beyond the list's: the CSV export fetches them when it runs. */
    getContactExportDetails: build.query<ContactExportDetails[], void>({
      query: () => ({ url: 'contacts/export-details/' }),
      providesTags: [listTag('Contact')],
    }),

    getContact: build.query<Contact, number>({
      query: (id) => ({ url: `contacts/${id}/` }),
      providesTags: (_result, _error, id) => [{ type: 'Contact', id }],
    }),

    createContact: build.mutation<Contact, ContactWriteBody>({
      query: (body) => ({ url: 'contacts/', method: 'POST', data: body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The edit page opened right after creation needs no second request.
          dispatch(contactsApi.util.upsertQueryData('getContact', data.id, data));
        } catch {
          // the page shows the error
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : [listTag('Contact'), 'Activity']),
    }),

    updateContact: build.mutation<Contact, { id: number; body: ContactWriteBody }>({
      query: ({ id, body }) => ({ url: `contacts/${id}/`, method: 'PUT', data: body }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(contactsApi.util.upsertQueryData('getContact', id, data));
        } catch {
          // the page shows the error
        }
      },
      invalidatesTags: (_result, error, { id }) => (error ? [] : [...contactShown(id)]),
    }),

    deleteContact: build.mutation<void, number>({
      query: (id) => ({ url: `contacts/${id}/`, method: 'DELETE' }),
      // Not the contact's own tag: refetching a contact that no longer exists would only 404. Its
      // recurring invoices went with it.
      invalidatesTags: (_result, error, id) => (error ? [] : [...contactShown(id), listTag('RecurringInvoice')]),
    }),

    /** The client's recurring invoices (issue 15): deleting the contact deletes them, its confirmation says so. */
    getContactRecurringInvoices: build.query<RecurringInvoice[], number>({
      query: (id) => ({ url: 'recurring-invoices/', params: { client: id } satisfies RecurringListQuery }),
      providesTags: (result) => listTags('RecurringInvoice', rowIds(result)),
    }),

    /** What importing these rows would do (issue 18: new, already there, invalid); writes nothing. */
    previewContactImport: build.mutation<ContactImportPreview, ContactImportRow[]>({
      query: (contacts) => ({ url: 'import-contacts/', method: 'POST', data: { contacts, dry_run: true } satisfies ContactImportBody }),
    }),

    /**
     * One batch of an import. Invalidates nothing: the import flow invalidates IMPORT_TAGS once,
     * after its last batch, rather than refetch the whole list after each one.
     */
    importContacts: build.mutation<ContactImportResult, { contacts: ContactImportRow[]; on_duplicate: OnDuplicate }>({
      query: (body) => ({ url: 'import-contacts/', method: 'POST', data: body satisfies ContactImportBody }),
    }),


    getContactProjects: build.query<Project[], number>({
      query: (id) => ({ url: `contacts/${id}/projects/` }),
      providesTags: (result) => listTags('Project', rowIds(result)),
    }),

    getContactQuotes: build.query<ContactDocument[], number>({
      query: (id) => ({ url: `contacts/${id}/quotes/` }),
      providesTags: (result) => listTags('Quote', rowIds(result)),
    }),

    getContactInvoices: build.query<ContactDocument[], number>({
      query: (id) => ({ url: `contacts/${id}/invoices/` }),
      providesTags: (result) => listTags('Invoice', rowIds(result)),
    }),
  }),
});

export const {
  useGetContactsQuery,
  useLazyGetContactsQuery,
  useGetContactPagesInfiniteQuery,
  useGetContactOptionPagesInfiniteQuery,
  useLazyGetContactExportDetailsQuery,
  useGetContactQuery,
  useCreateContactMutation,
  useUpdateContactMutation,
  useDeleteContactMutation,
  useLazyGetContactRecurringInvoicesQuery,
  usePreviewContactImportMutation,
  useImportContactsMutation,
  useGetContactProjectsQuery,
  useGetContactQuotesQuery,
  useGetContactInvoicesQuery,
} = contactsApi;
