import { useCallback, useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { CLIENT_TYPES, CLIENT_TYPE_LABELS, CONTACT_CATEGORIES, CONTACT_CATEGORY_LABELS } from '@/shared/contacts';
import { prefetchFirstPage } from '@/client/app/api';
import type { AppDispatch } from '@/client/app/store';
import { sortBy } from '@/client/lib/sort';
import { LIST_SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@/client/lib/use-debounced-value';
import { countLabel } from '@/client/kit/plural';
import { Alert } from '@/client/ui/alert';
import { Button, ButtonLink } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { EmptyState } from '@/client/ui/empty-state';
import { Select, TextField } from '@/client/ui/form-fields';
import { Page } from '@/client/ui/page';
import { useNearEnd } from '@/client/ui/load-more';
import { Spinner } from '@/client/ui/spinner';
import { useToast } from '@/client/ui/toast';
import { ContactImportButton, ContactImportStatusPanel } from './components/contact-import';
import { ContactsPagination } from './components/contacts-pagination';
import { ContactsTable } from './components/contacts-table';
import {
  CONTACT_PAGE_SIZE,
  contactsAdapter,
  contactsApi,
  useGetContactPagesInfiniteQuery,
  useLazyGetContactExportDetailsQuery,
  useLazyGetContactsQuery,
  type ContactPageArgs,
} from './contacts.api';
import { contactsToCsv, downloadCsv } from './contacts-csv';
import {
  contactPageArgs,
  contactSortValue,
  filterContacts,
  INITIAL_CONTACT_LIST,
  toSearchable,
  type ClientTypeFilter,
  type ContactCategoryFilter,
  type ContactListView,
  type ContactSortKey,
  type ServerContactSortKey,
} from './contacts-list';
import { CONTACT_MESSAGES } from './contacts-messages';
import { copyToClipboard } from '@/client/lib/copy-to-clipboard';
import { useContactImport } from './use-contact-import';

const CATEGORY_OPTIONS = CONTACT_CATEGORIES.map((value) => ({ value, label: CONTACT_CATEGORY_LABELS[value] }));
const CLIENT_TYPE_OPTIONS = CLIENT_TYPES.map((value) => ({ value, label: CLIENT_TYPE_LABELS[value] }));

const StyledToolbar = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: 1fr;
  align-items: end;

  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto;
  }
`;

const StyledCount = styled.p`
  margin: 0;
  padding-bottom: 10px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
  white-space: nowrap;
`;

const StyledListSection = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.lg};
`;

/** /contacts: SPEC 2 "Contact list". */
export function ContactListPage() {
  const toast = useToast();
  const contactImport = useContactImport();
  const [fetchAllContacts] = useLazyGetContactsQuery();
  const [fetchExportDetails] = useLazyGetContactExportDetailsQuery();
  const [exporting, setExporting] = useState(false);

  const [query, setQuery] = useState(INITIAL_CONTACT_LIST.search);
  const [category, setCategory] = useState<ContactCategoryFilter>(INITIAL_CONTACT_LIST.category);
  const [clientType, setClientType] = useState<ClientTypeFilter>(INITIAL_CONTACT_LIST.clientType);
  const [sort, setSort] = useState<ContactListView['sort']>(INITIAL_CONTACT_LIST.sort);

  // Searched, filtered and sorted by the server (issue 29), one page of 50 at a time: the page
  // holds what the server sends, never the whole list. The search leaves once typing pauses.
  const search = useDebouncedValue(query.trim(), LIST_SEARCH_DEBOUNCE_MS);
  const args = useMemo(() => contactPageArgs({ search, category, clientType, sort }), [search, category, clientType, sort]);
  // The page asked for belongs to its search, filters and sort: a new one starts again at page 1.
  const [pageChoice, setPageChoice] = useState<{ args: ContactPageArgs; page: number }>({ args, page: 1 });
  const requestedPage = pageChoice.args === args ? pageChoice.page : 1;

  const { data, isLoading, isError, error, refetch, hasNextPage, isFetchingNextPage, isFetching, fetchNextPage } =
    useGetContactPagesInfiniteQuery(args);
  const pages = data?.pages;
  const total = pages?.[0]?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / CONTACT_PAGE_SIZE));
  const page = Math.min(requestedPage, pageCount, Math.max(1, pages?.length ?? 1));
  const shown = pages?.[page - 1];
  // Memoised on the page object: renders that change neither the page nor the result skip the table.
  const pageContacts = useMemo(() => (shown ? contactsAdapter.getSelectors().selectAll(shown) : []), [shown]);
  const filtering = Boolean(search || category || clientType);
  // The page asked for is not loaded yet (« Suivant » on the last loaded page).
  const waitingForPage = requestedPage > (pages?.length ?? 0) && requestedPage <= pageCount;

  useEffect(() => {
    if (waitingForPage && hasNextPage && !isFetching) void fetchNextPage();
  }, [waitingForPage, hasNextPage, isFetching, fetchNextPage]);

  useEffect(() => {
    // SPEC 8: a failed (re)load is only logged; the list stays as it was.
    if (isError) console.error('Chargement des contacts impossible', error);
  }, [isError, error]);

  // Reading near the end of the last loaded page asks for the next one, so « Suivant » shows it at once.
  const prefetchNext = useCallback(() => {
    if (hasNextPage && !isFetching && page === pages?.length) void fetchNextPage();
  }, [hasNextPage, isFetching, page, pages?.length, fetchNextPage]);
  const nearEndRef = useNearEnd<HTMLDivElement>(prefetchNext, Boolean(hasNextPage) && page === pages?.length);

  const onSort = useCallback((key: ContactSortKey) => {
    const serverKey = key as ServerContactSortKey;
    setSort((prev) => (prev.key === serverKey ? { key: serverKey, direction: prev.direction === 'asc' ? 'desc' : 'asc' } : { key: serverKey, direction: 'asc' }));
  }, []);

  const onCopy = useCallback(
    (value: string) => {
      copyToClipboard(value).then(
        () => toast.success(CONTACT_MESSAGES.copied(value)),
        () => toast.error(CONTACT_MESSAGES.copyError),
      );
    },
    [toast],
  );

  // The export holds every matching contact, not the pages read: it reads the whole list (and the
  // fields the list leaves out) when it runs, and filters and sorts it as the server did.
  const exportCsv = async () => {
    setExporting(true);
    try {
      const [all, details] = await Promise.all([fetchAllContacts(undefined, true).unwrap(), fetchExportDetails().unwrap()]);
      let entries = toSearchable(contactsAdapter.getSelectors().selectAll(all));
      if (sort.key) entries = sortBy(entries, sort.key, sort.direction, contactSortValue);
      downloadCsv(contactsToCsv(filterContacts(entries, search, category, clientType), details));
    } catch {
      toast.error(CONTACT_MESSAGES.exportError);
    } finally {
      setExporting(false);
    }
  };

  const changePage = (next: number) => {
    setPageChoice({ args, page: next });
    window.scrollTo(0, 0);
  };

  let list;
  if (isLoading) {
    list = <Spinner label="Chargement des contacts..." />;
  } else if (isError && !data) {
    list = (
      <Alert tone="error">
        {CONTACT_MESSAGES.listLoadError}{' '}
        <Button size="sm" onClick={() => refetch()}>
          Réessayer
        </Button>
      </Alert>
    );
  } else if (total === 0) {
    list = (
      <Card padded={false}>
        <EmptyState title={filtering ? CONTACT_MESSAGES.noMatch : CONTACT_MESSAGES.empty} />
      </Card>
    );
  } else {
    list = (
      <>
        {waitingForPage && (isFetchingNextPage || isFetching) ? (
          <Spinner label="Chargement…" />
        ) : (
          <ContactsTable
            contacts={pageContacts}
            totalCount={total}
            sortKey={sort.key}
            sortDirection={sort.direction}
            onSort={onSort}
            onCopy={onCopy}
          />
        )}
        <div ref={nearEndRef} />
        <ContactsPagination page={waitingForPage ? requestedPage : page} pageCount={pageCount} onPageChange={changePage} />
      </>
    );
  }

  return (
    <Page
      title="Contacts"
      description="Vos clients, partenaires et prospects."
      actions={
        <>
          <ButtonLink to="/contacts/new" variant="primary">
            + Ajouter
          </ButtonLink>
          <ContactImportButton busy={contactImport.status.state === 'working'} onFile={contactImport.run} />
          <Button onClick={exportCsv} disabled={total === 0 || exporting} aria-busy={exporting || undefined}>
            Exporter CSV
          </Button>
        </>
      }
    >
      <ContactImportStatusPanel status={contactImport.status} onConfirm={contactImport.confirm} onDismiss={contactImport.dismiss} />
      <StyledListSection>
        <StyledToolbar role="search" aria-label="Filtrer les contacts">
          <TextField
            type="search"
            label="Rechercher"
            placeholder="Nom ou email"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <Select
            label="Catégorie"
            value={category}
            placeholderOption="Toutes les catégories"
            options={CATEGORY_OPTIONS}
            onChange={(event) => setCategory(event.target.value as ContactCategoryFilter)}
          />
          <Select
            label="Type de client"
            value={clientType}
            placeholderOption="Tous les types"
            options={CLIENT_TYPE_OPTIONS}
            onChange={(event) => setClientType(event.target.value as ClientTypeFilter)}
          />
          <StyledCount>
            {/* No « 0 contact » beside the loading error (issue 28). */}
            {!isLoading && !(isError && !data) && countLabel(total, 'contact', 'contacts')}
          </StyledCount>
        </StyledToolbar>
        {list}
      </StyledListSection>
    </Page>
  );
}

/**
 * The list's first page, asked for as soon as this page's code has arrived (app/route-pages.tsx)
 * rather than after its first render (issue 29), with the first render's argument.
 */
export function prefetchData(dispatch: AppDispatch): void {
  dispatch(prefetchFirstPage(contactsApi.endpoints.getContactPages, contactPageArgs(INITIAL_CONTACT_LIST)));
}
