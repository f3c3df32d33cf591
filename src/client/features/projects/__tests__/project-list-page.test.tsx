import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import type { Project } from '@/shared/contracts/projects';
import { FakeIntersectionObserver, installFakeIntersectionObserver } from '@/client/test/fake-intersection-observer';
import { pagedReply, pageRequests } from '@/client/test/paged-list';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';
import { makeProject } from '@/client/kit/__tests__/workflow-fixtures';
import { PROJECT_PAGE_RULES } from '@/client/kit/__tests__/workflow-server';

const PROJECTS = [
  makeProject({
    id: 1,
    name: 'Site vitrine',
    contacts: [
      { id: 5, name: 'Agence Bleue' },
      { id: 6, name: 'Boulangerie Aubert' },
    ],
    status: 'en_cours',
    status_display: 'En cours',
    priority: 'haute',
    budget: 1500.5,
    revenue: 99.99,
    due_date: '2030-06-30',
    created_at: '2026-01-02T09:00:00.000Z',
  }),
  makeProject({ id: 2, name: 'Refonte logo', created_at: '2026-01-05T09:00:00.000Z', status: 'termine', status_display: 'Terminé' }),
  makeProject({ id: 3, name: 'Catalogue été', created_at: '2026-01-01T09:00:00.000Z' }),
];

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const names = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0].textContent);
/** The project list's page requests (issue 29), with their parameters. */
const projectPages = (mock: MockAdapter) => pageRequests(mock.history.get, 'projects/');
/** Projects 'Projet 1'…'Projet n', the newest last; odd ones in progress. */
const manyProjects = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    makeProject({
      id: i + 1,
      name: `Projet ${i + 1}`,
      status: i % 2 ? 'en_cours' : 'brouillon',
      created_at: new Date(Date.UTC(2024, 0, 1) + i * 60000).toISOString(),
    }),
  );

// Full-app renders of lists of up to 150 rows, re-rendered on each step: slow on a busy machine.
jest.setTimeout(30_000);

describe('project list page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    serveProjects(PROJECTS);
  });
  afterEach(() => mock.restore());

  /** projects/ by pages, searched, filtered and sorted as the server does (issue 29). */
  function serveProjects(projects: Project[]) {
    mock.onGet('projects/').reply((config) => pagedReply(projects, config, PROJECT_PAGE_RULES));
  }

  async function openList(route = '/projects') {
    const utils = renderApp({ route, preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Liste des projets' });
    await screen.findByRole('table');
    return utils;
  }

  it('shows the SPEC columns, newest first, with client links, money and dates in French', async () => {
    await openList();
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Nom du Projet', 'Clients', 'Statut', 'Budget', 'Revenu', 'Échéance', 'Créé le']);
    expect(names()).toEqual(['Refonte logo', 'Site vitrine', 'Catalogue été']);
    expect(screen.getByRole('link', { name: 'Site vitrine' })).toHaveAttribute('href', '/projects/1');
    const site = bodyRows()[1];
    const cells = within(site).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('Agence Bleue, Boulangerie Aubert');
    expect(within(cells[1]).getByRole('link', { name: 'Boulangerie Aubert' })).toHaveAttribute('href', '/contacts/6');
    expect(cells[2]).toHaveTextContent('En cours');
    expect(cells[3].textContent).toMatch(/^1\s500,50\s€$/);
    expect(cells[4].textContent).toMatch(/^99,99\s€$/);
    expect(cells[5]).toHaveTextContent('30 juin 2030');
    expect(cells[6]).toHaveTextContent('2 janv. 2026');
    expect(within(bodyRows()[0]).getAllByRole('cell')[1]).toHaveTextContent('—');
    expect(screen.getByRole('link', { name: 'Ajouter un projet' })).toHaveAttribute('href', '/projects/new');
  });

  it('asks the server for 50 projects, newest first, and never for the whole list (issue 29)', async () => {
    await openList();
    expect(projectPages(mock)).toEqual([{ ordering: '-created_at', page_size: 50 }]);
    expect(mock.history.get.filter((r) => r.url === 'projects/' && r.params?.page_size === undefined)).toEqual([]);
    expect(screen.getByText('3 projets')).toBeInTheDocument();
  });

  it('sorts by name and due date on the server, by status over the loaded rows', async () => {
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: /Statut/ }));
    expect(names()).toEqual(['Catalogue été', 'Site vitrine', 'Refonte logo']);
    expect(projectPages(mock)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /Nom du Projet/ }));
    await waitFor(() => expect(projectPages(mock).at(-1)).toEqual({ ordering: 'name', page_size: 50 }));
    // The request went out; its answer renders a moment later (a full run once read the old rows).
    await waitFor(() => expect(names()).toEqual(['Catalogue été', 'Refonte logo', 'Site vitrine']));
    await user.click(screen.getByRole('button', { name: /Nom du Projet/ }));
    await waitFor(() => expect(names()).toEqual(['Site vitrine', 'Refonte logo', 'Catalogue été']));
    expect(projectPages(mock).at(-1)).toEqual({ ordering: '-name', page_size: 50 });
    await user.click(screen.getByRole('button', { name: /Échéance/ }));
    // As the server sorts: a missing due date first ascending.
    await waitFor(() => expect(projectPages(mock).at(-1)).toEqual({ ordering: 'due_date', page_size: 50 }));
    await waitFor(() => expect(names()[2]).toBe('Site vitrine'));
  });

  it('searches the name or a client on the server once typing pauses, then shows the empty message, and resets', async () => {
    const { user } = await openList();
    const search = screen.getByRole('searchbox', { name: 'Rechercher' });
    await user.type(search, 'aubert');
    await waitFor(() => expect(names()).toEqual(['Site vitrine']));
    // One request for the word typed, not one per keystroke.
    expect(projectPages(mock).map((params) => params.search)).toEqual([undefined, 'aubert']);
    await user.clear(search);
    await user.type(search, 'CATALOGUE ETE');
    await waitFor(() => expect(names()).toEqual(['Catalogue été']));
    expect(projectPages(mock).at(-1)).toEqual({ search: 'CATALOGUE ETE', ordering: '-created_at', page_size: 50 });
    await user.type(search, 'x');
    expect(await screen.findByText('Aucun projet à afficher.')).toBeInTheDocument();
    expect(screen.getByText('0 projet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(search).toHaveValue('');
  });

  it('sends the route query’s status and the filters to the server, and keeps them in the route', async () => {
    const { user } = await openList('/projects?status=en_cours');
    expect(projectPages(mock)[0]).toEqual({ status: 'en_cours', ordering: '-created_at', page_size: 50 });
    expect(names()).toEqual(['Site vitrine']);
    expect(screen.getByRole('combobox', { name: 'Statut' })).toHaveValue('en_cours');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'termine');
    await waitFor(() => expect(names()).toEqual(['Refonte logo']));
    expect(currentPath()).toBe('/projects?status=termine');
    expect(projectPages(mock).at(-1)).toEqual({ status: 'termine', ordering: '-created_at', page_size: 50 });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Priorité' }), 'haute');
    expect(currentPath()).toBe('/projects?status=termine&priority=haute');
    expect(await screen.findByText('Aucun projet à afficher.')).toBeInTheDocument();
    expect(projectPages(mock).at(-1)).toEqual({ status: 'termine', priority: 'haute', ordering: '-created_at', page_size: 50 });

    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(currentPath()).toBe('/projects');
  });

  it('logs a load failure without a message', async () => {
    mock.onGet('projects/').reply(500, { detail: 'boom' });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp({ route: '/projects', preloadedState: signedIn });
    expect(await screen.findByText('Aucun projet à afficher.')).toBeInTheDocument();
    expect(spy).toHaveBeenCalledWith('Échec du chargement des projets', expect.objectContaining({ status: 500 }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    spy.mockRestore();
  });

  it('loads 150 projects 50 at a time with the last cursor, renders only the visible rows past 100, and counts from X-Total-Count (issue 29)', async () => {
    serveProjects(manyProjects(150));
    const { user } = await openList();
    expect(screen.getByText('150 projets')).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '151');
    // A screenful first, the rest in a background render (ui/table.tsx).
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    expect(names()[0]).toBe('Projet 150');
    // Without IntersectionObserver (jsdom) the button loads what follows.
    await user.click(screen.getByRole('button', { name: 'Afficher la suite' }));
    await waitFor(() => expect(projectPages(mock)).toHaveLength(2));
    expect(projectPages(mock)[1]).toEqual({ ordering: '-created_at', page_size: 50, cursor: 'o50' });
    await user.click(await screen.findByRole('button', { name: 'Afficher la suite' }));
    await waitFor(() => expect(projectPages(mock)).toHaveLength(3));
    expect(projectPages(mock)[2]).toEqual({ ordering: '-created_at', page_size: 50, cursor: 'o100' });
    await waitFor(() => expect(bodyRows().filter((r) => r.getAttribute('data-index') !== null).length).toBeLessThan(100));
    expect(screen.queryByRole('button', { name: 'Afficher la suite' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'en_cours');
    expect(await screen.findByText('75 projets')).toBeInTheDocument();
    expect(projectPages(mock).at(-1)).toEqual({ status: 'en_cours', ordering: '-created_at', page_size: 50 });
  });

  it('asks for the next page, with the cursor, as the reader nears the end of the list (issue 29)', async () => {
    const restore = installFakeIntersectionObserver();
    try {
      serveProjects(manyProjects(120));
      await openList();
      expect(projectPages(mock)).toHaveLength(1);
      FakeIntersectionObserver.scrollToEnd();
      await waitFor(() =>
        expect(projectPages(mock)).toEqual([{ ordering: '-created_at', page_size: 50 }, { ordering: '-created_at', page_size: 50, cursor: 'o50' }]),
      );
      await waitFor(() => expect(names()).toHaveLength(100));
      expect(names()[99]).toBe('Projet 21');
    } finally {
      restore();
    }
  });
});
