import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { parisToday } from '@/shared/dates';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';
import { documentJson } from './document-json';

/**
 * The send dialog (issue 28) on a real store: the template filled for the document by the server,
 * the subject, text and copies edited and sent as edited, the copies checked before and after.
 */

jest.setTimeout(30_000);

const today = parisToday();
const NOTE = documentJson({
  id: 31, credit_note_number: 'AV-2025-0001', title: 'Avoir', client: { id: 3, name: 'Librairie Colette', email: 'colette@exemple.fr' },
  status: 'issued', status_display: 'Émis', issue_date: today, subtotal: 10, tax_amount: 2, total_amount: 12, reason: 'Remise',
  invoice: { id: 7, invoice_number: 'FAC-2025-0004', issue_date: today }, line_items: [], email_delivery: null,
});
const FILLED = { subject: 'Avoir AV-2025-0001 — 12,00 € TTC', body: 'Bonjour Librairie Colette,\n\nVeuillez trouver ci-joint l’avoir AV-2025-0001.\n\nCordialement,\nJeanne Dupont' };

describe('send dialog', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('credit-notes/31/').reply(200, NOTE);
    mock.onPost('email-templates/credit_note/preview/').reply(200, FILLED);
  });
  afterEach(() => mock.restore());

  async function openDialog() {
    const utils = renderApp({ route: '/credit-notes/31', preloadedState: signedIn });
    await utils.user.click(await screen.findByRole('button', { name: 'Envoyer par E-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer par e-mail' });
    const subject = await within(dialog).findByRole('textbox', { name: /^Objet/ });
    return { ...utils, dialog, subject, body: within(dialog).getByRole('textbox', { name: /^Message/ }), cc: within(dialog).getByRole('textbox', { name: /^Copie \(CC\)/ }) };
  }

  it('shows the template filled for the document, and sends the subject, text and copies as edited', async () => {
    mock.onPost('credit-notes/31/send_email/').reply(200, { message: 'L’avoir est en cours d’envoi par e-mail.', id: 31, credit_note_number: 'AV-2025-0001', status: 'sent', status_display: 'Envoyé', email_delivery: null });
    const { user, dialog, subject, body, cc } = await openDialog();
    expect(JSON.parse(mock.history.post[0].data)).toEqual({ document_id: 31 });
    expect(dialog).toHaveTextContent('L’avoir sera envoyé à Librairie Colette (colette@exemple.fr) avec le PDF en pièce jointe.');
    expect(subject).toHaveValue(FILLED.subject);
    expect(body).toHaveValue(FILLED.body);

    await user.clear(subject);
    await user.type(subject, 'Votre avoir');
    await user.type(body, '{Enter}PS : merci !');
    await user.type(cc, 'compta@exemple.fr, associe@exemple.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));

    expect(await screen.findByText('L’avoir est en cours d’envoi par e-mail.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Envoyer par e-mail' })).not.toBeInTheDocument();
    const sent = mock.history.post.filter((r) => r.url === 'credit-notes/31/send_email/');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0].data)).toEqual({ subject: 'Votre avoir', body: `${FILLED.body}\nPS : merci !`, cc: ['compta@exemple.fr', 'associe@exemple.fr'] });
  });

  it('checks the copies and the subject before sending, and shows the server’s refusal under its field', async () => {
    mock.onPost('credit-notes/31/send_email/').replyOnce(400, { error: 'Requête invalide.', cc: ['5 adresses en copie au plus.'] });
    const { user, dialog, subject, cc } = await openDialog();
    await user.type(cc, 'pas-une-adresse');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(within(dialog).getByText('« pas-une-adresse » n’est pas une adresse e-mail valide.')).toBeInTheDocument();
    expect(cc).toHaveAttribute('aria-invalid', 'true');
    await user.clear(subject);
    expect(within(dialog).getByText('L’objet est requis.')).toBeInTheDocument();
    expect(mock.history.post.filter((r) => r.url === 'credit-notes/31/send_email/')).toHaveLength(0);

    await user.type(subject, 'Avoir');
    await user.clear(cc);
    await user.type(cc, 'a@x.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('5 adresses en copie au plus.')).toBeInTheDocument();
    // Still open, nothing lost.
    expect(subject).toHaveValue('Avoir');

    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Envoyer par e-mail' })).not.toBeInTheDocument());
  });
});
