import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';

/** Issue 16: a new e-mail or password needs the current password; a new e-mail waits for its link. */

const PROFILE = {
  email: 'marie@example.fr',
  first_name: 'Marie',
  last_name: 'Curie',
  company_name: 'Curie Conseil',
  business_type: '',
  address: '',
  city: 'Paris',
  postal_code: '',
  country: 'FR',
  phone: '',
  website: '',
  siret: '',
  vat_number: '',
  legal_notice: '',
  signature_notice: '',
  vat_regime: 'franchise',
  vat_on_debits: false,
  iban: '',
  bic: '',
  legal_form: '',
  share_capital: null,
  registration: '',
  pending_email: null,
};

const CURRENT_REQUIRED = 'Saisissez votre mot de passe actuel pour changer d’adresse e-mail ou de mot de passe.';
const PENDING_NOTICE = "Un lien de confirmation a été envoyé à nouvelle@example.fr ; votre adresse ne changera qu'après sa validation.";

describe('profile page: e-mail and password changes', () => {
  let mock: MockAdapter;
  afterEach(() => mock.restore());

  async function openProfile(profile: object = PROFILE) {
    mock = mockHttp();
    mock.onGet('profile/').reply(200, profile);
    const utils = renderApp({ route: '/profile', preloadedState: signedIn });
    await screen.findByDisplayValue('Curie Conseil');
    return utils;
  }

  const section = () => screen.getByRole('heading', { level: 2, name: 'Identité et connexion' }).closest('section')!;
  const currentPassword = () => within(section()).queryByLabelText(/^Mot de passe actuel/);
  const save = (user: ReturnType<typeof renderApp>['user']) => user.click(screen.getByRole('button', { name: 'Enregistrer' }));
  const sentBody = async () => {
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    return JSON.parse(mock.history.put[0].data);
  };

  it('asks for nothing more when neither changes, and sends no current password', async () => {
    const { user } = await openProfile();
    mock.onPut('profile/').reply(200, { ...PROFILE, city: 'Lyon' });
    const city = screen.getByRole('textbox', { name: 'Ville' });
    await user.clear(city);
    await user.type(city, 'Lyon');
    // The same address in another case is no change.
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'Marie@Example.fr');
    expect(currentPassword()).toBeNull();
    await save(user);
    expect(await sentBody()).not.toHaveProperty('current_password');
  });

  it('asks for the current password with a new e-mail, then says the address changes once the link is followed', async () => {
    const { user, store } = await openProfile();
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'nouvelle@example.fr');
    const current = currentPassword()!;
    expect(current).toBeRequired();
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');

    await save(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Certains champs sont invalides.');
    expect(current).toHaveAccessibleDescription(expect.stringContaining(CURRENT_REQUIRED));
    await waitFor(() => expect(current).toHaveFocus());
    expect(mock.history.put).toHaveLength(0);

    mock.onPut('profile/').reply(200, { ...PROFILE, pending_email: 'nouvelle@example.fr' });
    await user.type(current, 'Mon-Passe-Actuel-1');
    await save(user);
    const body = await sentBody();
    expect(body).toMatchObject({ email: 'nouvelle@example.fr', current_password: 'Mon-Passe-Actuel-1' });
    expect(body).not.toHaveProperty('password');

    expect(await within(section()).findByText(PENDING_NOTICE)).toBeInTheDocument();
    // Until then the account keeps its address: the field shows it again, the header too.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('marie@example.fr'));
    expect(store.getState().session.username).toBe('marie@example.fr');
    expect(currentPassword()).toBeNull();
  });

  it('shows a pending address when the page opens', async () => {
    await openProfile({ ...PROFILE, pending_email: 'nouvelle@example.fr' });
    expect(within(section()).getByText(PENDING_NOTICE)).toBeInTheDocument();
  });

  it('rates a new password as it is typed, asks for the current one and shows the API’s refusal under it', async () => {
    const { user } = await openProfile();
    mock.onPut('profile/').reply(400, { current_password: ['Mot de passe actuel incorrect.'] });
    const password = screen.getByLabelText('Nouveau mot de passe');
    await user.type(password, 'Nouveau-Passe-2025');
    const meter = await within(section()).findByRole('meter', { name: 'Robustesse du mot de passe' });
    expect(meter).toHaveAttribute('aria-valuetext');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Robustesse'));
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Nouveau-Passe-2025');
    await user.type(currentPassword()!, 'Pas-Le-Bon');
    await save(user);
    expect(await sentBody()).toMatchObject({ password: 'Nouveau-Passe-2025', current_password: 'Pas-Le-Bon' });
    const current = currentPassword()!;
    await waitFor(() => expect(current).toHaveAccessibleDescription(expect.stringContaining('Mot de passe actuel incorrect.')));
    expect(current).toHaveAttribute('aria-invalid', 'true');
    // Nothing was saved: what was typed stays.
    expect(password).toHaveValue('Nouveau-Passe-2025');
  });
});
