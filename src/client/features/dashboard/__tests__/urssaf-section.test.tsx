import { act, screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { api } from '@/client/app/api';
import type { UrssafSummary } from '@/shared/contracts/reports';
import { mockHttp, renderApp, renderWithProviders, signedIn } from '@/client/test/render';
import { UrssafSection } from '../urssaf-section';

const SUMMARY: UrssafSummary = {
  today: '2026-04-10',
  declarant: 'individual',
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
    mock.onGet('profile/').reply(200, { legal_form: 'micro' });
    // The figures come after the profile: the card shows its placeholder meanwhile.
    let answer: (reply: [number, UrssafSummary]) => void = () => undefined;
    mock.onGet('reports/urssaf/').reply(() => new Promise((resolve) => (answer = resolve)));
    renderWithProviders(<UrssafSection />, { preloadedState: signedIn });
    const card = await screen.findByRole('region', { name: 'Déclaration URSSAF' });
    expect(within(card).getByRole('status')).toHaveTextContent('Chargement des recettes à déclarer...');
    act(() => answer([200, SUMMARY]));
    await within(card).findByRole('table', { name: 'Recettes à déclarer par période' });
    expect(figures(/^Mois en cours/)).toEqual(['1 250,00 €', '300,50 €', '1 550,50 €']);
    expect(screen.getByRole('row', { name: /^Mois en cours/ })).toHaveTextContent('Avril 2026');
    expect(figures(/^Mois précédent/)).toEqual(['800,00 €', '0,00 €', '800,00 €']);
    expect(figures(/^Trimestre en cours/)).toEqual(['1 250,00 €', '300,50 €', '1 550,50 €']);
    expect(figures(/^Trimestre précédent/)).toEqual(['2 400,00 €', '120,00 €', '2 520,00 €']);
    expect(screen.getByRole('row', { name: /^Trimestre précédent/ })).toHaveTextContent('T1 2026');
    expect(within(card).getByText(/hors TVA/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Livre des recettes' })).toHaveAttribute('href', '/reports');
    // The one figure to declare, under the label the reports page and the receipts book give it too.
    expect(within(card).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Période', 'Prestations de services (HT)', 'Ventes (HT)', "Chiffre d'affaires encaissé à déclarer (HT)",
    ]);
    expect(within(card).queryByRole('link', { name: 'votre profil' })).not.toBeInTheDocument();
  });

  it('is never shown to a company (SAS), not even while its figures load: it declares no cashed turnover', async () => {
    mock.onGet('profile/').reply(200, { legal_form: 'sas' });
    // What the server answers when the profile's legal form is a company's, after the profile.
    let answer: (reply: [number, UrssafSummary]) => void = () => undefined;
    mock.onGet('reports/urssaf/').reply(() => new Promise((resolve) => (answer = resolve)));
    const { container } = renderWithProviders(<UrssafSection />, { preloadedState: signedIn });
    const shown = [screen.queryByRole('region', { name: 'Déclaration URSSAF' }) !== null];
    const observer = new MutationObserver(() => shown.push(screen.queryByRole('region', { name: 'Déclaration URSSAF' }) !== null));
    observer.observe(container, { childList: true, subtree: true });
    await waitFor(() => expect(mock.history.get.map((r) => r.url)).toEqual(expect.arrayContaining(['profile/', 'reports/urssaf/'])));
    await act(async () => answer([200, { today: '2026-04-10', declarant: 'company', periods: [] }]));
    observer.disconnect();
    // Checked at the first render and at every change of the page until the figures' answer.
    expect(shown.includes(true)).toBe(false);
    expect(screen.queryByText(/Chiffre d'affaires encaissé à déclarer/)).not.toBeInTheDocument();
  });

  it('asks for the legal form when the profile states none, the figures shown', async () => {
    mock.onGet('reports/urssaf/').reply(200, { ...SUMMARY, declarant: 'unknown' } satisfies UrssafSummary);
    renderWithProviders(<UrssafSection />, { preloadedState: signedIn });
    const card = await screen.findByRole('region', { name: 'Déclaration URSSAF' });
    await within(card).findByRole('table', { name: 'Recettes à déclarer par période' });
    expect(figures(/^Mois en cours/)).toEqual(['1 250,00 €', '300,50 €', '1 550,50 €']);
    expect(within(card).getByText(/concernent les entrepreneurs individuels/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'votre profil' })).toHaveAttribute('href', '/profile');
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

  it('leaves the dashboard once the profile says the business is a SAS', async () => {
    // A stateful fake API: the summary follows the legal form the profile saved (as the server does).
    let legalForm = '';
    const profile = () => ({
      email: 'marie@example.fr', first_name: 'Marie', last_name: 'Curie', company_name: 'Curie Conseil', business_type: '',
      address: '1 rue de la Paix', city: 'Paris', postal_code: '75002', country: 'France', phone: '', website: '',
      siret: '73282932000074', vat_number: 'FR44732829320', legal_notice: '', signature_notice: '', vat_regime: 'assujetti',
      vat_on_debits: false, iban: '', bic: '', legal_form: legalForm, share_capital: null, registration: 'RCS Paris 732 829 320',
      pending_email: null,
    });
    mock.onGet('profile/').reply(() => [200, profile()]);
    mock.onPut('profile/').reply((config) => {
      legalForm = JSON.parse(config.data).legal_form;
      return [200, profile()];
    });
    mock.onGet('reports/urssaf/').reply(() =>
      legalForm === 'sas' ? [200, { today: SUMMARY.today, declarant: 'company', periods: [] }] : [200, { ...SUMMARY, declarant: 'unknown' }],
    );

    const { user } = renderApp({ route: '/dashboard', preloadedState: signedIn });
    const card = await screen.findByRole('region', { name: 'Déclaration URSSAF' });
    await within(card).findByRole('table', { name: 'Recettes à déclarer par période' });
    await user.click(within(card).getByRole('link', { name: 'votre profil' }));
    await screen.findByDisplayValue('Curie Conseil');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Forme juridique' }), 'SAS — Société par actions simplifiée');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Profil mis à jour avec succès.')).toBeInTheDocument();

    await user.click(within(screen.getByRole('navigation', { name: 'Navigation principale' })).getByRole('link', { name: 'Tableau de bord' }));
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
    // The saved legal form made the summary stale: read again, and the card is gone.
    await waitFor(() => expect(mock.history.get.filter((r) => r.url === 'reports/urssaf/')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Déclaration URSSAF' })).not.toBeInTheDocument());
    expect(screen.queryByText("Chiffre d'affaires encaissé à déclarer (HT)")).not.toBeInTheDocument();
  });
});
