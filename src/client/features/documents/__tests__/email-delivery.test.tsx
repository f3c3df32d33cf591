import { screen, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { addDays, parisToday } from '@/shared/dates';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';
import type { EmailDeliveryJson } from '@/shared/contracts/common';
import { documentJson } from './document-json';

/**
 * The delivery of a document's e-mail as its page shows it (issue 16): the server's outbox sends
 * it after the answer, so the page says 'Envoi en cours…' and looks again until it was sent, or
 * shows the failure, its reason and 'Réessayer l’envoi'.
 */

// Full-app renders, and a page that looks again every two seconds.
jest.setTimeout(30_000);

const today = parisToday();
const SENT_AT = '2025-11-21T14:05:00Z';

function invoice(emailDelivery: EmailDeliveryJson | null, extra: Record<string, unknown> = {}) {
  return documentJson({
    id: 7, invoice_number: 'FAC-2025-0004', due_date: addDays(today, 30), payment_date: null, quote_id: null,
    title: 'Refonte du site', description: '', client: { id: 3, name: 'Librairie Colette', email: 'colette@exemple.fr' },
    status: 'sent', status_display: 'Envoyée', is_issued: true, priority: 'normale', issue_date: today, tax_rate: 20,
    legal_notice: '', signature_notice: '', subtotal: 100, tax_amount: 20, total_amount: 120, created_at: '2025-11-01T10:00:00Z',
    line_items: [{ id: 11, title: 'Atelier', description: '', quantity: 1, unit_price: 100, total: 100, task_id: null, task: null }],
    email_delivery: emailDelivery,
    ...extra,
  });
}

const pending: EmailDeliveryJson = { status: 'pending', error: null, updated_at: SENT_AT };
const sent: EmailDeliveryJson = { status: 'sent', error: null, updated_at: SENT_AT };
const REFUSED = 'Le serveur de messagerie a refusé le message (550 Mailbox unavailable).';
const failed: EmailDeliveryJson = { status: 'failed', error: REFUSED, updated_at: SENT_AT };

const delivery = () => screen.findByRole('group', { name: 'Envoi par e-mail' });

describe('e-mail delivery on a document page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('contacts/').reply(200, []);
    mock.onGet('tasks/').reply(200, []);
    mock.onGet('profile/').reply(200, { email: 'marie@exemple.fr' });
  });
  afterEach(() => mock.restore());

  it('says nothing for a document never sent by e-mail', async () => {
    mock.onGet('invoices/7/').reply(200, invoice(null, { status: 'draft', status_display: 'Brouillon', invoice_number: null, is_issued: false }));
    renderApp({ route: '/invoices/7', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Facture #7' });
    expect(screen.queryByRole('group', { name: 'Envoi par e-mail' })).not.toBeInTheDocument();
  });

  it('shows the message on its way, then sent, looking again meanwhile', async () => {
    mock.onGet('invoices/7/').replyOnce(200, invoice(pending)).onGet('invoices/7/').reply(200, invoice(sent));
    renderApp({ route: '/invoices/7', preloadedState: signedIn });
    expect(await delivery()).toHaveTextContent('Envoi en cours…');
    // The next look, a poll later, finds it sent.
    expect(await screen.findByText(/^Envoyée par e-mail le 21 nov\. 2025/, undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(mock.history.get.filter((r) => r.url === 'invoices/7/').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('button', { name: 'Réessayer l’envoi' })).not.toBeInTheDocument();
  });

  it('shows a failed delivery with its reason, and sends again without asking when told to retry', async () => {
    mock
      .onGet('invoices/7/').replyOnce(200, invoice(failed))
      .onGet('invoices/7/').replyOnce(200, invoice(pending))
      .onGet('invoices/7/').reply(200, invoice(sent));
    mock.onPost('invoices/7/send_email/').reply(200, {
      message: 'La facture est en cours d’envoi par e-mail.', id: 7, invoice_number: 'FAC-2025-0004', status: 'sent', status_display: 'Envoyée',
      email_delivery: pending,
    });
    mock.onPost(/email-templates\/\w+\/preview\//).reply(200, { subject: 'Objet du modèle', body: 'Bonjour,\n\nTexte du modèle.' });
    const { user } = renderApp({ route: '/invoices/7', preloadedState: signedIn });
    const region = await delivery();
    expect(await within(region).findByRole('alert')).toHaveTextContent(`Échec de l’envoi : ${REFUSED}`);

    // Trying again opens the send dialog (issue 28): the message as it will leave, editable.
    await user.click(within(region).getByRole('button', { name: 'Réessayer l’envoi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer par e-mail' });
    await user.click(await within(dialog).findByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('La facture est en cours d’envoi par e-mail.')).toBeInTheDocument();
    expect(mock.history.post.map((r) => r.url)).toEqual(['email-templates/invoice/preview/', 'invoices/7/send_email/']);
    expect(await screen.findByText(/^Envoyée par e-mail le/, undefined, { timeout: 8000 })).toBeInTheDocument();
  });

  it('follows a credit note’s e-mail the same way', async () => {
    mock.onGet('credit-notes/31/').reply(200, documentJson({
      id: 31, credit_note_number: 'AV-2025-0001', title: 'Avoir', client: { id: 3, name: 'Librairie Colette', email: 'colette@exemple.fr' },
      status: 'sent', status_display: 'Envoyé', issue_date: today, subtotal: 10, tax_amount: 2, total_amount: 12, reason: 'Remise',
      invoice: { id: 7, invoice_number: 'FAC-2025-0004', issue_date: today }, line_items: [], email_delivery: sent,
    }));
    renderApp({ route: '/credit-notes/31', preloadedState: signedIn });
    expect(await delivery()).toHaveTextContent(/^Envoyé par e-mail le 21 nov\. 2025/);
  });
});
