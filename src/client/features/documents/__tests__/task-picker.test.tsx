import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { addDays, parisToday } from '@/shared/dates';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';
import { pagedReply, pageRequests } from '@/client/test/paged-list';

/**
 * The line task picker (issue 15): on an invoice, a task another invoice bills is listed last and
 * cannot be chosen, named with that invoice; the invoice's own tasks can; a line already linked
 * to one says so at once; the server's refusal lands on the line. A quote bills nothing. Issue 29:
 * the picker asks the server for 20 tasks at a time, by title, searched as typed. Full app, real
 * store, a fake paged server.
 */

jest.setTimeout(30_000);

const today = parisToday();
const CONTACTS = [{ id: 3, name: 'Librairie Colette', email: 'colette@exemple.fr', phone: '', company: '', category: 'client' }];
const task = (id: number, title: string, invoice: { id: number; invoice_number: string | null; status: string } | null) => ({
  id, title, description: '', hourly_rate: 50, cost: 0, actual_time: 2, estimated_time: 0,
  project: { id: 1, name: 'Site' }, invoice_id: invoice?.id ?? null, invoice,
});
const TASKS = [
  task(9, 'Maquettes', { id: 7, invoice_number: null, status: 'draft' }),
  task(10, 'Recette', { id: 20, invoice_number: 'FAC-2026-0003', status: 'sent' }),
  task(11, 'Audit', { id: 21, invoice_number: null, status: 'draft' }),
  task(12, 'Intégration', null),
];

/** The server's task search reads the title only (README « Paged lists »). */
const TASK_RULES = { searchText: (t: { title: string }) => [t.title], orderings: { title: (t: { title: string }) => t.title } };

const invoice = (extra: Record<string, unknown> = {}) => ({
  id: 7, invoice_number: null, due_date: addDays(today, 30), payment_date: null, quote_id: null,
  title: 'Refonte du site', description: '', client: { id: 3, name: 'Librairie Colette', email: 'colette@exemple.fr' },
  status: 'draft', status_display: 'Brouillon', priority: 'normale', issue_date: today, tax_rate: 20,
  legal_notice: '', signature_notice: '', subtotal: 100, tax_amount: 20, total_amount: 120, created_at: '2026-11-01T10:00:00Z',
  line_items: [
    { id: 11, title: 'Maquettes', description: '', quantity: 2, unit_price: 50, total: 100, task_id: 9, task: { id: 9, title: 'Maquettes', hourly_rate: 50, cost: 0 } },
  ],
  ...extra,
});

const lines = () => screen.getAllByTestId('line-item');
const picker = (n: number) => within(lines()[n - 1]).getByRole('combobox', { name: /^Tâche liée/ });
const optionsOf = (select: HTMLElement) =>
  within(select).getAllByRole('option').map((o) => [o.textContent, (o as HTMLOptionElement).disabled]);

describe('line task picker', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('contacts/').reply(200, CONTACTS);
    mock.onGet('tasks/').reply((config) => pagedReply(TASKS, config, TASK_RULES));
    mock.onGet('profile/').reply(200, { email: 'marie@exemple.fr', vat_regime: 'assujetti' });
    mock.onGet('invoices/7/').reply(200, invoice());
  });
  afterEach(() => mock.restore());

  it('on an invoice: its own task is free, another invoice’s listed last, disabled, with its number or as a draft', async () => {
    renderApp({ route: '/invoices/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Facture #7' });
    await waitFor(() => expect(within(picker(1)).getAllByRole('option')).toHaveLength(5));
    expect(optionsOf(picker(1))).toEqual([
      ['Aucune tâche', false],
      ['Intégration — Site', false],
      ['Maquettes — Site', false],
      ['Audit — Site · Dans un brouillon de facture', true],
      ['Recette — Site · Déjà facturée (FAC-2026-0003)', true],
    ]);
    expect(picker(1)).toHaveValue('9');
    expect(picker(1)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('a copy of an invoice: the line still linked to the original’s task says so, and letting go of it clears it', async () => {
    const { user } = renderApp({ route: '/invoices/new?duplicate_id=7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Dupliquer une facture' });
    await waitFor(() => expect(within(lines()[0]).getByText('Dans un brouillon de facture : choisissez une autre tâche, ou aucune.')).toBeInTheDocument());
    expect(picker(1)).toHaveAttribute('aria-invalid', 'true');
    expect(optionsOf(picker(1))).toContainEqual(['Maquettes — Site · Dans un brouillon de facture', true]);
    await user.selectOptions(picker(1), '12');
    expect(picker(1)).toHaveValue('12');
    expect(within(lines()[0]).queryByText(/choisissez une autre tâche/)).not.toBeInTheDocument();
    expect(within(lines()[0]).getByRole('textbox', { name: /^Titre/ })).toHaveValue('Intégration');
  });

  it('shows the server’s refusal of a task billed meanwhile on its line', async () => {
    mock.onPut('invoices/7/').reply(400, {
      line_items: [{ task_id: ['La tâche « Maquettes » est déjà facturée par la facture FAC-2026-0004 : retirez-la de cette ligne.'] }],
    });
    const { user } = renderApp({ route: '/invoices/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Facture #7' });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText('Ligne 1 – Tâche liée : La tâche « Maquettes » est déjà facturée par la facture FAC-2026-0004 : retirez-la de cette ligne.'),
    ).toBeInTheDocument();
  });

  it('on a quote: every task can be chosen, those billed named with their invoice', async () => {
    renderApp({ route: '/quotes/new', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Nouveau devis' });
    await waitFor(() => expect(within(picker(1)).getAllByRole('option')).toHaveLength(5));
    expect(optionsOf(picker(1))).toEqual([
      ['Aucune tâche', false],
      ['Audit — Site · Dans un brouillon de facture', false],
      ['Intégration — Site', false],
      ['Maquettes — Site · Dans un brouillon de facture', false],
      ['Recette — Site · Déjà facturée (FAC-2026-0003)', false],
    ]);
  });

  it('asks the server for the first 20 tasks by title, and searches as typed: one request once typing pauses (issue 29)', async () => {
    const many = Array.from({ length: 45 }, (_, i) => task(100 + i, `Tâche ${String(i + 1).padStart(2, '0')}`, null));
    mock.onGet('tasks/').reply((config) => pagedReply([...TASKS, ...many], config, TASK_RULES));
    const { user } = renderApp({ route: '/quotes/new', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Nouveau devis' });
    await waitFor(() => expect(within(picker(1)).getAllByRole('option')).toHaveLength(21));
    expect(pageRequests(mock.history.get, 'tasks/')).toEqual([{ ordering: 'title', page_size: 20 }]);
    // Never the whole list.
    expect(mock.history.get.filter((r) => r.url === 'tasks/' && r.params?.page_size === undefined)).toHaveLength(0);
    const status = within(lines()[0]).getByText('20 sur 49 listés : précisez la recherche pour trouver les autres.');
    expect(status).toBeInTheDocument();

    // The next 20, with the cursor of the first page.
    await user.click(within(lines()[0]).getByRole('button', { name: 'Afficher la suite' }));
    await waitFor(() => expect(within(picker(1)).getAllByRole('option')).toHaveLength(41));
    expect(pageRequests(mock.history.get, 'tasks/')[1]).toEqual({ ordering: 'title', page_size: 20, cursor: 'o20' });

    await user.type(within(lines()[0]).getByRole('searchbox', { name: 'Rechercher une tâche' }), 'maqu');
    await waitFor(() => expect(optionsOf(picker(1))).toEqual([['Aucune tâche', false], ['Maquettes — Site · Dans un brouillon de facture', false]]));
    // One request for what was typed, none for each letter.
    expect(pageRequests(mock.history.get, 'tasks/').filter((params) => params.search !== undefined)).toEqual([
      { ordering: 'title', page_size: 20, search: 'maqu' },
    ]);
    await user.selectOptions(picker(1), '9');
    expect(within(lines()[0]).getByRole('textbox', { name: /^Titre/ })).toHaveValue('Maquettes');
  });

  it('keeps showing the linked task when the search does not list it, read on its own (issue 29)', async () => {
    mock.onGet('tasks/9/').reply(200, TASKS[0]);
    const { user } = renderApp({ route: '/invoices/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Facture #7' });
    await waitFor(() => expect(within(picker(1)).getAllByRole('option')).toHaveLength(5));
    const search = within(lines()[0]).getByRole('searchbox', { name: 'Rechercher une tâche' });
    await user.type(search, 'audit');
    await waitFor(() =>
      expect(optionsOf(picker(1))).toEqual([
        ['Aucune tâche', false],
        ['Maquettes — Site', false],
        ['Audit — Site · Dans un brouillon de facture', true],
      ]),
    );
    expect(picker(1)).toHaveValue('9');
    expect(mock.history.get.filter((r) => r.url === 'tasks/9/')).toHaveLength(1);

    // Escape clears the search; Enter goes to the select, never submitting the form.
    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
    await waitFor(() => expect(within(picker(1)).getAllByRole('option')).toHaveLength(5));
    await user.type(search, 'zzz{Enter}');
    expect(picker(1)).toHaveFocus();
    expect(await within(lines()[0]).findByText('Aucun résultat pour « zzz ».')).toBeInTheDocument();
    expect(mock.history.put).toHaveLength(0);
  });
});
