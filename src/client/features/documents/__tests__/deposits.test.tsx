import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { addDays, parisToday } from '@/shared/dates';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';
import { lineWithTask } from '../document-form';
import { depositPayload, depositPreviewCents, remainingCents, validateDeposit, DEPOSIT_MESSAGES } from '../deposits';

/** Deposit invoices on the quote and invoice pages, and a task's time billed by a line (issue 15). */

const today = parisToday();
jest.setTimeout(30_000);

const PROFILE = { email: 'marie@exemple.fr', vat_regime: 'assujetti', legal_notice: '', signature_notice: '' };
const CLIENT = { id: 3, name: 'Librairie Colette', email: 'colette@exemple.fr' };

function quote(extra: Record<string, unknown> = {}) {
  return {
    id: 7, quote_number: 'DEV-2026-0007', expiration_date: addDays(today, 30), title: 'Verrière', description: '', client: CLIENT,
    status: 'sent', status_display: 'Envoyé', priority: 'normale', issue_date: today, tax_rate: 20, legal_notice: '',
    signature_notice: '', subtotal: 1000, tax_amount: 200, total_amount: 1200, created_at: '2026-01-05T10:00:00Z',
    pdf_sha256: 'ab'.repeat(32), deposit_invoices: [],
    line_items: [{ id: 11, title: 'Pose', description: '', quantity: 1, unit_price: 1000, tax_rate: 20, total: 1000, task_id: null, task: null }],
    ...extra,
  };
}

function invoice(extra: Record<string, unknown> = {}) {
  return {
    id: 21, invoice_number: 'FAC-2026-0003', due_date: addDays(today, 30), payment_date: null, quote_id: 7, title: 'Verrière',
    description: '', client: CLIENT, status: 'sent', status_display: 'Envoyée', priority: 'normale', issue_date: today, tax_rate: 20,
    legal_notice: '', signature_notice: '', subtotal: 1000, tax_amount: 200, total_amount: 1200, amount_paid: 0, credited_amount: 0,
    balance_due: 840, prepaid_amount: 360, is_deposit: false, is_issued: true, is_overdue: false, pdf_sha256: 'cd'.repeat(32),
    payments: [], credit_notes: [], deposit_of_quote: null,
    deposits: [{ id: 20, invoice_number: 'FAC-2026-0002', issue_date: today, amount: 360, paid_amount: 360 }],
    created_at: '2026-01-05T10:00:00Z',
    line_items: [{ id: 31, title: 'Pose', description: '', quantity: 1, unit_price: 1000, tax_rate: 20, total: 1000, task_id: null, task: null }],
    ...extra,
  };
}

const cardTitled = async (title: string) => (await screen.findByRole('heading', { name: title })).closest('section')!;

describe('deposit helpers', () => {
  const sent = { total_amount: 1200, deposit_invoices: [{ id: 1, invoice_number: 'FAC-1', status: 'sent', status_display: 'Envoyée', issue_date: today, total_amount: 360, credited_amount: 0 }] };

  it('previews a percent of the quote or an amount, and keeps a balance for the final invoice', () => {
    expect(depositPreviewCents(1200, 'percent', '30')).toBe(36000);
    expect(depositPreviewCents(2600.19, 'percent', '30')).toBe(78006);
    expect(depositPreviewCents(1200, 'amount', '500.5')).toBe(50050);
    expect(depositPreviewCents(1200, 'amount', 'abc')).toBeNull();
    expect(remainingCents(sent)).toBe(84000);
    expect(validateDeposit(sent, 'percent', '100')).toBe(DEPOSIT_MESSAGES.percentInvalid);
    expect(validateDeposit(sent, 'amount', '0')).toBe(DEPOSIT_MESSAGES.amountInvalid);
    expect(validateDeposit(sent, 'amount', '840')).toBe(DEPOSIT_MESSAGES.tooMuch);
    expect(validateDeposit(sent, 'percent', '30')).toBeNull();
    expect(depositPayload('percent', '30')).toEqual({ percent: 30 });
    expect(depositPayload('amount', '500.5')).toEqual({ amount: 500.5 });
  });
});

describe('deposit invoices on the document pages', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('contacts/').reply(200, [{ ...CLIENT, phone: '', company: '', category: 'client' }]);
    mock.onGet('tasks/').reply(200, []);
    mock.onGet('profile/').reply(200, PROFILE);
  });
  afterEach(() => mock.restore());

  it('asks a sent quote for a 30 % deposit, creates the draft and opens it; the quote then lists its deposits', async () => {
    let current = quote();
    mock.onGet('quotes/7/').reply(() => [200, current]);
    const draft = invoice({ id: 20, invoice_number: null, status: 'draft', status_display: 'Brouillon', is_issued: false, quote_id: null,
      is_deposit: true, deposit_of_quote: { id: 7, quote_number: 'DEV-2026-0007' }, deposits: [], prepaid_amount: 0, total_amount: 360, balance_due: 360 });
    mock.onPost('quotes/7/deposit_invoice/').reply(() => {
      current = quote({ deposit_invoices: [{ id: 20, invoice_number: null, status: 'draft', status_display: 'Brouillon', issue_date: today, total_amount: 360, credited_amount: 0 }] });
      return [201, draft];
    });
    mock.onGet('invoices/20/').reply(200, draft);
    const { user } = renderApp({ route: '/quotes/7', preloadedState: signedIn });

    await user.click(await screen.findByRole('button', { name: 'Facture d’acompte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Facture d’acompte' });
    expect(within(dialog).getByText(/Acompte : 360,00/)).toBeInTheDocument();
    // Too much is said before asking the server.
    await user.click(within(dialog).getByRole('radio', { name: 'Montant TTC' }));
    const amount = within(dialog).getByRole('textbox', { name: /Montant TTC/ });
    await user.clear(amount);
    await user.type(amount, '1200');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la facture d’acompte' }));
    expect(await within(dialog).findByText(DEPOSIT_MESSAGES.tooMuch)).toBeInTheDocument();
    expect(mock.history.post).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Pourcentage du devis' }));
    const percent = within(dialog).getByRole('textbox', { name: /Pourcentage/ });
    await user.clear(percent);
    await user.type(percent, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la facture d’acompte' }));
    await waitFor(() => expect(currentPath()).toBe('/invoices/20'));
    expect(JSON.parse(mock.history.post[0].data)).toEqual({ percent: 30 });
    expect(await screen.findByText(/la facture finale du devis la déduira/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'DEV-2026-0007' })).toHaveAttribute('href', '/quotes/7');

    // Back on the quote: its deposit, what remains to bill.
    await user.click(screen.getByRole('link', { name: 'DEV-2026-0007' }));
    const card = await cardTitled('Factures d’acompte');
    expect(within(card).getByRole('link', { name: 'Brouillon #20' })).toHaveAttribute('href', '/invoices/20');
    expect(within(card).getByTestId('remaining').textContent?.replace(/\s/g, ' ')).toBe('840,00 €');
  });

  it('shows the server’s refusal in the dialog', async () => {
    mock.onGet('quotes/7/').reply(200, quote());
    mock.onPost('quotes/7/deposit_invoice/').reply(400, { detail: 'Ce devis a déjà sa facture finale : plus d’acompte possible.', invoice_id: 21 });
    const { user } = renderApp({ route: '/quotes/7', preloadedState: signedIn });
    await user.click(await screen.findByRole('button', { name: 'Facture d’acompte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Facture d’acompte' });
    await user.click(within(dialog).getByRole('button', { name: 'Créer la facture d’acompte' }));
    expect(await within(dialog).findByText('Ce devis a déjà sa facture finale : plus d’acompte possible.')).toBeInTheDocument();
  });

  it('offers no deposit on a draft quote', async () => {
    mock.onGet('quotes/7/').reply(200, quote({ status: 'draft', status_display: 'Brouillon', pdf_sha256: null }));
    renderApp({ route: '/quotes/7', preloadedState: signedIn });
    expect(await screen.findByRole('button', { name: 'Convertir en facture' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Facture d’acompte' })).not.toBeInTheDocument();
  });

  it('shows a final invoice’s deposits deducted, each paid or not, and what remains to pay', async () => {
    mock.onGet('invoices/21/').reply(
      200,
      invoice({
        deposits: [
          { id: 20, invoice_number: 'FAC-2026-0002', issue_date: today, amount: 300, paid_amount: 300 },
          { id: 22, invoice_number: 'FAC-2026-0004', issue_date: today, amount: 60, paid_amount: 0 },
        ],
      }),
    );
    renderApp({ route: '/invoices/21', preloadedState: signedIn });
    const card = await cardTitled('Acomptes');
    expect(within(card).getByRole('link', { name: 'FAC-2026-0002' })).toHaveAttribute('href', '/invoices/20');
    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2].textContent)).toEqual(['Versé', 'Facturé, non réglé']);
    const text = (id: string) => within(card).getByTestId(id).textContent?.replace(/\s/g, ' ');
    expect(text('prepaid')).toBe('-360,00 €');
    expect(text('due-after-deposits')).toBe('840,00 €');
    expect(screen.getByTestId('ledger-prepaid').textContent?.replace(/\s/g, ' ')).toBe('-360,00 €');
    expect(screen.getByTestId('ledger-balance').textContent?.replace(/\s/g, ' ')).toBe('840,00 €');
  });
});

describe('a task linked to a line', () => {
  it('bills its actual hours at its hourly rate (4,75 h × 65 €)', () => {
    const task = { id: 9, title: 'Maquettes', description: '', hourly_rate: 65, cost: 308.75, actual_time: 4.75, estimated_time: 6, projectName: 'Site', invoiceNumber: null };
    const line = lineWithTask({ key: 'l', id: null, title: '', description: '', quantity: '1', unit_price: '0', tax_rate: '20', unit: 'C62', vat_exemption: '', discount_type: 'percent', discount: '', task_id: null, taskTitle: null }, task);
    expect([line.title, line.quantity, line.unit_price]).toEqual(['Maquettes', '4.75', '65']);
    // Tracked time is billed by the hour (issue 25, BT-130 HUR).
    expect(line.unit).toBe('HUR');
  });
});
