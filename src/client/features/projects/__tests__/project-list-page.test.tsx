import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';
import { makeProject } from '@/client/kit/__tests__/workflow-fixtures';

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
const listRequests = (mock: MockAdapter) => mock.history.get.filter((r) => r.url === 'projects/');

describe('project list page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('projects/').reply((config) => {
      const status = config.params?.status;
      return [200, status ? PROJECTS.filter((p) => p.status === status) : PROJECTS];
    });
  });
  afterEach(() => mock.restore());

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

  it('sorts on a header click, ascending then descending', async () => {
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: /Nom du Projet/ }));
    expect(names()).toEqual(['Catalogue été', 'Refonte logo', 'Site vitrine']);
    await user.click(screen.getByRole('button', { name: /Nom du Projet/ }));
    expect(names()).toEqual(['Site vitrine', 'Refonte logo', 'Catalogue été']);
  });

  it('searches the name or a client, then shows the empty message, and resets', async () => {
    const { user } = await openList();
    const search = screen.getByRole('searchbox', { name: 'Rechercher' });
    await user.type(search, 'aubert');
    await waitFor(() => expect(names()).toEqual(['Site vitrine']));
    await user.clear(search);
    await user.type(search, 'CATALOGUE ETE');
    await waitFor(() => expect(names()).toEqual(['Catalogue été']));
    await user.type(search, 'x');
    expect(await screen.findByText('Aucun projet à afficher.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(search).toHaveValue('');
  });

  it('passes the route query to the server and reloads when the status filter changes it', async () => {
    const { user } = await openList('/projects?status=en_cours');
    expect(listRequests(mock)[0].params).toEqual({ status: 'en_cours' });
    expect(names()).toEqual(['Site vitrine']);
    expect(screen.getByRole('combobox', { name: 'Statut' })).toHaveValue('en_cours');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'termine');
    await waitFor(() => expect(names()).toEqual(['Refonte logo']));
    expect(currentPath()).toBe('/projects?status=termine');
    expect(listRequests(mock).at(-1)?.params).toEqual({ status: 'termine' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Priorité' }), 'haute');
    expect(currentPath()).toBe('/projects?status=termine&priority=haute');
    expect(await screen.findByText('Aucun projet à afficher.')).toBeInTheDocument();

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

  it('stays fluid with 2,000 projects: only the visible rows are rendered', async () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      makeProject({ id: i + 1, name: `Projet ${i + 1}`, created_at: new Date(Date.UTC(2026, 0, 1) + i * 60000).toISOString() }),
    );
    mock.onGet('projects/').reply(200, many);
    await openList();
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '2001');
    expect(bodyRows().filter((r) => r.getAttribute('data-index') !== null).length).toBeLessThan(100);
    expect(names()[0]).toBe('Projet 2000');
  });
});
