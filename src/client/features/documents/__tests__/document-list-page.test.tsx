import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { addDays, firstDayOfMonth, parisToday } from '@/shared/dates';
import { formatDate } from '@/client/lib/format';
import { pagedReply, pageRequests, type PagedListRules } from '@/client/test/paged-list';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';

const today = parisToday();

// Full-app renders of up to 10,000 rows: slow on a busy CI machine.
jest.setTimeout(30_000);

const invoice = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  invoice_number: `FAC-2025-${String(id).padStart(4, '0')}`,
  title: `Facture ${id}`,
  client: { id: 100 + id, name: `Client ${id}`, email: '' },
  status: 'sent',
  status_display: 'Envoyée',
  priority: 'normale',
  priority_display: 'Normale',
  issue_date: '2025-01-10',
  due_date: addDays(today, 30),
  payment_date: null,
  subtotal: 100,
  total_amount: 1234.5,
  created_at: '2025-01-10T10:00:00Z',
  ...extra,
});

const quote = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  quote_number: `DEV-2025-${String(id).padStart(4, '0')}`,
  title: `Devis ${id}`,
  client: { id: 200 + id, name: `Client ${id}`, email: '' },
  status: 'draft',
  status_display: 'Brouillon',
  priority: 'normale',
  issue_date: '2025-01-10',
  expiration_date: addDays(today, 30),
  total_amount: 10,
  created_at: `2025-01-${String(10 + id).padStart(2, '0')}T10:00:00Z`,
  ...extra,
});

type Row = { id: number } & Record<string, unknown>;
const rowText = (row: Row, key: string) => String(row[key] ?? '');

/** The server's paging of a document list (issue 29), its default ordering first. */
const documentRules = (endDate: string, defaultOrdering: string): PagedListRules<Row> => ({
  searchText: (row) => [rowText(row, 'title'), rowText(row, 'invoice_number'), rowText(row, 'quote_number'), (row.client as { name: string } | null)?.name ?? ''],
  filters: { priority: (row) => row.priority, client: (row) => (row.client as { id: number } | null)?.id },
  matches: (row, params) =>
    (!params.status || (params.status === 'overdue' ? row.is_overdue === true : row.status === params.status)) &&
    (!params.status__in || String(params.status__in).split(',').includes(String(row.status))),
  orderings: { end_date: (row) => row[endDate], issue_date: (row) => row.issue_date, total_amount: (row) => row.total_amount },
  defaultOrdering,
});

/** Serves the list at `url` (invoices/ or quotes/) by pages, as the server does. */
function serveList(mock: MockAdapter, url: 'invoices/' | 'quotes/', rows: Row[]) {
  const rules = url === 'invoices/' ? documentRules('due_date', 'end_date') : documentRules('expiration_date', '-issue_date');
  mock.onGet(url).reply((config) => pagedReply(rows, config, rules));
}

const bodyRows = () =>
  within(screen.getByRole('table')).getAllByRole('row').filter((row) => row.getAttribute('data-index') !== null);

/** The list's own requests (the header asks for the profile too, for its greeting). */
const listRequests = (mock: MockAdapter, url: string) => mock.history.get.filter((request) => request.url === url);

describe('document list page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
  });
  afterEach(() => mock.restore());

  it('lists invoices with number or id, client link, badge colours, fr-FR amounts, sorted by due date', async () => {
    serveList(mock, 'invoices/', [
      invoice(1, { due_date: addDays(today, 20) }),
      invoice(2, { invoice_number: null, status: 'draft', status_display: 'Brouillon', due_date: addDays(today, 3) }),
      invoice(3, { is_overdue: true, due_date: addDays(today, -2) }),
      invoice(4, { status: 'paid', status_display: 'Payée', due_date: addDays(today, -40) }),
      invoice(5, { status: 'partially_paid', status_display: 'Partiellement payée', due_date: addDays(today, 60) }),
      invoice(6, { status: 'cancelled', status_display: 'Annulée', due_date: addDays(today, 61) }),
    ]);
    renderApp({ route: '/invoices', preloadedState: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Liste des factures' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Facture 1' });

    // Default sort: due date ascending.
    expect(bodyRows().map((row) => within(row).getAllByRole('link')[0].textContent)).toEqual([
      'Facture 4',
      'Facture 3',
      'Facture 2',
      'Facture 1',
      'Facture 5',
      'Facture 6',
    ]);
    const row2 = bodyRows()[2];
    expect(within(row2).getByText('#2')).toBeInTheDocument();
    expect(within(bodyRows()[3]).getByText('#FAC-2025-0001')).toBeInTheDocument();
    expect(within(row2).getByRole('link', { name: 'Client 2' })).toHaveAttribute('href', '/contacts/102');
    expect(within(row2).getByRole('link', { name: 'Facture 2' })).toHaveAttribute('href', '/invoices/2');
    expect(within(bodyRows()[3]).getByText(/1\s234,50\s€/)).toBeInTheDocument();

    const tone = (text: string) => within(screen.getByRole('table')).getByText(text).getAttribute('data-tone');
    expect(tone('Brouillon')).toBe('grey');
    expect(within(bodyRows()[3]).getByText('Envoyée')).toHaveAttribute('data-tone', 'blue');
    // Overdue is derived: the row keeps its status and gets « En retard » beside it.
    expect(within(bodyRows()[1]).getByText('Envoyée')).toHaveAttribute('data-tone', 'blue');
    expect(tone('En retard')).toBe('darkred');
    expect(tone('Payée')).toBe('green');
    expect(tone('Partiellement payée')).toBe('orange');
    expect(tone('Annulée')).toBe('darkgrey');

    // Due dates: overdue red, within 7 days orange, paid plain.
    const dueTone = (index: number) => bodyRows()[index].querySelector('[data-tone="overdue"], [data-tone="soon"], [data-tone="plain"]')?.getAttribute('data-tone');
    expect(dueTone(0)).toBe('plain'); // paid
    expect(dueTone(1)).toBe('overdue');
    expect(dueTone(2)).toBe('soon');
    expect(dueTone(3)).toBe('plain');
  });

  it('shows an invoice\'s balance due beside its total and how many days it is late (issue 28)', async () => {
    serveList(mock, 'invoices/', [
      invoice(1, { total_amount: 1200, amount_paid: 500, balance_due: 700, status: 'partially_paid', status_display: 'Partiellement payée' }),
      invoice(2, { total_amount: 300, balance_due: 300, is_overdue: true, due_date: addDays(today, -12) }),
      invoice(3, { total_amount: 50, balance_due: 50, is_overdue: true, due_date: addDays(today, -1) }),
    ]);
    renderApp({ route: '/invoices', preloadedState: signedIn });
    await screen.findByRole('link', { name: 'Facture 1' });
    expect(screen.getByRole('columnheader', { name: /Reste dû/ })).toBeInTheDocument();
    const rowOf = (title: string) => bodyRows().find((row) => within(row).queryByRole('link', { name: title }))!;
    const cell = (row: HTMLElement, label: string) => row.querySelector(`td[data-label="${label}"]`)!;

    // The card's labelled cells (a phone shows them under the title): client, amount, balance, due date.
    const partial = rowOf('Facture 1');
    expect(cell(partial, 'Montant')).toHaveTextContent(/^1\s200,00\s€$/);
    expect(cell(partial, 'Reste dû')).toHaveTextContent(/^700,00\s€$/);
    expect(within(cell(partial, 'Client') as HTMLElement).getByRole('link', { name: 'Client 1' })).toHaveAttribute('href', '/contacts/101');
    expect(within(partial).queryByTestId('days-late')).toBeNull();

    const late = within(rowOf('Facture 2')).getByTestId('days-late');
    expect(late).toHaveTextContent('En retard de 12 j');
    expect(late).toHaveTextContent('(en retard de 12 jours)');
    expect(within(rowOf('Facture 3')).getByTestId('days-late')).toHaveTextContent('(en retard de 1 jour)');
    expect(cell(rowOf('Facture 2'), 'Date Échéance')).toHaveTextContent(`${formatDate(addDays(today, -12))}En retard de 12 j`);
  });

  it('shows a quote\'s client and validity date, and no balance column', async () => {
    serveList(mock, 'quotes/', [quote(1, { expiration_date: addDays(today, -3) })]);
    renderApp({ route: '/quotes', preloadedState: signedIn });
    await screen.findByRole('link', { name: 'Devis 1' });
    const [row] = bodyRows();
    expect(within(row.querySelector('td[data-label="Client"]') as HTMLElement).getByRole('link', { name: 'Client 1' })).toBeInTheDocument();
    expect(row.querySelector('td[data-label="Date Expiration"]')).toHaveTextContent('(dépassée)');
    expect(screen.queryByRole('columnheader', { name: /Reste dû/ })).toBeNull();
    expect(within(row).queryByTestId('days-late')).toBeNull();
  });

  it('filters invoices by status, « En retard » being the derived overdue flag', async () => {
    serveList(mock, 'invoices/', [
      invoice(1, { title: 'À l’heure' }),
      invoice(2, { title: 'En retard', is_overdue: true, due_date: addDays(today, -5) }),
      invoice(3, { title: 'Partielle en retard', status: 'partially_paid', status_display: 'Partiellement payée', is_overdue: true }),
      invoice(4, { title: 'Payée', status: 'paid', status_display: 'Payée' }),
    ]);
    const { user } = renderApp({ route: '/invoices', preloadedState: signedIn });
    await screen.findByRole('link', { name: 'Payée' });
    const status = screen.getByRole('combobox', { name: 'Statut' });
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Tous les statuts',
      'Brouillon',
      'Envoyée',
      'Partiellement payée',
      'Payée',
      'Annulée',
      'En retard',
    ]);
    const titles = () => bodyRows().map((row) => within(row).getAllByRole('link')[0].textContent).sort();
    await user.selectOptions(status, 'overdue');
    await waitFor(() => expect(titles()).toEqual(['En retard', 'Partielle en retard']));
    // The filter is the server's (issue 29).
    expect(pageRequests(mock.history.get, 'invoices/').at(-1)).toEqual({ status: 'overdue', ordering: 'end_date', page_size: 50 });
    await user.selectOptions(status, 'sent');
    await waitFor(() => expect(titles()).toEqual(['En retard', 'À l’heure']));
    await user.selectOptions(status, 'partially_paid');
    await waitFor(() => expect(titles()).toEqual(['Partielle en retard']));
  });

  it('keeps the dashboard links: overdue and outstanding are asked of the server', async () => {
    serveList(mock, 'invoices/', []);
    const first = renderApp({ route: '/invoices?status=overdue', preloadedState: signedIn });
    await waitFor(() => expect(listRequests(mock, 'invoices/')).toHaveLength(1));
    expect(listRequests(mock, 'invoices/')[0].params).toEqual({ status: 'overdue', ordering: 'end_date', page_size: 50 });
    expect(await screen.findByText(/Factures en retard/)).toBeInTheDocument();
    first.unmount();
    renderApp({ route: '/invoices?status=outstanding', preloadedState: signedIn });
    await waitFor(() => expect(listRequests(mock, 'invoices/')).toHaveLength(2));
    expect(listRequests(mock, 'invoices/')[1].params).toEqual({ status__in: 'sent,partially_paid', ordering: 'end_date', page_size: 50 });
  });

  it('sorts quotes by creation date, newest first, and toggles a column on click', async () => {
    serveList(mock, 'quotes/', [quote(1), quote(3), quote(2)]);
    const { user } = renderApp({ route: '/quotes', preloadedState: signedIn });
    await screen.findByRole('link', { name: 'Devis 1' });
    const titles = () => bodyRows().map((row) => within(row).getAllByRole('link')[0].textContent);
    expect(titles()).toEqual(['Devis 3', 'Devis 2', 'Devis 1']);
    await user.click(screen.getByRole('button', { name: /Titre/ }));
    expect(titles()).toEqual(['Devis 1', 'Devis 2', 'Devis 3']);
    await user.click(screen.getByRole('button', { name: /Titre/ }));
    expect(titles()).toEqual(['Devis 3', 'Devis 2', 'Devis 1']);
  });

  it('filters by title or client name, status and priority, and resets', async () => {
    serveList(mock, 'quotes/', [
      quote(1, { title: 'Refonte du site', client: { id: 9, name: 'Librairie Colette', email: '' } }),
      quote(2, { title: 'Logo', status: 'sent', status_display: 'Envoyé', priority: 'urgent' }),
      quote(3, { title: 'Maintenance', client: { id: 8, name: 'École Jules Ferry', email: '' } }),
    ]);
    const { user } = renderApp({ route: '/quotes', preloadedState: signedIn });
    await screen.findByRole('link', { name: 'Logo' });

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'colette');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Refonte du site' })).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher' }));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'ECOLE');
    expect(await screen.findByRole('link', { name: 'Maintenance' })).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'sent');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priorité' }), 'urgent');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priorité' }), 'basse');
    expect(await screen.findByText('Aucun devis à afficher.')).toBeInTheDocument();
    // Search and filters are the server's (issue 29).
    expect(pageRequests(mock.history.get, 'quotes/').map((params) => params.search ?? null)).toEqual(expect.arrayContaining(['colette', 'ECOLE']));
    expect(pageRequests(mock.history.get, 'quotes/').at(-1)).toEqual({ priority: 'basse', ordering: '-issue_date', page_size: 50 });
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(screen.getByRole('combobox', { name: 'Priorité' })).toHaveValue('');
  });

  it('shows the empty message and the create link', async () => {
    serveList(mock, 'invoices/', []);
    renderApp({ route: '/invoices', preloadedState: signedIn });
    expect(await screen.findByText('Aucune facture à afficher.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Faire une facture' })).toHaveAttribute('href', '/invoices/new');
  });

  it('translates the route query for the server and reloads when it changes', async () => {
    serveList(mock, 'invoices/', []);
    const { user } = renderApp({ route: '/invoices?paid_this_month=true', preloadedState: signedIn });
    await waitFor(() => expect(listRequests(mock, 'invoices/')).toHaveLength(1));
    expect(listRequests(mock, 'invoices/')[0].params).toEqual({ status: 'paid', payment_date__gte: firstDayOfMonth(today), ordering: 'end_date', page_size: 50 });
    expect(await screen.findByText(/Factures payées ce mois-ci/)).toBeInTheDocument();

    // 'Tout afficher' drops the route filter: the list reloads without parameters.
    await user.click(screen.getByRole('link', { name: 'Tout afficher' }));
    await waitFor(() => expect(listRequests(mock, 'invoices/')).toHaveLength(2));
    expect(listRequests(mock, 'invoices/')[1].params).toEqual({ ordering: 'end_date', page_size: 50 });
  });

  it("asks the server for sent quotes on 'pending'", async () => {
    serveList(mock, 'quotes/', []);
    renderApp({ route: '/quotes?status=pending', preloadedState: signedIn });
    await waitFor(() => expect(listRequests(mock, 'quotes/')).toHaveLength(1));
    expect(listRequests(mock, 'quotes/')[0].params).toEqual({ status: 'sent', ordering: '-issue_date', page_size: 50 });
  });

  it('loads 10,000 invoices 50 at a time, the next ones on demand, renders only the visible rows, and searches on the server (issue 29)', async () => {
    serveList(
      mock,
      'invoices/',
      Array.from({ length: 10000 }, (_, i) => invoice(i + 1, { title: i === 9876 ? 'Facture unique' : `Facture ${i + 1}` })),
    );
    const { user } = renderApp({ route: '/invoices', preloadedState: signedIn });
    await screen.findByText('10000 factures');
    // A screenful first, the rest in a background render (ui/table.tsx).
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '10001');
    expect(pageRequests(mock.history.get, 'invoices/')).toEqual([{ ordering: 'end_date', page_size: 50 }]);
    // Without IntersectionObserver (jsdom) the button loads what follows, with the last cursor.
    await user.click(screen.getByRole('button', { name: 'Afficher la suite' }));
    await waitFor(() => expect(pageRequests(mock.history.get, 'invoices/')).toHaveLength(2));
    expect(pageRequests(mock.history.get, 'invoices/')[1]).toEqual({ ordering: 'end_date', page_size: 50, cursor: 'o50' });
    await user.click(await screen.findByRole('button', { name: 'Afficher la suite' }));
    await waitFor(() => expect(pageRequests(mock.history.get, 'invoices/')).toHaveLength(3));
    // 150 rows loaded, past 100: only those near the viewport are rendered.
    await waitFor(() => expect(bodyRows().length).toBeLessThan(100));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'unique');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByText('1 facture')).toBeInTheDocument();
    expect(pageRequests(mock.history.get, 'invoices/').at(-1)).toEqual({ ordering: 'end_date', page_size: 50, search: 'unique' });
  });

  it('asks the server to sort by the columns it sorts, and sorts the loaded rows by the others (issue 29)', async () => {
    serveList(mock, 'invoices/', [invoice(1, { total_amount: 30 }), invoice(2, { total_amount: 10 }), invoice(3, { total_amount: 20 })]);
    const { user } = renderApp({ route: '/invoices', preloadedState: signedIn });
    await screen.findByRole('link', { name: 'Facture 1' });
    const titles = () => bodyRows().map((row) => within(row).getAllByRole('link')[0].textContent);
    await user.click(screen.getByRole('button', { name: /Montant/ }));
    await waitFor(() => expect(titles()).toEqual(['Facture 2', 'Facture 3', 'Facture 1']));
    expect(pageRequests(mock.history.get, 'invoices/').at(-1)).toEqual({ ordering: 'total_amount', page_size: 50 });
    await user.click(screen.getByRole('button', { name: /Montant/ }));
    await waitFor(() => expect(titles()).toEqual(['Facture 1', 'Facture 3', 'Facture 2']));
    expect(pageRequests(mock.history.get, 'invoices/').at(-1)).toEqual({ ordering: '-total_amount', page_size: 50 });
    const requests = pageRequests(mock.history.get, 'invoices/').length;
    await user.click(screen.getByRole('button', { name: /Titre/ }));
    expect(titles()).toEqual(['Facture 1', 'Facture 2', 'Facture 3']);
    expect(pageRequests(mock.history.get, 'invoices/')).toHaveLength(requests);
  });

  it('offers a retry when the first load fails (the failure is logged)', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mock.onGet('invoices/').networkErrorOnce();
    serveList(mock, 'invoices/', [invoice(1)]);
    const { user } = renderApp({ route: '/invoices', preloadedState: signedIn });
    expect(await screen.findByText('Impossible de charger la liste des factures.')).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('link', { name: 'Facture 1' })).toBeInTheDocument();
    error.mockRestore();
  });
});
