import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { setupStore } from '@/client/app/store';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';
import { prefetchData } from '../dashboard-page';

/** What the dashboard asks the server, one answer each (issue 18: the requests leave before the first render). */
const ANSWERS: Record<string, unknown> = {
  'quotes/pending_sum/': { pending_quotes_sum: 1200, pending_quotes_count: 2 },
  'invoices/outstanding_sum/': { outstanding_invoices_sum: 3400.5, outstanding_invoices_count: 3 },
  'invoices/overdue_sum/': { overdue_invoices_sum: 0, overdue_invoices_count: 0 },
  'invoices/current_month_revenue/': { current_month_revenue: 0, current_month_revenue_count: 0, current_month_paid_invoices_count: 0, current_month_partly_paid_invoices_count: 0 },
  'invoices/next_expected_payment/': { id: null, title: null, due_date: null, amount: null, client_id: null, client_name: null },
  'invoices/monthly_revenue/': { monthly_revenue: [] },
  'reports/urssaf/': { today: '2026-04-10', declarant: 'individual', periods: [] },
  'projects/': [],
  'tasks/': [],
  'recent-activity/': [],
  // The VAT regime: the figures' note and the URSSAF card depend on it (issue 28).
  'profile/': { vat_regime: 'assujetti', legal_form: 'micro' },
};

describe('dashboard data started before the page renders', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    for (const [url, body] of Object.entries(ANSWERS)) mock.onGet(url).reply(200, body);
  });
  afterEach(() => mock.restore());

  it('asks exactly what the sections read: once each, and the page shows the answers without asking again', async () => {
    const store = setupStore(signedIn);
    prefetchData(store.dispatch);
    await waitFor(() => expect(mock.history.get).toHaveLength(Object.keys(ANSWERS).length));
    expect(new Set(mock.history.get.map((request) => request.url))).toEqual(new Set(Object.keys(ANSWERS)));

    renderApp({ route: '/dashboard', store });
    const finance = await screen.findByRole('region', { name: 'Vue financière' });
    expect(await within(finance).findByRole('link', { name: /^Factures à encaisser/ })).toHaveTextContent('3 factures non payées');
    expect(await screen.findByText('Aucun projet en cours.', { exact: false })).toBeInTheDocument();
    expect(within(finance).getByText('Montants TTC.')).toBeInTheDocument();
    // The sections and the header subscribed to the prefetched answers (the header's running timer aside).
    expect(mock.history.get.filter((request) => request.url !== 'time-entries/running/')).toHaveLength(Object.keys(ANSWERS).length);
  });
});
