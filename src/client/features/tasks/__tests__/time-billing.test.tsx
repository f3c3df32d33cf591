import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';
import { makeProject, makeTask } from '@/client/kit/__tests__/workflow-fixtures';
import { TIME_BILLING_TEXTS } from '../time-billing';

/**
 * "Facturer le temps" on the project page (issue 15; entries, not tasks: issue 28): the dialog
 * shows the server's preview grouped by task, bills the ticked tasks, and offers a task billed
 * before whose new time is not billed yet. The invoice badge of billed tasks.
 */

jest.setTimeout(30_000);

const PROJECT = makeProject({ id: 12, name: 'Site vitrine', contacts: [{ id: 5, name: 'Agence Bleue' }], status: 'en_cours', status_display: 'En cours' });
const project = { id: 12, name: 'Site vitrine' };
const SPENT = makeTask({ id: 1, title: 'Maquettes', project, billable: true, hourly_rate: 65, actual_time: 4.75, estimated_time: 6, invoice_id: null, invoice: null });
const ESTIMATED = makeTask({ id: 2, title: 'Intégration', project, billable: true, hourly_rate: 80, estimated_time: 2.5, invoice_id: null, invoice: null });
const INTERNAL = makeTask({ id: 3, title: 'Réunion interne', project, billable: false, hourly_rate: 65, actual_time: 1 });
const BILLED = makeTask({
  id: 4, title: 'Logo', project, billable: true, hourly_rate: 65, actual_time: 2, invoice_id: 30, invoice: { id: 30, invoice_number: 'FAC-2026-0001', status: 'sent' },
});

/** The server's preview: Maquettes billed before (BILLED-like) but with two new entries; Intégration on its estimate. */
const PREVIEW = {
  client_id: 5,
  lines: [
    { task_id: 1, task_title: 'Maquettes', entry_id: 70, description: '23/11/2026 — Ateliers', hours: 1.25, hourly_rate: 65, total: 81.25 },
    { task_id: 1, task_title: 'Maquettes', entry_id: 71, description: '24/11/2026', hours: 3.5, hourly_rate: 65, total: 227.5 },
    { task_id: 2, task_title: 'Intégration', entry_id: null, description: '', hours: 2.5, hourly_rate: 80, total: 200 },
  ],
  total: 508.75,
};

describe('project page', () => {
  let mock: MockAdapter;
  let tasks = [SPENT, ESTIMATED, INTERNAL, BILLED];
  beforeEach(() => {
    tasks = [SPENT, ESTIMATED, INTERNAL, BILLED];
    mock = mockHttp();
    mock.onGet('contacts/').reply(200, [{ id: 5, name: 'Agence Bleue', email: '', phone: '', company: '', category: 'client' }]);
    mock.onGet('projects/12/').reply(200, PROJECT);
    mock.onGet('projects/').reply(200, [PROJECT]);
    mock.onGet('projects/12/tasks/').reply(() => [200, tasks]);
    mock.onGet('projects/12/invoice_time/').reply(200, PREVIEW);
  });
  afterEach(() => mock.restore());

  it('bills the chosen tasks’ time entries, as the server previews them, and opens the draft invoice', async () => {
    mock.onPost('projects/12/invoice_time/').reply(() => {
      const invoice = { id: 31, invoice_number: null, status: 'draft' };
      tasks = tasks.map((t) => (t.id === 1 ? { ...t, invoice_id: 31, invoice } : t));
      return [201, { id: 31, client: { id: 5, name: 'Agence Bleue', email: '' } }];
    });
    mock.onGet('invoices/31/').reply(404, {});
    const { user } = renderApp({ route: '/projects/12', preloadedState: signedIn });
    const panel = (await screen.findByRole('heading', { name: 'Tâches associées' })).closest('section')!;
    // An issued invoice's task shows its number, linked.
    expect(await within(panel).findByRole('link', { name: 'Facturée FAC-2026-0001 : ouvrir la facture' })).toHaveAttribute('href', '/invoices/30');

    await user.click(within(panel).getByRole('button', { name: TIME_BILLING_TEXTS.button }));
    const dialog = await screen.findByRole('dialog', { name: TIME_BILLING_TEXTS.title });
    expect(await within(dialog).findByRole('checkbox', { name: 'Maquettes' })).toBeChecked();
    expect(within(dialog).getAllByRole('checkbox').map((c) => (c as HTMLInputElement).checked)).toEqual([true, true]);
    // Each entry, rounded and priced by the server; the task's summary.
    expect(within(within(dialog).getByRole('list', { name: 'Détail : Maquettes' })).getAllByRole('listitem').map((li) => li.textContent?.replace(/\s/g, ' '))).toEqual([
      '23/11/2026 — Ateliers : 1,25 h × 65,00 € = 81,25 €',
      '24/11/2026 : 3,5 h × 65,00 € = 227,50 €',
    ]);
    expect(within(dialog).getByText(/2 saisies · 4,75 h = 308,75 €/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Temps estimé : 2,5 h × 80,00 € = 200,00 €/)).toBeInTheDocument();
    expect(within(dialog).getByTestId('time-total').textContent?.replace(/\s/g, ' ')).toBe('508,75 €');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Intégration' }));
    expect(within(dialog).getByTestId('time-total').textContent?.replace(/\s/g, ' ')).toBe('308,75 €');
    await user.click(within(dialog).getByRole('button', { name: TIME_BILLING_TEXTS.submit }));

    await waitFor(() => expect(currentPath()).toBe('/invoices/31'));
    expect(JSON.parse(mock.history.post[0].data)).toEqual({ task_ids: [1] });
  });

  it('says when there is nothing to bill', async () => {
    tasks = [INTERNAL, BILLED];
    mock.onGet('projects/12/invoice_time/').reply(200, { client_id: 5, lines: [], total: 0 });
    const { user } = renderApp({ route: '/projects/12', preloadedState: signedIn });
    const panel = (await screen.findByRole('heading', { name: 'Tâches associées' })).closest('section')!;
    await within(panel).findByText('Logo');
    await user.click(within(panel).getByRole('button', { name: TIME_BILLING_TEXTS.button }));
    const dialog = await screen.findByRole('dialog', { name: TIME_BILLING_TEXTS.title });
    expect(await within(dialog).findByText(TIME_BILLING_TEXTS.nothing)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: TIME_BILLING_TEXTS.submit })).not.toBeInTheDocument();
  });

  it('a project of several clients: the preview follows the client chosen (their rate may apply), sent with the tasks', async () => {
    const TWO = { ...PROJECT, contacts: [{ id: 5, name: 'Agence Bleue' }, { id: 6, name: 'Studio Vert' }] };
    mock.onGet('projects/12/').reply(200, TWO);
    mock.onGet('projects/').reply(200, [TWO]);
    const atRate = (rate: number) => ({
      client_id: null,
      lines: [{ task_id: 2, task_title: 'Intégration', entry_id: 80, description: '25/11/2026', hours: 2, hourly_rate: rate, total: 2 * rate }],
      total: 2 * rate,
    });
    mock.onGet('projects/12/invoice_time/').reply((config) => [200, config.params?.client_id === 6 ? { ...atRate(45), client_id: 6 } : atRate(0)]);
    mock.onPost('projects/12/invoice_time/').reply(201, { id: 32, client: { id: 6, name: 'Studio Vert', email: '' } });
    mock.onGet('invoices/32/').reply(404, {});
    const { user } = renderApp({ route: '/projects/12', preloadedState: signedIn });
    const panel = (await screen.findByRole('heading', { name: 'Tâches associées' })).closest('section')!;
    await within(panel).findByText('Logo');
    await user.click(within(panel).getByRole('button', { name: TIME_BILLING_TEXTS.button }));
    const dialog = await screen.findByRole('dialog', { name: TIME_BILLING_TEXTS.title });
    expect(await within(dialog).findByText(/2 h × 0,00 €/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: TIME_BILLING_TEXTS.submit }));
    expect(within(dialog).getByText(TIME_BILLING_TEXTS.clientRequired)).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Client à facturer/ }), 'Studio Vert');
    expect(await within(dialog).findByText(/2 h × 45,00 € = 90,00 €/)).toBeInTheDocument();
    expect(within(dialog).getByTestId('time-total').textContent?.replace(/\s/g, ' ')).toBe('90,00 €');
    await user.click(within(dialog).getByRole('button', { name: TIME_BILLING_TEXTS.submit }));
    await waitFor(() => expect(currentPath()).toBe('/invoices/32'));
    expect(JSON.parse(mock.history.post[0].data)).toEqual({ task_ids: [2], client_id: 6 });
  });
});
