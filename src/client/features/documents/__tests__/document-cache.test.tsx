import { screen, waitFor, within } from '@testing-library/react';
import { makeProject, makeTask } from '@/client/kit/__tests__/workflow-fixtures';
import { JOURNEY_TIMEOUT, sharedStoreVisits } from '@/client/test/shared-store-visits';
import { makeContact, serveWorkflow } from '@/client/kit/__tests__/workflow-server';

// Full-app renders across several screens: slow on a busy CI machine.
jest.setTimeout(60_000);

const AGENCE = { id: 5, name: 'Agence Bleue' };
const SITE = { id: 10, name: 'Site vitrine' };
const DATA = {
  contacts: [makeContact({ ...AGENCE, email: 'agence@exemple.fr' })],
  projects: [makeProject({ ...SITE, status: 'en_cours', status_display: 'En cours', contacts: [AGENCE] })],
  tasks: [
    makeTask({ id: 1, title: 'Maquettes', project: SITE, contacts: [AGENCE], hourly_rate: 50 }),
    makeTask({ id: 2, title: 'Relecture', project: SITE, contacts: [AGENCE] }),
  ],
  invoices: [
    { id: 7, title: 'Refonte du site', client_id: AGENCE.id, lines: [{ id: 70, title: 'Maquettes', quantity: 1, unit_price: 500, task_id: 1 }] },
    { id: 8, title: 'Maintenance', client_id: AGENCE.id, lines: [{ id: 80, title: 'Mises à jour', quantity: 1, unit_price: 90, task_id: null }] },
  ],
};

/** Every screen listing invoices 7 and 8, and the part of the page holding the list. */
const INVOICE_LISTS = {
  '/invoices': () => screen.findByRole('table'),
  '/contacts/5': () => screen.findByRole('region', { name: 'Factures' }),
};
type InvoiceList = keyof typeof INVOICE_LISTS;
const EVERY_LIST = Object.keys(INVOICE_LISTS) as InvoiceList[];

describe('the document cache', () => {
  const visits = sharedStoreVisits((mock) => serveWorkflow(mock, DATA));
  const { visit } = visits;

  /** The link texts of a list, once it shows invoice 7 (whatever its title: it has a line of 600 € TTC). */
  async function linksOn(route: InvoiceList, waitFor: string) {
    visit(route);
    const list = await INVOICE_LISTS[route]();
    await within(list).findByRole('link', { name: waitFor });
    return within(list)
      .getAllByRole('link')
      .map((link) => link.textContent);
  }

  /** The task the invoice's first line is linked to, as its picker shows it. */
  async function linkedTask(id: number) {
    visit(`/invoices/${id}`);
    const line = (await screen.findAllByTestId('line-item'))[0];
    const picker = within(line).getByRole<HTMLSelectElement>('combobox', { name: 'Tâche liée' });
    return picker.selectedOptions[0]?.textContent;
  }

  it("shows an invoice's change and deletion on every list showing it", async () => {
    for (const route of EVERY_LIST) expect(await linksOn(route, 'Refonte du site')).toEqual(expect.arrayContaining(['Maintenance']));

    const { user } = visit('/invoices/7');
    const title = (await screen.findAllByRole('textbox', { name: /^Titre/ }))[0];
    await user.clear(title);
    await user.type(title, 'Refonte et maquettes');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Facture mise à jour avec succès !')).toBeInTheDocument();
    for (const route of EVERY_LIST) {
      expect({ route, links: await linksOn(route, 'Refonte et maquettes') }).toEqual({ route, links: expect.not.arrayContaining(['Refonte du site']) });
    }

    const record = visit('/invoices/8');
    await record.user.click(await screen.findByRole('button', { name: 'Supprimer' }));
    await record.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Facture supprimée.')).toBeInTheDocument();
    for (const route of EVERY_LIST) {
      expect({ route, links: await linksOn(route, 'Refonte et maquettes') }).toEqual({ route, links: expect.not.arrayContaining(['Maintenance']) });
    }
  }, JOURNEY_TIMEOUT);

  it('fills its pickers with the server’s first 20 contacts and tasks, never the whole lists, once for every line (issue 29)', async () => {
    const { user } = visit('/invoices/new');
    expect(await screen.findByRole('option', { name: 'Agence Bleue (agence@exemple.fr)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    for (const line of screen.getAllByTestId('line-item')) {
      const picker = within(line).getByRole('combobox', { name: 'Tâche liée' });
      await waitFor(() =>
        expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(
          expect.arrayContaining(['Maquettes — Site vitrine', 'Relecture — Site vitrine']),
        ),
      );
    }
    expect(visits.server.getParams('contacts/')).toEqual([{ page_size: 20 }]);
    expect(visits.server.getParams('tasks/')).toEqual([{ ordering: 'title', page_size: 20 }]);
  });

  it("shows a task's new name on the invoice whose line bills it, and reads no other invoice again", async () => {
    expect(await linkedTask(7)).toBe('Maquettes — Site vitrine');
    expect(await linkedTask(8)).toBe('Aucune tâche');
    const gets = { billing: visits.server.gets('invoices/7/'), other: visits.server.gets('invoices/8/') };

    const { user } = visit('/tasks/1');
    const titleField = await screen.findByLabelText(/^Titre/);
    await user.clear(titleField);
    await user.type(titleField, 'Maquettes validées');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Tâche mise à jour avec succès.')).toBeInTheDocument();

    expect(await linkedTask(7)).toBe('Maquettes validées — Site vitrine');
    await waitFor(() => expect(visits.server.gets('invoices/7/')).toBe(gets.billing + 1));
    expect(await linkedTask(8)).toBe('Aucune tâche');
    expect(visits.server.gets('invoices/8/')).toBe(gets.other);
  });
});
