import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp, renderApp, signedIn } from '../../../test/render';

const PROFILE = {
  email: 'marie@example.fr',
  first_name: 'Marie',
  last_name: 'Curie',
  company_name: 'Curie Conseil',
  business_type: 'EI',
  address: '1 rue de la Paix',
  city: 'Paris',
  postal_code: '75002',
  country: 'France',
  phone: '0102030405',
  website: 'https://curie.example.fr',
  siret: '12345678900011',
  vat_number: 'FR12345678901',
  legal_notice: 'Mentions',
  signature_notice: 'Signature',
};

const INVALID_BANNER = 'Certains champs sont invalides. Veuillez corriger les erreurs ci-dessous.';

describe('profile page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('profile/').reply(200, PROFILE);
  });
  afterEach(() => mock.restore());

  async function openProfile() {
    const utils = renderApp({ route: '/profile', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Mon Profil Professionnel' });
    await screen.findByDisplayValue('Curie Conseil');
    return utils;
  }

  const putBodies = () => mock.history.put.map((r) => JSON.parse(r.data));
  /** The bodies of the PUTs once `count` have been made: waits for the request, not for a duration. */
  async function sentBodies(count = 1) {
    await waitFor(() => expect(mock.history.put).toHaveLength(count));
    return putBodies();
  }

  it('loads every field with its French label', async () => {
    await openProfile();
    const expectations: [string, string][] = [
      ["Nom de l'entreprise", 'Curie Conseil'],
      ['Statut juridique', 'EI'],
      ['Adresse', '1 rue de la Paix'],
      ['Ville', 'Paris'],
      ['Code postal', '75002'],
      ['Téléphone', '0102030405'],
      ['Site web', 'https://curie.example.fr'],
      ['SIRET', '12345678900011'],
      ['TVA intracom', 'FR12345678901'],
      ['Prénom', 'Marie'],
      ['Nom', 'Curie'],
      ['Email', 'marie@example.fr'],
      ['Nouveau mot de passe', ''],
      ['Confirmer le mot de passe', ''],
    ];
    for (const [label, value] of expectations) {
      expect(screen.getByLabelText(new RegExp(`^${label}\\*?$`))).toHaveValue(value);
    }
    expect(screen.getByRole('combobox', { name: 'Pays' })).toHaveValue('France');
    expect(within(screen.getByRole('combobox', { name: 'Pays' })).getByRole('option', { name: 'Allemagne' })).toBeInTheDocument();
  });

  it('opens the two collapsible blocks', async () => {
    const { user } = await openProfile();
    const legal = screen.getByRole('button', { name: 'Mentions Légales par défaut' });
    expect(legal).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Texte des mentions légales' })).not.toBeInTheDocument();
    await user.click(legal);
    expect(legal).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: /Texte des mentions légales/ })).toHaveValue('Mentions');
    await user.click(screen.getByRole('button', { name: 'Bloc Signature par défaut' }));
    expect(screen.getByRole('textbox', { name: /Texte du bloc signature/ })).toHaveValue('Signature');
  });

  it('sends nothing when the passwords differ', async () => {
    const { user } = await openProfile();
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau-2025');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Nouveau-2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Les mots de passe ne correspondent pas.');
    expect(mock.history.put).toHaveLength(0);
  });

  it('omits an empty password and never sends the confirmation', async () => {
    mock.onPut('profile/').reply(200, { ...PROFILE, city: 'Lyon' });
    const { user } = await openProfile();
    const city = screen.getByLabelText('Ville');
    await user.clear(city);
    await user.type(city, 'Lyon');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const [body] = await sentBodies();
    expect(body).toEqual({ ...PROFILE, city: 'Lyon' });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('password_confirm');
    expect(await screen.findByRole('status')).toHaveTextContent('Profil mis à jour avec succès.');
  });

  it('sends a new password when both fields match', async () => {
    mock.onPut('profile/').reply(200, PROFILE);
    const { user } = await openProfile();
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'Nouveau-2025');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Nouveau-2025');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const [body] = await sentBodies();
    expect(body.password).toBe('Nouveau-2025');
    expect(body).not.toHaveProperty('password_confirm');
    await screen.findByText('Profil mis à jour avec succès.');
    // The form takes the saved profile back: the password fields are emptied.
    await waitFor(() => expect(screen.getByLabelText('Nouveau mot de passe')).toHaveValue(''));
  });

  it('shows server field errors under each field with the banner', async () => {
    mock.onPut('profile/').reply(400, {
      email: ['Saisissez une adresse e-mail valide.', 'Deuxième message.'],
      siret: ['Le SIRET doit contenir 14 chiffres.'],
    });
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_BANNER);
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Saisissez une adresse e-mail valide.');
    expect(screen.queryByText('Deuxième message.')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'SIRET' })).toHaveAccessibleDescription(
      'Le SIRET doit contenir 14 chiffres.',
    );
  });

  it('requires first name, last name and e-mail before sending', async () => {
    const { user } = await openProfile();
    await user.clear(screen.getByRole('textbox', { name: 'Prénom' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_BANNER);
    expect(screen.getByRole('textbox', { name: 'Prénom' })).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(mock.history.put).toHaveLength(0);
  });

  it('falls back to an unknown error without response data', async () => {
    mock.onPut('profile/').networkError();
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Une erreur inconnue s'est produite.");
  });

  it('reports a load error', async () => {
    mock.onGet('profile/').reply(500, {});
    renderApp({ route: '/profile', preloadedState: signedIn });
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors du chargement du profil.');
  });
});
