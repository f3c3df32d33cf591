import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';

const PROFILE = {
  email: 'marie@example.fr',
  first_name: 'Marie',
  last_name: 'Curie',
  company_name: 'Curie Conseil',
  business_type: 'EI',
  address: '1 rue de la Paix',
  city: 'Paris',
  postal_code: '75002',
  country: 'FR',
  phone: '0102030405',
  website: 'https://curie.example.fr',
  siret: '73282932000074',
  vat_number: 'FR44732829320',
  legal_notice: 'Mentions',
  signature_notice: 'Signature',
  vat_regime: 'assujetti',
  vat_on_debits: true,
  iban: 'FR7630006000011234567890189',
  bic: 'BNPAFRPPXXX',
  legal_form: 'sarl',
  share_capital: 10000.5,
  registration: 'RCS Paris 732 829 320',
};

const IBAN_ERROR = 'Cet IBAN n’est pas valide (vérifiez les chiffres de contrôle).';

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
      ['SIRET', '73282932000074'],
      ['TVA intracom', 'FR44732829320'],
      ['Immatriculation \\(RCS ou RM\\)', 'RCS Paris 732 829 320'],
      ['IBAN', 'FR76 3000 6000 0112 3456 7890 189'],
      ['BIC', 'BNPAFRPPXXX'],
      ['Prénom', 'Marie'],
      ['Nom', 'Curie'],
      ['Email', 'marie@example.fr'],
      ['Nouveau mot de passe', ''],
      ['Confirmer le mot de passe', ''],
    ];
    for (const [label, value] of expectations) {
      expect(screen.getByLabelText(new RegExp(`^${label}\\*?$`))).toHaveValue(value);
    }
    expect(screen.getByRole('textbox', { name: 'Capital social (€)' })).toHaveValue('10\u202f000,50');
    expect(screen.getByRole('combobox', { name: 'Forme juridique' })).toHaveValue('sarl');
    expect(screen.getByRole('radio', { name: 'Assujetti à la TVA' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: "Option pour le paiement de la TVA d'après les débits" })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Pays' })).toHaveValue('FR');
    expect(screen.getByRole('combobox', { name: 'Pays' })).toHaveDisplayValue('France');
    expect(within(screen.getByRole('combobox', { name: 'Pays' })).getByRole('option', { name: 'Allemagne' })).toHaveValue('DE');
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
    await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'Ancien-2024');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const [body] = await sentBodies();
    expect(body.password).toBe('Nouveau-2025');
    expect(body.current_password).toBe('Ancien-2024');
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

  it('groups legal identity, VAT and bank details in their own sections', async () => {
    await openProfile();
    const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section')!;
    expect(within(section('Identité légale')).getByRole('combobox', { name: 'Forme juridique' })).toBeInTheDocument();
    expect(within(section('Identité légale')).getByRole('textbox', { name: 'SIRET' })).toBeInTheDocument();
    expect(within(section('Identité légale')).getByRole('textbox', { name: 'Statut juridique' })).toBeInTheDocument();
    expect(within(section('TVA')).getByRole('group', { name: 'Régime de TVA' })).toBeInTheDocument();
    expect(within(section('TVA')).getByRole('textbox', { name: 'TVA intracom' })).toBeInTheDocument();
    expect(within(section('Coordonnées bancaires')).getByRole('textbox', { name: 'IBAN' })).toBeInTheDocument();
    expect(within(section('Coordonnées bancaires')).getByRole('textbox', { name: 'BIC' })).toBeInTheDocument();
  });

  it('groups the IBAN by four when the field is left, says at once when it is wrong, and sends it compact', async () => {
    mock.onPut('profile/').reply(200, PROFILE);
    const { user } = await openProfile();
    const iban = screen.getByRole('textbox', { name: 'IBAN' });
    await user.clear(iban);
    await user.type(iban, 'fr7630006000011234567890188');
    await user.tab();
    expect(iban).toHaveValue('FR76 3000 6000 0112 3456 7890 188');
    expect(iban).toHaveAccessibleDescription(expect.stringContaining(IBAN_ERROR));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_BANNER);
    await waitFor(() => expect(iban).toHaveFocus());
    expect(mock.history.put).toHaveLength(0);

    await user.clear(iban);
    await user.type(iban, 'FR763000 6000 0112 3456 7890 189');
    await user.tab();
    expect(iban).toHaveValue('FR76 3000 6000 0112 3456 7890 189');
    expect(iban).not.toHaveAccessibleDescription(expect.stringContaining(IBAN_ERROR));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const [body] = await sentBodies();
    expect(body.iban).toBe('FR7630006000011234567890189');
  });

  it('checks the legal identifiers before sending, focusing the first field in error', async () => {
    const { user } = await openProfile();
    const siret = screen.getByRole('textbox', { name: 'SIRET' });
    await user.clear(siret);
    await user.type(siret, '73282932000075');
    const vat = screen.getByRole('textbox', { name: 'TVA intracom' });
    await user.clear(vat);
    await user.type(vat, 'FR27552032534');
    const bic = screen.getByRole('textbox', { name: 'BIC' });
    await user.clear(bic);
    await user.type(bic, 'BNP');
    const capital = screen.getByRole('textbox', { name: 'Capital social (€)' });
    await user.clear(capital);
    await user.type(capital, '10,5555');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_BANNER);
    expect(siret).toHaveAccessibleDescription('Ce numéro SIRET n’est pas valide (vérifiez les chiffres).');
    expect(bic).toHaveAccessibleDescription(expect.stringMatching(/^Ce BIC n’est pas valide/));
    expect(capital).toHaveAccessibleDescription(expect.stringContaining('Assurez-vous qu’il n’y a pas plus de 2 chiffres après la virgule.'));
    // The capital comes first on the page.
    await waitFor(() => expect(capital).toHaveFocus());
    expect(mock.history.put).toHaveLength(0);

    // A valid SIRET: the VAT number is then compared with its SIREN.
    await user.clear(siret);
    await user.type(siret, '73282932000074');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(vat).toHaveAccessibleDescription('Ce numéro de TVA ne correspond pas au SIREN de votre SIRET.'));
  });

  it('shows the VAT on debits option only for a VAT-registered seller, and sends it off in the franchise', async () => {
    mock.onPut('profile/').reply(200, { ...PROFILE, vat_regime: 'franchise', vat_on_debits: false });
    const { user } = await openProfile();
    const debits = () => screen.queryByRole('checkbox', { name: "Option pour le paiement de la TVA d'après les débits" });
    expect(debits()).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Franchise en base de TVA (art. 293 B du CGI)' }));
    expect(debits()).not.toBeInTheDocument();
    expect(screen.getByText(/TVA non applicable, art\. 293 B du CGI/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const [body] = await sentBodies();
    expect(body).toMatchObject({ vat_regime: 'franchise', vat_on_debits: false });
    await screen.findByText('Profil mis à jour avec succès.');

    await user.click(screen.getByRole('radio', { name: 'Assujetti à la TVA' }));
    expect(debits()).not.toBeChecked();
  });

  it('warns a VAT-registered seller without a VAT number, but lets them save', async () => {
    mock.onPut('profile/').reply(200, { ...PROFILE, vat_number: '' });
    const { user } = await openProfile();
    expect(screen.queryByText(/ne pourront pas porter de TVA/)).not.toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'TVA intracom' }));
    expect(screen.getByText(/Sans numéro de TVA intracommunautaire, vos factures ne pourront pas porter de TVA/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const [body] = await sentBodies();
    expect(body).toMatchObject({ vat_regime: 'assujetti', vat_number: '' });
  });

  it('has no share capital for an entrepreneur individuel, and names them with EI', async () => {
    mock.onPut('profile/').reply(200, { ...PROFILE, legal_form: 'micro', share_capital: null });
    const { user } = await openProfile();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Forme juridique' }), 'Micro-entrepreneur (EI)');
    expect(screen.queryByRole('textbox', { name: 'Capital social (€)' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Forme juridique' })).toHaveAccessibleDescription(
      'Vos documents indiqueront « Marie Curie EI », comme l’exige le Code de commerce.',
    );
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const [body] = await sentBodies();
    expect(body).toMatchObject({ legal_form: 'micro', share_capital: null });
  });

  it('shows a server message under a new field', async () => {
    mock.onPut('profile/').reply(400, { registration: ['Le SIREN de cette immatriculation ne correspond pas à celui de votre SIRET.'] });
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const registration = screen.getByRole('textbox', { name: 'Immatriculation (RCS ou RM)' });
    await waitFor(() => expect(registration).toHaveFocus());
    expect(registration).toHaveAccessibleDescription(expect.stringContaining('ne correspond pas à celui de votre SIRET'));
  });
});
