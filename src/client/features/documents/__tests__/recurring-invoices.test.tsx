import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { addDays, parisToday } from '@/shared/dates';
import type { RecurringInvoice } from '@/shared/contracts/recurring';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';
import { addMonths } from '@/shared/recurring';
import { nextAfterIssued, RECURRING_FORM_MESSAGES, validateRecurringForm } from '../recurring/make-recurring-dialog';
import { RECURRING_EDITOR_MESSAGES } from '../recurring/recurring-invoice-editor-page';
import { RECURRING_LIST_MESSAGES } from '../recurring/recurring-invoice-list-page';
import { UNSAVED_CHANGES_TEXT } from '@/client/kit/unsaved-changes-guard';

/**
 * Recurring invoices (issue 15, issue 28): the invoice page's « Rendre récurrente » dialog (the invoice
 * is the series' first occurrence: a draft from today issued now, asked first), the list page and
 * the series' editor, with a real store.
 */

const today = parisToday();
jest.setTimeout(30_000);

const PROFILE = { email: 'marie@exemple.fr', vat_regime: 'assujetti', legal_notice: '', signature_notice: '' };
const CLIENT = { id: 3, name: 'Librairie Colette', email: 'colette@exemple.fr' };

function invoice(extra: Record<string, unknown> = {}) {
  return {
    id: 21, invoice_number: 'FAC-2026-0003', due_date: addDays(today, 30), payment_date: null, quote_id: null, title: 'Maintenance',
    description: '', client: CLIENT, status: 'sent', status_display: 'Envoyée', priority: 'normale', issue_date: today, tax_rate: 20,
    legal_notice: '', signature_notice: '', subtotal: 100, tax_amount: 20, total_amount: 120, amount_paid: 0, credited_amount: 0,
    balance_due: 120, prepaid_amount: 0, is_deposit: false, is_issued: true, is_overdue: false, pdf_sha256: 'cd'.repeat(32),
    payments: [], credit_notes: [], deposit_of_quote: null, deposits: [], created_at: '2026-01-05T10:00:00Z',
    line_items: [{ id: 31, title: 'Hébergement', description: '', quantity: 1, unit_price: 100, tax_rate: 20, total: 100, task_id: null, task: null }],
    recurrence_id: null,
    ...extra,
  };
}

/** The same invoice as a draft. */
const draft = (extra: Record<string, unknown> = {}) =>
  invoice({ invoice_number: null, status: 'draft', status_display: 'Brouillon', is_issued: false, pdf_sha256: null, ...extra });

function recurrence(extra: Partial<RecurringInvoice> = {}): RecurringInvoice {
  return {
    id: 5, source_invoice_id: 21, client: { id: 3, name: 'Librairie Colette' }, title: 'Maintenance', subtotal: 100, total_amount: 120,
    frequency: 'monthly', frequency_display: 'Mensuelle', start_date: addDays(today, 1), end_date: null, mode: 'draft',
    mode_display: 'Créer un brouillon', status: 'active', status_display: 'Active', next_occurrence_date: addDays(today, 1),
    payment_term_days: 30, service_period: false, last_invoice: null, last_error: null, invoices_count: 0,
    line_items: [{ title: 'Hébergement', description: '', quantity: 1, unit_price: 100, tax_rate: 20, unit: 'MON', discount_percent: 0, discount_amount: 0, vat_exemption: '' }],
    created_at: '2026-11-24T10:00:00Z', updated_at: '2026-11-24T10:00:00Z', ...extra,
  };
}

describe('the form checks', () => {
  it('refuses a start before today and an end before the start', () => {
    const base = { frequency: 'monthly' as const, start_date: today, end_date: '', mode: 'draft' as const };
    expect(validateRecurringForm(base, today)).toEqual({});
    expect(validateRecurringForm({ ...base, start_date: '' }, today)).toEqual({ start_date: RECURRING_FORM_MESSAGES.startRequired });
    expect(validateRecurringForm({ ...base, start_date: addDays(today, -1) }, today)).toEqual({ start_date: RECURRING_FORM_MESSAGES.startInPast });
    expect(validateRecurringForm({ ...base, end_date: addDays(today, -1) }, today)).toEqual({ end_date: RECURRING_FORM_MESSAGES.endBeforeStart });
    // An issued invoice's series starts on its date: nothing to check.
    expect(validateRecurringForm({ ...base, start_date: '' }, today, true)).toEqual({});
  });

  it('puts the occurrence after an issued invoice on the first date from its schedule still to come', () => {
    expect(nextAfterIssued(today, 'monthly', today)).toBe(addMonths(today, 1));
    expect(nextAfterIssued(addMonths(today, -2), 'monthly', today)).toBe(today);
    // Counted from the invoice's date: the 31st comes back after a shorter month.
    expect(nextAfterIssued('2026-01-31', 'monthly', '2026-03-15')).toBe('2026-03-31');
    expect(nextAfterIssued('2026-01-31', 'monthly', '2026-02-28')).toBe('2026-02-28');
    expect(nextAfterIssued('2026-01-31', 'quarterly', '2026-02-01')).toBe('2026-04-30');
  });
});

describe('« Rendre récurrente » on the invoice page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('contacts/').reply(200, [{ ...CLIENT, phone: '', company: '', category: 'client' }]);
    mock.onGet('tasks/').reply(200, []);
    mock.onGet('profile/').reply(200, PROFILE);
    mock.onGet(/reminders/).reply(200, { reminders: [] });
    mock.onGet('invoices/21/').reply(200, invoice());
  });
  afterEach(() => mock.restore());

  it('checks the dates in French, sends the choice, and says when the next invoice comes', async () => {
    mock.onGet('invoices/21/').reply(200, draft());
    mock.onPost('invoices/21/make_recurring/').reply(201, recurrence({ frequency: 'quarterly', mode: 'issue_and_send', next_occurrence_date: addDays(today, 3) }));
    const { user } = renderApp({ route: '/invoices/21', preloadedState: signedIn });
    const open = await screen.findByRole('button', { name: 'Rendre récurrente' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Rendre la facture récurrente' });
    // Keyboard: focus is in the dialog.
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Fréquence' }), 'Trimestrielle');
    const start = within(dialog).getByLabelText(/Date de la première facture/);
    const end = within(dialog).getByLabelText('Date de fin (facultative)');
    fireEvent.change(start, { target: { value: addDays(today, -2) } });
    await user.click(within(dialog).getByRole('button', { name: 'Rendre récurrente' }));
    expect(await within(dialog).findAllByText(RECURRING_FORM_MESSAGES.startInPast)).not.toHaveLength(0);
    expect(start).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(start, { target: { value: addDays(today, 3) } });
    fireEvent.change(end, { target: { value: addDays(today, 2) } });
    await user.click(within(dialog).getByRole('button', { name: 'Rendre récurrente' }));
    expect(await within(dialog).findAllByText(RECURRING_FORM_MESSAGES.endBeforeStart)).not.toHaveLength(0);
    expect(mock.history.post).toHaveLength(0);

    fireEvent.change(end, { target: { value: '' } });
    // What becomes of the draft: the first occurrence, issued on its date in this mode.
    expect(within(dialog).getByRole('note')).toHaveTextContent('Ce brouillon devient la première facture de la série, sans copie');
    // The mode by keyboard: the radio group.
    within(dialog).getByRole('radio', { name: 'Créer un brouillon' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: 'Émettre et envoyer par e-mail' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Rendre récurrente' }));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(mock.history.post[0].data)).toEqual({
      frequency: 'quarterly', start_date: addDays(today, 3), end_date: null, mode: 'issue_and_send',
    });
    expect(await screen.findByText(/Facture récurrente créée : prochaine facture le/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rendre la facture récurrente' })).not.toBeInTheDocument());
    expect(document.activeElement).toBe(open);
  });

  it('asks « Émettre la facture maintenant ? » before making a draft recurring from today, and sends nothing if refused', async () => {
    let current = draft();
    mock.onGet('invoices/21/').reply(() => [200, current]);
    mock.onPost('invoices/21/make_recurring/').reply(() => {
      current = invoice({ recurrence_id: 5 });
      return [201, recurrence({ start_date: today, next_occurrence_date: addMonths(today, 1), invoices_count: 1 })];
    });
    mock.onGet('recurring-invoices/').reply(200, [recurrence({ start_date: today })]);
    const { user } = renderApp({ route: '/invoices/21', preloadedState: signedIn });
    await user.click(await screen.findByRole('button', { name: 'Rendre récurrente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rendre la facture récurrente' });
    expect(within(dialog).getByLabelText(/Date de la première facture/)).toHaveValue(today);
    expect(within(dialog).getByRole('note')).toHaveTextContent('il est émis dès maintenant (numéro définitif, daté d’aujourd’hui), sans copie');

    await user.click(within(dialog).getByRole('button', { name: 'Rendre récurrente' }));
    let question = await screen.findByRole('alertdialog', { name: 'Émettre la facture maintenant ?' });
    expect(question).toHaveTextContent('numéro définitif');
    expect(question).toHaveTextContent('art. 242 nonies A du CGI');
    await user.click(within(question).getByRole('button', { name: 'Annuler' }));
    expect(mock.history.post).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Rendre récurrente' }));
    question = await screen.findByRole('alertdialog', { name: 'Émettre la facture maintenant ?' });
    await user.click(within(question).getByRole('button', { name: 'Émettre et rendre récurrente' }));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(mock.history.post[0].data)).toEqual({ frequency: 'monthly', start_date: today, end_date: null, mode: 'draft' });
    // The invoice is read again: issued, and named as the series' first.
    expect(await screen.findByText(/Première facture de la/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rendre récurrente' })).not.toBeInTheDocument();
  });

  it('makes an issued invoice the first occurrence: no start date, the next one from its date', async () => {
    mock.onPost('invoices/21/make_recurring/').reply(201, recurrence({ start_date: today, next_occurrence_date: addMonths(today, 1) }));
    const { user } = renderApp({ route: '/invoices/21', preloadedState: signedIn });
    await user.click(await screen.findByRole('button', { name: 'Rendre récurrente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rendre la facture récurrente' });
    expect(within(dialog).queryByLabelText(/Date de la première facture/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('note')).toHaveTextContent(/La facture FAC-2026-0003 \(du .+\) est la première de la série : la suivante sera créée le/);
    await user.click(within(dialog).getByRole('button', { name: 'Rendre récurrente' }));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(JSON.parse(mock.history.post[0].data)).toEqual({ frequency: 'monthly', end_date: null, mode: 'draft' });
  });

  it('shows the server’s field messages, and Escape closes', async () => {
    mock.onPost('invoices/21/make_recurring/').reply(400, { frequency: ['Choisissez une fréquence : mensuelle, trimestrielle ou annuelle.'] });
    const { user } = renderApp({ route: '/invoices/21', preloadedState: signedIn });
    await user.click(await screen.findByRole('button', { name: 'Rendre récurrente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rendre la facture récurrente' });
    await user.click(within(dialog).getByRole('button', { name: 'Rendre récurrente' }));
    expect(await within(dialog).findAllByText(/Choisissez une fréquence : mensuelle, trimestrielle ou annuelle\./)).not.toHaveLength(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is offered on invoices only', async () => {
    mock.onGet('quotes/7/').reply(200, {
      ...invoice({ id: 7, invoice_number: undefined, quote_number: 'DEV-2026-0007', expiration_date: addDays(today, 30) }), deposit_invoices: [],
    });
    renderApp({ route: '/quotes/7', preloadedState: signedIn });
    expect(await screen.findByRole('button', { name: 'Dupliquer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rendre récurrente' })).not.toBeInTheDocument();
  });
});

describe('the « Factures récurrentes » page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('profile/').reply(200, PROFILE);
  });
  afterEach(() => mock.restore());

  it('lists each series, pauses, resumes, and stops only once confirmed', async () => {
    let current = recurrence();
    mock.onGet('recurring-invoices/').reply(() => [200, [current]]);
    mock.onPost('recurring-invoices/5/pause/').reply(() => {
      current = recurrence({ status: 'paused', status_display: 'En pause' });
      return [200, current];
    });
    mock.onPost('recurring-invoices/5/resume/').reply(() => {
      current = recurrence();
      return [200, current];
    });
    mock.onPost('recurring-invoices/5/stop/').reply(() => {
      current = recurrence({ status: 'stopped', status_display: 'Arrêtée', next_occurrence_date: null });
      return [200, current];
    });
    const { user } = renderApp({ route: '/invoices/recurring', preloadedState: signedIn });
    const table = await screen.findByRole('table', { name: 'Factures récurrentes' });
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByRole('link', { name: 'Librairie Colette' })).toHaveAttribute('href', '/contacts/3');
    for (const text of ['Maintenance', 'Mensuelle', 'Créer un brouillon', 'Active']) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('120,00 €');

    await user.click(within(row).getByRole('button', { name: /Mettre en pause/ }));
    expect(await within(table).findByText('En pause')).toBeInTheDocument();
    expect(await screen.findByText('Récurrence mise en pause.')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: /Reprendre/ }));
    expect(await within(table).findByText('Active')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: /Arrêter/ }));
    const confirm = await screen.findByRole('alertdialog', { name: RECURRING_LIST_MESSAGES.stopTitle });
    await user.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    expect(mock.history.post.filter((r) => r.url?.endsWith('/stop/'))).toHaveLength(0);
    await user.click(within(table).getByRole('button', { name: /Arrêter/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Arrêter' }));
    expect(await within(table).findByText('Arrêtée')).toBeInTheDocument();
    expect(mock.history.post.map((r) => r.url)).toEqual(['recurring-invoices/5/pause/', 'recurring-invoices/5/resume/', 'recurring-invoices/5/stop/']);
    expect(within(table).queryByRole('button', { name: /Arrêter|Pause|Reprendre/ })).not.toBeInTheDocument();
  });

  it('says when there is none, and links back to the invoices', async () => {
    mock.onGet('recurring-invoices/').reply(200, []);
    renderApp({ route: '/invoices/recurring', preloadedState: signedIn });
    expect(await screen.findByText(RECURRING_LIST_MESSAGES.empty)).toBeInTheDocument();
    expect(screen.getByText(RECURRING_LIST_MESSAGES.emptyHint)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Liste des factures' })).toHaveAttribute('href', '/invoices');
  });

  it('shows its loading state, and is linked from the invoice list', async () => {
    mock.onGet('recurring-invoices/').reply(() => new Promise(() => {}));
    mock.onGet('invoices/').reply(200, []);
    const { user } = renderApp({ route: '/invoices', preloadedState: signedIn });
    await user.click(await screen.findByRole('link', { name: 'Factures récurrentes' }));
    expect(await screen.findByText(RECURRING_LIST_MESSAGES.loading)).toBeInTheDocument();
  });
});

describe('the series editor (issue 28)', () => {
  let mock: MockAdapter;
  const OTHER = { id: 4, name: 'Studio Martin', email: 'martin@exemple.fr', phone: '', company: '', category: 'client' };
  /** Spaces as a reader sees them (fr-FR money has narrow no-break spaces). */
  const plain = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ') ?? '';
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('profile/').reply(200, PROFILE);
    mock.onGet('contacts/').reply(200, [{ ...CLIENT, phone: '', company: '', category: 'client' }, OTHER]);
    mock.onGet('tasks/').reply(200, []);
  });
  afterEach(() => mock.restore());

  it('changes the price, the client and the schedule from the next invoice on, says when it comes, and guards unsaved changes', async () => {
    const next = addDays(today, 10);
    let current = recurrence({ next_occurrence_date: next });
    mock.onGet('recurring-invoices/').reply(() => [200, [current]]);
    mock.onGet('recurring-invoices/5/').reply(() => [200, current]);
    mock.onPut('recurring-invoices/5/').reply((config) => {
      const body = JSON.parse(config.data);
      current = recurrence({
        client: { id: body.client_id, name: 'Studio Martin' }, frequency: body.frequency, frequency_display: 'Trimestrielle',
        next_occurrence_date: body.next_occurrence_date, subtotal: 150, total_amount: 180,
        line_items: [{ ...current.line_items[0], unit_price: body.line_items[0].unit_price }],
      });
      return [200, current];
    });
    const { user } = renderApp({ route: '/invoices/recurring', preloadedState: signedIn });
    await user.click(await screen.findByRole('link', { name: 'Modifier : Librairie Colette, Maintenance' }));
    expect(await screen.findByRole('heading', { level: 1, name: RECURRING_EDITOR_MESSAGES.title })).toBeInTheDocument();
    const summary = await screen.findByText(/^Prochaine facture le /);
    expect(summary).toHaveAttribute('role', 'status');
    await waitFor(() => expect(plain(summary)).toContain('120,00 € TTC'));
    expect(screen.getByText(RECURRING_EDITOR_MESSAGES.effect)).toBeInTheDocument();
    // The invoices' own line editor, without the task picker (a series bills no task).
    // The series' title, then each line's.
    expect(screen.getAllByRole('textbox', { name: 'Titre' }).map((input) => (input as HTMLInputElement).value)).toEqual(['Maintenance', 'Hébergement']);
    expect(screen.queryByRole('combobox', { name: 'Tâche liée' })).not.toBeInTheDocument();

    const price = screen.getByLabelText(/Prix unitaire HT/);
    await user.clear(price);
    await user.type(price, '150');
    await waitFor(() => expect(plain(summary)).toContain('180,00 € TTC'));

    // Unsaved: leaving asks first; staying keeps what was typed.
    await user.click(screen.getByRole('link', { name: RECURRING_EDITOR_MESSAGES.back }));
    const question = await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES_TEXT.title });
    await user.click(within(question).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
    expect(screen.getByLabelText(/Prix unitaire HT/)).toHaveValue('150,00');

    await user.selectOptions(screen.getByRole('combobox', { name: /^Client/ }), String(OTHER.id));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Fréquence' }), 'Trimestrielle');
    const later = addDays(today, 20);
    fireEvent.change(screen.getByLabelText(/^Prochaine facture/), { target: { value: later } });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(mock.history.put[0].data)).toEqual({
      title: 'Maintenance', client_id: OTHER.id, frequency: 'quarterly', next_occurrence_date: later, end_date: null, mode: 'draft',
      line_items: [{ title: 'Hébergement', description: '', quantity: 1, unit_price: 150, tax_rate: 20, unit: 'MON', discount_percent: 0, discount_amount: 0, vat_exemption: '' }],
    });
    // Back on the list, without asking (saved), the row as the server answered.
    expect(await screen.findByText(RECURRING_EDITOR_MESSAGES.saved)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Factures récurrentes' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(plain(within(table).getAllByRole('row')[1])).toContain('180,00 €'));
    expect(within(table).getByText('Trimestrielle')).toBeInTheDocument();
  });

  it('checks the fields first, then shows the server’s messages by field and line', async () => {
    const current = recurrence({ next_occurrence_date: addDays(today, 10) });
    mock.onGet('recurring-invoices/5/').reply(200, current);
    mock.onPut('recurring-invoices/5/').reply(400, {
      next_occurrence_date: ['La prochaine facture doit être datée après la dernière (1 déc. 2026).'],
      line_items: [{ tax_rate: ['Choisissez un taux de TVA parmi 20 %, 10 %, 5,5 % ou 2,1 %.'] }],
    });
    const { user } = renderApp({ route: '/invoices/recurring/5', preloadedState: signedIn });
    const [title] = await screen.findAllByRole('textbox', { name: 'Titre' });
    await user.clear(title);
    fireEvent.change(screen.getByLabelText(/^Prochaine facture/), { target: { value: addDays(today, -1) } });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findAllByText(RECURRING_EDITOR_MESSAGES.nextInPast)).not.toHaveLength(0);
    expect(mock.history.put).toHaveLength(0);

    await user.type(title, 'Maintenance');
    fireEvent.change(screen.getByLabelText(/^Prochaine facture/), { target: { value: addDays(today, 12) } });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/Prochaine facture : La prochaine facture doit être datée après la dernière/)).toBeInTheDocument();
    expect(screen.getByText(/Ligne 1 – TVA : Choisissez un taux de TVA/)).toBeInTheDocument();
  });

  it('says when the series does not exist', async () => {
    mock.onGet('recurring-invoices/99/').reply(404, { detail: 'Non trouvé.' });
    renderApp({ route: '/invoices/recurring/99', preloadedState: signedIn });
    expect(await screen.findByText(RECURRING_EDITOR_MESSAGES.notFound)).toBeInTheDocument();
  });
});
