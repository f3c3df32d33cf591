import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { addDays, parisToday } from '@/shared/dates';
import type { ReceiptRow, ReceiptsBook } from '@/shared/contracts/reports';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';

// Full-app renders driven by userEvent: slow on a busy CI machine.
jest.setTimeout(30_000);

const today = parisToday();
const YEAR = Number(today.slice(0, 4));
const money = (text: string | null | undefined) => text?.replace(/\s/g, ' ');

const receipt = (extra: Partial<ReceiptRow>): ReceiptRow => ({
  kind: 'payment',
  id: 1,
  date: `${YEAR}-01-20`,
  invoice_id: 7,
  invoice_number: `FAC-${YEAR}-0003`,
  credit_note_number: null,
  client_id: 3,
  client_name: 'Librairie Colette',
  operation_category: 'services',
  nature: 'services',
  nature_display: 'Prestation de services',
  amount: 300,
  amount_ht: 250,
  method: 'virement',
  method_display: 'Virement',
  reference: 'VIR 118',
  ...extra,
});

/** A book as GET reports/receipts/ answers it: the rows, and their totals per month and quarter (the declared turnover, HT). */
function book(year: number, rows: ReceiptRow[]): ReceiptsBook {
  const zero = () => ({ services: 0, goods: 0, total: 0, count: 0 });
  const months = Array.from({ length: 12 }, (_, i) => ({ month: `${year}-${String(i + 1).padStart(2, '0')}`, ...zero() }));
  const quarters = [1, 2, 3, 4].map((quarter) => ({ quarter, label: `T${quarter} ${year}`, ...zero() }));
  const totals = zero();
  for (const row of rows) {
    const m = Number(row.date.slice(5, 7)) - 1;
    for (const t of [months[m], quarters[Math.floor(m / 3)], totals]) {
      t[row.nature] += row.amount_ht;
      t.total += row.amount_ht;
      t.count++;
    }
  }
  return { year, rows, months, quarters, totals };
}

const ROWS = [
  receipt({ id: 1 }),
  receipt({
    id: 2, date: `${YEAR}-01-20`, invoice_id: 8, invoice_number: `FAC-${YEAR}-0004`, client_id: 4, client_name: 'Boulangerie Potier',
    operation_category: 'goods', nature: 'goods', nature_display: 'Vente', amount: 105.5, amount_ht: 100, method: 'carte', method_display: 'Carte bancaire', reference: '',
  }),
  receipt({
    kind: 'refund', id: 31, date: `${YEAR}-01-25`, credit_note_number: `AV-${YEAR}-0001`, amount: -60, amount_ht: -50, method: '',
    method_display: 'Remboursement (avoir)', reference: `AV-${YEAR}-0001`,
  }),
];

const receiptsQuery = (year: number, format?: string) => ({ params: format ? { year, format } : { year } });
const getCount = (mock: MockAdapter, url: string, params?: object) =>
  mock.history.get.filter((r) => r.url === url && (!params || JSON.stringify(r.params) === JSON.stringify(params))).length;

describe('reports (/reports)', () => {
  let mock: MockAdapter;
  let clicked: { href: string; download: string }[];
  beforeEach(() => {
    mock = mockHttp();
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:carnet/report'), revokeObjectURL: jest.fn() });
    clicked = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
      // Links of the app navigate as usual; only the download links are recorded.
      if (this.download) clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
  });
  afterEach(() => {
    mock.restore();
    jest.restoreAllMocks();
  });

  async function openReports(route = '/reports') {
    const rendered = renderApp({ route, preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Rapports' });
    return rendered;
  }

  it('shows the receipts book: receipts in date order with their HT, refunds negative, the turnover to declare per month, quarter and year, and the chart', async () => {
    mock.onGet('reports/receipts/', receiptsQuery(YEAR)).reply(200, book(YEAR, ROWS));
    await openReports();
    const section = await screen.findByRole('region', { name: `Livre des recettes ${YEAR}` });
    const table = await within(section).findByRole('table', { name: `Encaissements ${YEAR}` });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => money(cell.textContent)))).toEqual([
      [expect.stringContaining('janv.'), `FAC-${YEAR}-0003`, 'Librairie Colette', 'Prestation de services', '300,00 €', '250,00 €', 'Virement', 'VIR 118'],
      [expect.stringContaining('janv.'), `FAC-${YEAR}-0004`, 'Boulangerie Potier', 'Vente', '105,50 €', '100,00 €', 'Carte bancaire', ''],
      [
        expect.stringContaining('janv.'), `FAC-${YEAR}-0003Avoir AV-${YEAR}-0001`, 'Librairie Colette', 'Prestation de services', '-60,00 €', '-50,00 €',
        'Remboursement (avoir)', `AV-${YEAR}-0001`,
      ],
    ]);
    for (const name of ['Montant encaissé', 'Dont HT']) expect(within(table).getByRole('columnheader', { name })).toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: `FAC-${YEAR}-0003` })).toHaveAttribute('href', '/invoices/7');
    expect(within(rows[1]).getByRole('link', { name: 'Boulangerie Potier' })).toHaveAttribute('href', '/contacts/4');

    const totals = within(section).getByRole('table', { name: `Recettes ${YEAR} par mois, trimestre et année` });
    const line = (name: string) => within(totals).getByRole('row', { name: new RegExp(`^${name}`) });
    const figures = (name: string) => within(line(name)).getAllByRole('cell').map((cell) => money(cell.textContent));
    // The one figure to declare, under its one label: received less refunded, HT (345,50 € were received net).
    expect(within(totals).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Période', 'Prestations de services (HT)', 'Ventes (HT)', "Chiffre d'affaires encaissé à déclarer (HT)", 'Encaissements',
    ]);
    expect(figures(`Janvier ${YEAR}`)).toEqual(['200,00 €', '100,00 €', '300,00 €', '3']);
    expect(figures(`Février ${YEAR}`)).toEqual(['0,00 €', '0,00 €', '0,00 €', '0']);
    expect(figures(`T1 ${YEAR}`)).toEqual(['200,00 €', '100,00 €', '300,00 €', '3']);
    expect(figures(`Année ${YEAR}`)).toEqual(['200,00 €', '100,00 €', '300,00 €', '3']);
    expect(within(totals).getAllByRole('row')).toHaveLength(1 + 12 + 4 + 1);
    // A phone stacks each period as a card (issue 28): every figure names its column, and the roles keep it a table.
    expect(within(line(`Année ${YEAR}`)).getAllByRole('cell').map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Prestations de services (HT)', 'Ventes (HT)', "Chiffre d'affaires encaissé à déclarer (HT)", 'Encaissements',
    ]);
    expect(within(line(`Année ${YEAR}`)).getByRole('rowheader')).toHaveTextContent(`Année ${YEAR}`);
    expect(
      within(section).getByRole('img', { name: new RegExp(`Chiffre d'affaires encaissé à déclarer \\(HT\\) par mois en ${YEAR}`) }),
    ).toBeInTheDocument();
  });

  it('reads another year from the year picker, and says when it has no receipts', async () => {
    mock.onGet('reports/receipts/', receiptsQuery(YEAR)).reply(200, book(YEAR, ROWS));
    mock.onGet('reports/receipts/', receiptsQuery(YEAR - 1)).reply(200, book(YEAR - 1, []));
    const { user } = await openReports();
    await screen.findByRole('table', { name: `Encaissements ${YEAR}` });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Année' }), String(YEAR - 1));
    expect(await screen.findByText(`Aucune recette encaissée en ${YEAR - 1}.`)).toBeInTheDocument();
    expect(currentPath()).toBe(`/reports?year=${YEAR - 1}`);
    expect(screen.getByRole('region', { name: `Livre des recettes ${YEAR - 1}` })).toBeInTheDocument();
    // The export follows the year.
    expect(screen.getByLabelText(/^Du/)).toHaveValue(`${YEAR - 1}-01-01`);
    expect(screen.getByLabelText(/^Au/)).toHaveValue(`${YEAR - 1}-12-31`);
  });

  it('downloads the book as CSV and PDF, and shows a refusal', async () => {
    mock.onGet('reports/receipts/', receiptsQuery(YEAR)).reply(200, book(YEAR, ROWS));
    mock.onGet('reports/receipts/', receiptsQuery(YEAR, 'csv')).reply(200, new Blob(['\uFEFFDate;N° facture'], { type: 'text/csv' }));
    mock.onGet('reports/receipts/', receiptsQuery(YEAR, 'pdf')).replyOnce(500, new Blob([JSON.stringify({ detail: 'Rendu impossible.' })]));
    const { user } = await openReports();
    const section = await screen.findByRole('region', { name: `Livre des recettes ${YEAR}` });
    await user.click(within(section).getByRole('button', { name: 'Télécharger le CSV' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:carnet/report', download: `livre-des-recettes-${YEAR}.csv` }]));
    expect(mock.history.get.find((r) => r.params?.format === 'csv')?.responseType).toBe('blob');

    await user.click(within(section).getByRole('button', { name: 'Télécharger le PDF' }));
    expect(await screen.findByText('Rendu impossible.')).toBeInTheDocument();
    expect(clicked).toHaveLength(1);
  });

  it('exports the sales journal of a chosen period, checking the dates first and showing the server’s field messages', async () => {
    mock.onGet('reports/receipts/', receiptsQuery(YEAR)).reply(200, book(YEAR, []));
    const journal = { params: { from: `${YEAR}-01-01`, to: `${YEAR}-03-31`, format: 'csv' } };
    mock.onGet('reports/sales-journal/', journal).reply(200, new Blob(['\uFEFFN°;Type'], { type: 'text/csv' }));
    mock.onGet('reports/sales-journal/').reply(400, new Blob([JSON.stringify({ from: ['Indiquez une date entre 2000 et 2100.'] })]));
    const { user } = await openReports();
    const form = within(screen.getByRole('form', { name: 'Journal des ventes' }));
    const from = form.getByLabelText(/^Du/);
    const to = form.getByLabelText(/^Au/);
    expect(from).toHaveValue(`${YEAR}-01-01`);
    expect(to).toHaveValue(`${YEAR}-12-31`);

    fireEvent.change(to, { target: { value: `${YEAR - 1}-12-31` } });
    await user.click(form.getByRole('button', { name: 'Télécharger le journal des ventes (CSV)' }));
    expect(form.getByText('La date de fin doit être postérieure ou égale à la date de début.')).toBeInTheDocument();
    expect(getCount(mock, 'reports/sales-journal/')).toBe(0);

    fireEvent.change(to, { target: { value: `${YEAR}-03-31` } });
    await user.click(form.getByRole('button', { name: 'Télécharger le journal des ventes (CSV)' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:carnet/report', download: `journal-des-ventes-${YEAR}-01-01_${YEAR}-03-31.csv` }]));
    expect(form.queryByText('La date de fin doit être postérieure ou égale à la date de début.')).not.toBeInTheDocument();

    fireEvent.change(from, { target: { value: '1990-01-01' } });
    await user.click(form.getByRole('button', { name: 'Télécharger le journal des ventes (CSV)' }));
    expect(await form.findByText('Indiquez une date entre 2000 et 2100.')).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the error when the book cannot be read', async () => {
    mock.onGet('reports/receipts/').reply(500, {});
    await openReports();
    expect(await screen.findByText('Impossible de charger le livre des recettes.')).toBeInTheDocument();
  });

  it('is in the sidebar, and reads the book again after a payment recorded on an invoice', async () => {
    const invoice = {
      id: 7, invoice_number: `FAC-${YEAR}-0003`, title: 'Refonte du site', description: '', client: { id: 3, name: 'Librairie Colette', email: 'c@exemple.fr' },
      status: 'sent', status_display: 'Envoyée', priority: 'normale', issue_date: `${YEAR}-01-05`, due_date: addDays(today, 30),
      payment_date: null, tax_rate: 20, legal_notice: '', signature_notice: '', subtotal: 200, tax_amount: 40, total_amount: 240,
      created_at: `${YEAR}-01-05T10:00:00Z`, quote_id: null, amount_paid: 0, credited_amount: 0, balance_due: 240, is_overdue: false,
      is_issued: true, cancelled_by: null, pdf_sha256: 'c0ffee'.padEnd(64, '0'), internal_notes: '', payments: [], credit_notes: [],
      line_items: [{ id: 11, title: 'Atelier', description: '', quantity: 2, unit_price: 100, total: 200, task_id: null, task: null }],
    };
    const payment = receipt({ id: 51, date: today, amount: 240, amount_ht: 200, method: 'cheque', method_display: 'Chèque', reference: 'CHQ 1234' });
    mock.onGet('contacts/').reply(200, []);
    mock.onGet('tasks/').reply(200, []);
    mock.onGet('profile/').reply(200, {});
    mock.onGet('invoices/7/').reply(200, invoice);
    mock
      .onGet('reports/receipts/', receiptsQuery(YEAR))
      .replyOnce(200, book(YEAR, [ROWS[0]]))
      .onGet('reports/receipts/', receiptsQuery(YEAR))
      .reply(200, book(YEAR, [ROWS[0], payment]));
    mock.onPost('invoices/7/payments/').reply(201, {
      payment: { id: 51, date: today, amount: 240, method: 'cheque', method_display: 'Chèque', reference: 'CHQ 1234', created_at: `${today}T09:00:00Z` },
      invoice: {},
    });

    const { user } = renderApp({ route: '/dashboard', preloadedState: signedIn });
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    await user.click(within(nav).getByRole('link', { name: 'Rapports' }));
    expect(currentPath()).toBe('/reports');
    const table = await screen.findByRole('table', { name: `Encaissements ${YEAR}` });
    expect(within(table).getAllByRole('row')).toHaveLength(2);

    // The receipt's invoice, then a payment on it.
    await user.click(within(table).getByRole('link', { name: `FAC-${YEAR}-0003` }));
    await screen.findByRole('heading', { level: 1, name: `Facture FAC-${YEAR}-0003` });
    const form = within(screen.getByRole('form', { name: 'Enregistrer un paiement' }));
    await user.click(form.getByRole('button', { name: 'Enregistrer le paiement' }));
    expect(await screen.findByText('Paiement enregistré.')).toBeInTheDocument();

    // Back to the reports: the cached book was invalidated by the payment.
    await user.click(within(nav).getByRole('link', { name: 'Rapports' }));
    const again = await screen.findByRole('table', { name: `Encaissements ${YEAR}` });
    await waitFor(() => expect(within(again).getAllByRole('row')).toHaveLength(3));
    expect(within(again).getByText('CHQ 1234')).toBeInTheDocument();
    expect(getCount(mock, 'reports/receipts/', { year: YEAR })).toBe(2);
  });
});
