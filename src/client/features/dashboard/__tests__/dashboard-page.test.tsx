import { act, screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { addDays, monthsEndingWith, parisToday } from '@/shared/dates';
import type { MonthRevenue } from '@/shared/dashboard';
import type { Project } from '@/shared/contracts/projects';
import type { Task } from '@/shared/contracts/tasks';
import { formatMoney } from '@/client/lib/format';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';
import { tasksApi } from '@/client/features/tasks';
import { formatMonthLong } from '../revenue-chart';

const TODAY = parisToday();
const MONTHS = monthsEndingWith(TODAY, 12);

const AGGREGATES = {
  'quotes/pending_sum/': { pending_quotes_sum: 1200, pending_quotes_count: 2 },
  'invoices/outstanding_sum/': { outstanding_invoices_sum: 3400.5, outstanding_invoices_count: 3 },
  'invoices/overdue_sum/': { overdue_invoices_sum: 800, overdue_invoices_count: 1 },
  'invoices/current_month_revenue/': {
    current_month_revenue: 960,
    current_month_revenue_count: 1,
    current_month_paid_invoices_count: 1,
    current_month_partly_paid_invoices_count: 0,
  },
  'invoices/next_expected_payment/': {
    id: 41,
    title: 'Solde site vitrine',
    due_date: addDays(TODAY, 3),
    amount: 1500,
    client_id: 3,
    client_name: 'Hélène Roux',
  },
};

const project = (id: number, priority: Project['priority'], due: number | null): Project => ({
  id,
  name: `Projet ${id}`,
  description: '',
  contacts: id === 1 ? [{ id: 3, name: 'Hélène Roux' }] : [],
  status: 'en_cours',
  status_display: 'En cours',
  priority,
  start_date: null,
  due_date: due === null ? null : addDays(TODAY, due),
  completed_date: null,
  budget: 0,
  revenue: 0,
  hourly_rate: 0,
  created_at: '2026-01-01T10:00:00.000Z',
});

const task = (id: number, priority: Task['priority'], due: number | null, status: Task['status'] = 'en_cours'): Task => ({
  id,
  title: `Tâche ${id}`,
  description: '',
  status,
  status_display: status === 'en_cours' ? 'En cours' : 'En attente',
  priority,
  priority_display: priority,
  due_date: due === null ? null : addDays(TODAY, due),
  created_at: '2026-01-01T10:00:00.000Z',
  project: id === 1 ? { id: 1, name: 'Projet 1' } : null,
  contacts: [],
  estimated_time: 0,
  actual_time: 0,
  start_time: null,
  end_time: null,
  billable: false,
  hourly_rate: 0,
  bill_reference: '',
  payment_status: 'unpaid',
  cost: 0,
});

// The server sorts (SPEC 9, tested in src/server/__tests__/dashboard-queries.test.ts) and cuts:
// the dashboard shows its rows in the order received.
const PROJECTS = [project(3, 'urgent', 10), project(2, 'urgent', null), project(4, 'haute', 5), project(5, 'normale', 1), project(1, 'basse', 2)];
/** How many ongoing projects the server counts in all (X-Total-Count). */
const PROJECT_TOTAL = 6;

const TASKS = [task(3, 'normale', -1), task(1, 'basse', -2, 'en_attente'), task(5, 'urgent', 1), task(2, 'urgent', 4), task(4, 'haute', null)];

const ACTIVITY = [1, 2, 3, 4, 5].map((id) => ({
  id,
  object_type: id === 1 ? 'invoice' : 'contact',
  object_id: id,
  object_label: id === 1 ? 'Acompte' : `Contact ${id}`,
  action: id === 2 ? 'supprimé' : 'créé',
  changes: id === 3 ? '(Ville: Paris → Lyon)' : '',
  timestamp: `2026-03-0${6 - id}T09:00:00.000Z`,
  link: id === 2 ? null : id === 1 ? '/invoices/1' : `/contacts/${id}`,
  client_name: null,
  project_name: null,
}));

const month = (m: string, subtotal = 0, total_amount = 0, count = 0): MonthRevenue => ({ month: m, subtotal, total_amount, count });
const REVENUE = MONTHS.map((m, i) =>
  i === 9 ? month(m, 1250.25, 1500.3, 2) : i === 11 ? month(m, 800, 960, 1) : month(m),
);

// SPEC 7 filters plus the server-side order and cut; exact params, so a change shows here.
const PROJECTS_QUERY = { params: { status: 'en_cours', ordering: 'dashboard', limit: 5 } };
const TASKS_QUERY = { params: { status__in: 'en_cours,en_attente', ordering: 'dashboard', limit: 5 } };
const REVENUE_QUERY = { params: { months: 12 } };

function mockDashboard(mock: MockAdapter) {
  for (const [url, body] of Object.entries(AGGREGATES)) mock.onGet(url).reply(200, body);
  mock.onGet('projects/', PROJECTS_QUERY).reply(200, PROJECTS, { 'x-total-count': String(PROJECT_TOTAL) });
  mock.onGet('tasks/', TASKS_QUERY).reply(200, TASKS, { 'x-total-count': '6' });
  mock.onGet('invoices/monthly_revenue/', REVENUE_QUERY).reply(200, { monthly_revenue: REVENUE });
  mock.onGet('recent-activity/', { params: { limit: 5 } }).reply(200, ACTIVITY);
}

/**
 * Answers `url` only once the returned function is called, so that a test can see the loading
 * state: on a busy machine the answers used to land while the lazy page was still loading.
 */
function holdAnswer(mock: MockAdapter, url: string, config: object, body: unknown, headers: Record<string, string> = {}) {
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  mock.onGet(url, config).reply(async () => {
    await answered;
    return [200, body, headers];
  });
  return answer;
}

const getCount = (mock: MockAdapter, url: string) => mock.history.get.filter((request) => request.url === url).length;

const section = (name: string) => screen.getByRole('region', { name });

async function openDashboard() {
  const utils = renderApp({ route: '/dashboard', preloadedState: signedIn });
  await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
  return utils;
}

describe('dashboard (/dashboard)', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
  });
  afterEach(() => mock.restore());

  it('shows the financial cards with their SPEC links, the next payment leading to the client', async () => {
    mockDashboard(mock);
    const answer = holdAnswer(mock, 'quotes/pending_sum/', {}, AGGREGATES['quotes/pending_sum/']);
    await openDashboard();
    const finance = section('Vue financière');
    expect(within(finance).getByText('Chargement des indicateurs...')).toBeInTheDocument();
    answer();
    // (While loading, the cards' labels already show, over placeholders hidden from assistive technologies.)
    const link = (label: string) => within(finance).findByRole('link', { name: new RegExp(`^${label}`) });

    expect(await link('Devis en attente')).toHaveAttribute('href', '/quotes?status=pending');
    expect(await link('Factures en retard')).toHaveAttribute('href', '/invoices?status=overdue');
    expect(await link('Factures à encaisser')).toHaveAttribute('href', '/invoices?status=outstanding');
    expect(await link('Encaissé ce mois-ci')).toHaveAttribute('href', '/invoices?paid_this_month=true');
    const next = await link('Prochain paiement attendu');
    expect(next).toHaveAttribute('href', '/contacts/3');
    expect(next).toHaveTextContent('Solde site vitrine · Hélène Roux');
    expect(next?.textContent).toContain(formatMoney(1500));
    expect((await link('Factures à encaisser'))?.textContent).toContain(`${formatMoney(3400.5)}3 factures non payées`);
    expect(within(finance).getByRole('link', { name: 'Tous les devis' })).toHaveAttribute('href', '/quotes');
    expect(within(finance).getByRole('link', { name: 'Toutes les factures' })).toHaveAttribute('href', '/invoices');
  });

  it.each([
    [3, 0, '3 factures payées'],
    [2, 1, '2 factures payées, 1 payée en partie'],
    [1, 2, '1 facture payée, 2 payées en partie'],
    [0, 1, '1 facture payée en partie'],
    [0, 2, '2 factures payées en partie'],
    [0, 0, 'Aucune facture payée ce mois-ci'],
  ])('does not call a partly paid invoice paid: %i paid and %i in part this month say « %s » (issue 28)', async (paid, partly, caption) => {
    mockDashboard(mock);
    mock.onGet('invoices/current_month_revenue/').reply(200, {
      current_month_revenue: 960,
      current_month_revenue_count: paid + partly + 1,
      current_month_paid_invoices_count: paid,
      current_month_partly_paid_invoices_count: partly,
    });
    await openDashboard();
    const card = await within(section('Vue financière')).findByRole('link', { name: /^Encaissé ce mois-ci/ });
    expect(card).toHaveTextContent(new RegExp(`${caption}$`));
  });

  it('says when no payment is expected, without a link', async () => {
    mockDashboard(mock);
    mock.onGet('invoices/next_expected_payment/').reply(200, {
      id: null, title: null, due_date: null, amount: null, client_id: null, client_name: null,
    });
    await openDashboard();
    const card = (await screen.findByText('Aucun paiement attendu.')).parentElement!;
    expect(card).toHaveTextContent('Prochain paiement attendu');
    expect(card.closest('a')).toBeNull();
  });

  it('lists the 5 ongoing projects the server sorted, and how many there are in all', async () => {
    mockDashboard(mock);
    const answer = holdAnswer(mock, 'projects/', PROJECTS_QUERY, PROJECTS, { 'x-total-count': String(PROJECT_TOTAL) });
    await openDashboard();
    const projects = section('Projets en cours');
    // Placeholders stand in for the rows while they load.
    expect(within(projects).getByRole('status')).toHaveTextContent('Chargement des projets...');
    answer();
    await within(projects).findByRole('link', { name: 'Projet 3' });
    const names = within(projects).getAllByRole('listitem').map((item) => within(item).getAllByRole('link')[0].textContent);
    expect(names).toEqual(['Projet 3', 'Projet 2', 'Projet 4', 'Projet 5', 'Projet 1']);
    expect(within(projects).getByRole('link', { name: 'Projet 3' })).toHaveAttribute('href', '/projects/3');
    expect(within(projects).getByText('Hélène Roux')).toBeInTheDocument();
    expect(within(projects).getByText('Les 5 plus prioritaires sur 6 projets en cours.')).toBeInTheDocument();
    expect(within(projects).getByRole('link', { name: 'Tous les projets' })).toHaveAttribute('href', '/projects');
    expect(within(projects).getByRole('link', { name: 'Nouveau projet' })).toHaveAttribute('href', '/projects/new');
  });

  it('says how many projects are ongoing when it shows them all', async () => {
    mockDashboard(mock);
    mock.onGet('projects/', PROJECTS_QUERY).reply(200, PROJECTS.slice(0, 2), { 'x-total-count': '2' });
    await openDashboard();
    expect(await within(section('Projets en cours')).findByText('2 projets en cours.')).toBeInTheDocument();
  });

  it('lists the next 5 tasks in the order the server sorted them, the overdue ones marked', async () => {
    mockDashboard(mock);
    await openDashboard();
    const tasks = section('Prochaines tâches');
    await within(tasks).findByRole('link', { name: 'Tâche 3' });
    const items = within(tasks).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByRole('link')[0].textContent)).toEqual([
      'Tâche 3',
      'Tâche 1',
      'Tâche 5',
      'Tâche 2',
      'Tâche 4',
    ]);
    expect(items[0]).toHaveTextContent('(en retard)');
    expect(items[2]).not.toHaveTextContent('(en retard)');
    expect(within(tasks).getByRole('link', { name: 'Tâche 1' })).toHaveAttribute('href', '/tasks/1');
    expect(within(tasks).getByRole('link', { name: 'Toutes les tâches' })).toHaveAttribute('href', '/tasks');
    expect(within(tasks).getByRole('link', { name: 'Nouvelle tâche' })).toHaveAttribute('href', '/tasks/new');
  });

  it('shows the last 5 activities, linking those that still exist, and the history link', async () => {
    mockDashboard(mock);
    await openDashboard();
    const activity = section('Activité récente');
    expect(await within(activity).findByRole('link', { name: 'Acompte' })).toHaveAttribute('href', '/invoices/1');
    // (The change lists inside 'Détails des modifications' are lists too.)
    expect(within(activity).getAllByRole('listitem').filter((li) => !li.closest('details'))).toHaveLength(5);
    expect(within(activity).queryByRole('link', { name: 'Contact 2' })).not.toBeInTheDocument();
    expect(within(activity).getByText('Contact 2')).toBeInTheDocument();
    expect(within(activity).getByText('Détails des modifications (1)')).toBeInTheDocument();
    expect(within(activity).getByRole('link', { name: "Tout l'historique" })).toHaveAttribute('href', '/activities');
  });

  it('charts the paid revenue HT of the last 12 months, with the figures for screen readers', async () => {
    mockDashboard(mock);
    await openDashboard();
    const chart = await screen.findByRole('img', { name: /Chiffre d'affaires encaissé par mois \(HT\)/ });
    expect(chart).toBeInTheDocument();
    const table = screen.getByRole('table', { name: "Chiffre d'affaires encaissé par mois (HT)" });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    // HT (subtotal), not TTC.
    expect(rows[9].textContent).toBe(`${formatMonthLong(MONTHS[9])}${formatMoney(1250.25)}2`);
    expect(rows[11].textContent).toBe(`${formatMonthLong(MONTHS[11])}${formatMoney(800)}1`);
    expect(rows[0].textContent).toBe(`${formatMonthLong(MONTHS[0])}${formatMoney(0)}0`);
    const revenue = screen.getByRole('group', { name: "Chiffre d'affaires encaissé sur 12 mois (HT)" });
    expect(revenue.querySelector('strong')?.textContent).toBe(`${formatMoney(2050.25)} HT`);
  });

  it('says neither HT nor TTC to a seller in the VAT franchise (art. 293 B du CGI)', async () => {
    mockDashboard(mock);
    mock.onGet('profile/').reply(200, { vat_regime: 'franchise', legal_form: 'micro' });
    await openDashboard();
    const revenue = await screen.findByRole('group', { name: "Chiffre d'affaires encaissé sur 12 mois" });
    await waitFor(() => expect(revenue.querySelector('strong')?.textContent).toBe(formatMoney(2050.25)));
    expect(screen.getByRole('table', { name: "Chiffre d'affaires encaissé par mois" })).toBeInTheDocument();
    expect(within(section('Vue financière')).queryByText(/\b(HT|TTC)\b/)).not.toBeInTheDocument();
  });

  it('shows the « Montants TTC. » note with the figures, once the VAT regime is known: nothing moves under the placeholders (issue 28)', async () => {
    mockDashboard(mock);
    const answer = holdAnswer(mock, 'profile/', {}, { vat_regime: 'assujetti', legal_form: 'micro' });
    await openDashboard();
    const finance = section('Vue financière');
    // The figures are here, the regime not yet: placeholders, without the note.
    await waitFor(() => expect(getCount(mock, 'invoices/next_expected_payment/')).toBe(1));
    expect(within(finance).getByText('Chargement des indicateurs...')).toBeInTheDocument();
    expect(within(finance).queryByText('Montants TTC.')).not.toBeInTheDocument();
    answer();
    expect(await within(finance).findByText('Montants TTC.')).toBeInTheDocument();
    expect(within(finance).getByRole('link', { name: /^Factures à encaisser/ })).toHaveTextContent('3 factures non payées');
  });

  it('shows each section error on its own: the server detail, else the generic message', async () => {
    mockDashboard(mock);
    mock.onGet('invoices/overdue_sum/').reply(500, { detail: 'Base de données indisponible.' });
    mock.onGet('projects/', PROJECTS_QUERY).reply(503, { message: 'Maintenance en cours.' });
    mock.onGet('tasks/', TASKS_QUERY).networkError();
    mock.onGet('recent-activity/', { params: { limit: 5 } }).reply(500, { detail: 'boom' });
    await openDashboard();
    expect(await within(section('Vue financière')).findByRole('alert')).toHaveTextContent('Base de données indisponible.');
    expect(await within(section('Projets en cours')).findByRole('alert')).toHaveTextContent('Maintenance en cours.');
    expect(await within(section('Prochaines tâches')).findByRole('alert')).toHaveTextContent('Une erreur inconnue est survenue.');
    expect(await within(section('Activité récente')).findByRole('alert')).toHaveTextContent(
      "Échec du chargement de l'activité récente.",
    );
    // The chart has its own request and still shows.
    expect(await screen.findByRole('img', { name: /Chiffre d'affaires/ })).toBeInTheDocument();
  });

  it('shows empty sections plainly', async () => {
    mockDashboard(mock);
    mock.onGet('projects/', PROJECTS_QUERY).reply(200, [], { 'x-total-count': '0' });
    mock.onGet('tasks/', TASKS_QUERY).reply(200, [], { 'x-total-count': '0' });
    mock.onGet('recent-activity/', { params: { limit: 5 } }).reply(200, []);
    mock.onGet('invoices/monthly_revenue/', REVENUE_QUERY).reply(200, { monthly_revenue: MONTHS.map((m) => month(m)) });
    await openDashboard();
    expect(await screen.findByText('Aucun projet en cours.')).toBeInTheDocument();
    expect(await screen.findByText('Aucune tâche à venir.')).toBeInTheDocument();
    expect(await screen.findByText('Aucune activité récente.')).toBeInTheDocument();
    expect(await screen.findByText('Aucune facture payée sur les 12 derniers mois.')).toBeInTheDocument();
  });

  it('reloads its lists after a task is created elsewhere in the app', async () => {
    mockDashboard(mock);
    const { store } = await openDashboard();
    const tasks = section('Prochaines tâches');
    await within(tasks).findByRole('link', { name: 'Tâche 3' });
    const before = getCount(mock, 'tasks/');
    mock.onPost('tasks/').reply(201, task(8, 'urgent', -3));
    mock.onGet('tasks/', TASKS_QUERY).reply(200, [task(8, 'urgent', -3), ...TASKS.slice(0, 4)], { 'x-total-count': '7' });
    await act(async () => {
      await store.dispatch(tasksApi.endpoints.createTask.initiate({ title: 'Tâche 8' }));
    });
    expect(await within(tasks).findByRole('link', { name: 'Tâche 8' })).toBeInTheDocument();
    await waitFor(() => expect(getCount(mock, 'tasks/')).toBe(before + 1));
    expect(within(tasks).queryByRole('link', { name: 'Tâche 4' })).not.toBeInTheDocument();
  });
});
