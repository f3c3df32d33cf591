import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';

/** « Logo et couleur » on the profile page (issue 28), through the whole app and a real store. */

jest.setTimeout(30_000);

const PROFILE = {
  email: 'marie@example.fr', first_name: 'Marie', last_name: 'Curie', company_name: 'Curie Conseil', business_type: '', address: '', city: 'Paris',
  postal_code: '', country: 'FR', phone: '', website: '', siret: '', vat_number: '', legal_notice: '', signature_notice: '',
  vat_regime: 'franchise', vat_on_debits: false, iban: '', bic: '', legal_form: '', share_capital: null, registration: '', pending_email: null,
  accent_color: '#1e4e8c', logo_updated_at: null,
};

describe('profile page: logo and accent colour', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('profile/').reply(200, PROFILE);
    mock.onGet('profile/reminders/').reply(200, { auto_reminders: false, reminder_1_days: 7, reminder_2_days: 30, reminder_3_days: null, reminder_spacing_days: 7 });
    mock.onGet('sessions/').reply(200, []);
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:carnet/logo'), revokeObjectURL: jest.fn() });
  });
  afterEach(() => mock.restore());

  const section = async () => (await screen.findByRole('heading', { level: 2, name: 'Logo et couleur' })).closest('section')!;

  it('uploads a logo as its own bytes, shows the server’s refusal in French, then the preview; removes it after confirmation', async () => {
    const { user } = renderApp({ route: '/profile', preloadedState: signedIn });
    const card = within(await section());
    expect(card.getByText('Aucun logo pour l’instant.')).toBeInTheDocument();
    const input = card.getByLabelText('Choisir un logo');

    mock.onPut('profile/logo/').replyOnce(400, { logo: ['Ce SVG contient des scripts ou des références externes : exportez-le sans script ni lien externe, ou envoyez un PNG.'] });
    await user.upload(input, new File(['<svg onload="x"/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await card.findByText(/Ce SVG contient des scripts/)).toBeInTheDocument();
    expect(mock.history.put[0].headers?.['Content-Type']).toBe('image/svg+xml');

    mock.onPut('profile/logo/').replyOnce(200, { logo_updated_at: '2026-11-28T10:00:00Z' });
    mock.onGet('profile/logo/').reply(200, new Blob(['png'], { type: 'image/png' }));
    const png = new File(['png'], 'logo.png', { type: 'image/png' });
    await user.upload(input, png);
    expect(await card.findByRole('img', { name: 'Votre logo' })).toHaveAttribute('src', 'blob:carnet/logo');
    expect(card.getByText('Logo enregistré.')).toBeInTheDocument();
    expect(mock.history.put[1].data).toBe(png);

    mock.onDelete('profile/logo/').reply(204);
    await user.click(card.getByRole('button', { name: 'Supprimer le logo' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await card.findByText('Aucun logo pour l’instant.')).toBeInTheDocument();
    expect(card.queryByRole('img', { name: 'Votre logo' })).not.toBeInTheDocument();
  });

  it('refuses a file over 1 Mo before sending it', async () => {
    const { user } = renderApp({ route: '/profile', preloadedState: signedIn });
    const card = within(await section());
    await user.upload(card.getByLabelText('Choisir un logo'), new File([new Uint8Array(1024 * 1024 + 1)], 'grand.png', { type: 'image/png' }));
    expect(await card.findByText('Le logo ne doit pas dépasser 1 Mo.')).toBeInTheDocument();
    expect(mock.history.put).toHaveLength(0);
  });

  it('warns of a colour too light for white text, and saves a readable one', async () => {
    const { user } = renderApp({ route: '/profile', preloadedState: signedIn });
    const card = within(await section());
    const field = card.getByRole('textbox', { name: 'Couleur d’accent (#RRGGBB)' });
    expect(field).toHaveValue('#1e4e8c');
    await user.clear(field);
    await user.type(field, '#ffeb3b');
    expect(card.getByText(/Cette couleur est trop claire/)).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Enregistrer la couleur' })).toBeDisabled();

    mock.onPut('profile/').reply(200, { ...PROFILE, accent_color: '#7a1f5c' });
    await user.clear(field);
    await user.type(field, '#7A1F5C');
    await user.click(card.getByRole('button', { name: 'Enregistrer la couleur' }));
    expect(await card.findByText('Couleur enregistrée.')).toBeInTheDocument();
    await waitFor(() => expect(mock.history.put).toHaveLength(1));
    expect(JSON.parse(mock.history.put[0].data)).toEqual({ email: 'marie@example.fr', first_name: 'Marie', last_name: 'Curie', accent_color: '#7a1f5c' });
    expect(field).toHaveValue('#7a1f5c');
  });
});
