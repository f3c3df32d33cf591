import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import type { Project } from '@/shared/contracts/projects';
import { pagedReply, pageRequests, type PagedListRules } from '@/client/test/paged-list';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';
import { makeProject, makeTask } from '@/client/kit/__tests__/workflow-fixtures';
import { PROJECT_PAGE_RULES } from '@/client/kit/__tests__/workflow-server';

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

/** contacts/ by pages as the server answers the pickers (issue 29): searched, by name. */
const CONTACT_OPTION_RULES: PagedListRules<(typeof CONTACTS)[number]> = {
  searchText: (c) => [c.name, c.email, c.company],
  orderings: { name: (c) => c.name },
};

const body = (request: { data?: string }) => JSON.parse(request.data ?? '{}');

describe('task page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    serveProjects(PROJECTS);
    mock.onGet('contacts/').reply((config) => pagedReply(CONTACTS, config, CONTACT_OPTION_RULES));
    // The time entries panel (issue 28): none, no timer running (a test may answer otherwise).
    mock.onGet('time-entries/running/').reply(200, { running: null });
    mock.onGet('time-entries/').reply(200, []);
  });
  afterEach(() => mock.restore());

  /** projects/ by pages as the server answers them (issue 29), and each project on its own. */
  function serveProjects(projects: Project[]) {
    mock.onGet('projects/').reply((config) => pagedReply(projects, config, PROJECT_PAGE_RULES));
    mock.onGet(/^projects\/\d+\/$/).reply((config) => {
      const project = projects.find((p) => `projects/${p.id}/` === config.url);
      return project ? [200, project] : [404, { detail: 'Pas trouvé.' }];
    });
  }

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

  it('times the task with a server-side entry: the header shows it on every page, stopping it refreshes the actual time (issue 28)', async () => {
    let running: object | null = null;
    const entry = { id: 40, task: { id: 7, title: 'Maquettes' }, project: null, ended_at: null, duration_seconds: 0, note: '', billable: true, invoice: null, locked: false };
    mock.onGet('time-entries/running/').reply(() => [200, { running }]);
    mock.onGet('time-entries/').reply(() => [200, running ? [running] : []]);
    mock.onPost('time-entries/start/').reply(() => {
      running = { ...entry, started_at: new Date(Date.now() - 20 * 60 * 1000).toISOString() };
      return [201, running];
    });
    mock.onPost('time-entries/stop/').reply(() => {
      const stopped = { ...running, ended_at: new Date().toISOString(), duration_seconds: 1200 };
      running = null;
      mock.onGet('tasks/7/').reply(200, { ...TASK, actual_time: 1.83 });
      return [200, stopped];
    });
    const { user } = await openTask();
    expect(await screen.findByText('Aucune saisie de temps pour cette tâche.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Démarrer le chronomètre' }));
    const header = await screen.findByRole('group', { name: 'Chronomètre en cours' });
    await waitFor(() => expect(within(header).getByRole('timer', { name: 'Temps écoulé sur « Maquettes »' }).textContent).toMatch(/^0:2\d:\d\d$/));
    expect(body(mock.history.post.find((r) => r.url === 'time-entries/start/')!)).toEqual({ task_id: 7 });
    await user.click(within(header).getByRole('button', { name: 'Arrêter le chronomètre de « Maquettes »' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Chronomètre en cours' })).not.toBeInTheDocument());
    // The exact time, never rounded when recorded: the task's actual time is the sum of its entries.
    await waitFor(() => expect(screen.getByLabelText('Temps réel (heures)')).toHaveValue('1,83'));
    expect(mock.history.put).toHaveLength(0);
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

  it('says what a task without a rate of its own is billed at: its project’s rate, else its only client’s (issue 28)', async () => {
    const rateHint = () => screen.getByRole('textbox', { name: /^Tarif horaire/ }).getAttribute('aria-describedby') ?? '';
    const hintText = () => rateHint().split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    serveProjects([
      makeProject({ id: 10, name: 'Site vitrine', hourly_rate: 90 }),
      makeProject({ id: 11, name: 'Catalogue', hourly_rate: 0, contacts: [{ id: 6, name: 'Imprimerie Dupré' }] }),
    ]);
    mock.onGet('contacts/6/').reply(200, { ...CONTACTS[1], hourly_rate: 62.5 });
    const { user } = await openTask({ ...TASK, hourly_rate: 0, cost: 0 });
    await waitFor(() => expect(hintText().replace(/\s/g, ' ')).toContain('Sans tarif propre : 90,00 € de l’heure, le tarif du projet « Site vitrine ».'));

    // Another project without a rate: its only client's.
    await user.selectOptions(screen.getByRole('combobox', { name: /^Projet/ }), 'Catalogue');
    await waitFor(() => expect(hintText().replace(/\s/g, ' ')).toContain('Sans tarif propre : 62,50 € de l’heure, le tarif du client « Imprimerie Dupré ».'));

    // A rate of its own: nothing inherited to say.
    const rate = screen.getByRole('textbox', { name: /^Tarif horaire/ });
    await user.clear(rate);
    await user.type(rate, '70');
    expect(hintText()).not.toContain('Sans tarif propre');
  });

  it('searches the projects and contacts on the server, 20 at a time, and keeps the task’s project and contacts named outside the page (issue 29)', async () => {
    // 30 projects and 30 contacts: the task's are outside the first 20 by name.
    const projects = [
      ...Array.from({ length: 30 }, (_, i) => makeProject({ id: 100 + i, name: `Atelier ${String(i + 1).padStart(2, '0')}` })),
      makeProject({ id: 10, name: 'Site vitrine' }),
    ];
    const contacts = [
      ...Array.from({ length: 30 }, (_, i) => ({ ...CONTACTS[0], id: 200 + i, name: `Agence ${String(i + 1).padStart(2, '0')}` })),
      { ...CONTACTS[0], id: 5, name: 'Zoé Martin' },
    ];
    serveProjects(projects);
    mock.onGet('contacts/').reply((config) => pagedReply(contacts, config, CONTACT_OPTION_RULES));
    mock.onGet('tasks/7/').reply(200, { ...TASK, contacts: [{ id: 5, name: 'Zoé Martin' }] });
    const { user } = renderApp({ route: '/tasks/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Maquettes' });
    await screen.findByRole('option', { name: 'Atelier 20' });

    const projectSelect = screen.getByRole('combobox', { name: 'Projet concerné' });
    // The first 20 by name, and the task's own project listed first, though outside the page.
    expect(within(projectSelect).getAllByRole('option').map((o) => o.textContent).slice(0, 3)).toEqual(['— Aucun projet', 'Site vitrine', 'Atelier 01']);
    expect(within(projectSelect).queryByRole('option', { name: 'Atelier 21' })).toBeNull();
    expect(projectSelect).toHaveValue('10');
    expect(pageRequests(mock.history.get, 'projects/')).toEqual([{ ordering: 'name', page_size: 20 }]);
    expect(pageRequests(mock.history.get, 'contacts/')).toEqual([{ page_size: 20 }]);
    expect(mock.history.get.filter((r) => (r.url === 'projects/' || r.url === 'contacts/') && r.params?.page_size === undefined)).toEqual([]);
    expect(screen.getAllByText('20 sur 31 listés : précisez la recherche pour trouver les autres.')).toHaveLength(2);

    // « Afficher la suite »: the next 20 projects, with the cursor.
    await user.click(within(projectSelect.closest('div')!.parentElement!).getByRole('button', { name: 'Afficher la suite' }));
    await screen.findByRole('option', { name: 'Atelier 21' });
    expect(pageRequests(mock.history.get, 'projects/').at(-1)).toEqual({ ordering: 'name', page_size: 20, cursor: 'o20' });

    // A search sent once typing pauses; the chosen project stays listed and its chip named.
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un projet' }), 'atelier 07');
    await waitFor(() => expect(within(projectSelect).getAllByRole('option').map((o) => o.textContent)).toEqual(['— Aucun projet', 'Site vitrine', 'Atelier 07']));
    expect(pageRequests(mock.history.get, 'projects/').at(-1)).toEqual({ search: 'atelier 07', ordering: 'name', page_size: 20 });
    await user.selectOptions(projectSelect, 'Atelier 07');
    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher un projet' }));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un projet' }), 'vitrine');
    await waitFor(() => expect(within(projectSelect).getAllByRole('option').map((o) => o.textContent)).toEqual(['— Aucun projet', 'Atelier 07', 'Site vitrine']));
    expect(within(screen.getByRole('list', { name: 'Projet sélectionné' })).getByRole('link', { name: 'Atelier 07' })).toHaveAttribute('href', '/projects/106');

    // The contacts: the task's own named though outside the page, another found by the search.
    const chosen = screen.getByRole('list', { name: 'Contacts concernés sélectionnés' });
    expect(within(chosen).getByRole('link', { name: 'Zoé Martin' })).toHaveAttribute('href', '/contacts/5');
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un contact' }), 'agence 25');
    await screen.findByRole('option', { name: 'Agence 25' });
    expect(pageRequests(mock.history.get, 'contacts/').at(-1)).toEqual({ search: 'agence 25', page_size: 20 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ajouter un contact' }), 'Agence 25');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(within(chosen).getByRole('link', { name: 'Agence 25' })).toHaveAttribute('href', '/contacts/224');
  });
});
