import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';
import { LIFECYCLE_PROBLEMS } from '@/shared/einvoicing-lifecycle';
import { documentJson } from './document-json';

/**
 * Issue 26: an issued invoice sent through the e-invoicing platform shows its lifecycle (a
 * timeline), what to do after a refusal, and « Actualiser », which syncs with the platform and asks
 * for the invoice again (real store, HTTP mocked at axios).
 */

jest.setTimeout(30_000);

const CLIENT = { id: 3, name: 'Studio Martin', email: 'compta@martin.fr' };

const record = (extra: Record<string, unknown> = {}) => ({
  state: 'submitted', state_label: 'Transmise à la plateforme', message: null, flow_id: 'f-1', status_code: 204, status_label: 'Prise en charge',
  problem: null, payment_reports: [],
  history: [
    { code: 200, label: 'Déposée', at: '2026-11-20T09:00:00.000Z', reason: '' },
    { code: 204, label: 'Prise en charge', at: '2026-11-21T10:30:00.000Z', reason: '' },
  ],
  ...extra,
});

const invoice = (einvoicing: unknown, status: unknown) =>
  documentJson({
    id: 7, invoice_number: 'FAC-2026-0042', title: 'Accompagnement', client: CLIENT, status: 'sent', status_display: 'Envoyée',
    issue_date: '2026-11-20', due_date: '2026-12-20', subtotal: 1000, tax_amount: 200, total_amount: 1200, amount_paid: 0, credited_amount: 0,
    balance_due: 1200, is_overdue: false, is_issued: true, payments: [], credit_notes: [], pdf_sha256: 'ab'.repeat(32),
    line_items: [{ id: 1, title: 'Conseil', quantity: 1, unit_price: 1000, total: 1000 }],
    einvoicing: einvoicing as never, einvoicing_status: status as never,
  });

describe('invoice page: Facturation électronique', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('contacts/').reply(200, [{ ...CLIENT, phone: '', company: '', category: 'client' }]);
    mock.onGet('tasks/').reply(200, []);
    mock.onGet('profile/').reply(200, {});
    mock.onGet('einvoicing/settings/').reply(200, {});
  });
  afterEach(() => mock.restore());

  async function openInvoice() {
    renderApp({ route: '/invoices/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Facture FAC-2026-0042' });
    const heading = await screen.findByRole('heading', { name: 'Facturation électronique' });
    return heading.closest('section')!;
  }

  it('shows the timeline of the statuses the platform reported, and the badge beside the invoice’s status', async () => {
    mock.onGet('invoices/7/').reply(200, invoice(record(), { code: 204, label: 'Prise en charge', problem: false }));
    const panel = await openInvoice();
    expect(panel).toHaveTextContent('Transmise à la plateforme');
    const timeline = within(panel).getByRole('list', { name: 'Cycle de vie de la facture électronique' });
    expect(within(timeline).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Déposée'), expect.stringContaining('Prise en charge'),
    ]);
    expect(screen.getAllByText('E-facture : Prise en charge').length).toBeGreaterThan(0);
  });

  it('after a refusal, says what to do; « Actualiser » syncs with the platform and reads the invoice again', async () => {
    const refused = record({
      status_code: 210, status_label: 'Refusée', problem: LIFECYCLE_PROBLEMS[210],
      history: [...record().history, { code: 210, label: 'Refusée', at: '2026-11-22T08:00:00.000Z', reason: 'AUTRE — Bon de commande absent' }],
    });
    mock.onGet('invoices/7/').replyOnce(200, invoice(record(), { code: 204, label: 'Prise en charge', problem: false }));
    mock.onGet('invoices/7/').reply(200, invoice(refused, { code: 210, label: 'Refusée', problem: true }));
    mock.onPost('einvoicing/sync/').reply(200, { ok: true, message: 'Synchronisé : 1 nouveau statut.', scheduled: 0, statuses: 1, received: 0, problems: [] });
    const panel = await openInvoice();
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Actualiser' }));
    expect(await screen.findByText('Synchronisé : 1 nouveau statut.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(`Refusée : ${LIFECYCLE_PROBLEMS[210]}`));
    expect(panel).toHaveTextContent('Motif : AUTRE — Bon de commande absent');
    expect(mock.history.post.filter((r) => r.url === 'einvoicing/sync/')).toHaveLength(1);
    expect(mock.history.get.filter((r) => r.url === 'invoices/7/')).toHaveLength(2);
  });

  it('says when the client is not in the directory (the invoice goes by e-mail)', async () => {
    mock.onGet('invoices/7/').reply(200, invoice(record({
      state: 'not_in_directory', state_label: 'Client absent de l’annuaire : à envoyer par e-mail', flow_id: null, status_code: null, status_label: null, history: [],
      message: 'Le client (SIREN 552100554) n’est pas dans l’annuaire de la facturation électronique : envoyez-lui ce document par e-mail.',
    }), null));
    const panel = await openInvoice();
    expect(panel).toHaveTextContent('n’est pas dans l’annuaire de la facturation électronique : envoyez-lui ce document par e-mail.');
  });
});
