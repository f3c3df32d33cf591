import { screen, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { addDays, parisToday } from '@/shared/dates';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';

/**
 * Reminders on the invoice page and the profile (issue 15), with the real store and routes: the
 * 'Relancer' dialog names the level and the recipient, sends, toasts, and the 'Relances' section
 * then lists the reminder; a refusal is toasted in French; the automatic reminder settings are
 * checked before they are saved.
 */

jest.setTimeout(30_000);

const today = parisToday();
const CLIENT = { id: 3, name: 'Librairie Colette', email: 'colette@exemple.fr' };

function invoice(extra: Record<string, unknown> = {}) {
  return {
    id: 7, invoice_number: 'FAC-2026-0004', due_date: addDays(today, -12), payment_date: null, quote_id: null,
    title: 'Refonte du site', description: '', client: CLIENT, status: 'sent', status_display: 'Envoyée', is_issued: true, is_overdue: true,
    priority: 'normale', issue_date: addDays(today, -42), tax_rate: 20, legal_notice: '', signature_notice: '', subtotal: 1000,
    tax_amount: 200, total_amount: 1200, amount_paid: 0, credited_amount: 0, balance_due: 1200, created_at: '2026-10-01T10:00:00Z',
    line_items: [{ id: 11, title: 'Atelier', description: '', quantity: 1, unit_price: 1000, total: 1000, task_id: null, task: null }],
    email_delivery: null,
    ...extra,
  };
}

const SENT_AT = `${today}T09:30:00.000Z`;
const reminder = (status: 'pending' | 'sent') => ({
  id: 41, level: 1, level_display: 'Relance', automatic: false, recipient: CLIENT.email, amount_due: 1200, days_late: 12, sent_at: SENT_AT,
  email_delivery: { status, error: null, updated_at: SENT_AT },
});
const none = { reminders: [], next_level: 1, next_level_display: 'Relance', recipient: CLIENT.email, refusal: null };
const afterFirst = (status: 'pending' | 'sent') => ({
  reminders: [reminder(status)], next_level: 2, next_level_display: 'Deuxième relance', recipient: CLIENT.email, refusal: null,
});

describe('Relancer on an invoice page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('contacts/').reply(200, []);
    mock.onGet('tasks/').reply(200, []);
    mock.onGet('profile/').reply(200, { email: 'marie@exemple.fr' });
    mock.onGet('invoices/7/payments/').reply(200, []);
    // The send dialog's text (issue 28): the level's template, filled by the server for the invoice.
    mock.onPost('email-templates/reminder_1/preview/').reply(200, PREVIEW);
  });
  afterEach(() => mock.restore());

  const PREVIEW = { subject: 'Relance — Facture FAC-2026-0004 — 1 200,00 € TTC restant dû', body: 'Bonjour Colette,\n\nSauf erreur…\n\nCordialement,\nMarie' };

  it('confirms the level and the recipient, sends the text as edited with its copy, toasts, then lists the reminder with its delivery', async () => {
    mock.onGet('invoices/7/').reply(200, invoice());
    // Read by the page's section (shared with the dialog), then again once the reminder is sent.
    mock.onGet('invoices/7/reminders/').replyOnce(200, none)
      .onGet('invoices/7/reminders/').replyOnce(200, afterFirst('pending')).onGet('invoices/7/reminders/').reply(200, afterFirst('sent'));
    mock.onPost('invoices/7/send_reminder/').reply(201, { message: 'Relance envoyée à colette@exemple.fr.', reminder: reminder('pending') });
    const { user } = renderApp({ route: '/invoices/7', preloadedState: signedIn });

    await user.click(await screen.findByRole('button', { name: 'Relancer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Relancer la facture FAC-2026-0004' });
    expect(await within(dialog).findByTestId('reminder-level')).toHaveTextContent('Relance');
    expect(within(dialog).getByTestId('reminder-recipient')).toHaveTextContent('colette@exemple.fr');
    const subject = await within(dialog).findByRole('textbox', { name: /^Objet/ });
    expect(subject).toHaveValue(PREVIEW.subject);
    expect(mock.history.post[0]).toMatchObject({ url: 'email-templates/reminder_1/preview/', data: JSON.stringify({ document_id: 7 }) });
    await user.type(subject, ' (rappel)');
    await user.type(within(dialog).getByRole('textbox', { name: /^Copie/ }), 'compta@exemple.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer la relance' }));

    expect(await screen.findByText('Relance envoyée à colette@exemple.fr.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Relancer/ })).not.toBeInTheDocument();
    const sentBody = { level: 1, subject: `${PREVIEW.subject} (rappel)`, body: PREVIEW.body, cc: ['compta@exemple.fr'] };
    expect(mock.history.post.filter((r) => r.url === 'invoices/7/send_reminder/').map((r) => JSON.parse(r.data))).toEqual([sentBody]);

    // The section lists it, on its way, then sent (looked at again meanwhile).
    const table = await screen.findByRole('table', { name: 'Relances envoyées pour la facture' });
    expect(await within(table).findByText('Envoi en cours…')).toBeInTheDocument();
    expect(within(table).getByText('colette@exemple.fr')).toBeInTheDocument();
    expect(within(table).getByText(/12 jours de retard/)).toBeInTheDocument();
    expect(await within(table).findByText(/^Envoyée le /, undefined, { timeout: 8000 })).toBeInTheDocument();
  });

  it('toasts the server’s French refusal and keeps the dialog open', async () => {
    mock.onGet('invoices/7/').reply(200, invoice());
    mock.onGet('invoices/7/reminders/').reply(200, none);
    mock.onPost('invoices/7/send_reminder/').reply(400, { detail: 'Cette facture est payée : il n’y a rien à relancer.' });
    const { user } = renderApp({ route: '/invoices/7', preloadedState: signedIn });
    await user.click(await screen.findByRole('button', { name: 'Relancer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Relancer la facture FAC-2026-0004' });
    await user.click(await within(dialog).findByRole('button', { name: 'Envoyer la relance' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cette facture est payée : il n’y a rien à relancer.');
    expect(screen.getByRole('dialog', { name: 'Relancer la facture FAC-2026-0004' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of the edited message under its field, the dialog kept open', async () => {
    mock.onGet('invoices/7/').reply(200, invoice());
    mock.onGet('invoices/7/reminders/').reply(200, none);
    mock.onPost('invoices/7/send_reminder/').reply(400, { cc: ['Adresse en copie invalide : compta@exemple'] });
    const { user } = renderApp({ route: '/invoices/7', preloadedState: signedIn });
    await user.click(await screen.findByRole('button', { name: 'Relancer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Relancer la facture FAC-2026-0004' });
    await within(dialog).findByRole('textbox', { name: /^Objet/ });
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer la relance' }));
    expect(await within(dialog).findByText('Adresse en copie invalide : compta@exemple')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why no reminder can be sent once the final one has gone, with no button to send', async () => {
    mock.onGet('invoices/7/').reply(200, invoice());
    mock.onGet('invoices/7/reminders/').reply(200, {
      ...afterFirst('sent'), next_level: null, next_level_display: null,
      refusal: 'La dernière relance avant mise en demeure a déjà été envoyée pour cette facture.',
    });
    const { user } = renderApp({ route: '/invoices/7', preloadedState: signedIn });
    await user.click(await screen.findByRole('button', { name: 'Relancer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Relancer la facture FAC-2026-0004' });
    expect(await within(dialog).findByText('La dernière relance avant mise en demeure a déjà été envoyée pour cette facture.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Envoyer la relance' })).not.toBeInTheDocument();
  });

  it('offers no Relancer on an invoice not yet overdue', async () => {
    mock.onGet('invoices/7/').reply(200, invoice({ is_overdue: false, due_date: addDays(today, 10) }));
    mock.onGet('invoices/7/reminders/').reply(200, none);
    renderApp({ route: '/invoices/7', preloadedState: signedIn });
    await screen.findByRole('button', { name: 'Télécharger PDF' });
    expect(screen.queryByRole('button', { name: 'Relancer' })).not.toBeInTheDocument();
  });
});

describe('automatic reminders in the profile', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('profile/').reply(200, {
      email: 'marie@exemple.fr', first_name: 'Marie', last_name: 'Curie', company_name: '', business_type: '', address: '', city: '',
      postal_code: '', country: 'France', phone: '', website: '', siret: '', vat_number: '', legal_notice: '', signature_notice: '',
      vat_regime: 'franchise', vat_on_debits: false, iban: '', bic: '', legal_form: '', share_capital: null, registration: '', pending_email: null,
    });
    mock.onGet('profile/reminders/').reply(200, { auto_reminders: false, reminder_1_days: 7, reminder_2_days: 30, reminder_3_days: null, reminder_spacing_days: 7 });
  });
  afterEach(() => mock.restore());

  it('turns them on, refuses a second reminder before the first, then saves', async () => {
    mock.onPut('profile/reminders/').reply((config) => [200, JSON.parse(config.data as string)]);
    const { user } = renderApp({ route: '/profile', preloadedState: signedIn });
    const form = await screen.findByRole('form', { name: 'Relances automatiques' });
    const second = within(form).getByLabelText('Deuxième relance (jours après l’échéance)');
    expect(second).toBeDisabled();
    await user.click(within(form).getByLabelText('Relancer automatiquement les factures en retard'));
    await user.clear(second);
    await user.type(second, '5');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer les relances' }));
    expect(await within(form).findByText('La deuxième relance doit venir après la première.')).toBeInTheDocument();
    expect(mock.history.put).toHaveLength(0);

    await user.clear(second);
    await user.type(second, '21');
    await user.type(within(form).getByLabelText('Dernière relance (jours après l’échéance)'), '45');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer les relances' }));
    expect(await screen.findByText('Réglages des relances enregistrés.')).toBeInTheDocument();
    expect(JSON.parse(mock.history.put[0].data as string)).toEqual({
      auto_reminders: true, reminder_1_days: 7, reminder_2_days: 21, reminder_3_days: 45, reminder_spacing_days: 7,
    });
  });

  it('sets the least days between two reminders, for those sent by hand too (0: none), refusing anything else (issue 28)', async () => {
    mock.onPut('profile/reminders/').reply((config) => [200, JSON.parse(config.data as string)]);
    const { user } = renderApp({ route: '/profile', preloadedState: signedIn });
    const form = await screen.findByRole('form', { name: 'Relances automatiques' });
    const spacing = within(form).getByLabelText('Écart minimum entre deux relances (jours)');
    // Not tied to the automatic reminders: it holds for those sent by hand.
    expect(spacing).toBeEnabled();
    expect(spacing).toHaveValue('7');
    await user.clear(spacing);
    await user.type(spacing, '120');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer les relances' }));
    expect(await within(form).findByText('Saisissez un nombre de jours entre 0 et 90.')).toBeInTheDocument();
    expect(mock.history.put).toHaveLength(0);
    await user.clear(spacing);
    await user.type(spacing, '0');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer les relances' }));
    expect(await screen.findByText('Réglages des relances enregistrés.')).toBeInTheDocument();
    expect(JSON.parse(mock.history.put[0].data as string)).toMatchObject({ auto_reminders: false, reminder_spacing_days: 0 });
  });
});
