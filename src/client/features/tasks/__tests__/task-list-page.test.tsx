import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';
import { makeProject, makeTask } from '@/client/kit/__tests__/workflow-fixtures';

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

describe('task list page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('tasks/').reply(200, TASKS);
    mock.onGet('projects/').reply(200, PROJECTS);
    mock.onGet('contacts/').reply(200, CONTACTS);
  });
  afterEach(() => mock.restore());

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

  it('filters by project and by contact, searches title, project or contact, and resets', async () => {
    const { user } = await openList();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Projet' }), 'Catalogue');
    expect(titles()).toEqual(['Rédaction']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Projet' }), 'Tous les projets');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Contact' }), 'Imprimerie Dupré');
    expect(titles()).toEqual(['Rédaction', 'Devis imprimeur']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'en_cours');
    expect(await screen.findByText('Aucune tâche à afficher.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(titles()).toHaveLength(4);
    expect(screen.getByRole('combobox', { name: 'Contact' })).toHaveValue('');

    const search = screen.getByRole('searchbox', { name: 'Rechercher' });
    await user.type(search, 'vitrine');
    await waitFor(() => expect(titles()).toEqual(['Maquettes']));
    await user.clear(search);
    await user.type(search, 'dupre');
    await waitFor(() => expect(titles()).toEqual(['Rédaction', 'Devis imprimeur']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priorité' }), 'haute');
    expect(await screen.findByText('Aucune tâche à afficher.')).toBeInTheDocument();
  });

  it('loads once, without parameters', async () => {
    const { user } = await openList();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'en_attente');
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'a');
    const taskRequests = mock.history.get.filter((r) => r.url === 'tasks/');
    expect(taskRequests).toHaveLength(1);
    expect(taskRequests[0].params).toBeUndefined();
  });

  it('sorts by priority and due date on header clicks', async () => {
    const { user } = await openList();
    await user.click(screen.getByRole('button', { name: /Priorité/ }));
    expect(titles()[0]).toBe('Maquettes');
    await user.click(screen.getByRole('button', { name: /Échéance/ }));
    expect(titles()[0]).toBe('Maquettes');
    await user.click(screen.getByRole('button', { name: /Échéance/ }));
    // Tasks without a date stay last in both directions.
    expect(titles()[0]).toBe('Maquettes');
  });

  it('stays fluid with 20,000 tasks: only the visible rows are rendered, filters still apply to all', async () => {
    const many = Array.from({ length: 20000 }, (_, i) =>
      makeTask({
        id: i + 1,
        title: `Tâche ${i + 1}`,
        project: i % 2 ? { id: 11, name: 'Catalogue' } : null,
        created_at: new Date(Date.UTC(2024, 0, 1) + i * 60000).toISOString(),
      }),
    );
    mock.onGet('tasks/').reply(200, many);
    const { user } = await openList();
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '20001');
    expect(bodyRows().filter((r) => r.getAttribute('data-index') !== null).length).toBeLessThan(100);
    expect(titles()[0]).toBe('Tâche 20000');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Projet' }), 'Catalogue');
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '10001');
    expect(screen.getByText(/^10\s000 tâches$/)).toBeInTheDocument();
  }, 30000);
});
