import { screen, within } from '@testing-library/react';
import { makeProject, makeTask } from '@/client/kit/__tests__/workflow-fixtures';
import { JOURNEY_TIMEOUT, sharedStoreVisits } from '@/client/test/shared-store-visits';
import { makeContact, serveWorkflow } from '@/client/kit/__tests__/workflow-server';

// Full-app renders across six screens: slow on a busy CI machine.
jest.setTimeout(60_000);

const AGENCE = { id: 5, name: 'Agence Bleue' };
const OTHER = { id: 6, name: 'Boulangerie Martin' };
const SITE = { id: 10, name: 'Site vitrine' };
const DATA = {
  contacts: [makeContact({ ...AGENCE, email: 'agence@exemple.fr' }), makeContact({ ...OTHER, email: 'martin@exemple.fr' })],
  projects: [makeProject({ ...SITE, status: 'en_cours', status_display: 'En cours', contacts: [AGENCE] })],
  tasks: [makeTask({ id: 1, title: 'Maquettes', project: SITE, contacts: [AGENCE] })],
  invoices: [
    { id: 7, title: 'Refonte du site', client_id: AGENCE.id, lines: [{ id: 70, title: 'Maquettes', quantity: 1, unit_price: 500, task_id: 1 }] },
    { id: 8, title: 'Pains du mois', client_id: OTHER.id, lines: [{ id: 80, title: 'Pains', quantity: 1, unit_price: 90, task_id: null }] },
  ],
};

/** Every screen naming contact 5, and how to read the names it shows once loaded. */
const SCREENS: Record<string, () => Promise<string[]>> = {
  '/contacts': async () => {
    const table = await screen.findByRole('table');
    await within(table).findByRole('link', { name: 'Boulangerie Martin' });
    return within(table).getAllByRole('link').map((link) => link.textContent ?? '');
  },
  '/tasks': async () => {
    const table = await screen.findByRole('table');
    await within(table).findByRole('link', { name: 'Maquettes' });
    return within(table).getAllByRole('link').map((link) => link.textContent ?? '');
  },
  '/invoices': async () => {
    const table = await screen.findByRole('table');
    await within(table).findByRole('link', { name: 'Boulangerie Martin' });
    return within(table).getAllByRole('link').map((link) => link.textContent ?? '');
  },
  '/invoices/7': async () => {
    const chip = await screen.findByRole('link', { name: /^Voir la fiche client/ });
    return [chip.textContent ?? ''];
  },
};
const EVERY_SCREEN = Object.keys(SCREENS);

describe('the contact cache', () => {
  const visits = sharedStoreVisits((mock) => serveWorkflow(mock, DATA));
  const { visit } = visits;

  async function namesOn(route: string) {
    visit(route);
    return SCREENS[route]();
  }

  async function everyScreenShows(name: string) {
    for (const route of EVERY_SCREEN) {
      expect({ route, names: await namesOn(route) }).toEqual({ route, names: expect.arrayContaining([expect.stringContaining(name)]) });
    }
  }

  it("shows a contact's new name on every screen naming it, and asks again only for what names it", async () => {
    await everyScreenShows('Agence Bleue');
    const otherInvoice = visits.server.gets('invoices/8/');
    visit('/invoices/8');
    await screen.findByRole('link', { name: 'Voir la fiche client : Boulangerie Martin' });
    const gets = { record: visits.server.gets('invoices/7/'), other: visits.server.gets('invoices/8/') };
    expect(gets.other).toBe(otherInvoice + 1);

    const { user } = visit('/contacts/5');
    const name = await screen.findByRole('textbox', { name: /^Nom/ });
    await user.clear(name);
    await user.type(name, 'Agence Marine');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Contact mis à jour avec succès !')).toBeInTheDocument();

    await everyScreenShows('Agence Marine');
    for (const route of EVERY_SCREEN) {
      expect({ route, names: await namesOn(route) }).toEqual({ route, names: expect.not.arrayContaining([expect.stringContaining('Agence Bleue')]) });
    }
    // The invoice naming the contact was read again, once; the other one was not.
    expect(visits.server.gets('invoices/7/')).toBe(gets.record + 1);
    visit('/invoices/8');
    await screen.findByRole('link', { name: 'Voir la fiche client : Boulangerie Martin' });
    expect(visits.server.gets('invoices/8/')).toBe(gets.other);
  }, JOURNEY_TIMEOUT);
});
