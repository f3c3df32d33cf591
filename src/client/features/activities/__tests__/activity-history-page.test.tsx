import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import type { ActivityEntry } from '@/shared/contracts/activity';
import { activityActionLabel, parseChanges } from '@/shared/activity';
import { formatDateTime } from '@/client/lib/format';
import { FakeIntersectionObserver, installFakeIntersectionObserver } from '@/client/test/fake-intersection-observer';
import { pagedReply, pageRequests, type PagedListRules } from '@/client/test/paged-list';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';
import { activityPageArgs, EMPTY_ACTIVITY_FILTERS } from '../activity-filters';

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
  it('sends the search, the object type, the action and the sort to the server, leaving out what is empty (issue 29)', () => {
    expect(activityPageArgs(EMPTY_ACTIVITY_FILTERS, '-timestamp')).toEqual({ ordering: '-timestamp' });
    expect(activityPageArgs({ ...EMPTY_ACTIVITY_FILTERS, search: '   ' }, '-timestamp')).toEqual({ ordering: '-timestamp' });
    expect(activityPageArgs({ search: ' Hélène ', objectType: 'invoice', action: 'mis à jour' }, 'timestamp')).toEqual({
      search: 'Hélène', object_type: 'invoice', action: 'mis à jour', ordering: 'timestamp',
    });
  });
});

/** recent-activity/ by pages as the server answers them (issue 29): object_type and action exact, by timestamp. */
const HISTORY_RULES: PagedListRules<ActivityEntry> = {
  // As the server's search text: the label, the action as printed, the changes.
  searchText: (e) => [e.object_label, activityActionLabel(e.object_type, e.action), e.changes],
  filters: { object_type: (e) => e.object_type, action: (e) => e.action },
  orderings: { timestamp: (e) => e.timestamp },
  defaultOrdering: '-timestamp',
};
/** Entries 'Objet 1'…'Objet n', the newest last. */
const manyEntries = (n: number) =>
  Array.from({ length: n }, (_, i) => entry({ id: i + 1, timestamp: new Date(Date.UTC(2026, 0, 1) + i * 60000).toISOString() }));

// Full-app renders of lists of up to 120 rows: slow on a busy machine.
jest.setTimeout(30_000);

describe('activity history page (/activities)', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
  });
  afterEach(() => mock.restore());

  const history = (m: MockAdapter) => pageRequests(m.history.get, 'recent-activity/');
  function serve(entries: ActivityEntry[]) {
    mock.onGet('recent-activity/').reply((config) => pagedReply(entries, config, HISTORY_RULES));
  }

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
    mock.onGet('recent-activity/').reply(async (config) => {
      await answered;
      return pagedReply(ENTRIES, config, HISTORY_RULES);
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
    // A page of 50, newest first (issue 29), never the whole history.
    expect(history(mock)).toEqual([{ ordering: '-timestamp', page_size: 50 }]);
    expect(screen.getByText('4 activités')).toBeInTheDocument();
  });

  it('links rows that have a link, and only those', async () => {
    serve(ENTRIES);
    const { user } = open();
    await screen.findByRole('table');
    expect(within(rows()[0]).queryByRole('link')).not.toBeInTheDocument();
    await user.click(within(rows()[2]).getByRole('link', { name: 'Acompte' }));
    await waitFor(() => expect(currentPath()).toBe('/invoices/9'));
  });

  it('shows the parsed changes in a collapsible "Détails des modifications (n)"', async () => {
    serve(ENTRIES);
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

  it('searches, filters by type and action on the server, and resets', async () => {
    serve(ENTRIES);
    const { user } = open();
    await screen.findByRole('table');
    const reset = screen.getByRole('button', { name: 'Réinitialiser' });
    expect(reset).toBeDisabled();

    // The search goes to the server once typing pauses: one request for the word, not one per key.
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'marseille');
    await waitFor(() => expect(labels()).toEqual([expect.stringMatching(/^Hélène Roux mis à jour/)]));
    expect(screen.getByText('1 activité')).toBeInTheDocument();
    expect(history(mock).map((params) => params.search)).toEqual([undefined, 'marseille']);
    // The action as printed ('créée' agrees with the invoice), whatever the accents.
    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher' }));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'CREEE');
    await waitFor(() => expect(labels()).toEqual([expect.stringMatching(/^Acompte créée/)]));

    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher' }));
    await user.selectOptions(screen.getByLabelText("Type d'objet"), 'Contact');
    await waitFor(() => expect(labels()).toHaveLength(2));
    expect(history(mock).at(-1)).toEqual({ object_type: 'contact', ordering: '-timestamp', page_size: 50 });
    await user.selectOptions(screen.getByLabelText('Action'), 'créé');
    await waitFor(() => expect(labels()).toEqual(['Hélène Roux créé']));
    expect(history(mock).at(-1)).toEqual({ object_type: 'contact', action: 'créé', ordering: '-timestamp', page_size: 50 });

    await user.selectOptions(screen.getByLabelText("Type d'objet"), 'Facture');
    await user.selectOptions(screen.getByLabelText('Action'), 'supprimé');
    expect(await screen.findByText('Aucune activité ne correspond à ces critères.')).toBeInTheDocument();
    expect(screen.getByText('0 activité')).toBeInTheDocument();

    await user.click(reset);
    await waitFor(() => expect(labels()).toHaveLength(4));
    expect(screen.getByLabelText("Type d'objet")).toHaveValue('');
    expect(screen.getByLabelText('Action')).toHaveValue('');
  });

  it('sorts by each column; a second click reverses', async () => {
    serve(ENTRIES);
    const { user } = open();
    await screen.findByRole('table');
    const header = (name: string) => screen.getByRole('button', { name });

    // The date: oldest first, by the server (issue 29).
    await user.click(header('Date et Heure'));
    await waitFor(() => expect(labels()[0]).toBe('Hélène Roux créé'));
    expect(history(mock).at(-1)).toEqual({ ordering: 'timestamp', page_size: 50 });
    const requests = history(mock).length;
    await user.click(header("Type d'Objet"));
    expect(rows().map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['Contact', 'Contact', 'Facture', 'Tâche']);
    await user.click(header('Objet / Action'));
    expect(labels()[0]).toMatch(/^Acompte/);
    await user.click(header('Objet / Action'));
    expect(labels()[0]).toMatch(/^Photos supprimé/);
    // The type and the object sort the loaded entries.
    expect(history(mock)).toHaveLength(requests);
  });

  it('loads 120 entries 50 at a time with the last cursor, on scroll and with « Afficher la suite », counted by X-Total-Count (issue 29)', async () => {
    const restore = installFakeIntersectionObserver();
    try {
      serve(manyEntries(120));
      const { user } = open();
      await screen.findByRole('table');
      expect(screen.getByText('120 activités')).toBeInTheDocument();
      // A screenful first, the rest in a background render (ui/table.tsx).
      await waitFor(() => expect(rows()).toHaveLength(50));
      expect(labels()[0]).toMatch(/^Objet 120/);
      FakeIntersectionObserver.scrollToEnd();
      await waitFor(() => expect(history(mock)).toHaveLength(2));
      expect(history(mock)[1]).toEqual({ ordering: '-timestamp', page_size: 50, cursor: 'o50' });
      await waitFor(() => expect(rows()).toHaveLength(100));

      await user.click(screen.getByRole('button', { name: 'Afficher la suite' }));
      await waitFor(() => expect(history(mock)).toHaveLength(3));
      expect(history(mock)[2]).toEqual({ ordering: '-timestamp', page_size: 50, cursor: 'o100' });
      // The last page: no button any more (past 100 rows only those near the viewport are rendered).
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Afficher la suite' })).not.toBeInTheDocument());

      // A search reads the whole history on the server, not the entries loaded: 'Objet 1' and
      // 'Objet 10'–'Objet 19' and 'Objet 100'–'Objet 120', newest first.
      await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'objet 1');
      await waitFor(() => expect(screen.getByText('32 activités')).toBeInTheDocument());
      expect(history(mock).at(-1)).toEqual({ search: 'objet 1', ordering: '-timestamp', page_size: 50 });
      expect(labels()[0]).toMatch(/^Objet 120/);
    } finally {
      restore();
    }
  });

  it('says when there is nothing yet', async () => {
    serve([]);
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
