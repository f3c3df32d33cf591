import { screen } from '@testing-library/react';
import { renderApp } from '@/client/test/render';

/** Issue 18: an activation link followed again once the account is active sends here (server: auth.routes.ts). */
describe('activation link followed again', () => {
  it('opens the sign-in form saying the account is already active', async () => {
    renderApp({ route: '/login?activation=already-active' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByText('Votre compte est déjà activé. Connectez-vous.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
  });

  it('says nothing on a plain visit', async () => {
    renderApp({ route: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(screen.queryByText('Votre compte est déjà activé. Connectez-vous.')).not.toBeInTheDocument();
  });
});
