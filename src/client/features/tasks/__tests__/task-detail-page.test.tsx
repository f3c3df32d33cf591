import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';
import { makeProject, makeTask } from '@/client/kit/__tests__/workflow-fixtures';
import { timerStorageKey } from '../task-timer';

const CONTACTS = [
  { id: 5, name: 'Agence Bleue', email: 'a@x.fr', phone: '', company: '', category: 'client' },
  { id: 6, name: 'Imprimerie Dupré', email: 'i@x.fr', phone: '', company: '', category: 'client' },
];
const PROJECTS = [makeProject({ id: 10, name: 'Site vitrine' }), makeProject({ id: 11, name: 'Catalogue' })];
const TASK = makeTask({
  id: 7,
  title: 'Maquettes',
  description: 'Accueil et contact',
  status: 'en_cours',
  status_display: 'En cours',
  priority: 'haute',
  due_date: '2026-03-31',
  project: { id: 10, name: 'Site vitrine' },
  contacts: [{ id: 5, name: 'Agence Bleue' }],
  estimated_time: 2.25,
  actual_time: 1.5,
  billable: true,
  hourly_rate: 45.5,
  cost: 68.25,
});

const body = (request: { data?: string }) => JSON.parse(request.data ?? '{}');

describe('task page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('projects/').reply(200, PROJECTS);
    mock.onGet('contacts/').reply(200, CONTACTS);
  });
  afterEach(() => mock.restore());

  async function openTask(task = TASK) {
    mock.onGet(`tasks/${task.id}/`).reply(200, task);
    const utils = renderApp({ route: `/tasks/${task.id}`, preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: task.title });
    await screen.findByRole('option', { name: 'Catalogue' });
    return utils;
  }

  it('shows the three sections with the task, chips linking to the project and contacts', async () => {
    await openTask();
    for (const name of ['Général', 'Suivi du temps', 'Facturation']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByLabelText(/^Titre/)).toHaveValue('Maquettes');
    expect(screen.getByRole('combobox', { name: 'Statut' })).toHaveValue('en_cours');
    expect(within(screen.getByRole('combobox', { name: 'Statut' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Brouillon',
      'En attente',
      'En cours',
      'Terminée',
    ]);
    expect(screen.getByLabelText('Date limite')).toHaveValue('2026-03-31');
    expect(screen.getByRole('combobox', { name: 'Projet concerné' })).toHaveValue('10');
    expect(screen.getByRole('link', { name: 'Site vitrine' })).toHaveAttribute('href', '/projects/10');
    expect(screen.getByRole('link', { name: 'Agence Bleue' })).toHaveAttribute('href', '/contacts/5');
    const estimated = screen.getByLabelText('Temps estimé (heures)');
    // Typed the French way in any browser language (issue 18): text fields, shown formatted.
    expect(estimated).toHaveValue('2,25');
    expect(estimated).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText('Tarif horaire (€)')).toHaveValue('45,50');
    expect(screen.getByRole('checkbox', { name: 'Facturable' })).toBeChecked();
    const cost = screen.getByLabelText('Coût total');
    expect(cost).toHaveAttribute('readonly');
    expect((cost as HTMLInputElement).value).toMatch(/^68,25\s€$/);
    expect(screen.getByRole('link', { name: 'Retour' })).toHaveAttribute('href', '/dashboard');
  });

  it('sends every field on save and refreshes the cost from the response', async () => {
    mock.onPut('tasks/7/').reply(200, { ...TASK, actual_time: 3, project: { id: 11, name: 'Catalogue' }, contacts: [{ id: 5, name: 'Agence Bleue' }, { id: 6, name: 'Imprimerie Dupré' }], cost: 136.5 });
    const { user } = await openTask();
    const actual = screen.getByLabelText('Temps réel (heures)');
    await user.clear(actual);
    await user.type(actual, '3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Projet concerné' }), 'Catalogue');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ajouter un contact' }), 'Imprimerie Dupré');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Tâche mise à jour avec succès.')).toBeInTheDocument();
    expect(body(mock.history.put[0])).toEqual({
      title: 'Maquettes',
      description: 'Accueil et contact',
      status: 'en_cours',
      priority: 'haute',
      due_date: '2026-03-31',
      project_id: 11,
      contact_ids: [5, 6],
      estimated_time: 2.25,
      actual_time: 3,
      start_time: null,
      end_time: null,
      billable: true,
      hourly_rate: 45.5,
      bill_reference: '',
      payment_status: 'unpaid',
    });
    await waitFor(() => expect((screen.getByLabelText('Coût total') as HTMLInputElement).value).toMatch(/^136,50\s€$/));
  });

  it('shows server errors with the French labels', async () => {
    mock.onPut('tasks/7/').reply(400, { hourly_rate: ['Un nombre valide est requis.'], project_id: ['Clé primaire « 3 » non valide.'] });
    const { user } = await openTask();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erreur lors de la mise à jour de la tâche.');
    expect(alert).toHaveTextContent('Tarif horaire : Un nombre valide est requis. | Projet concerné : Clé primaire « 3 » non valide.');
  });

  it('checks the title and the hours before sending', async () => {
    const { user } = await openTask();
    await user.clear(screen.getByLabelText(/^Titre/));
    await user.clear(screen.getByLabelText('Temps estimé (heures)'));
    await user.type(screen.getByLabelText('Temps estimé (heures)'), '-1');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le titre est requis.')).toBeInTheDocument();
    expect(screen.getByText(/Saisissez un nombre d’heures positif ou nul/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Titre/)).toHaveFocus();
    expect(mock.history.put).toHaveLength(0);
  });

  it('adds the timed work to the actual time, in quarter hours rounded up, kept across reloads', async () => {
    // A timer started 20 minutes ago, before a reload.
    window.localStorage.setItem(timerStorageKey(7), new Date(Date.now() - 20 * 60 * 1000).toISOString());
    mock.onPut('tasks/7/').reply((config) => [200, { ...TASK, actual_time: JSON.parse(config.data).actual_time, cost: 91 }]);
    const { user } = await openTask();
    expect(screen.getByRole('timer', { name: 'Temps chronométré' }).textContent).toMatch(/^00:2\d:\d\d$/);
    await user.click(screen.getByRole('button', { name: 'Arrêter et ajouter le temps' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(body(mock.history.put[0])).toEqual({ actual_time: 2 });
    await waitFor(() => expect(screen.getByLabelText('Temps réel (heures)')).toHaveValue('2'));
    expect((screen.getByLabelText('Coût total') as HTMLInputElement).value).toMatch(/^91,00\s€$/);
    expect(window.localStorage.getItem(timerStorageKey(7))).toBeNull();
    expect(screen.getByRole('button', { name: 'Démarrer le chronomètre' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Démarrer le chronomètre' }));
    expect(window.localStorage.getItem(timerStorageKey(7))).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Arrêter et ajouter le temps' })).toBeInTheDocument();
  });

  it('keeps the timer running when the server refuses the time', async () => {
    window.localStorage.setItem(timerStorageKey(7), new Date(Date.now() - 60 * 1000).toISOString());
    mock.onPut('tasks/7/').reply(500);
    const { user } = await openTask();
    await user.click(screen.getByRole('button', { name: 'Arrêter et ajouter le temps' }));
    expect(await screen.findByText('Erreur lors de la mise à jour de la tâche.')).toBeInTheDocument();
    expect(window.localStorage.getItem(timerStorageKey(7))).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Arrêter et ajouter le temps' })).toBeInTheDocument();
  });

  it('deletes after the SPEC confirmation and goes to the dashboard', async () => {
    mock.onDelete('tasks/7/').reply(204);
    const { user } = await openTask();
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Voulez-vous vraiment supprimer cette tâche ?');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });

  it("says 'Erreur lors de la suppression.' when deletion fails", async () => {
    mock.onDelete('tasks/7/').reply(500);
    const { user } = await openTask();
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Erreur lors de la suppression.')).toBeInTheDocument();
    expect(currentPath()).toBe('/tasks/7');
  });

  it('shows the dedicated not-found state on a 404', async () => {
    mock.onGet('tasks/404/').reply(404, { detail: 'Pas trouvé.' });
    renderApp({ route: '/tasks/404', preloadedState: signedIn });
    expect(await screen.findByText("La tâche que vous recherchez n'existe plus ou a été supprimée.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour au tableau de bord' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows the load error for other failures', async () => {
    mock.onGet('tasks/8/').reply(500);
    renderApp({ route: '/tasks/8', preloadedState: signedIn });
    expect(await screen.findByText('Erreur lors du chargement de la tâche.')).toBeInTheDocument();
  });

  it('creates a task from /tasks/new (project preselected from the query) and opens it', async () => {
    mock.onPost('tasks/').reply(201, { ...TASK, id: 21, title: 'Nouvelle maquette' });
    mock.onGet('tasks/21/').reply(200, { ...TASK, id: 21, title: 'Nouvelle maquette' });
    const { user } = renderApp({ route: '/tasks/new?project_id=11', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Nouvelle tâche' });
    await screen.findByRole('option', { name: 'Catalogue' });
    expect(screen.getByRole('combobox', { name: 'Projet concerné' })).toHaveValue('11');
    expect(screen.queryByRole('button', { name: 'Démarrer le chronomètre' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Titre/), 'Nouvelle maquette');
    await user.click(screen.getByRole('button', { name: 'Créer la tâche' }));
    await waitFor(() => expect(currentPath()).toBe('/tasks/21'));
    expect(body(mock.history.post[0])).toMatchObject({ title: 'Nouvelle maquette', project_id: 11, status: 'en_attente', contact_ids: [] });
  });
});
