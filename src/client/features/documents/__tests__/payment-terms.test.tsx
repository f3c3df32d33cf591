import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { addDays, parisToday } from '@/shared/dates';
import { paymentDueDate } from '@/shared/payment-terms';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';
import { documentJson } from './document-json';

/**
 * The "Conditions de paiement" of the document editor (issue 25), through the whole app and a real
 * store: à réception, N jours, N jours fin de mois; an invoice's due date follows them; locked once
 * the invoice is issued.
 */

const today = parisToday();

// Full-app renders driven by userEvent: slow on a busy CI machine.
jest.setTimeout(30_000);

const CLIENT = { id: 3, name: 'Librairie Colette', email: 'colette@exemple.fr' };
const PROFILE = { email: 'marie@exemple.fr', legal_notice: '', signature_notice: '', vat_regime: 'assujetti', vat_number: 'FR44732829320' };

const termsSelect = () => screen.getByRole('combobox', { name: 'Conditions de paiement' });
const dueDate = () => screen.getByLabelText(/^Date d'échéance/) as HTMLInputElement;
const days = () => screen.queryByRole('spinbutton', { name: /^Nombre de jours/ });

describe('payment terms in the document editor (issue 25)', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('contacts/').reply(200, [{ ...CLIENT, phone: '', company: '', category: 'client' }]);
    mock.onGet('tasks/').reply(200, []);
    mock.onGet('profile/').reply(200, PROFILE);
  });
  afterEach(() => mock.restore());

  it('offers the three kinds of terms, and an invoice’s due date follows them', async () => {
    mock.onPost('invoices/').reply(201, documentJson({ id: 42, title: 'Conseil', client: CLIENT }));
    mock.onGet('invoices/42/').reply(200, documentJson({ id: 42, title: 'Conseil', client: CLIENT, line_items: [] }));
    const { user } = renderApp({ route: '/invoices/new', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Nouvelle facture' });
    await screen.findByRole('option', { name: 'Librairie Colette (colette@exemple.fr)' });

    expect(within(termsSelect()).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'À réception de la facture', 'À N jours', 'À N jours fin de mois',
    ]);
    // 30 days by default; the due date is shown, not typed.
    expect(termsSelect()).toHaveValue('net');
    expect(days()).toHaveValue(30);
    expect(dueDate()).toBeDisabled();
    expect(dueDate()).toHaveValue(addDays(today, 30));

    await user.selectOptions(termsSelect(), 'end_of_month');
    fireEvent.change(days()!, { target: { value: '45' } });
    expect(dueDate()).toHaveValue(paymentDueDate(today, { kind: 'end_of_month', days: 45 }));

    await user.selectOptions(termsSelect(), 'reception');
    expect(days()).not.toBeInTheDocument();
    expect(dueDate()).toHaveValue(today);

    await user.type(screen.getAllByRole('textbox', { name: /^Titre/ })[0], 'Conseil');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Client/ }), '3');
    const line = within(screen.getAllByTestId('line-item')[0]);
    await user.type(line.getByRole('textbox', { name: /Titre/ }), 'Audit');
    fireEvent.change(line.getByRole('textbox', { name: /Prix unitaire/ }), { target: { value: '100' } });
    await user.click(screen.getByRole('button', { name: 'Créer la facture' }));
    await waitFor(() => expect(currentPath()).toBe('/invoices/42'));
    const body = JSON.parse(mock.history.post[mock.history.post.length - 1].data);
    expect(body).toMatchObject({ payment_terms: 'reception', payment_days: 0, due_date: today });
  });

  it('refuses days that are not a whole number before sending', async () => {
    const { user } = renderApp({ route: '/invoices/new', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Nouvelle facture' });
    await screen.findByRole('option', { name: 'Librairie Colette (colette@exemple.fr)' });
    fireEvent.change(days()!, { target: { value: '0' } });
    await user.click(screen.getByRole('button', { name: 'Créer la facture' }));
    expect(await screen.findAllByText('Indiquez un délai entier de 1 à 365 jours, ou choisissez le paiement à réception.')).not.toHaveLength(0);
    expect(mock.history.post).toHaveLength(0);
  });

  it('shows an issued invoice’s terms, locked', async () => {
    mock.onGet('invoices/7/').reply(200, documentJson({
      id: 7, invoice_number: 'FAC-2026-0003', title: 'Conseil', client: CLIENT, status: 'sent', status_display: 'Envoyée',
      issue_date: today, due_date: paymentDueDate(today, { kind: 'end_of_month', days: 30 }), is_issued: true, pdf_sha256: 'ab'.repeat(32),
      payment_terms: 'end_of_month', payment_days: 30, payments: [], credit_notes: [],
      line_items: [{ id: 11, title: 'Audit', quantity: 1, unit_price: 100, total: 100 }],
    }));
    renderApp({ route: '/invoices/7', preloadedState: signedIn });
    await waitFor(() => expect(termsSelect()).toHaveValue('end_of_month'));
    expect(termsSelect()).toBeDisabled();
    expect(days()).toHaveValue(30);
    expect(days()).toBeDisabled();
    expect(dueDate()).toHaveValue(paymentDueDate(today, { kind: 'end_of_month', days: 30 }));
  });
});
