import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import type { ActivityEntry } from '@/shared/contracts/activity';
import { parseChanges } from '@/shared/activity';
import { formatDateTime } from '@/client/lib/format';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';
import { filterActivities } from '../activity-filters';

const entry = (over: Partial<ActivityEntry> & Pick<ActivityEntry, 'id'>): ActivityEntry => ({
  object_type: 'contact',
  object_id: over.id,
  object_label: `Objet ${over.id}`,
  action: 'créé',
  changes: '',
  timestamp: '2026-03-01T09:00:00.000Z',
  link: `/contacts/${over.id}`,
  client_name: null,
  project_name: null,
  ...over,
});

const ENTRIES: ActivityEntry[] = [
  entry({ id: 1, object_label: 'Hélène Roux', timestamp: '2026-03-01T09:00:00.000Z' }),
  entry({
    id: 2,
    object_label: 'Hélène Roux',
    action: 'mis à jour',
    changes: '(Téléphone: — → 0600000000; Ville: Paris → Marseille)',
    timestamp: '2026-03-03T16:45:00.000Z',
  }),
  entry({
    id: 3,
    object_type: 'invoice',
    object_label: 'Acompte',
    link: '/invoices/9',
    client_name: 'Hélène Roux',
    timestamp: '2026-03-02T10:30:00.000Z',
  }),
  entry({
    id: 4,
    object_type: 'task',
    object_label: 'Photos',
    action: 'supprimé',
    link: null,
    project_name: 'Catalogue',
    timestamp: '2026-03-04T08:00:00.000Z',
  }),
];

describe('change-string parsing (shared parseChanges)', () => {
  it.each([
    ['(Téléphone: — → 06; Ville: Paris → Marseille)', ['Téléphone: — → 06', 'Ville: Paris → Marseille']],
    ['(Statut: Brouillon → Envoyée)', ['Statut: Brouillon → Envoyée']],
    ['  (Nom: A → B;Ville: — → Lyon)  ', ['Nom: A → B', 'Ville: — → Lyon']],
    ['', []],
    ['()', []],
  ])('%j → %j', (changes, items) => {
    expect(parseChanges(changes)).toEqual(items);
  });
});

describe('activity filters (SPEC 9)', () => {
  it('matches the label, the action and the changes, whatever the case and the accents', () => {
    const ids = (search: string) => filterActivities(ENTRIES, { search, objectType: '', action: '' }).map((e) => e.id);
    expect(ids('ACOMPTE')).toEqual([3]);
    expect(ids('marseille')).toEqual([2]);
    expect(ids('supprim')).toEqual([4]);
    expect(ids('  ')).toEqual([1, 2, 3, 4]);
    // Issue 18: 'helene' finds Hélène, as every other search of the app.
    expect(ids('helene roux')).toEqual([1, 2]);
    expect(ids('HÉLÈNE')).toEqual([1, 2]);
    // The action as printed: the invoice and the task agree in gender.
    expect(ids('creee')).toEqual([3]);
    expect(ids('supprimee')).toEqual([4]);
  });

  it('filters by exact object type and by action substring', () => {
    expect(filterActivities(ENTRIES, { search: '', objectType: 'invoice', action: '' }).map((e) => e.id)).toEqual([3]);
    expect(filterActivities(ENTRIES, { search: '', objectType: '', action: 'mis à jour' }).map((e) => e.id)).toEqual([2]);
    expect(filterActivities([entry({ id: 9, action: 'créé (import)' as never })], { search: '', objectType: '', action: 'créé' })).toHaveLength(1);
  });
});

describe('activity history page (/activities)', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
  });
  afterEach(() => mock.restore());

  function open() {
    const utils = renderApp({ route: '/activities', preloadedState: signedIn });
    return utils;
  }

  const rows = () => within(screen.getByRole('table', { name: "Historique d'activité" })).getAllByRole('row').slice(1);
  // The object cell starts with the type badge shown on phones (where the type column is hidden).
  const labels = () =>
    rows().map((row) => within(row).getAllByRole('cell')[1].textContent?.replace(/^(Tâche|Projet|Contact|Facture|Devis)/, ''));

  it('requests 50 entries and lists them newest first with French date and time', async () => {
    // Answered once the loading state has been seen: on a busy machine the answer used to land
    // while the lazy page was still loading.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    mock.onGet('recent-activity/', { params: { limit: 50 } }).reply(async () => {
      await answered;
      return [200, ENTRIES];
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: "Historique d'activité" })).toBeInTheDocument();
    expect(screen.getByText('Chargement des activités...')).toBeInTheDocument();
    answer();
    await screen.findByRole('table');
    expect(labels()).toEqual([
      // Agreeing with the object (issue 18): 'Tâche … supprimée', 'Facture … créée'.
      'Photos suppriméeProjet : Catalogue',
      expect.stringMatching(/^Hélène Roux mis à jour/),
      expect.stringMatching(/^Acompte créée/),
      'Hélène Roux créé',
    ]);
    expect(within(rows()[0]).getByText(formatDateTime('2026-03-04T08:00:00.000Z'))).toBeInTheDocument();
    expect(within(rows()[0]).getAllByRole('cell')[0]).toHaveTextContent('Tâche');
    expect(mock.history.get.find((request) => request.url === 'recent-activity/')?.params).toEqual({ limit: 50 });
  });

  it('links rows that have a link, and only those', async () => {
    mock.onGet('recent-activity/').reply(200, ENTRIES);
    const { user } = open();
    await screen.findByRole('table');
    expect(within(rows()[0]).queryByRole('link')).not.toBeInTheDocument();
    await user.click(within(rows()[2]).getByRole('link', { name: 'Acompte' }));
    await waitFor(() => expect(currentPath()).toBe('/invoices/9'));
  });

  it('shows the parsed changes in a collapsible "Détails des modifications (n)"', async () => {
    mock.onGet('recent-activity/').reply(200, ENTRIES);
    const { user } = open();
    await screen.findByRole('table');
    const summary = screen.getByText('Détails des modifications (2)');
    expect(screen.getAllByText(/Détails des modifications/)).toHaveLength(1);
    const list = summary.closest('details')!.querySelector('ul')!;
    expect(list).not.toBeVisible();
    await user.click(summary);
    expect(list).toBeVisible();
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Téléphone : — → 0600000000',
      'Ville : Paris → Marseille',
    ]);
  });

  it('searches, filters by type and action, and resets', async () => {
    mock.onGet('recent-activity/').reply(200, ENTRIES);
    const { user } = open();
    await screen.findByRole('table');
    const reset = screen.getByRole('button', { name: 'Réinitialiser' });
    expect(reset).toBeDisabled();

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'marseille');
    expect(labels()).toEqual([expect.stringMatching(/^Hélène Roux mis à jour/)]);
    expect(screen.getByText('1 activité sur 4')).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher' }));
    await user.selectOptions(screen.getByLabelText("Type d'objet"), 'Contact');
    expect(labels()).toHaveLength(2);
    await user.selectOptions(screen.getByLabelText('Action'), 'créé');
    expect(labels()).toEqual(['Hélène Roux créé']);

    await user.selectOptions(screen.getByLabelText("Type d'objet"), 'Facture');
    await user.selectOptions(screen.getByLabelText('Action'), 'supprimé');
    expect(screen.getByText('Aucune activité ne correspond à ces critères.')).toBeInTheDocument();
    expect(screen.getByText('0 activité sur 4')).toBeInTheDocument();

    await user.click(reset);
    expect(labels()).toHaveLength(4);
    expect(screen.getByLabelText("Type d'objet")).toHaveValue('');
    expect(screen.getByLabelText('Action')).toHaveValue('');
  });

  it('sorts by each column; a second click reverses', async () => {
    mock.onGet('recent-activity/').reply(200, ENTRIES);
    const { user } = open();
    await screen.findByRole('table');
    const header = (name: string) => screen.getByRole('button', { name });

    await user.click(header('Date et Heure'));
    expect(labels()[0]).toBe('Hélène Roux créé');
    await user.click(header("Type d'Objet"));
    expect(rows().map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['Contact', 'Contact', 'Facture', 'Tâche']);
    await user.click(header('Objet / Action'));
    expect(labels()[0]).toMatch(/^Acompte/);
    await user.click(header('Objet / Action'));
    expect(labels()[0]).toMatch(/^Photos supprimé/);
  });

  it('says when there is nothing yet', async () => {
    mock.onGet('recent-activity/').reply(200, []);
    open();
    expect(await screen.findByText('Aucune activité à afficher pour le moment.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when loading failed', async () => {
    mock.onGet('recent-activity/').reply(500, { detail: 'boom' });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent("Échec du chargement de l'historique d'activité.");
  });
});
