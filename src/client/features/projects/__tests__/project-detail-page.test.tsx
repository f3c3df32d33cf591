import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';
import { makeProject, makeTask } from '@/client/kit/__tests__/workflow-fixtures';
import { PROJECT_FIELD_LABELS } from '@/shared/projects-tasks';

const CONTACTS = [
  { id: 5, name: 'Agence Bleue', email: 'a@x.fr', phone: '', company: '', category: 'client' },
  { id: 6, name: 'Boulangerie Aubert', email: 'b@x.fr', phone: '', company: '', category: 'client' },
  { id: 7, name: 'Zoé Prospect', email: 'z@x.fr', phone: '', company: '', category: 'prospect' },
];

const PROJECT = makeProject({
  id: 12,
  name: 'Site vitrine',
  description: 'Cinq pages',
  contacts: [{ id: 5, name: 'Agence Bleue' }],
  status: 'en_cours',
  status_display: 'En cours',
  priority: 'haute',
  start_date: '2026-01-05',
  budget: 1500.5,
  revenue: 0,
});

const body = (request: { data?: string }) => JSON.parse(request.data ?? '{}');

describe('project page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('contacts/').reply(200, CONTACTS);
  });
  afterEach(() => mock.restore());

  describe('creation (/projects/new)', () => {
    async function openNew() {
      const utils = renderApp({ route: '/projects/new', preloadedState: signedIn });
      await screen.findByRole('heading', { level: 1, name: 'Nouveau projet' });
      await screen.findByRole('option', { name: 'Agence Bleue' });
      return utils;
    }

    it('requires a name and rejects a negative budget, sending nothing', async () => {
      const { user } = await openNew();
      await user.type(screen.getByLabelText('Budget (€)'), '-5');
      await user.click(screen.getByRole('button', { name: 'Créer le projet' }));
      expect(await screen.findByText('Le nom du projet est requis.')).toBeInTheDocument();
      expect(screen.getByText(/Saisissez un montant positif ou nul/)).toBeInTheDocument();
      expect(screen.getByLabelText(/Nom du projet/)).toHaveFocus();
      expect(mock.history.post).toHaveLength(0);
      // No task panel before the project exists.
      expect(screen.queryByRole('heading', { name: 'Tâches associées' })).not.toBeInTheDocument();
    });

    it('refuses an end date or a deadline before the start, under each field, sending nothing (issue 28)', async () => {
      const { user } = await openNew();
      await user.type(screen.getByLabelText(/Nom du projet/), 'Refonte');
      fireEvent.change(screen.getByLabelText(PROJECT_FIELD_LABELS.start_date), { target: { value: '2026-12-10' } });
      fireEvent.change(screen.getByLabelText(PROJECT_FIELD_LABELS.due_date), { target: { value: '2026-12-01' } });
      fireEvent.change(screen.getByLabelText(PROJECT_FIELD_LABELS.completed_date), { target: { value: '2026-12-09' } });
      await user.click(screen.getByRole('button', { name: 'Créer le projet' }));
      expect(await screen.findByText('L’échéance ne peut pas précéder la date de début.')).toBeInTheDocument();
      expect(screen.getByText('La date de fin ne peut pas précéder la date de début.')).toBeInTheDocument();
      expect(screen.getByLabelText(PROJECT_FIELD_LABELS.due_date)).toHaveFocus();
      expect(mock.history.post).toHaveLength(0);
    });

    it('creates with two clients, null empty dates and numbers, then opens the new project', async () => {
      mock.onPost('projects/').reply(201, { ...PROJECT, id: 44 });
      mock.onGet('projects/44/').reply(200, { ...PROJECT, id: 44 });
      mock.onGet('projects/44/tasks/').reply(200, []);
      const { user } = await openNew();
      await user.type(screen.getByLabelText(/Nom du projet/), '  Site vitrine ');
      const add = screen.getByRole('combobox', { name: 'Ajouter un client' });
      await user.selectOptions(add, 'Boulangerie Aubert');
      await user.click(screen.getByRole('button', { name: 'Ajouter' }));
      await user.selectOptions(add, 'Agence Bleue');
      await user.click(screen.getByRole('button', { name: 'Ajouter' }));
      // A chosen client leaves the select and shows as a chip linking to the contact.
      expect(within(add).queryByRole('option', { name: 'Agence Bleue' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Boulangerie Aubert' })).toHaveAttribute('href', '/contacts/6');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'en_cours');
      await user.type(screen.getByLabelText('Budget (€)'), '1500.5');
      await user.type(screen.getByLabelText('Échéance'), '2026-06-30');
      await user.click(screen.getByRole('button', { name: 'Créer le projet' }));

      expect(await screen.findByText('Projet créé avec succès !')).toBeInTheDocument();
      expect(body(mock.history.post[0])).toEqual({
        name: 'Site vitrine',
        description: '',
        contact_ids: [6, 5],
        status: 'en_cours',
        priority: 'normale',
        start_date: null,
        due_date: '2026-06-30',
        completed_date: null,
        budget: 1500.5,
        revenue: 0,
        hourly_rate: 0,
      });
      await waitFor(() => expect(currentPath()).toBe('/projects/44'));
      expect(await screen.findByRole('heading', { name: 'Tâches associées' })).toBeInTheDocument();
    });

    it("joins server errors as 'field : message' with ' | '", async () => {
      mock.onPost('projects/').reply(400, {
        name: ['Assurez-vous que ce champ comporte au plus 200 caractères.'],
        contact_ids: ['Clé primaire « 9 » non valide.'],
      });
      const { user } = await openNew();
      await user.type(screen.getByLabelText(/Nom du projet/), 'X');
      await user.click(screen.getByRole('button', { name: 'Créer le projet' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent("Erreur lors de l'enregistrement du projet.");
      expect(alert).toHaveTextContent(
        'Nom : Assurez-vous que ce champ comporte au plus 200 caractères. | Clients : Clé primaire « 9 » non valide.',
      );
      expect(currentPath()).toBe('/projects/new');
    });
  });

  describe('edition (/projects/{id})', () => {
    const TASKS = [
      makeTask({ id: 1, title: 'Maquettes', status: 'en_cours', status_display: 'En cours', project: { id: 12, name: 'Site vitrine' } }),
      makeTask({ id: 2, title: 'Rédaction', project: { id: 12, name: 'Site vitrine' } }),
    ];

    async function openProject() {
      mock.onGet('projects/12/').reply(200, PROJECT);
      mock.onGet('projects/12/tasks/').reply(200, TASKS);
      const utils = renderApp({ route: '/projects/12', preloadedState: signedIn });
      await screen.findByRole('heading', { level: 1, name: 'Site vitrine' });
      await screen.findByRole('link', { name: 'Maquettes' });
      return utils;
    }

    it('fills the form and updates with the whole payload', async () => {
      mock.onPut('projects/12/').reply(200, { ...PROJECT, revenue: 200 });
      const { user } = await openProject();
      expect(screen.getByLabelText(/Nom du projet/)).toHaveValue('Site vitrine');
      expect(screen.getByRole('combobox', { name: 'Priorité' })).toHaveValue('haute');
      expect(screen.getByLabelText('Date de début')).toHaveValue('2026-01-05');
      expect(screen.getByLabelText('Budget (€)')).toHaveValue('1\u202f500,50');
      expect(screen.getByRole('link', { name: 'Retour' })).toHaveAttribute('href', '/dashboard');
      await user.type(screen.getByLabelText('Revenu (€)'), '200');
      await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
      expect(await screen.findByText('Projet mis à jour avec succès !')).toBeInTheDocument();
      expect(body(mock.history.put[0])).toMatchObject({ name: 'Site vitrine', contact_ids: [5], revenue: 200, budget: 1500.5, due_date: null });
    });

    it('adds a task from the panel with project_id, default status en_attente', async () => {
      mock.onPost('tasks/').reply(201, makeTask({ id: 3, title: 'Relecture', project: { id: 12, name: 'Site vitrine' } }));
      const { user } = await openProject();
      const panel = screen.getByRole('region', { name: 'Tâches associées' });
      await user.click(within(panel).getByRole('button', { name: 'Ajouter la tâche' }));
      expect(within(panel).getByText('Le titre de la tâche est requis.')).toBeInTheDocument();
      expect(mock.history.post).toHaveLength(0);

      expect(within(panel).getByRole('combobox', { name: 'Statut' })).toHaveValue('en_attente');
      expect(within(within(panel).getByRole('combobox', { name: 'Statut' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Brouillon',
        'En attente',
        'En cours',
      ]);
      mock.onGet('projects/12/tasks/').reply(200, [...TASKS, makeTask({ id: 3, title: 'Relecture' })]);
      await user.type(within(panel).getByLabelText(/Titre de la tâche/), 'Relecture');
      await user.click(within(panel).getByRole('button', { name: 'Ajouter la tâche' }));
      expect(await within(panel).findByRole('link', { name: 'Relecture' })).toHaveAttribute('href', '/tasks/3');
      expect(body(mock.history.post[0])).toEqual({ title: 'Relecture', due_date: null, status: 'en_attente', project_id: 12 });
      expect(within(panel).getByLabelText(/Titre de la tâche/)).toHaveValue('');
    });

    it("changes a task's status and deletes a task after 'Supprimer cette tâche ?'", async () => {
      const { user } = await openProject();
      // The server's state: the panel refetches it after each change.
      let stored = TASKS;
      mock.onGet('projects/12/tasks/').reply(() => [200, stored]);
      mock.onPut('tasks/1/').reply(() => {
        stored = [{ ...TASKS[0], status: 'termine', status_display: 'Terminée' }, TASKS[1]];
        return [200, stored[0]];
      });
      mock.onDelete('tasks/2/').reply(() => {
        stored = stored.filter((t) => t.id !== 2);
        return [204];
      });
      const status = screen.getByRole('combobox', { name: 'Statut de la tâche Maquettes' });
      await user.selectOptions(status, 'termine');
      expect(status).toHaveValue('termine');
      await waitFor(() => expect(mock.history.put).toHaveLength(1));
      expect(body(mock.history.put[0])).toEqual({ status: 'termine' });

      await user.click(screen.getByRole('button', { name: 'Supprimer la tâche Rédaction' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent('Supprimer cette tâche ?');
      await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
      await waitFor(() => expect(screen.queryByRole('link', { name: 'Rédaction' })).not.toBeInTheDocument());
      expect(mock.history.delete.map((r) => r.url)).toEqual(['tasks/2/']);
      expect(status).toHaveValue('termine');
    });

    it('only logs panel errors', async () => {
      mock.onPut('tasks/1/').reply(500);
      const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const { user } = await openProject();
      const status = screen.getByRole('combobox', { name: 'Statut de la tâche Maquettes' });
      await user.selectOptions(status, 'brouillon');
      await waitFor(() => expect(spy).toHaveBeenCalledWith('Tâches du projet : changement de statut', expect.anything()));
      // The optimistic change is undone, and no message is shown.
      await waitFor(() => expect(status).toHaveValue('en_cours'));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      spy.mockRestore();
    });

    it('deletes the project after the SPEC confirmation and goes to /projects', async () => {
      mock.onDelete('projects/12/').reply(204);
      mock.onGet('projects/').reply(200, []);
      const { user } = await openProject();
      await user.click(screen.getByRole('button', { name: 'Supprimer' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent('Voulez-vous vraiment supprimer ce projet ? Cette action est irréversible.');
      await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
      expect(mock.history.delete).toHaveLength(0);
      await user.click(screen.getByRole('button', { name: 'Supprimer' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
      await waitFor(() => expect(currentPath()).toBe('/projects'));
    });

    it('reports a failed deletion', async () => {
      mock.onDelete('projects/12/').reply(500);
      const { user } = await openProject();
      await user.click(screen.getByRole('button', { name: 'Supprimer' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
      expect(await screen.findByText('Erreur lors de la suppression du projet.')).toBeInTheDocument();
      expect(currentPath()).toBe('/projects/12');
    });

    it("goes back to the list with 'Impossible de charger le projet.' when loading fails", async () => {
      mock.onGet('projects/99/').reply(404, { detail: 'Pas trouvé.' });
      mock.onGet('projects/').reply(200, []);
      renderApp({ route: '/projects/99', preloadedState: signedIn });
      expect(await screen.findByText('Impossible de charger le projet.')).toBeInTheDocument();
      await waitFor(() => expect(currentPath()).toBe('/projects'));
    });
  });
});
