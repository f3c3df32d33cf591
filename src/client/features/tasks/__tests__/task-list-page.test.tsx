import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import type { Task } from '@/shared/contracts/tasks';
import { FakeIntersectionObserver, installFakeIntersectionObserver } from '@/client/test/fake-intersection-observer';
import { pagedReply, pageRequests } from '@/client/test/paged-list';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';
import { makeProject, makeTask } from '@/client/kit/__tests__/workflow-fixtures';
import { PROJECT_PAGE_RULES, TASK_PAGE_RULES } from '@/client/kit/__tests__/workflow-server';

const CONTACTS = [
  { id: 5, name: 'Agence Bleue', email: 'a@x.fr', phone: '', company: '', category: 'client' },
  { id: 6, name: 'Imprimerie Dupré', email: 'i@x.fr', phone: '', company: '', category: 'client' },
];
const PROJECTS = [makeProject({ id: 10, name: 'Site vitrine' }), makeProject({ id: 11, name: 'Catalogue' })];
const TASKS = [
  makeTask({
    id: 1,
    title: 'Maquettes',
    project: { id: 10, name: 'Site vitrine' },
    contacts: [{ id: 5, name: 'Agence Bleue' }],
    status: 'en_cours',
    status_display: 'En cours',
    priority: 'haute',
    priority_display: 'Élevée',
    due_date: '2030-01-15',
    created_at: '2026-01-03T08:00:00.000Z',
  }),
  makeTask({ id: 2, title: 'Devis imprimeur', contacts: [{ id: 6, name: 'Imprimerie Dupré' }], created_at: '2026-01-01T08:00:00.000Z' }),
  makeTask({
    id: 3,
    title: 'Rédaction',
    project: { id: 11, name: 'Catalogue' },
    contacts: [
      { id: 5, name: 'Agence Bleue' },
      { id: 6, name: 'Imprimerie Dupré' },
    ],
    created_at: '2026-01-02T08:00:00.000Z',
  }),
  makeTask({ id: 4, title: 'Archivage', created_at: '2025-12-01T08:00:00.000Z' }),
];

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const titles = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0].textContent);
/** The task list's page requests (issue 29), with their parameters. */
const taskPages = (mock: MockAdapter) => pageRequests(mock.history.get, 'tasks/');
/** Tasks 'Tâche 1'…'Tâche n', the newest last; odd ones in project 11. */
const manyTasks = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    makeTask({
      id: i + 1,
      title: `Tâche ${i + 1}`,
      project: i % 2 ? { id: 11, name: 'Catalogue' } : null,
      created_at: new Date(Date.UTC(2024, 0, 1) + i * 60000).toISOString(),
    }),
  );

// Full-app renders of lists of up to 150 rows, re-rendered on each step: slow on a busy machine.
jest.setTimeout(30_000);

describe('task list page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    serveTasks(TASKS);
    mock.onGet('projects/').reply((config) => pagedReply(PROJECTS, config, PROJECT_PAGE_RULES));
    mock.onGet('contacts/').reply((config) => pagedReply(CONTACTS, config, { searchText: (c) => [c.name, c.email], orderings: { name: (c) => c.name } }));
  });
  afterEach(() => mock.restore());

  /** tasks/ by pages, searched, filtered and sorted as the server does (issue 29). */
  function serveTasks(tasks: Task[]) {
    mock.onGet('tasks/').reply((config) => pagedReply(tasks, config, TASK_PAGE_RULES));
  }

  async function openList() {
    const utils = renderApp({ route: '/tasks', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Liste des tâches' });
    await screen.findByRole('table');
    await screen.findByRole('option', { name: 'Catalogue' });
    await screen.findByRole('option', { name: 'Imprimerie Dupré' });
    return utils;
  }

  it('shows the SPEC columns, newest first, with links and placeholders', async () => {
    await openList();
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Nom de la tâche', 'Projet', 'Contact(s)', 'Statut', 'Priorité', 'Échéance', 'Créée le']);
    expect(titles()).toEqual(['Maquettes', 'Rédaction', 'Devis imprimeur', 'Archivage']);
    const [maquettes, redaction, devis] = bodyRows().map((row) => within(row).getAllByRole('cell'));
    expect(within(maquettes[0]).getByRole('link')).toHaveAttribute('href', '/tasks/1');
    expect(within(maquettes[1]).getByRole('link', { name: 'Site vitrine' })).toHaveAttribute('href', '/projects/10');
    expect(maquettes[3]).toHaveTextContent('En cours');
    expect(maquettes[4]).toHaveTextContent('Élevée');
    expect(maquettes[5]).toHaveTextContent('15 janv. 2030');
    expect(maquettes[6]).toHaveTextContent('3 janv. 2026');
    expect(redaction[2]).toHaveTextContent('Agence Bleue, Imprimerie Dupré');
    expect(within(redaction[2]).getByRole('link', { name: 'Imprimerie Dupré' })).toHaveAttribute('href', '/contacts/6');
    expect(devis[1]).toHaveTextContent('—');
    expect(within(bodyRows()[3]).getAllByRole('cell')[2]).toHaveTextContent('— Aucun');
    expect(screen.getByRole('link', { name: 'Ajouter une tâche' })).toHaveAttribute('href', '/tasks/new');
  });

  it('filters by project and by contact, searches title, project or contact, and resets, all on the server (issue 29)', async () => {
    const { user } = await openList();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Projet' }), 'Catalogue');
    await waitFor(() => expect(titles()).toEqual(['Rédaction']));
    expect(taskPages(mock).at(-1)).toEqual({ project: 11, ordering: '-created_at', page_size: 50 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Projet' }), 'Tous les projets');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Contact' }), 'Imprimerie Dupré');
    await waitFor(() => expect(titles()).toEqual(['Rédaction', 'Devis imprimeur']));
    expect(taskPages(mock).at(-1)).toEqual({ contact: 6, ordering: '-created_at', page_size: 50 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'en_cours');
    expect(await screen.findByText('Aucune tâche à afficher.')).toBeInTheDocument();
    expect(taskPages(mock).at(-1)).toEqual({ contact: 6, status: 'en_cours', ordering: '-created_at', page_size: 50 });
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(titles()).toHaveLength(4));
    expect(screen.getByRole('combobox', { name: 'Contact' })).toHaveValue('');

    const search = screen.getByRole('searchbox', { name: 'Rechercher' });
    await user.type(search, 'vitrine');
    await waitFor(() => expect(titles()).toEqual(['Maquettes']));
    await user.clear(search);
    await user.type(search, 'dupre');
    await waitFor(() => expect(titles()).toEqual(['Rédaction', 'Devis imprimeur']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priorité' }), 'haute');
    expect(await screen.findByText('Aucune tâche à afficher.')).toBeInTheDocument();
    expect(taskPages(mock).at(-1)).toEqual({ search: 'dupre', priority: 'haute', ordering: '-created_at', page_size: 50 });
  });

  it('asks the server for 50 tasks, newest first, and never for the whole list (issue 29)', async () => {
    await openList();
    expect(taskPages(mock)).toEqual([{ ordering: '-created_at', page_size: 50 }]);
    expect(mock.history.get.filter((r) => r.url === 'tasks/' && r.params?.page_size === undefined)).toEqual([]);
  });

  it('sends the search once typing pauses: one request for the word typed, not one per keystroke (issue 29)', async () => {
    const { user } = await openList();
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'vitrine');
    await waitFor(() => expect(titles()).toEqual(['Maquettes']));
    expect(screen.getByText('1 tâche')).toBeInTheDocument();
    expect(taskPages(mock).map((params) => params.search)).toEqual([undefined, 'vitrine']);
  });

  it('sorts by title and due date on the server, by priority over the loaded rows', async () => {
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: /Priorité/ }));
    expect(titles()[0]).toBe('Maquettes');
    const requests = taskPages(mock).length;
    expect(requests).toBe(1);
    await user.click(screen.getByRole('button', { name: /Nom de la tâche/ }));
    await waitFor(() => expect(titles()).toEqual(['Archivage', 'Devis imprimeur', 'Maquettes', 'Rédaction']));
    expect(taskPages(mock).at(-1)).toEqual({ ordering: 'title', page_size: 50 });
    await user.click(screen.getByRole('button', { name: /Échéance/ }));
    // As the server sorts: a missing due date first ascending, last descending.
    await waitFor(() => expect(titles()).toEqual(['Devis imprimeur', 'Rédaction', 'Archivage', 'Maquettes']));
    expect(taskPages(mock).at(-1)).toEqual({ ordering: 'due_date', page_size: 50 });
    await user.click(screen.getByRole('button', { name: /Échéance/ }));
    await waitFor(() => expect(titles()[0]).toBe('Maquettes'));
    expect(taskPages(mock).at(-1)).toEqual({ ordering: '-due_date', page_size: 50 });
  });

  it('loads 150 tasks 50 at a time with the last cursor, renders only the visible rows past 100, and counts from X-Total-Count (issue 29)', async () => {
    serveTasks(manyTasks(150));
    const { user } = await openList();
    expect(screen.getByText('150 tâches')).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '151');
    // A screenful first, the rest in a background render (ui/table.tsx).
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    expect(titles()[0]).toBe('Tâche 150');
    // Without IntersectionObserver (jsdom) the button loads what follows.
    await user.click(screen.getByRole('button', { name: 'Afficher la suite' }));
    await waitFor(() => expect(taskPages(mock)).toHaveLength(2));
    expect(taskPages(mock)[1]).toEqual({ ordering: '-created_at', page_size: 50, cursor: 'o50' });
    await user.click(await screen.findByRole('button', { name: 'Afficher la suite' }));
    await waitFor(() => expect(taskPages(mock)).toHaveLength(3));
    expect(taskPages(mock)[2]).toEqual({ ordering: '-created_at', page_size: 50, cursor: 'o100' });
    // 150 rows loaded, past 100: only those near the viewport are rendered; nothing after the last page.
    await waitFor(() => expect(bodyRows().filter((r) => r.getAttribute('data-index') !== null).length).toBeLessThan(100));
    expect(screen.queryByRole('button', { name: 'Afficher la suite' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Projet' }), 'Catalogue');
    expect(await screen.findByText('75 tâches')).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '76');
    expect(taskPages(mock).at(-1)).toEqual({ project: 11, ordering: '-created_at', page_size: 50 });
  });

  it('says « Plus de » when the server counted only up to its cap (X-Total-Count-At-Least)', async () => {
    mock.onGet('tasks/').reply((config) => pagedReply(manyTasks(150), config, { ...TASK_PAGE_RULES, countCap: 100 }));
    await openList();
    expect(screen.getByText('Plus de 100 tâches')).toBeInTheDocument();
  });

  it('asks for the next page, with the cursor, as the reader nears the end of the list (issue 29)', async () => {
    const restore = installFakeIntersectionObserver();
    try {
      serveTasks(manyTasks(120));
      await openList();
      expect(taskPages(mock)).toHaveLength(1);
      FakeIntersectionObserver.scrollToEnd();
      await waitFor(() => expect(taskPages(mock)).toEqual([{ ordering: '-created_at', page_size: 50 }, { ordering: '-created_at', page_size: 50, cursor: 'o50' }]));
      await waitFor(() => expect(titles()).toHaveLength(100));
      expect(titles()[99]).toBe('Tâche 21');
    } finally {
      restore();
    }
  });

  it('the project and contact filters search the server, 20 at a time, never the whole lists, and keep the chosen one listed (issue 29)', async () => {
    const { user } = await openList();
    expect(pageRequests(mock.history.get, 'projects/')).toEqual([{ ordering: 'name', page_size: 20 }]);
    expect(pageRequests(mock.history.get, 'contacts/')).toEqual([{ page_size: 20 }]);
    expect(mock.history.get.filter((r) => (r.url === 'projects/' || r.url === 'contacts/') && r.params?.page_size === undefined)).toEqual([]);

    const projectFilter = screen.getByRole('combobox', { name: 'Projet' });
    await user.selectOptions(projectFilter, 'Site vitrine');
    await waitFor(() => expect(titles()).toEqual(['Maquettes']));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un projet' }), 'catal');
    await waitFor(() => expect(pageRequests(mock.history.get, 'projects/').at(-1)).toEqual({ search: 'catal', ordering: 'name', page_size: 20 }));
    // The chosen project is no longer a match: still listed, still the filter.
    await waitFor(() => expect(within(projectFilter).getAllByRole('option').map((o) => o.textContent)).toEqual(['Tous les projets', 'Site vitrine', 'Catalogue']));
    expect(projectFilter).toHaveValue('10');
    expect(titles()).toEqual(['Maquettes']);

    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un contact' }), 'dupre');
    await waitFor(() => expect(pageRequests(mock.history.get, 'contacts/').at(-1)).toEqual({ search: 'dupre', page_size: 20 }));
    await waitFor(() => expect(within(screen.getByRole('combobox', { name: 'Contact' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Tous les contacts', 'Imprimerie Dupré']));

    // « Réinitialiser » empties the filters and the pickers' searches.
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(titles()).toHaveLength(4));
    expect(screen.getByRole('searchbox', { name: 'Rechercher un projet' })).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Rechercher un contact' })).toHaveValue('');
  });
});
