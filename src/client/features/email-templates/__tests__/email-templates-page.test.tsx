import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { DEFAULT_EMAIL_TEMPLATES, EMAIL_TEMPLATE_KINDS, EMAIL_TEMPLATE_LABELS, type EmailTemplateKind } from '@/shared/email-templates';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';

/**
 * « Modèles d’e-mails » (issue 28) on a real store against a stateful fake API: each kind's
 * template, placeholders inserted at the cursor, the live preview, saving, going back to the
 * built-in text, and the unsaved-changes questions.
 */

jest.setTimeout(30_000);

const PROFILE = { email: 'jeanne@exemple.fr', first_name: 'Jeanne', last_name: 'Dupont', company_name: 'Studio Dupont', signature_notice: 'Studio Dupont — Lyon' };

describe('email templates page', () => {
  let mock: MockAdapter;
  let saved: Partial<Record<EmailTemplateKind, { subject: string; body: string }>>;
  /** The next PUT's refusal (a 400 body), once. */
  let refusal: object | null;
  const listJson = () =>
    EMAIL_TEMPLATE_KINDS.map((kind) => ({ kind, label: EMAIL_TEMPLATE_LABELS[kind], ...(saved[kind] ?? DEFAULT_EMAIL_TEMPLATES[kind]), is_default: !saved[kind] }));

  beforeEach(() => {
    saved = {};
    refusal = null;
    mock = mockHttp();
    mock.onGet('profile/').reply(200, PROFILE);
    mock.onGet('email-templates/').reply(() => [200, listJson()]);
    mock.onPut(/email-templates\/\w+\/$/).reply((config) => {
      const kind = config.url!.split('/')[1] as EmailTemplateKind;
      const body = JSON.parse(config.data) as { subject: string; body: string };
      const refused = refusal;
      refusal = null;
      if (refused) return [400, refused];
      saved[kind] = body;
      return [200, listJson().find((t) => t.kind === kind)];
    });
    mock.onDelete(/email-templates\/\w+\/$/).reply((config) => {
      const kind = config.url!.split('/')[1] as EmailTemplateKind;
      delete saved[kind];
      return [200, listJson().find((t) => t.kind === kind)];
    });
  });
  afterEach(() => mock.restore());

  async function openPage(route = '/profile/emails') {
    const utils = renderApp({ route, preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Modèles d’e-mails' });
    const subject = await screen.findByRole('textbox', { name: /^Objet/ });
    return { ...utils, subject, body: screen.getByRole('textbox', { name: /^Message/ }) };
  }
  const preview = () => screen.getByRole('region', { name: 'Aperçu du message' });

  it('is linked from the profile and shows each kind’s text, the placeholders and the live preview with the signature', async () => {
    mock.onGet('sessions/').reply(200, []);
    mock.onGet('profile/reminders/').reply(200, { auto_reminders: false, reminder_1_days: 7, reminder_2_days: 30, reminder_3_days: null, reminder_spacing_days: 7 });
    const { user } = renderApp({ route: '/profile', preloadedState: signedIn });
    await user.click(await screen.findByRole('link', { name: 'Modèles d’e-mails' }));
    const subject = await screen.findByRole('textbox', { name: /^Objet/ });
    expect(currentPath()).toBe('/profile/emails');
    expect(subject).toHaveValue(DEFAULT_EMAIL_TEMPLATES.quote.subject);
    expect(screen.getByText('Texte par défaut de Carnet.')).toBeInTheDocument();
    expect(screen.getByText(/porte un lien personnel vers le document en ligne : placez \{lien\} où vous le voulez/)).toBeInTheDocument();
    expect(within(preview()).getByTestId('preview-subject')).toHaveTextContent(/^Devis FAC-2026-0042 — 1\s250,00\s€$/);
    expect(within(preview()).getByTestId('preview-body').textContent).toMatch(/^Bonjour Librairie Colette,/);
    expect(within(preview()).getByTestId('preview-body').textContent).toMatch(/Cordialement,\nJeanne Dupont\nStudio Dupont\n\nStudio Dupont — Lyon$/);

    await user.click(screen.getByRole('button', { name: 'Deuxième relance' }));
    expect(subject).toHaveValue(DEFAULT_EMAIL_TEMPLATES.reminder_2.subject);
    expect(screen.getByRole('button', { name: 'Deuxième relance' })).toHaveAttribute('aria-current', 'true');
  });

  it('inserts a placeholder at the cursor, says an unknown one at once, saves, and goes back to the default after confirmation', async () => {
    const { user, subject, body } = await openPage();
    await user.clear(subject);
    await user.type(subject, 'Devis  pour vous');
    // The cursor after 'Devis ': the chip writes {numero} there.
    (subject as HTMLInputElement).setSelectionRange(6, 6);
    await user.click(screen.getByRole('button', { name: /^Insérer \{numero\}/ }));
    expect(subject).toHaveValue('Devis {numero} pour vous');
    expect(within(preview()).getByTestId('preview-subject')).toHaveTextContent('Devis FAC-2026-0042 pour vous');

    await user.clear(body);
    await user.type(body, 'Bonjour {{nom}');
    expect(screen.getByText(/^Variable inconnue : \{nom\}\. Variables possibles : \{client\}/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(mock.history.put).toHaveLength(0);

    await user.clear(body);
    await user.type(body, 'Bonjour ');
    await user.click(screen.getByRole('button', { name: /^Insérer \{client\}/ }));
    expect(body).toHaveValue('Bonjour {client}');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Modèle enregistré.')).toBeInTheDocument();
    expect(JSON.parse(mock.history.put[0].data)).toEqual({ subject: 'Devis {numero} pour vous', body: 'Bonjour {client}' });
    // The list is read again after the save (tag invalidation): wait for it, not for the toast alone.
    expect(await screen.findByRole('button', { name: 'Devis (personnalisé)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Rétablir le modèle par défaut' }));
    const question = await screen.findByRole('alertdialog', { name: 'Rétablir le modèle par défaut ?' });
    await user.click(within(question).getByRole('button', { name: 'Annuler' }));
    expect(mock.history.delete).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Rétablir le modèle par défaut' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Rétablir le modèle par défaut ?' })).getByRole('button', { name: 'Rétablir' }));
    expect(await screen.findByText('Modèle par défaut rétabli.')).toBeInTheDocument();
    expect(mock.history.delete.map((r) => r.url)).toEqual(['email-templates/quote/']);
    expect(await screen.findByRole('button', { name: 'Devis' })).toBeInTheDocument();
    expect(subject).toHaveValue(DEFAULT_EMAIL_TEMPLATES.quote.subject);
  });

  it('shows the server’s refusal under its field', async () => {
    refusal = { subject: ['L’objet doit tenir sur une seule ligne.'] };
    const { user, body } = await openPage();
    await user.clear(body);
    await user.type(body, 'Prix : {{montant}');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('L’objet doit tenir sur une seule ligne.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Objet/ })).toHaveAttribute('aria-invalid', 'true');
    // Nothing saved: still the built-in text.
    expect(screen.getByRole('button', { name: 'Devis' })).toBeInTheDocument();
  });

  it('asks before leaving unsaved changes: for another kind and for another page', async () => {
    const { user, subject } = await openPage();
    await user.type(subject, ' !');
    await user.click(screen.getByRole('button', { name: 'Facture' }));
    const question = await screen.findByRole('alertdialog', { name: 'Quitter sans enregistrer ?' });
    await user.click(within(question).getByRole('button', { name: 'Rester sur la page' }));
    expect(subject).toHaveValue(`${DEFAULT_EMAIL_TEMPLATES.quote.subject} !`);

    await user.click(screen.getByRole('link', { name: 'Retour au profil' }));
    const leaving = await screen.findByRole('alertdialog', { name: 'Quitter sans enregistrer ?' });
    await user.click(within(leaving).getByRole('button', { name: 'Quitter sans enregistrer' }));
    await waitFor(() => expect(currentPath()).toBe('/profile'));
  });
});
