import { screen, waitFor } from '@testing-library/react';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';

describe('route guards', () => {
  it('sends a protected route to /login without an access token', async () => {
    renderApp({ route: '/contacts' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
  });

  it.each(['/dashboard', '/profile', '/quotes/12', '/invoices/new', '/activities', '/tasks'])(
    'protects %s',
    async (route) => {
      renderApp({ route });
      await screen.findByRole('heading', { level: 1, name: 'Connexion' });
      expect(currentPath()).toBe('/login');
    },
  );

  it('sends /login to /dashboard when a token is stored', async () => {
    renderApp({ route: '/login', preloadedState: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
  });

  it('sends the landing page to /dashboard when a token is stored', async () => {
    renderApp({ route: '/', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
    expect(currentPath()).toBe('/dashboard');
  });

  it('shows the landing page to visitors', async () => {
    renderApp({ route: '/' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Simplifiez votre activité de freelance avec un seul outil' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Démarrer gratuitement' })).toHaveAttribute('href', '/login?mode=register');
    expect(screen.getByRole('link', { name: 'Connexion' })).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(6);
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it("opens account creation from 'Démarrer gratuitement'", async () => {
    const { user } = renderApp({ route: '/' });
    await user.click(await screen.findByRole('link', { name: 'Démarrer gratuitement' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Créer un compte' })).toBeInTheDocument();
    expect(screen.getByLabelText('Confirmer le mot de passe')).toBeInTheDocument();
    expect(currentPath()).toBe('/login?mode=register');
  });

  it('scrolls to the features section from the landing page', async () => {
    const { user } = renderApp({ route: '/' });
    await user.click(await screen.findByRole('link', { name: 'Voir les fonctionnalités' }));
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Fonctionnalités' }));
  });

  it('renders a protected page with a token', async () => {
    const http = mockHttp();
    http.onGet('projects/').reply(200, []);
    renderApp({ route: '/projects', preloadedState: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Liste des projets' })).toBeInTheDocument();
    expect(await screen.findByText('Aucun projet à afficher.')).toBeInTheDocument();
  });

  it('shows the 404 page on an unknown path, signed out or in', async () => {
    renderApp({ route: '/nope/nothing' });
    expect(await screen.findByRole('heading', { level: 1, name: '404 - Page non trouvée' })).toBeInTheDocument();
    expect(screen.getByText("La page que vous cherchez n'existe pas.")).toBeInTheDocument();
    expect(currentPath()).toBe('/nope/nothing');
  });

  it('shows the 404 page to a signed-in user too', async () => {
    renderApp({ route: '/contacts/1/unknown', preloadedState: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: '404 - Page non trouvée' })).toBeInTheDocument();
  });

  it('scrolls to the top on navigation', async () => {
    const { user } = renderApp({ route: '/dashboard', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
    (window.scrollTo as jest.Mock).mockClear();
    await user.click(screen.getByRole('link', { name: 'Contacts' }));
    await screen.findByRole('heading', { level: 1, name: 'Contacts' });
    // A passive effect: after a transition's commit React may run it a task later (failed once in a loaded run).
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 0));
  });

  it('has public activation pages', async () => {
    renderApp({ route: '/activation-success' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Compte activé avec succès !' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
  });

  it('has the activation failure page', async () => {
    renderApp({ route: '/activation-failed' });
    expect(
      await screen.findByRole('heading', { level: 1, name: "Échec de l'activation du compte" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Le lien d'activation est invalide ou a expiré...")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Réessayer l'inscription" })).toHaveAttribute('href', '/login');
  });
});
