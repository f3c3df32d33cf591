import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';

/** Issue 26: the profile's « Facturation électronique » section: settings, secret write-only, connection test. */

const PROFILE = {
  email: 'marie@example.fr', first_name: 'Marie', last_name: 'Curie', company_name: 'Curie Conseil', business_type: '',
  address: '', city: 'Paris', postal_code: '', country: 'FR', phone: '', website: '', siret: '', vat_number: '',
  legal_notice: '', signature_notice: '', vat_regime: 'franchise', vat_on_debits: false, iban: '', bic: '', legal_form: '',
  share_capital: null, registration: '', pending_email: null,
};
const EMPTY = { flow_service_url: '', directory_service_url: '', token_url: '', client_id: '', client_secret_set: false, enabled: false, updated_at: null };
const SAVED = {
  flow_service_url: 'http://127.0.0.1:8090/flow-service',
  directory_service_url: 'http://127.0.0.1:8090/directory-service',
  token_url: 'http://127.0.0.1:8090/oauth/token',
  client_id: 'carnet-sandbox',
  client_secret_set: true,
  enabled: true,
  updated_at: '2026-11-29T08:00:00.000Z',
};

describe('profile page: Facturation électronique', () => {
  let mock: MockAdapter;
  afterEach(() => mock.restore());

  async function openProfile(settings: object = EMPTY) {
    mock = mockHttp();
    mock.onGet('profile/').reply(200, PROFILE);
    mock.onGet('sessions/').reply(200, []);
    mock.onGet('einvoicing/settings/').reply(200, settings);
    renderApp({ route: '/profile', preloadedState: signedIn });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Facturation électronique' });
    const section = heading.closest('section')!;
    await within(section).findByLabelText('URL du Flow Service');
    return section;
  }

  it('explains the dates of the reform', async () => {
    const section = await openProfile();
    expect(section).toHaveTextContent('Depuis le 1er septembre 2026, toute entreprise doit pouvoir recevoir');
    expect(section).toHaveTextContent('À partir du 1er septembre 2027, les petites entreprises et les micro-entrepreneurs devront aussi émettre');
    expect(section).toHaveTextContent('une facture Factur-X envoyée par e-mail ne suffira plus');
  });

  it('saves the settings, sending the secret once and never showing it; shows the fields the server refuses', async () => {
    const user = userEvent.setup();
    const section = await openProfile();
    const field = (label: string) => within(section).getByLabelText(label);
    await user.type(field('URL du Flow Service'), 'http://pa.example.com/flow-service');
    await user.type(field('URL du Directory Service (annuaire)'), SAVED.directory_service_url);
    await user.type(field('URL du jeton OAuth2'), SAVED.token_url);
    await user.type(field('Identifiant client'), SAVED.client_id);
    await user.type(field('Secret client'), 'sandbox-secret');
    await user.click(within(section).getByRole('checkbox', { name: 'Activer la plateforme' }));

    const notHttps = 'L’adresse doit commencer par https:// (http:// n’est accepté que pour localhost, pour la plateforme de test).';
    mock.onPut('einvoicing/settings/').replyOnce(400, { flow_service_url: [notHttps] });
    await user.click(within(section).getByRole('button', { name: 'Enregistrer la connexion' }));
    expect(await within(section).findByText(notHttps)).toBeInTheDocument();
    expect(field('URL du Flow Service')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field('URL du Flow Service'));
    await user.type(field('URL du Flow Service'), SAVED.flow_service_url);
    mock.onPut('einvoicing/settings/').replyOnce(200, SAVED);
    await user.click(within(section).getByRole('button', { name: 'Enregistrer la connexion' }));
    expect(await within(section).findByText('Réglages de la plateforme enregistrés.')).toBeInTheDocument();
    const puts = mock.history.put.filter((r) => r.url === 'einvoicing/settings/');
    expect(JSON.parse(puts[1].data)).toEqual({
      flow_service_url: SAVED.flow_service_url,
      directory_service_url: SAVED.directory_service_url,
      token_url: SAVED.token_url,
      client_id: SAVED.client_id,
      client_secret: 'sandbox-secret',
      enabled: true,
    });
    // The secret field is emptied and says one is saved.
    expect(field('Secret client')).toHaveValue('');
    // The hint reads the cached settings, which the mutation's answer updates a tick after the notice.
    await waitFor(() => expect(section).toHaveTextContent('Un secret est enregistré (jamais affiché) : laissez vide pour le garder.'));
  });

  it('tests the saved connection and shows the result; asks to save first while the form has changes', async () => {
    const user = userEvent.setup();
    const section = await openProfile(SAVED);
    const testButton = within(section).getByRole('button', { name: 'Tester la connexion' });
    mock.onPost('einvoicing/settings/test/').replyOnce(200, { ok: true, message: 'Connexion réussie : la plateforme a délivré un jeton et répond.' });
    await user.click(testButton);
    expect(await within(section).findByText('Connexion réussie : la plateforme a délivré un jeton et répond.')).toBeInTheDocument();

    const refused = 'La plateforme a refusé l’identifiant ou le secret client (invalid_client). Vérifiez-les auprès de votre plateforme.';
    mock.onPost('einvoicing/settings/test/').replyOnce(200, { ok: false, message: refused });
    await user.click(testButton);
    expect(await within(section).findByRole('alert')).toHaveTextContent(refused);

    await user.type(within(section).getByLabelText('Identifiant client'), '-2');
    expect(testButton).toBeDisabled();
    expect(section).toHaveTextContent('Enregistrez vos modifications avant de tester la connexion.');
    await waitFor(() => expect(mock.history.post.filter((r) => r.url === 'einvoicing/settings/test/')).toHaveLength(2));
  });
});
