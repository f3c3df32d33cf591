import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { addDays, parisToday } from '@/shared/dates';
import { pagedReply } from '@/client/test/paged-list';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';
import { documentJson } from './document-json';

const today = parisToday();

// Full-app renders driven by userEvent: slow on a busy CI machine.
jest.setTimeout(30_000);

const CLIENT = { id: 3, name: 'Librairie Colette', email: 'colette@exemple.fr' };

/** An issued invoice of 240 € TTC (200 HT + 20 %), as GET invoices/7/ answers it. */
function issuedInvoice(extra: Record<string, unknown> = {}) {
  return documentJson({
    id: 7,
    invoice_number: 'FAC-2026-0003',
    title: 'Refonte du site',
    description: 'Notes',
    client: CLIENT,
    status: 'sent',
    status_display: 'Envoyée',
    priority: 'normale',
    issue_date: '2026-01-05',
    due_date: addDays(today, 30),
    payment_date: null,
    tax_rate: 20,
    legal_notice: 'Mentions',
    signature_notice: 'IBAN FR76 0000',
    subtotal: 200,
    tax_amount: 40,
    total_amount: 240,
    created_at: '2026-01-05T10:00:00Z',
    quote_id: null,
    amount_paid: 0,
    credited_amount: 0,
    balance_due: 240,
    is_overdue: false,
    is_issued: true,
    cancelled_by: null,
    pdf_sha256: 'c0ffee'.padEnd(64, '0'),
    internal_notes: 'Client lent à payer',
    payments: [],
    credit_notes: [],
    line_items: [
      { id: 11, title: 'Atelier', description: 'Deux heures', quantity: 2, unit: 'HUR', unit_price: 60, total: 120, task_id: null, task: null },
      { id: 12, title: 'Maquettes', description: '', quantity: 4, unit_price: 20, total: 80, task_id: null, task: null },
    ],
    ...extra,
  });
}

const PAYMENT = {
  id: 51,
  date: today,
  amount: 100,
  method: 'cheque',
  method_display: 'Chèque',
  reference: 'CHQ 1234',
  created_at: `${today}T09:00:00Z`,
};

/** A credit note as POST invoices/7/credit_note/ and GET credit-notes/31/ answer it. */
function creditNote(extra: Record<string, unknown> = {}) {
  return documentJson({
    id: 31,
    credit_note_number: 'AV-2026-0001',
    title: 'Avoir sur FAC-2026-0003',
    client: CLIENT,
    status: 'issued',
    status_display: 'Émis',
    issue_date: today,
    subtotal: 60,
    tax_rate: 20,
    tax_amount: 12,
    total_amount: 72,
    reason: 'Atelier écourté',
    description: '',
    pdf_sha256: 'ab'.repeat(32),
    invoice: { id: 7, invoice_number: 'FAC-2026-0003', issue_date: '2026-01-05' },
    created_at: `${today}T10:00:00Z`,
    line_items: [{ id: 91, title: 'Atelier', description: 'Deux heures', quantity: 1, unit_price: 60, total: 60, task_id: null, task: null }],
    ...extra,
  });
}

const money = (text: string | null | undefined) => text?.replace(/\s/g, ' ');

describe('issued invoice: frozen, payments and credit notes (issue 13)', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('contacts/').reply(200, [{ ...CLIENT, phone: '', company: '', category: 'client' }]);
    mock.onGet('tasks/').reply(200, []);
    mock.onGet('profile/').reply(200, {});
  });
  afterEach(() => mock.restore());

  const lastBody = (method: 'post' | 'put') => JSON.parse(mock.history[method][mock.history[method].length - 1].data);

  async function openInvoice() {
    const rendered = renderApp({ route: '/invoices/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Facture FAC-2026-0003' });
    return rendered;
  }

  it('is read-only except its priority and internal notes, has no Supprimer, and saves them with every other field unchanged', async () => {
    mock.onGet('invoices/7/').reply(200, issuedInvoice());
    mock.onPut('invoices/7/').reply(200, issuedInvoice({ priority: 'haute', internal_notes: 'Relancé le 3' }));
    const { user } = await openInvoice();

    expect(
      screen.getByText('Facture émise : son contenu est figé (art. 242 nonies A du CGI). Pour la corriger ou l’annuler, émettez un avoir.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Émettre un avoir' })).toBeEnabled();

    // Every printed field is disabled.
    const printed = [
      screen.getAllByRole('textbox', { name: /^Titre/ })[0],
      screen.getByRole('combobox', { name: /^Client/ }),
      screen.getByLabelText(/^Date d'émission/),
      screen.getByLabelText(/^Date d'échéance/),
      screen.getByRole('combobox', { name: 'Taux de TVA par défaut' }),
      screen.getByLabelText('Notes / Description'),
      screen.getByLabelText('Mentions légales'),
      screen.getByLabelText('Informations de paiement'),
      ...screen.getAllByTestId('line-item').flatMap((line) => [
        within(line).getByRole('textbox', { name: /Titre/ }),
        within(line).getByRole('textbox', { name: /Quantité/ }),
        within(line).getByRole('textbox', { name: /Prix unitaire/ }),
      ]),
    ];
    for (const field of printed) expect(field).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Ajouter une ligne' })).not.toBeInTheDocument();
    // The status is derived: shown, not chosen.
    expect(screen.queryByRole('combobox', { name: 'Statut' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Statut' })).getByText('Envoyée')).toBeInTheDocument();

    // Priority and internal notes stay editable.
    const notes = screen.getByLabelText('Notes internes');
    expect(notes).toBeEnabled();
    expect(notes).toHaveValue('Client lent à payer');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priorité' }), 'haute');
    await user.clear(notes);
    await user.type(notes, 'Relancé le 3');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Facture mise à jour avec succès !')).toBeInTheDocument();
    expect(lastBody('put')).toEqual({
      title: 'Refonte du site',
      description: 'Notes',
      client_id: 3,
      status: 'sent',
      priority: 'haute',
      issue_date: '2026-01-05',
      due_date: addDays(today, 30),
      payment_date: null,
      internal_notes: 'Relancé le 3',
      tax_rate: 20,
      operation_category: 'services',
      // Issue 25: the terms as loaded (the default, 30 days, for a new document).
      payment_terms: 'net',
      payment_days: 30,
      service_date: null,
      service_end_date: null,
      vat_exemption: '',
      legal_notice: 'Mentions',
      signature_notice: 'IBAN FR76 0000',
      discount_percent: 0,
      discount_amount: 0,
      discount_reason: '',
      line_items: [
        { id: 11, title: 'Atelier', description: 'Deux heures', quantity: 2, unit_price: 60, tax_rate: 20, unit: 'HUR', discount_percent: 0, discount_amount: 0, vat_exemption: '', task_id: null },
        { id: 12, title: 'Maquettes', description: '', quantity: 4, unit_price: 20, tax_rate: 20, unit: 'C62', discount_percent: 0, discount_amount: 0, vat_exemption: '', task_id: null },
      ],
    });
  });

  it('shows an overdue invoice as such, and a cancelled one with the credit note that cancelled it', async () => {
    mock.onGet('invoices/7/').replyOnce(
      200,
      issuedInvoice({ is_overdue: true, due_date: addDays(today, -3), status: 'partially_paid', status_display: 'Partiellement payée' }),
    );
    const first = await openInvoice();
    const status = within(screen.getByRole('group', { name: 'Statut' }));
    expect(status.getByText('Partiellement payée')).toHaveAttribute('data-tone', 'orange');
    expect(status.getByText('En retard')).toHaveAttribute('data-tone', 'darkred');
    first.unmount();

    mock.onGet('invoices/7/').reply(
      200,
      issuedInvoice({
        status: 'cancelled',
        status_display: 'Annulée',
        credited_amount: 240,
        balance_due: 0,
        cancelled_by: 'AV-2026-0001',
        credit_notes: [{ id: 31, credit_note_number: 'AV-2026-0001', issue_date: today, total_amount: 240, reason: 'Annulation' }],
      }),
    );
    await openInvoice();
    expect(screen.getByText(/Annulée par l’avoir/)).toHaveTextContent('Annulée par l’avoir AV-2026-0001.');
    expect(screen.getAllByRole('link', { name: 'AV-2026-0001' })[0]).toHaveAttribute('href', '/credit-notes/31');
    // Next to the invoice's figures a credit note is a deduction.
    expect(money(screen.getByTestId('ledger-credited').textContent)).toBe('-240,00 €');
    expect(money(screen.getByTestId('ledger-balance').textContent)).toBe('0,00 €');
    expect(screen.getByText('Cette facture est annulée : elle n’attend plus de paiement.')).toBeInTheDocument();
    // Nothing left to credit.
    expect(screen.queryByRole('button', { name: 'Émettre un avoir' })).not.toBeInTheDocument();
  });

  it('records a payment: the body, the refreshed invoice and its balance; server errors under the field', async () => {
    mock
      .onGet('invoices/7/')
      .replyOnce(200, issuedInvoice())
      .onGet('invoices/7/')
      .reply(200, issuedInvoice({ status: 'partially_paid', status_display: 'Partiellement payée', amount_paid: 100, balance_due: 140, payments: [PAYMENT] }));
    mock
      .onPost('invoices/7/payments/')
      .replyOnce(400, { amount: ['Le montant dépasse le solde restant dû (240,00 €).'] })
      .onPost('invoices/7/payments/')
      .reply(201, { payment: PAYMENT, invoice: {} });
    const { user } = await openInvoice();

    expect(money(screen.getByTestId('ledger-total').textContent)).toBe('240,00 €');
    expect(money(screen.getByTestId('ledger-paid').textContent)).toBe('0,00 €');
    expect(money(screen.getByTestId('ledger-balance').textContent)).toBe('240,00 €');
    expect(screen.getByText('Aucun paiement enregistré.')).toBeInTheDocument();

    const form = within(screen.getByRole('form', { name: 'Enregistrer un paiement' }));
    expect(form.getByLabelText(/^Date/)).toHaveValue(today);
    // Prefilled with the balance due.
    expect(form.getByRole('textbox', { name: /^Montant/ })).toHaveValue('240,00');
    const method = form.getByRole('combobox', { name: 'Moyen de paiement' });
    expect(within(method).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Virement',
      'Chèque',
      'Espèces',
      'Carte bancaire',
      'Prélèvement',
      'Autre',
    ]);

    // The server refuses: its message is shown under the amount.
    fireEvent.change(form.getByRole('textbox', { name: /^Montant/ }), { target: { value: '300' } });
    await user.click(form.getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await form.findByText('Le montant dépasse le solde restant dû (240,00 €).')).toBeInTheDocument();
    expect(form.getByRole('textbox', { name: /^Montant/ })).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(form.getByRole('textbox', { name: /^Montant/ }), { target: { value: '100' } });
    await user.selectOptions(method, 'cheque');
    await user.type(form.getByRole('textbox', { name: 'Référence' }), 'CHQ 1234');
    await user.click(form.getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await screen.findByText('Paiement enregistré.')).toBeInTheDocument();
    expect(lastBody('post')).toEqual({ date: today, amount: 100, method: 'cheque', reference: 'CHQ 1234' });

    // The invoice is read again: new status, balance, the payment listed, the form prefilled anew.
    await waitFor(() => expect(money(screen.getByTestId('ledger-balance').textContent)).toBe('140,00 €'));
    expect(money(screen.getByTestId('ledger-paid').textContent)).toBe('100,00 €');
    expect(within(screen.getByRole('group', { name: 'Statut' })).getByText('Partiellement payée')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /CHQ 1234/ });
    expect(within(row).getByText('Chèque')).toBeInTheDocument();
    expect(money(within(row).getByText(/100,00/).textContent)).toBe('100,00 €');
    expect(within(screen.getByRole('form', { name: 'Enregistrer un paiement' })).getByRole('textbox', { name: /^Montant/ })).toHaveValue('140,00');
    expect(mock.history.get.filter((r) => r.url === 'invoices/7/')).toHaveLength(2);
  });

  it('sends back the status the invoice has now, after a payment changed it', async () => {
    mock
      .onGet('invoices/7/')
      .replyOnce(200, issuedInvoice())
      .onGet('invoices/7/')
      .reply(200, issuedInvoice({ status: 'partially_paid', status_display: 'Partiellement payée', amount_paid: 100, balance_due: 140, payments: [PAYMENT] }));
    mock.onPost('invoices/7/payments/').reply(201, { payment: PAYMENT, invoice: {} });
    mock.onPut('invoices/7/').reply(200, issuedInvoice({ status: 'partially_paid', status_display: 'Partiellement payée', priority: 'urgent' }));
    const { user } = await openInvoice();
    const form = within(screen.getByRole('form', { name: 'Enregistrer un paiement' }));
    fireEvent.change(form.getByRole('textbox', { name: /^Montant/ }), { target: { value: '100' } });
    await user.click(form.getByRole('button', { name: 'Enregistrer le paiement' }));
    await waitFor(() => expect(money(screen.getByTestId('ledger-balance').textContent)).toBe('140,00 €'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priorité' }), 'urgent');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Facture mise à jour avec succès !')).toBeInTheDocument();
    expect(lastBody('put')).toMatchObject({ status: 'partially_paid', priority: 'urgent' });
  });

  it('deletes a payment after a confirmation', async () => {
    mock
      .onGet('invoices/7/')
      .replyOnce(200, issuedInvoice({ amount_paid: 100, balance_due: 140, payments: [PAYMENT] }))
      .onGet('invoices/7/')
      .reply(200, issuedInvoice());
    mock.onDelete('invoices/7/payments/51/').reply(204);
    const { user } = await openInvoice();
    const remove = screen.getByRole('button', { name: /^Supprimer le paiement de 100,00/ });
    await user.click(remove);
    const dialog = screen.getByRole('alertdialog', { name: 'Supprimer le paiement' });
    expect(dialog).toHaveTextContent('Le reste dû de la facture sera recalculé.');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Paiement supprimé.')).toBeInTheDocument();
    expect(mock.history.delete).toHaveLength(1);
    await waitFor(() => expect(money(screen.getByTestId('ledger-balance').textContent)).toBe('240,00 €'));
    expect(screen.getByText('Aucun paiement enregistré.')).toBeInTheDocument();
  });

  it('issues a partial credit note: chosen lines, edited quantity and price, reason; then opens it', async () => {
    mock.onGet('invoices/7/').reply(200, issuedInvoice({ amount_paid: 100, balance_due: 140 }));
    mock
      .onPost('invoices/7/credit_note/')
      .replyOnce(400, { detail: 'Le montant de l’avoir dépasse ce qui reste à créditer (240,00 €).' })
      .onPost('invoices/7/credit_note/')
      .reply(201, creditNote());
    mock.onGet('credit-notes/31/').reply(200, creditNote());
    const { user } = await openInvoice();

    await user.click(screen.getByRole('button', { name: 'Émettre un avoir' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Émettre un avoir' }));
    expect(dialog.getByRole('radio', { name: 'Avoir total' })).toBeChecked();
    expect(dialog.getByText('Crédite tout le solde restant dû : 140,00 € TTC.', { normalizer: (t) => t.replace(/\s/g, ' ') })).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: 'Avoir partiel' }));

    // Nothing chosen: refused before sending.
    await user.click(dialog.getByRole('button', { name: 'Émettre l’avoir' }));
    expect(await dialog.findByText('Choisissez au moins une ligne à créditer.')).toBeInTheDocument();
    expect(mock.history.post).toHaveLength(0);

    const line1 = within(dialog.getByRole('group', { name: 'Ligne 1 : Atelier' }));
    const line2 = within(dialog.getByRole('group', { name: 'Ligne 2 : Maquettes' }));
    expect(line1.getByRole('textbox', { name: 'Quantité' })).toHaveValue('2');
    expect(line1.getByRole('textbox', { name: 'Prix unitaire HT (€)' })).toHaveValue('60,00');
    expect(line1.getByRole('textbox', { name: 'Quantité' })).toBeDisabled();
    await user.click(line1.getByRole('checkbox', { name: 'Créditer cette ligne' }));
    fireEvent.change(line1.getByRole('textbox', { name: 'Quantité' }), { target: { value: '1' } });
    await user.click(line2.getByRole('checkbox', { name: 'Créditer cette ligne' }));
    fireEvent.change(line2.getByRole('textbox', { name: 'Prix unitaire HT (€)' }), { target: { value: '12.5' } });
    // 1 × 60 + 4 × 12.50 = 110 HT; 22 VAT; 132 TTC.
    expect(money(dialog.getByTestId('credit-total-ht').textContent)).toBe('110,00 €');
    expect(money(dialog.getByTestId('credit-total-ttc').textContent)).toBe('132,00 €');
    await user.type(dialog.getByRole('textbox', { name: 'Motif' }), 'Atelier écourté');

    await user.click(dialog.getByRole('button', { name: 'Émettre l’avoir' }));
    expect(await dialog.findByText('Le montant de l’avoir dépasse ce qui reste à créditer (240,00 €).')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Émettre l’avoir' }));
    await waitFor(() => expect(currentPath()).toBe('/credit-notes/31'));
    expect(lastBody('post')).toEqual({
      reason: 'Atelier écourté',
      line_items: [
        // Each credited in its invoice line's unit (issue 25).
        { title: 'Atelier', description: 'Deux heures', quantity: 1, unit_price: 60, tax_rate: 20, unit: 'HUR', discount_percent: 0, discount_amount: 0, vat_exemption: '' },
        { title: 'Maquettes', description: '', quantity: 4, unit_price: 12.5, tax_rate: 20, unit: 'C62', discount_percent: 0, discount_amount: 0, vat_exemption: '' },
      ],
    });
    expect(await screen.findByText('Avoir AV-2026-0001 émis avec succès !')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Avoir AV-2026-0001' })).toBeInTheDocument();
  });

  it('issues a total credit note of the balance due with an empty body', async () => {
    mock
      .onGet('invoices/7/')
      .replyOnce(200, issuedInvoice())
      .onGet('invoices/7/')
      .reply(200, issuedInvoice({ status: 'cancelled', status_display: 'Annulée', credited_amount: 240, balance_due: 0, cancelled_by: 'AV-2026-0001' }));
    mock.onPost('invoices/7/credit_note/').reply(201, creditNote({ total_amount: 240 }));
    mock.onGet('credit-notes/31/').reply(200, creditNote({ total_amount: 240 }));
    const { user } = await openInvoice();
    await user.click(screen.getByRole('button', { name: 'Émettre un avoir' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Émettre un avoir' }));
    await user.click(dialog.getByRole('button', { name: 'Émettre l’avoir' }));
    await waitFor(() => expect(currentPath()).toBe('/credit-notes/31'));
    expect(lastBody('post')).toEqual({});
  });

  it('cancels a paid invoice whole with « Avoir total », saying what will be owed back (issue 28)', async () => {
    mock.onGet('invoices/7/').reply(200, issuedInvoice({ status: 'paid', status_display: 'Payée', amount_paid: 240, balance_due: 0 }));
    mock.onPost('invoices/7/credit_note/').reply(201, creditNote({ total_amount: 240 }));
    mock.onGet('credit-notes/31/').reply(200, creditNote({ total_amount: 240 }));
    const { user } = await openInvoice();
    await user.click(screen.getByRole('button', { name: 'Émettre un avoir' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Émettre un avoir' }));
    const total = dialog.getByRole('radio', { name: 'Avoir total' });
    // Offered, not chosen for the user: a refund is money going back.
    expect(total).toBeEnabled();
    expect(total).not.toBeChecked();
    expect(dialog.getByText('Annule la facture, réglée : 240,00 € TTC à rembourser au client.', { normalizer: (t) => t.replace(/\s/g, ' ') })).toBeInTheDocument();
    await user.click(total);
    await user.click(dialog.getByRole('button', { name: 'Émettre l’avoir' }));
    await waitFor(() => expect(currentPath()).toBe('/credit-notes/31'));
    expect(lastBody('post')).toEqual({});
  });

  it('offers no credit note once the invoice is wholly credited', async () => {
    mock.onGet('invoices/7/').reply(200, issuedInvoice({ status: 'cancelled', status_display: 'Annulée', credited_amount: 240, balance_due: 0, cancelled_by: 'AV-2026-0001' }));
    await openInvoice();
    expect(screen.queryByRole('button', { name: 'Émettre un avoir' })).not.toBeInTheDocument();
  });

  it('closes the credit note dialog on Annuler without sending anything', async () => {
    mock.onGet('invoices/7/').reply(200, issuedInvoice());
    const { user } = await openInvoice();
    await user.click(screen.getByRole('button', { name: 'Émettre un avoir' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mock.history.post).toHaveLength(0);
  });
});

describe('credit notes list and page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
  });
  afterEach(() => mock.restore());

  it("lists credit notes with their number, client, invoice, status, amount and date; no 'new' link", async () => {
    const rows = [
      creditNote(),
      creditNote({
        id: 32,
        credit_note_number: 'AV-2026-0002',
        title: 'Avoir sur FAC-2026-0009',
        status: 'sent',
        status_display: 'Envoyé',
        total_amount: 1200,
        issue_date: '2026-02-01',
        invoice: { id: 9, invoice_number: 'FAC-2026-0009', issue_date: '2026-01-20' },
      }),
    ];
    // By pages, filtered by the server (issue 29).
    mock.onGet('credit-notes/').reply((config) =>
      pagedReply(rows, config, { filters: { status: (row) => row.status }, orderings: { issue_date: (row) => row.issue_date }, defaultOrdering: '-issue_date' }),
    );
    const { user } = renderApp({ route: '/credit-notes', preloadedState: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Liste des avoirs' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Liste des avoirs' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Titre',
      'Client',
      'Facture',
      'Statut',
      'Montant',
      'Date',
    ]);
    const row = within(table).getByRole('row', { name: /AV-2026-0002/ });
    expect(within(row).getByRole('link', { name: 'Avoir sur FAC-2026-0009' })).toHaveAttribute('href', '/credit-notes/32');
    expect(within(row).getByText('#AV-2026-0002')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Librairie Colette' })).toHaveAttribute('href', '/contacts/3');
    expect(within(row).getByRole('link', { name: 'FAC-2026-0009' })).toHaveAttribute('href', '/invoices/9');
    expect(within(row).getByText('Envoyé')).toBeInTheDocument();
    expect(money(within(row).getByText(/1\s200,00/).textContent)).toBe('1 200,00 €');
    expect(screen.getByText('2 avoirs')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Émettre un avoir/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Priorité' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'issued');
    expect(await screen.findByText('1 avoir')).toBeInTheDocument();
    expect(mock.history.get.filter((r) => r.url === 'credit-notes/').at(-1)?.params).toEqual({ status: 'issued', ordering: '-issue_date', page_size: 50 });
  });

  it('shows a credit note line as it was issued, with up to 4 decimals (issue 25)', async () => {
    const line = { id: 92, title: 'Relecture', description: '', quantity: 0.3333, unit_price: 0.0125, total: 0, task_id: null, task: null };
    mock.onGet('credit-notes/31/').reply(200, creditNote({ line_items: [line] }));
    renderApp({ route: '/credit-notes/31', preloadedState: signedIn });
    const row = await screen.findByRole('row', { name: /Relecture/ });
    expect(within(row).getAllByRole('cell').map((cell) => money(cell.textContent))).toEqual(expect.arrayContaining(['0,3333', '0,0125 €']));
  });

  it('shows a credit note read-only, downloads its PDF and sends it by e-mail', async () => {
    const createObjectURL = jest.fn(() => 'blob:carnet/avoir');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const clicked: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function onClick(this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    mock
      .onGet('credit-notes/31/')
      .replyOnce(200, creditNote())
      .onGet('credit-notes/31/')
      .reply(200, creditNote({ status: 'sent', status_display: 'Envoyé' }));
    mock.onGet('credit-notes/31/generate_pdf/').reply(200, new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
    mock.onPost('credit-notes/31/send_email/').reply(200, { message: 'L’avoir a été envoyé par e-mail avec succès !' });
    mock.onPost(/email-templates\/\w+\/preview\//).reply(200, { subject: 'Objet du modèle', body: 'Bonjour,\n\nTexte du modèle.' });
    const { user } = renderApp({ route: '/credit-notes/31', preloadedState: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Avoir AV-2026-0001' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'FAC-2026-0003' })).toHaveAttribute('href', '/invoices/7');
    expect(screen.getByText('Atelier écourté')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Atelier/ })).toHaveTextContent(/60,00\s€/);
    expect(money(screen.getByTestId('total-ht').textContent)).toBe('60,00 €');
    expect(money(screen.getByTestId('total-ttc').textContent)).toBe('72,00 €');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Télécharger PDF' }));
    await waitFor(() => expect(clicked).toEqual(['avoir_AV-2026-0001.pdf']));

    await user.click(screen.getByRole('button', { name: 'Envoyer par E-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer par e-mail' });
    expect(dialog).toHaveTextContent('L’avoir sera envoyé à Librairie Colette (colette@exemple.fr) avec le PDF en pièce jointe.');
    await user.click(await within(dialog).findByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('L’avoir a été envoyé par e-mail avec succès !')).toBeInTheDocument();
    expect(await screen.findByText('Envoyé')).toBeInTheDocument();
    click.mockRestore();
  });

  it('says a credit note cannot be loaded and goes back to the list', async () => {
    mock.onGet('credit-notes/5/').reply(404, { detail: 'Pas trouvé.' });
    mock.onGet('credit-notes/').reply(200, []);
    renderApp({ route: '/credit-notes/5', preloadedState: signedIn });
    expect(await screen.findByText('Impossible de charger l’avoir.')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/credit-notes'));
    expect(await screen.findByText('Aucun avoir à afficher. Un avoir s’émet depuis une facture émise.')).toBeInTheDocument();
  });
});
