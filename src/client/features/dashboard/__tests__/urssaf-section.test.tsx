import { act, screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { api } from '@/client/app/api';
import type { UrssafSummary } from '@/shared/contracts/reports';
import { mockHttp, renderWithProviders, signedIn } from '@/client/test/render';
import { UrssafSection } from '../urssaf-section';

const SUMMARY: UrssafSummary = {
  today: '2026-04-10',
  periods: [
    { key: 'current_month', label: 'Avril 2026', from: '2026-04-01', to: '2026-04-30', services: 1250, goods: 300.5, total: 1550.5, count: 3 },
    { key: 'previous_month', label: 'Mars 2026', from: '2026-03-01', to: '2026-03-31', services: 800, goods: 0, total: 800, count: 1 },
    { key: 'current_quarter', label: 'T2 2026', from: '2026-04-01', to: '2026-06-30', services: 1250, goods: 300.5, total: 1550.5, count: 3 },
    { key: 'previous_quarter', label: 'T1 2026', from: '2026-01-01', to: '2026-03-31', services: 2400, goods: 120, total: 2520, count: 6 },
  ],
};

const money = (text: string | null | undefined) => text?.replace(/\s/g, ' ');

describe("dashboard: 'Déclaration URSSAF'", () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
  });
  afterEach(() => mock.restore());

  const figures = (name: RegExp) =>
    within(screen.getByRole('row', { name })).getAllByRole('cell').map((cell) => money(cell.textContent));

  it('shows the receipts HT of the current and previous month and quarter, split services / sales, and links to the receipts book', async () => {
    mock.onGet('reports/urssaf/').reply(200, SUMMARY);
    renderWithProviders(<UrssafSection />, { preloadedState: signedIn });
    const card = screen.getByRole('region', { name: 'Déclaration URSSAF' });
    expect(within(card).getByRole('status')).toHaveTextContent('Chargement des recettes à déclarer...');
    await within(card).findByRole('table', { name: 'Recettes à déclarer par période' });
    expect(figures(/^Mois en cours/)).toEqual(['1 250,00 €', '300,50 €', '1 550,50 €']);
    expect(screen.getByRole('row', { name: /^Mois en cours/ })).toHaveTextContent('Avril 2026');
    expect(figures(/^Mois précédent/)).toEqual(['800,00 €', '0,00 €', '800,00 €']);
    expect(figures(/^Trimestre en cours/)).toEqual(['1 250,00 €', '300,50 €', '1 550,50 €']);
    expect(figures(/^Trimestre précédent/)).toEqual(['2 400,00 €', '120,00 €', '2 520,00 €']);
    expect(screen.getByRole('row', { name: /^Trimestre précédent/ })).toHaveTextContent('T1 2026');
    expect(within(card).getByText(/hors TVA/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Livre des recettes' })).toHaveAttribute('href', '/reports');
  });

  it('reads the figures again when a payment or a credit note invalidates the reports', async () => {
    mock
      .onGet('reports/urssaf/')
      .replyOnce(200, SUMMARY)
      .onGet('reports/urssaf/')
      .reply(200, { ...SUMMARY, periods: SUMMARY.periods.map((p) => (p.key === 'current_month' ? { ...p, services: 1500, total: 1800.5 } : p)) });
    const { store } = renderWithProviders(<UrssafSection />, { preloadedState: signedIn });
    await screen.findByRole('table', { name: 'Recettes à déclarer par période' });
    // What recordPayment, deletePayment and issueCreditNote invalidate (documents.api.ts).
    act(() => {
      store.dispatch(api.util.invalidateTags([{ type: 'Report', id: 'LIST' }]));
    });
    await waitFor(() => expect(figures(/^Mois en cours/)).toEqual(['1 500,00 €', '300,50 €', '1 800,50 €']));
    expect(mock.history.get.filter((r) => r.url === 'reports/urssaf/')).toHaveLength(2);
  });

  it('shows the server’s message when the figures cannot be read', async () => {
    mock.onGet('reports/urssaf/').reply(500, { detail: 'Service indisponible.' });
    renderWithProviders(<UrssafSection />, { preloadedState: signedIn });
    expect(await screen.findByText('Service indisponible.')).toBeInTheDocument();
  });
});
