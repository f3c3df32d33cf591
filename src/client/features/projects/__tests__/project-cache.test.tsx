import { screen, waitFor, within } from '@testing-library/react';
import type { Project } from '@/shared/contracts/projects';
import { currentPath } from '@/client/test/render';
import { makeProject, makeTask } from '@/client/kit/__tests__/workflow-fixtures';
import { JOURNEY_TIMEOUT, sharedStoreVisits } from '@/client/test/shared-store-visits';
import { makeContact, serveWorkflow } from '@/client/kit/__tests__/workflow-server';

const AGENCE = { id: 5, name: 'Agence Bleue' };
const SITE = { id: 10, name: 'Site vitrine' };
const ongoing: Partial<Project> = { status: 'en_cours', status_display: 'En cours', contacts: [AGENCE] };
const DATA = {
  contacts: [makeContact(AGENCE)],
  projects: [makeProject({ ...SITE, ...ongoing }), makeProject({ id: 11, name: 'Catalogue', ...ongoing })],
  tasks: [makeTask({ id: 1, title: 'Maquettes', status: 'en_cours', status_display: 'En cours', project: SITE, contacts: [AGENCE] })],
};

/**
 * Every place that shows project 10's name: its screen, the part of the page, and what that part
 * always shows once loaded (project 11 or task 1).
 */
const PROJECT_VIEWS = [
  { route: '/projects', part: () => screen.findByRole('table'), loaded: 'Catalogue' },
  { route: '/dashboard', part: () => screen.findByRole('region', { name: 'Projets en cours' }), loaded: 'Catalogue' },
  // Task rows name their project.
  { route: '/dashboard', part: () => screen.findByRole('region', { name: 'Prochaines tâches' }), loaded: 'Maquettes' },
  { route: '/tasks', part: () => screen.findByRole('table'), loaded: 'Maquettes' },
  { route: '/tasks', part: () => screen.findByRole('combobox', { name: 'Projet' }), loaded: 'Catalogue' },
  { route: '/tasks/1', part: () => screen.findByRole('main'), loaded: 'Catalogue' },
  { route: '/contacts/5', part: () => screen.findByRole('region', { name: 'Projets' }), loaded: 'Catalogue' },
];

describe('the project cache', () => {
  const visits = sharedStoreVisits((mock) => serveWorkflow(mock, DATA));
  const { visit } = visits;

  /** What each place shows, once loaded. */
  async function everyView() {
    const shown: { route: string; text: string }[] = [];
    for (const view of PROJECT_VIEWS) {
      visit(view.route);
      const part = await view.part();
      await within(part).findAllByText(view.loaded);
      shown.push({ route: view.route, text: part.textContent ?? '' });
    }
    return shown;
  }

  async function openProject() {
    const utils = visit('/projects/10');
    await screen.findByRole('link', { name: 'Maquettes' });
    return utils;
  }

  it("shows a project's new name, then its deletion, everywhere it appeared, and refetches nothing else", async () => {
    // Each place is loaded once, then cached: coming back to a screen asks the server again only
    // if a change made its cache stale.
    for (const { text } of await everyView()) expect(text).toContain('Site vitrine');
    const figures = visits.server.gets('quotes/pending_sum/');

    const { user } = await openProject();
    const name = screen.getByLabelText(/Nom du projet/);
    await user.clear(name);
    await user.type(name, 'Boutique en ligne');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Projet mis à jour avec succès !')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Boutique en ligne' })).toBeInTheDocument();

    for (const { route, text } of await everyView()) {
      expect({ route, renamed: text.includes('Boutique en ligne'), stale: text.includes('Site vitrine') }).toEqual({ route, renamed: true, stale: false });
    }

    const again = await openProject();
    await again.user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await again.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Projet supprimé.')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/projects'));

    for (const { route, text } of await everyView()) expect({ route, shown: text.includes('Boutique en ligne') }).toEqual({ route, shown: false });
    // The task lost its project, on its page too.
    visit('/tasks/1');
    expect(await screen.findByRole('combobox', { name: 'Projet concerné' })).toHaveValue('');
    // The dashboard's figures do not depend on projects: still the first answer.
    expect(visits.server.gets('quotes/pending_sum/')).toBe(figures);
  }, JOURNEY_TIMEOUT);
});
