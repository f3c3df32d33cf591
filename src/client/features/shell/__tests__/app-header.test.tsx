import { screen, waitFor, within } from '@testing-library/react';
import { currentPath, renderApp, signedIn } from '@/client/test/render';

async function renderAt(route: string, loggedIn: boolean) {
  const utils = renderApp({ route, preloadedState: loggedIn ? signedIn : undefined });
  await screen.findByRole('heading', { level: 1 });
  return utils;
}

const search = () => screen.queryByRole('combobox', { name: 'Recherche globale' });
const newMenu = () => screen.queryByRole('button', { name: 'Nouveau' });

describe('header visibility rules (SPEC 2 "Shell")', () => {
  it('is hidden on the landing page', async () => {
    await renderAt('/', false);
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it.each(['/login', '/reset-password', '/reset-password-confirm/MQ/tok', '/activation-success', '/activation-failed', '/inconnu'])(
    'shows the header without search and "Nouveau" on %s (signed out)',
    async (route) => {
      await renderAt(route, false);
      expect(screen.getByRole('banner')).toBeInTheDocument();
      expect(search()).not.toBeInTheDocument();
      expect(newMenu()).not.toBeInTheDocument();
      expect(screen.queryByText(/Bienvenue/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Déconnexion' })).not.toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).not.toBeInTheDocument();
    },
  );

  it('shows "Connexion" when signed out, except on /login', async () => {
    await renderAt('/reset-password', false);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Connexion' })).toHaveAttribute('href', '/login');
  });

  it('hides "Connexion" on /login', async () => {
    await renderAt('/login', false);
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Connexion' })).not.toBeInTheDocument();
  });

  it('hides search and "Nouveau" on the 404 page even when signed in', async () => {
    await renderAt('/page-inexistante', true);
    expect(search()).not.toBeInTheDocument();
    expect(newMenu()).not.toBeInTheDocument();
    expect(screen.getByText('Bienvenue, marie@example.fr')).toBeInTheDocument();
  });

  it('shows everything on an application page when signed in', async () => {
    await renderAt('/contacts', true);
    const header = screen.getByRole('banner');
    expect(search()).toHaveAttribute('placeholder', 'Rechercher...');
    expect(newMenu()).toBeInTheDocument();
    expect(within(header).getByText('Bienvenue, marie@example.fr')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Mon profil' })).toHaveAttribute('href', '/profile');
    expect(within(header).getByRole('link', { name: "Vue d'ensemble" })).toHaveAttribute('href', '/dashboard');
    expect(within(header).getByRole('button', { name: 'Déconnexion' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Mode sombre' })).toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'Connexion' })).not.toBeInTheDocument();
    expect(within(header).getByRole('link', { name: "Carnet, page d'accueil" })).toHaveAttribute('href', '/');
  });

  it.each(['/credit-notes', '/credit-notes/3', '/reports'])('shows search and "Nouveau" on %s, an application page', async (path) => {
    await renderAt(path, true);
    expect(search()).toBeInTheDocument();
    expect(newMenu()).toBeInTheDocument();
  });

  it('hides the dashboard button on /dashboard', async () => {
    await renderAt('/dashboard', true);
    expect(screen.queryByRole('link', { name: "Vue d'ensemble" })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mon profil' })).toBeInTheDocument();
  });

  it('hides the profile button on /profile', async () => {
    await renderAt('/profile', true);
    expect(screen.queryByRole('link', { name: 'Mon profil' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Vue d'ensemble" })).toBeInTheDocument();
  });
});

describe('"Nouveau" menu', () => {
  it('lists the four creation routes', async () => {
    const { user } = await renderAt('/dashboard', true);
    await user.click(screen.getByRole('button', { name: 'Nouveau' }));
    const menu = screen.getByRole('menu', { name: 'Nouveau' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual([
      ['Contact', '/contacts/new'],
      ['Projet', '/projects/new'],
      ['Devis', '/quotes/new'],
      ['Facture', '/invoices/new'],
    ]);
    expect(items[0]).toHaveFocus();
    await user.click(items[2]);
    await waitFor(() => expect(currentPath()).toBe('/quotes/new'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on an outside click', async () => {
    const { user } = await renderAt('/dashboard', true);
    const button = screen.getByRole('button', { name: 'Nouveau' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('works with the keyboard and closes on Escape', async () => {
    const { user } = await renderAt('/dashboard', true);
    const button = screen.getByRole('button', { name: 'Nouveau' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Contact' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Projet' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Facture' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Contact' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(currentPath()).toBe('/projects/new'));
  });
});

describe('sidebar', () => {
  it('starts collapsed with accessible names and can be expanded', async () => {
    const { user, store } = await renderAt('/dashboard', true);
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Tableau de bord', '/dashboard'],
      ['Contacts', '/contacts'],
      ['Projets', '/projects'],
      ['Tâches', '/tasks'],
      ['Feuille de temps', '/timesheet'],
      ['Devis', '/quotes'],
      ['Factures', '/invoices'],
      ['Avoirs', '/credit-notes'],
      ['Factures reçues', '/received-invoices'],
      ['Catalogue', '/catalogue'],
      ['Rapports', '/reports'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute('aria-current', 'page');
    const toggle = within(nav).getByRole('button', { name: 'Déplier le menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(store.getState().sidebar.collapsed).toBe(true);
    await user.click(toggle);
    expect(store.getState().sidebar.collapsed).toBe(false);
    expect(within(nav).getByRole('button', { name: 'Replier le menu' })).toHaveAttribute('aria-expanded', 'true');
  });
});
