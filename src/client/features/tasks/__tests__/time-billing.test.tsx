import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';
import { makeProject, makeTask } from '@/client/kit/__tests__/workflow-fixtures';
import { isBillableTime, timeAmountCents, TIME_BILLING_TEXTS } from '../time-billing';

/** "Facturer le temps" on the project page, and the invoice badge of billed tasks (issue 15). */

jest.setTimeout(30_000);

const PROJECT = makeProject({ id: 12, name: 'Site vitrine', contacts: [{ id: 5, name: 'Agence Bleue' }], status: 'en_cours', status_display: 'En cours' });
const project = { id: 12, name: 'Site vitrine' };
const SPENT = makeTask({ id: 1, title: 'Maquettes', project, billable: true, hourly_rate: 65, actual_time: 4.75, estimated_time: 6, invoice_id: null, invoice: null });
const ESTIMATED = makeTask({ id: 2, title: 'Intégration', project, billable: true, hourly_rate: 80, estimated_time: 2.5, invoice_id: null, invoice: null });
const INTERNAL = makeTask({ id: 3, title: 'Réunion interne', project, billable: false, hourly_rate: 65, actual_time: 1 });
const BILLED = makeTask({
  id: 4, title: 'Logo', project, billable: true, hourly_rate: 65, actual_time: 2, invoice_id: 30, invoice: { id: 30, invoice_number: 'FAC-2026-0001', status: 'sent' },
});

it('offers the billable tasks with time that no invoice bills yet, at hours × rate', () => {
  expect([SPENT, ESTIMATED, INTERNAL, BILLED].filter(isBillableTime).map((t) => t.id)).toEqual([1, 2]);
  expect(timeAmountCents(SPENT)).toBe(30875);
  expect(timeAmountCents(ESTIMATED)).toBe(20000);
});

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
  });
  afterEach(() => mock.restore());

  it('bills the chosen tasks and opens the draft invoice', async () => {
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
    expect(within(dialog).getAllByRole('checkbox').map((c) => (c as HTMLInputElement).checked)).toEqual([true, true]);
    expect(within(dialog).getByTestId('time-total').textContent?.replace(/\s/g, ' ')).toBe('508,75 €');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Intégration' }));
    expect(within(dialog).getByTestId('time-total').textContent?.replace(/\s/g, ' ')).toBe('308,75 €');
    await user.click(within(dialog).getByRole('button', { name: TIME_BILLING_TEXTS.submit }));

    await waitFor(() => expect(currentPath()).toBe('/invoices/31'));
    expect(JSON.parse(mock.history.post[0].data)).toEqual({ task_ids: [1] });
  });

  it('says when there is nothing to bill', async () => {
    tasks = [INTERNAL, BILLED];
    const { user } = renderApp({ route: '/projects/12', preloadedState: signedIn });
    const panel = (await screen.findByRole('heading', { name: 'Tâches associées' })).closest('section')!;
    await within(panel).findByText('Logo');
    await user.click(within(panel).getByRole('button', { name: TIME_BILLING_TEXTS.button }));
    const dialog = await screen.findByRole('dialog', { name: TIME_BILLING_TEXTS.title });
    expect(within(dialog).getByText(TIME_BILLING_TEXTS.nothing)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: TIME_BILLING_TEXTS.submit })).not.toBeInTheDocument();
  });
});
