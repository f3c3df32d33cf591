import { screen, waitFor } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';

/** /confirm-email/{uid}/{token}: the link mailed to a new address (issue 16). */

const URL = 'confirm-email/MQ/abc-0123456789abcdef0123456789abcdef01234567/';
const ROUTE = `/${URL.slice(0, -1)}`;
const INVALID = 'Le lien de confirmation est invalide, a déjà servi ou a expiré.';

describe('e-mail confirmation page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
  });
  afterEach(() => mock.restore());

  it('applies the change once and says so; signed out, it leads to the sign-in', async () => {
    mock.onPost(URL).reply(200, { detail: 'Votre adresse e-mail a été modifiée.', email: 'nouvelle@example.fr' });
    renderApp({ route: ROUTE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Adresse e-mail modifiée' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Votre adresse e-mail a été modifiée. Utilisez désormais nouvelle@example.fr pour vous connecter.',
    );
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
    // The link is single-use: sent once.
    expect(mock.history.post).toHaveLength(1);
    expect(mock.history.get).toHaveLength(0);
  });

  it('signed in as the account, shows the new address in the header and leads back to the profile', async () => {
    mock.onPost(URL).reply(200, { detail: 'Votre adresse e-mail a été modifiée.', email: 'nouvelle@example.fr' });
    mock.onGet('profile/').reply(200, { email: 'nouvelle@example.fr', pending_email: null });
    const { store } = renderApp({ route: ROUTE, preloadedState: signedIn });
    expect(await screen.findByRole('link', { name: 'Retour au profil' })).toHaveAttribute('href', '/profile');
    await waitFor(() => expect(store.getState().session.username).toBe('nouvelle@example.fr'));
    expect(await screen.findByText('Bienvenue, nouvelle@example.fr')).toBeInTheDocument();
  });

  it('says when the link is invalid, used or expired, and how to get another', async () => {
    mock.onPost(URL).reply(400, { error: INVALID });
    renderApp({ route: ROUTE });
    expect(await screen.findByRole('heading', { level: 1, name: 'Échec de la confirmation' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByText(/demander un nouveau lien/)).toBeInTheDocument();
  });

  it('says when the server cannot be reached', async () => {
    mock.onPost(URL).networkError();
    renderApp({ route: ROUTE });
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de contacter le serveur.');
  });
});
