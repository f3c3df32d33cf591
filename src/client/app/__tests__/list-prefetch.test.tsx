import { screen, waitFor } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { addDays, parisToday } from '@/shared/dates';
import { OUTSTANDING_INVOICE_STATUSES } from '@/shared/documents';
import { makeTask } from '@/client/kit/__tests__/workflow-fixtures';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';
import { prefetchRouteData } from '../route-pages';
import { setupStore } from '../store';

const today = parisToday();

interface Case {
  route: string;
  /** The list's URL and the one row it answers, shown by its title. */
  url: string;
  row: Record<string, unknown>;
  shown: string;
  /** Every request the prefetch sends, exactly (the list's first page first). */
  prefetched: { url: string; params?: Record<string, unknown> }[];
  /** Other answers the prefetch needs. */
  answers?: Record<string, unknown>;
}

/**
 * Issue 29: a signed-in start on a list page asks for its first page as soon as the page's code is
 * here, with the argument of the page's first render (its route query included), so the page
 * reads that answer instead of asking again.
 */
const CASES: Case[] = [
  {
    route: '/contacts',
    url: 'contacts/',
    row: { id: 1, name: 'Agence Bleue', email: 'a@x.fr', phone: '', company: '', category: 'client', client_type: 'professionnel' },
    shown: 'Agence Bleue',
    prefetched: [{ url: 'contacts/', params: { page_size: 50 } }],
  },
  {
    route: '/tasks',
    url: 'tasks/',
    row: makeTask({ id: 1, title: 'Maquettes' }),
    shown: 'Maquettes',
    prefetched: [{ url: 'tasks/', params: { ordering: '-created_at', page_size: 50 } }],
  },
  {
    route: '/quotes?status=pending',
    url: 'quotes/',
    row: {
      id: 1,
      quote_number: 'DEV-2025-0001',
      title: 'Devis site',
      client: { id: 5, name: 'Agence Bleue', email: '' },
      status: 'sent',
      status_display: 'Envoyé',
      priority: 'normale',
      issue_date: '2025-01-10',
      expiration_date: addDays(today, 30),
      total_amount: 10,
      created_at: '2025-01-10T10:00:00Z',
    },
    shown: 'Devis site',
    prefetched: [{ url: 'quotes/', params: { status: 'sent', ordering: '-issue_date', page_size: 50 } }],
  },
  {
    route: '/invoices?status=outstanding',
    url: 'invoices/',
    row: {
      id: 1,
      invoice_number: 'FAC-2025-0001',
      title: 'Facture site',
      client: { id: 5, name: 'Agence Bleue', email: '' },
      status: 'sent',
      status_display: 'Envoyée',
      priority: 'normale',
      issue_date: '2025-01-10',
      due_date: addDays(today, 30),
      payment_date: null,
      subtotal: 100,
      total_amount: 120,
      created_at: '2025-01-10T10:00:00Z',
    },
    shown: 'Facture site',
    prefetched: [
      { url: 'invoices/', params: { status__in: OUTSTANDING_INVOICE_STATUSES.join(','), ordering: 'end_date', page_size: 50 } },
      // Whether the toolbar has its e-invoicing filter (issue 26).
      { url: 'einvoicing/settings/' },
    ],
    answers: { 'einvoicing/settings/': { enabled: false } },
  },
];

const sent = (mock: MockAdapter) => mock.history.get.map(({ url, params }) => ({ url, ...(params ? { params } : {}) }));

describe('list pages: first page asked for before the page renders', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
  });
  afterEach(() => mock.restore());

  it.each(CASES)('$route: the prefetch sends what the first render reads, and the page asks nothing again', async ({ route, url, row, shown, prefetched, answers }) => {
    mock.onGet(url).reply(200, [row], { 'x-total-count': '1' });
    for (const [answerUrl, body] of Object.entries(answers ?? {})) mock.onGet(answerUrl).reply(200, body);
    const store = setupStore(signedIn);
    const [pathname, search = ''] = route.split('?');

    prefetchRouteData({ pathname, search: search && `?${search}` }, store.dispatch);
    await waitFor(() => expect(mock.history.get).toHaveLength(prefetched.length));
    expect(sent(mock)).toEqual(prefetched);

    renderApp({ route, store });
    expect(await screen.findByRole('link', { name: shown })).toBeInTheDocument();
    // Nothing asked again: the page read the prefetched entries (its argument is the prefetch's).
    for (const request of prefetched) expect(sent(mock).filter((other) => other.url === request.url)).toEqual([request]);
  });
});
