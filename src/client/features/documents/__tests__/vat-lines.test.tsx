import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { addDays, parisToday } from '@/shared/dates';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';
import { OUTSIDE_SCOPE_OTHER_EXEMPTION } from '@/shared/vat';
import { documentJson } from './document-json';

/**
 * VAT per line on the document screens (issue 14), through the whole app and a real store: the
 * rate column and its default, the breakdown under the totals, the franchise, the exemption
 * reason, the service period, and the rates of credit notes.
 */

const today = parisToday();

// Full-app renders driven by userEvent: slow on a busy CI machine.
jest.setTimeout(30_000);

const CLIENT = { id: 3, name: 'Librairie Colette', email: 'colette@exemple.fr' };
const ASSUJETTI = { email: 'marie@exemple.fr', legal_notice: '', signature_notice: '', vat_regime: 'assujetti', vat_number: 'FR44732829320' };
const FRANCHISE = { ...ASSUJETTI, vat_regime: 'franchise', vat_number: '' };

const money = (element: HTMLElement) => element.textContent?.replace(/\s/g, ' ');
const lines = () => screen.getAllByTestId('line-item');
const line = (n: number) => within(lines()[n - 1]);
/** A line's own exemption reason (issue 25). */
const reasonOf = (n: number) => line(n).getByRole('combobox', { name: "Motif d'exonération de la ligne" });
const EXEMPTION_LABELS = [
  'Autoliquidation (client en France : art. 283-2 du CGI ; dans l’UE : art. 196 de la directive 2006/112/CE)',
  'Livraison intracommunautaire (art. 262 ter I du CGI)',
  'Exportation hors UE (art. 262 I du CGI)',
  'Prestation de services hors UE (art. 259-1° du CGI)',
  'Service de l’art. 259 B à un particulier hors UE (conseil, informatique, publicité…)',
  'Exonération (art. 261 du CGI)',
];

/** An issued invoice with lines at 20 % and 5,5 %, as GET invoices/7/ answers it. */
function mixedInvoice(extra: Record<string, unknown> = {}) {
  return documentJson({
    id: 7,
    invoice_number: 'FAC-2026-0003',
    title: 'Livres et conception',
    description: '',
    client: CLIENT,
    status: 'sent',
    status_display: 'Envoyée',
    priority: 'normale',
    issue_date: today,
    due_date: addDays(today, 30),
    payment_date: null,
    tax_rate: 20,
    operation_category: 'mixed',
    service_date: '2026-01-01',
    service_end_date: '2026-01-31',
    vat_exemption: '',
    legal_notice: '',
    signature_notice: '',
    subtotal: 200,
    tax_amount: 25.5,
    total_amount: 225.5,
    vat_breakdown: [{ rate: 20, base: 100, tax: 20 }, { rate: 5.5, base: 100, tax: 5.5 }],
    created_at: `${today}T10:00:00Z`,
    quote_id: null,
    amount_paid: 0,
    credited_amount: 0,
    balance_due: 225.5,
    is_overdue: false,
    is_issued: true,
    cancelled_by: null,
    pdf_sha256: 'ab'.repeat(32),
    internal_notes: '',
    payments: [],
    credit_notes: [],
    line_items: [
      { id: 11, title: 'Conception', description: '', quantity: 1, unit_price: 100, tax_rate: 20, total: 100, task_id: null, task: null },
      { id: 12, title: 'Livres', description: '', quantity: 4, unit_price: 25, tax_rate: 5.5, total: 100, task_id: null, task: null },
    ],
    ...extra,
  });
}

describe('VAT per line on the document screens (issue 14)', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('contacts/').reply(200, [{ ...CLIENT, phone: '', company: '', category: 'client' }]);
    mock.onGet('tasks/').reply(200, []);
  });
  afterEach(() => mock.restore());

  const postBody = () => JSON.parse(mock.history.post[mock.history.post.length - 1].data);

  async function newQuote(profile: object) {
    mock.onGet('profile/').reply(200, profile);
    const rendered = renderApp({ route: '/quotes/new', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Nouveau devis' });
    await screen.findByRole('option', { name: 'Librairie Colette (colette@exemple.fr)' });
    const { user } = rendered;
    await user.type(screen.getAllByRole('textbox', { name: /^Titre/ })[0], 'Livres et conception');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Client/ }), '3');
    return user;
  }

  async function fillLine(user: Awaited<ReturnType<typeof newQuote>>, n: number, title: string, quantity: string, price: string) {
    await user.type(line(n).getByRole('textbox', { name: /Titre/ }), title);
    fireEvent.change(line(n).getByRole('textbox', { name: /Quantité/ }), { target: { value: quantity } });
    fireEvent.change(line(n).getByRole('textbox', { name: /Prix unitaire/ }), { target: { value: price } });
  }

  it('gives each line a rate, the document’s by default, and shows the VAT per rate under the totals', async () => {
    mock.onPost('quotes/').reply(201, documentJson({ id: 42, title: 'Livres et conception', client: CLIENT, status: 'draft', status_display: 'Brouillon' }));
    mock.onGet('quotes/42/').reply(200, documentJson({ id: 42, title: 'Livres et conception', client: CLIENT, status: 'draft', status_display: 'Brouillon', line_items: [] }));
    const user = await newQuote(ASSUJETTI);

    // The rate column starts at the document's rate; the choices are the French rates.
    const rate1 = line(1).getByRole('combobox', { name: 'TVA' });
    expect(rate1).toHaveValue('20');
    expect(within(rate1).getAllByRole('option').map((o) => o.textContent)).toEqual(['20 %', '10 %', '5,5 %', '2,1 %', '0 %']);
    await fillLine(user, 1, 'Conception', '1', '100');
    expect(screen.queryByTestId('total-breakdown')).not.toBeInTheDocument();
    expect(screen.getByText('TVA (20 %)')).toBeInTheDocument();

    // A new default rate: the lines at the old one follow it, and new lines take it.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Taux de TVA par défaut' }), '5.5');
    expect(rate1).toHaveValue('5.5');
    await user.selectOptions(rate1, '20');
    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    expect(line(2).getByRole('combobox', { name: 'TVA' })).toHaveValue('5.5');
    await fillLine(user, 2, 'Livres', '3', '33.33');

    // 100 at 20 % (20,00) + 99,99 at 5,5 % (5,50): VAT per rate, then summed.
    expect(money(screen.getByTestId('total-ht'))).toBe('199,99 €');
    expect(money(screen.getByTestId('total-tva'))).toBe('25,50 €');
    expect(money(screen.getByTestId('total-ttc'))).toBe('225,49 €');
    const breakdown = within(screen.getByTestId('total-breakdown'));
    expect(breakdown.getAllByRole('row').map((row) => money(row))).toEqual([
      'TauxBase HTTVA',
      '20 %100,00 €20,00 €',
      '5,5 %99,99 €5,50 €',
    ]);

    await user.click(screen.getByRole('button', { name: 'Créer le devis' }));
    await waitFor(() => expect(currentPath()).toBe('/quotes/42'));
    expect(postBody()).toMatchObject({ tax_rate: 5.5, vat_exemption: '' });
    expect(postBody().line_items.map((l: { tax_rate: number }) => l.tax_rate)).toEqual([20, 5.5]);
  });

  it('hides the VAT fields in the franchise and says why there is no VAT', async () => {
    mock.onPost('quotes/').reply(201, documentJson({ id: 43, title: 'Livres et conception', client: CLIENT, status: 'draft', status_display: 'Brouillon' }));
    mock.onGet('quotes/43/').reply(200, documentJson({ id: 43, title: 'Livres et conception', client: CLIENT, status: 'draft', status_display: 'Brouillon', line_items: [] }));
    const user = await newQuote(FRANCHISE);
    await fillLine(user, 1, 'Conception', '2', '100');

    expect(screen.queryByRole('combobox', { name: 'Taux de TVA par défaut' })).not.toBeInTheDocument();
    expect(line(1).queryByRole('combobox', { name: 'TVA' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Motif d'exonération/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('total-tva')).not.toBeInTheDocument();
    expect(screen.getByTestId('total-franchise')).toHaveTextContent('TVA non applicable, art. 293 B du CGI');
    // No "HT" nor "TTC" without VAT (issue 25): a quote's amount, the lines' price and amount.
    expect(screen.getByText('Montant total')).toBeInTheDocument();
    expect(money(screen.getByTestId('total-ttc'))).toBe('200,00 €');
    expect(line(1).getByRole('textbox', { name: 'Prix unitaire (€)' })).toBeInTheDocument();
    expect(line(1).getByText(/^Montant :/)).toBeInTheDocument();
    expect(screen.queryByText(/\b(HT|TTC)\b/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Créer le devis' }));
    await waitFor(() => expect(currentPath()).toBe('/quotes/43'));
    expect(postBody()).toMatchObject({ tax_rate: 0, vat_exemption: '', line_items: [expect.objectContaining({ tax_rate: 0 })] });
  });

  it('asks a VAT-registered seller why lines are at 0 %, and sends the reason', async () => {
    mock.onPost('quotes/').reply(201, documentJson({ id: 44, title: 'Livres et conception', client: CLIENT, status: 'draft', status_display: 'Brouillon' }));
    mock.onGet('quotes/44/').reply(200, documentJson({ id: 44, title: 'Livres et conception', client: CLIENT, status: 'draft', status_display: 'Brouillon', line_items: [] }));
    const user = await newQuote(ASSUJETTI);
    await fillLine(user, 1, 'Export', '1', '500');
    expect(screen.queryByRole('combobox', { name: /Motif d'exonération/ })).not.toBeInTheDocument();

    await user.selectOptions(line(1).getByRole('combobox', { name: 'TVA' }), '0');
    expect(reasonOf(1)).toHaveValue('');
    const reason = screen.getByRole('combobox', { name: "Motif d'exonération" });
    expect(within(reason).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choisissez le motif des lignes à 0 %', ...EXEMPTION_LABELS]);
    await user.click(screen.getByRole('button', { name: 'Créer le devis' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Indiquez le motif d’exonération des lignes à 0 %');
    expect(mock.history.post).toHaveLength(0);

    await user.selectOptions(reason, 'hors_ue_services');
    await user.click(screen.getByRole('button', { name: 'Créer le devis' }));
    await waitFor(() => expect(currentPath()).toBe('/quotes/44'));
    expect(postBody()).toMatchObject({ vat_exemption: 'hors_ue_services', line_items: [expect.objectContaining({ tax_rate: 0, vat_exemption: '' })] });
  });

  it('gives a line at 0 % its own exemption reason; the document’s is then needed only for the others (issue 25)', async () => {
    mock.onPost('quotes/').reply(201, documentJson({ id: 46, title: 'Livres et conception', client: CLIENT, status: 'draft', status_display: 'Brouillon' }));
    mock.onGet('quotes/46/').reply(200, documentJson({ id: 46, title: 'Livres et conception', client: CLIENT, status: 'draft', status_display: 'Brouillon', line_items: [] }));
    const user = await newQuote(ASSUJETTI);
    await fillLine(user, 1, 'Machine', '1', '500');
    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    await fillLine(user, 2, 'Installation', '1', '200');
    // Only a line at 0 % has one.
    expect(line(1).queryByRole('combobox', { name: /Motif d'exonération/ })).not.toBeInTheDocument();

    await user.selectOptions(line(1).getByRole('combobox', { name: 'TVA' }), '0');
    expect(within(reasonOf(1)).getAllByRole('option').map((o) => o.textContent)).toEqual(['Celui du document', ...EXEMPTION_LABELS]);
    expect(line(2).queryByRole('combobox', { name: /Motif d'exonération/ })).not.toBeInTheDocument();
    // Following the document's (the default), the document's is required.
    await user.click(screen.getByRole('button', { name: 'Créer le devis' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Indiquez le motif d’exonération des lignes à 0 %');
    expect(mock.history.post).toHaveLength(0);

    // Its own reason, right after its rate in the keyboard order: the document's is no longer needed.
    line(1).getByRole('combobox', { name: 'TVA' }).focus();
    await user.tab();
    expect(reasonOf(1)).toHaveFocus();
    await user.selectOptions(reasonOf(1), 'exportation');
    const documentReason = screen.getByRole('combobox', { name: "Motif d'exonération" });
    expect(documentReason).not.toBeRequired();
    expect(documentReason).toHaveAccessibleDescription('Facultatif : chaque ligne à 0 % a son propre motif.');
    await user.click(screen.getByRole('button', { name: 'Créer le devis' }));
    await waitFor(() => expect(currentPath()).toBe('/quotes/46'));
    expect(postBody()).toMatchObject({ vat_exemption: '' });
    expect(postBody().line_items.map((l: { tax_rate: number; vat_exemption: string }) => [l.tax_rate, l.vat_exemption])).toEqual([
      [0, 'exportation'],
      [20, ''],
    ]);
  });

  it('shows under a line’s reason the server’s refusal of it (issue 25)', async () => {
    const draft = documentJson({
      id: 7, quote_number: 'DEV-2026-0007', title: 'Services', client: CLIENT, status: 'draft', status_display: 'Brouillon', tax_rate: 0,
      vat_exemption: 'exoneration',
      line_items: [
        { id: 11, title: 'Formation', quantity: 1, unit_price: 300, total: 300 },
        { id: 12, title: 'Conseil', quantity: 1, unit_price: 200, total: 200 },
      ],
    });
    mock.onGet('profile/').reply(200, ASSUJETTI);
    mock.onGet('quotes/7/').reply(200, draft);
    mock.onPut('quotes/7/').reply(400, { line_items: [{}, { vat_exemption: [OUTSIDE_SCOPE_OTHER_EXEMPTION] }] });
    const { user } = renderApp({ route: '/quotes/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Devis DEV-2026-0007' });
    expect(reasonOf(2)).toHaveValue('');
    await user.selectOptions(reasonOf(2), 'hors_ue_services');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await line(2).findByText(OUTSIDE_SCOPE_OTHER_EXEMPTION)).toBeInTheDocument();
    expect(reasonOf(2)).toHaveAttribute('aria-invalid', 'true');
    expect(reasonOf(2)).toHaveAccessibleDescription(OUTSIDE_SCOPE_OTHER_EXEMPTION);
    expect(reasonOf(1)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent(`Ligne 2 – Motif d'exonération de la ligne : ${OUTSIDE_SCOPE_OTHER_EXEMPTION}`);
    const sent = JSON.parse(mock.history.put[0].data);
    expect(sent).toMatchObject({ vat_exemption: 'exoneration' });
    expect(sent.line_items.map((l: { vat_exemption: string }) => l.vat_exemption)).toEqual(['', 'hors_ue_services']);
  });

  it('shows an issued invoice’s line reason read-only, credits the line with it, and the credit note names it (issue 25)', async () => {
    mock.onGet('profile/').reply(200, ASSUJETTI);
    const invoice = mixedInvoice({
      line_items: [
        { id: 11, title: 'Conception', description: '', quantity: 1, unit_price: 100, tax_rate: 20, total: 100, task_id: null, task: null },
        { id: 12, title: 'Livres', description: '', quantity: 4, unit_price: 25, tax_rate: 0, vat_exemption: 'exportation', total: 100, task_id: null, task: null },
      ],
    });
    const note = {
      ...mixedInvoice({ id: 31, invoice_number: undefined, status: 'issued', status_display: 'Émis', line_items: invoice.line_items.slice(1) }),
      credit_note_number: 'AV-2026-0002',
      reason: '',
      invoice: { id: 7, invoice_number: 'FAC-2026-0003', issue_date: today },
    };
    mock.onGet('invoices/7/').reply(200, invoice);
    mock.onPost('invoices/7/credit_note/').reply(201, note);
    mock.onGet('credit-notes/31/').reply(200, note);
    const { user } = renderApp({ route: '/invoices/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Facture FAC-2026-0003' });
    expect(reasonOf(2)).toHaveValue('exportation');
    expect(reasonOf(2)).toBeDisabled();
    expect(line(1).queryByRole('combobox', { name: /Motif d'exonération/ })).not.toBeInTheDocument();
    // The invoice has no reason of its own: nothing to show.
    expect(screen.queryByRole('combobox', { name: "Motif d'exonération" })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Émettre un avoir' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Émettre un avoir' }));
    await user.click(dialog.getByRole('radio', { name: 'Avoir partiel' }));
    expect(dialog.getAllByTestId('credit-line-rate').map((e) => e.textContent)).toEqual(['TVA 20 %', 'TVA 0 % · Exportation hors UE (art. 262 I du CGI)']);
    await user.click(within(dialog.getByRole('group', { name: 'Ligne 2 : Livres' })).getByRole('checkbox', { name: 'Créditer cette ligne' }));
    await user.click(dialog.getByRole('button', { name: 'Émettre l’avoir' }));
    await waitFor(() => expect(currentPath()).toBe('/credit-notes/31'));
    expect(postBody().line_items).toEqual([expect.objectContaining({ title: 'Livres', tax_rate: 0, vat_exemption: 'exportation' })]);

    const row = await screen.findByRole('row', { name: /Livres/ });
    expect(row).toHaveTextContent('Motif d’exonération : Exportation hors UE (art. 262 I du CGI)');
  });

  it('takes the operation and the date or period of the service', async () => {
    mock.onPost('quotes/').reply(201, documentJson({ id: 45, title: 'Livres et conception', client: CLIENT, status: 'draft', status_display: 'Brouillon' }));
    mock.onGet('quotes/45/').reply(200, documentJson({ id: 45, title: 'Livres et conception', client: CLIENT, status: 'draft', status_display: 'Brouillon', line_items: [] }));
    const user = await newQuote(ASSUJETTI);
    await fillLine(user, 1, 'Maintenance', '1', '90');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Opération' }), 'goods');
    fireEvent.change(screen.getByLabelText('Date de la prestation'), { target: { value: '2026-01-01' } });
    expect(screen.queryByLabelText('Fin de la période')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Prestation sur une période' }));
    fireEvent.change(screen.getByLabelText('Fin de la période'), { target: { value: '2026-01-31' } });
    expect(screen.getByText(/^Période : du 1 janv\. 2026 au 31 janv\. 2026$/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Créer le devis' }));
    await waitFor(() => expect(currentPath()).toBe('/quotes/45'));
    expect(postBody()).toMatchObject({ operation_category: 'goods', service_date: '2026-01-01', service_end_date: '2026-01-31' });
  });

  it('shows an issued invoice’s rates and breakdown read-only, and credits lines at their own rates', async () => {
    mock.onGet('profile/').reply(200, ASSUJETTI);
    mock.onGet('invoices/7/').reply(200, mixedInvoice());
    const { user } = renderApp({ route: '/invoices/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Facture FAC-2026-0003' });
    expect(line(2).getByRole('combobox', { name: 'TVA' })).toHaveValue('5.5');
    expect(line(2).getByRole('combobox', { name: 'TVA' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Opération' })).toHaveValue('mixed');
    expect(screen.getByLabelText('Fin de la période')).toHaveValue('2026-01-31');
    expect(within(screen.getByTestId('total-breakdown')).getAllByRole('row')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Émettre un avoir' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Émettre un avoir' }));
    await user.click(dialog.getByRole('radio', { name: 'Avoir partiel' }));
    expect(dialog.getAllByTestId('credit-line-rate').map((e) => e.textContent)).toEqual(['TVA 20 %', 'TVA 5,5 %']);
    await user.click(within(dialog.getByRole('group', { name: 'Ligne 1 : Conception' })).getByRole('checkbox', { name: 'Créditer cette ligne' }));
    await user.click(within(dialog.getByRole('group', { name: 'Ligne 2 : Livres' })).getByRole('checkbox', { name: 'Créditer cette ligne' }));
    expect(money(dialog.getByTestId('credit-total-tva'))).toBe('25,50 €');
    expect(within(dialog.getByTestId('credit-total-breakdown')).getAllByRole('row')).toHaveLength(3);
  });

  it('shows an issued invoice and a credit note of a seller in the franchise without "HT" nor "TTC"', async () => {
    mock.onGet('profile/').reply(200, FRANCHISE);
    const untaxed = {
      tax_rate: 0, subtotal: 200, tax_amount: 0, total_amount: 200, balance_due: 200, vat_breakdown: [{ rate: 0, base: 200, tax: 0 }],
      line_items: [{ id: 1, title: 'Atelier', description: '', quantity: 2, unit_price: 100, tax_rate: 0, total: 200, task_id: null, task: null }],
    };
    mock.onGet('invoices/7/').reply(200, mixedInvoice(untaxed));
    const { unmount } = renderApp({ route: '/invoices/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: /FAC-2026-0003/ });
    await waitFor(() => expect(screen.getByText('Net à payer')).toBeInTheDocument());
    expect(screen.getByTestId('total-franchise')).toHaveTextContent('TVA non applicable, art. 293 B du CGI');
    expect(screen.queryByTestId('total-ht')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Prix unitaire (€)' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\b(HT|TTC)\b/);
    unmount();

    mock.onGet('credit-notes/31/').reply(200, {
      ...mixedInvoice({ ...untaxed, id: 31, invoice_number: undefined, status: 'issued', status_display: 'Émis' }),
      credit_note_number: 'AV-2026-0001',
      reason: 'Annulation',
      invoice: { id: 7, invoice_number: 'FAC-2026-0003', issue_date: today },
    });
    renderApp({ route: '/credit-notes/31', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Avoir AV-2026-0001' });
    await waitFor(() => expect(screen.getByText('Montant de l’avoir')).toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'Lignes de l’avoir AV-2026-0001' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Désignation', 'Quantité', 'Prix unitaire', 'Montant']);
    expect(screen.queryByText('Net à payer')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\b(HT|TTC)\b/);
  });

  it('shows a credit note’s lines with their rates and its VAT per rate', async () => {
    mock.onGet('profile/').reply(200, ASSUJETTI);
    mock.onGet('credit-notes/31/').reply(200, {
      ...mixedInvoice({ id: 31, invoice_number: undefined, status: 'issued', status_display: 'Émis' }),
      credit_note_number: 'AV-2026-0001',
      reason: 'Annulation',
      invoice: { id: 7, invoice_number: 'FAC-2026-0003', issue_date: today },
    });
    renderApp({ route: '/credit-notes/31', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Avoir AV-2026-0001' });
    const table = screen.getByRole('table', { name: 'Lignes de l’avoir AV-2026-0001' });
    expect(within(table).getByRole('columnheader', { name: 'TVA' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[3].textContent)).toEqual(['20 %', '5,5 %']);
    expect(within(screen.getByTestId('total-breakdown')).getAllByRole('row').map((row) => money(row))).toEqual([
      'TauxBase HTTVA',
      '20 %100,00 €20,00 €',
      '5,5 %100,00 €5,50 €',
    ]);
  });
});
