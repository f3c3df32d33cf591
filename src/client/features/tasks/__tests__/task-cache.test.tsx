import { screen, waitFor, within } from '@testing-library/react';
import { makeProject, makeTask } from '@/client/kit/__tests__/workflow-fixtures';
import { JOURNEY_TIMEOUT, sharedStoreVisits } from '@/client/test/shared-store-visits';
import { makeContact, serveWorkflow } from '@/client/kit/__tests__/workflow-server';

const AGENCE = { id: 5, name: 'Agence Bleue' };
const SITE = { id: 10, name: 'Site vitrine' };
const DATA = {
  contacts: [makeContact(AGENCE)],
  projects: [makeProject({ ...SITE, status: 'en_cours', status_display: 'En cours', contacts: [AGENCE] })],
  tasks: [
    makeTask({ id: 1, title: 'Maquettes', status: 'en_cours', status_display: 'En cours', project: SITE, contacts: [AGENCE] }),
    makeTask({ id: 2, title: 'Relecture', project: SITE, contacts: [AGENCE] }),
  ],
};

/** Every screen listing tasks 1 and 2: where, and the part of the page holding the list. */
const TASK_LISTS = {
  '/dashboard': () => screen.findByRole('region', { name: 'Prochaines tâches' }),
  '/tasks': () => screen.findByRole('table'),
  '/projects/10': () => screen.findByRole('region', { name: 'Tâches associées' }),
  '/contacts/5': () => screen.findByRole('region', { name: 'Tâches' }),
};
type TaskList = keyof typeof TASK_LISTS;
const EVERY_LIST = Object.keys(TASK_LISTS) as TaskList[];

describe('the task cache', () => {
  const visits = sharedStoreVisits((mock) => serveWorkflow(mock, DATA));
  const { visit } = visits;

  /** The task titles a screen lists, once it shows task 2 (there in every list, throughout). */
  async function titlesOn(route: TaskList) {
    visit(route);
    const list = await TASK_LISTS[route]();
    await within(list).findByRole('link', { name: 'Relecture' });
    return within(list)
      .getAllByRole('link')
      .map((link) => link.textContent);
  }

  async function everyListShows(title: string, lists: TaskList[] = EVERY_LIST) {
    for (const route of lists) expect({ route, titles: await titlesOn(route) }).toEqual({ route, titles: expect.arrayContaining([title]) });
  }

  async function noListShows(title: string) {
    for (const route of EVERY_LIST) expect({ route, titles: await titlesOn(route) }).toEqual({ route, titles: expect.not.arrayContaining([title]) });
  }

  it("shows a task's change on every screen that lists it, and refetches nothing else", async () => {
    // Each list is loaded once, then cached: coming back to a screen asks the server again only
    // if a change made its cache stale.
    await everyListShows('Maquettes');
    const figures = visits.server.gets('quotes/pending_sum/');

    const { user } = visit('/tasks/1');
    const titleField = await screen.findByLabelText(/^Titre/);
    await user.clear(titleField);
    await user.type(titleField, 'Maquettes validées');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Tâche mise à jour avec succès.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Maquettes validées' })).toBeInTheDocument();

    await everyListShows('Maquettes validées');
    await noListShows('Maquettes');
    // The dashboard's figures do not depend on tasks: still the first answer.
    expect(visits.server.gets('quotes/pending_sum/')).toBe(figures);
  }, JOURNEY_TIMEOUT);

  it("shows a task created from a contact's page, and one deleted from a project's panel, on every list", async () => {
    await everyListShows('Maquettes');

    const { user } = visit('/contacts/5');
    const form = await screen.findByRole('form', { name: 'Ajouter une tâche' });
    await user.type(within(form).getByLabelText(/^Titre de la tâche/), 'Appeler Agence Bleue');
    await user.click(within(form).getByRole('button', { name: 'Ajouter la tâche' }));
    expect(await within(screen.getByRole('region', { name: 'Tâches' })).findByRole('link', { name: 'Appeler Agence Bleue' })).toBeInTheDocument();
    // It has no project: every other list shows it.
    await everyListShows('Appeler Agence Bleue', ['/dashboard', '/tasks', '/contacts/5']);

    const panel = visit('/projects/10');
    await panel.user.click(await screen.findByRole('button', { name: 'Supprimer la tâche Maquettes' }));
    await panel.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Maquettes' })).not.toBeInTheDocument());

    await noListShows('Maquettes');
    expect(visits.server.data.tasks.map((t) => t.title)).toEqual(['Appeler Agence Bleue', 'Relecture']);
  }, JOURNEY_TIMEOUT);
});
