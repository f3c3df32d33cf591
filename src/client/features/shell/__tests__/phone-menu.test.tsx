import { act, screen, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { sidebarToggled } from '../sidebar.slice';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';

/**
 * The phone's shell (issue 18): the sidebar becomes an off-canvas menu opened from the header, and
 * the search an icon opening a full-width field. jsdom applies no media query, so the phone-only
 * controls count as hidden here (`PHONE`): these tests drive the behaviour, the e2e phone journey
 * (e2e/phone.spec.ts) checks what a 390 × 844 screen shows.
 */
const PHONE = { hidden: true } as const;

async function openDashboard() {
  const utils = renderApp({ route: '/dashboard', preloadedState: signedIn });
  await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
  return utils;
}

const menuButton = () => screen.getByRole('button', { name: 'Menu', ...PHONE });

describe('off-canvas menu', () => {
  let http: MockAdapter;
  beforeEach(() => {
    http = mockHttp();
  });
  afterEach(() => http.restore());

  it('opens from the header as a modal holding the navigation with its names, focus inside', async () => {
    const { user, store } = await openDashboard();
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveAttribute('aria-controls', nav.id);
    expect(screen.queryByRole('dialog', { name: 'Menu', ...PHONE })).not.toBeInTheDocument();

    await user.click(menuButton());
    const dialog = screen.getByRole('dialog', { name: 'Menu', ...PHONE });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('navigation', { name: 'Navigation principale' })).toBe(nav);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByRole('button', { name: 'Fermer le menu', ...PHONE })).toHaveFocus();
    // Names shown (the desktop's collapsed sidebar only keeps them for assistive tech), no desktop toggle.
    expect(within(nav).getByText('Contacts')).toBeVisible();
    expect(within(nav).getByText('Contacts').tagName).toBe('SPAN');
    expect(within(nav).queryByRole('button', { name: 'Déplier le menu' })).not.toBeInTheDocument();
    expect(store.getState().sidebar.collapsed).toBe(true);
  });

  it('keeps Tab inside the menu, both ways', async () => {
    const { user } = await openDashboard();
    await user.click(menuButton());
    const dialog = screen.getByRole('dialog', { name: 'Menu', ...PHONE });
    const close = within(dialog).getByRole('button', { name: 'Fermer le menu', ...PHONE });
    const links = within(dialog).getAllByRole('link');
    const last = links[links.length - 1];

    await user.tab({ shift: true });
    expect(last).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(links[0]).toHaveFocus();
    for (let i = 1; i < links.length; i++) await user.tab();
    expect(last).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
  });

  it('closes on Escape, giving the focus back to the menu button', async () => {
    const { user } = await openDashboard();
    await user.click(menuButton());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu', ...PHONE })).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });

  it('closes with its button, a click beside the panel, and by following a link', async () => {
    http.onGet('contacts/').reply(200, []);
    const { user } = await openDashboard();
    await user.click(menuButton());
    await user.click(screen.getByRole('button', { name: 'Fermer le menu', ...PHONE }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(menuButton());
    await user.click(screen.getByRole('dialog', { name: 'Menu', ...PHONE }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(menuButton());
    await user.click(within(screen.getByRole('dialog', { name: 'Menu', ...PHONE })).getByRole('link', { name: 'Contacts' }));
    await screen.findByRole('heading', { level: 1, name: 'Contacts' });
    expect(currentPath()).toBe('/contacts');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves the persisted sidebar state alone, and follows it once closed', async () => {
    const { user, store } = await openDashboard();
    // In act: the sidebar re-renders from the store, outside any user event.
    act(() => void store.dispatch(sidebarToggled()));
    expect(store.getState().sidebar.collapsed).toBe(false);
    await user.click(menuButton());
    await user.keyboard('{Escape}');
    expect(store.getState().sidebar.collapsed).toBe(false);
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    await user.click(within(nav).getByRole('button', { name: 'Replier le menu' }));
    expect(store.getState().sidebar.collapsed).toBe(true);
    await user.click(menuButton());
    expect(within(nav).getByText('Contacts').tagName).toBe('SPAN');
    expect(within(nav).getByText('Contacts')).toBeVisible();
  });

  it('is not offered when signed out', async () => {
    renderApp({ route: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(screen.queryByRole('button', { name: 'Menu', ...PHONE })).not.toBeInTheDocument();
  });
});

describe('phone search', () => {
  let http: MockAdapter;
  beforeEach(() => {
    http = mockHttp();
  });
  afterEach(() => http.restore());

  it('opens the field from its icon, and Escape closes it once the field has nothing left to close', async () => {
    const { user } = await openDashboard();
    const open = screen.getByRole('button', { name: 'Rechercher', ...PHONE });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Fermer la recherche', ...PHONE })).not.toBeInTheDocument();

    await user.click(open);
    const field = screen.getByRole('combobox', { name: 'Recherche globale' });
    expect(field).toHaveFocus();
    expect(open).toHaveAttribute('aria-expanded', 'true');
    await user.type(field, 'du');
    await user.keyboard('{Escape}'); // closes the list
    await user.keyboard('{Escape}'); // clears the field
    expect(field).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Fermer la recherche', ...PHONE })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Fermer la recherche', ...PHONE })).not.toBeInTheDocument();
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(open).toHaveFocus();
  });

  it('closes with its button', async () => {
    const { user } = await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Rechercher', ...PHONE }));
    await user.click(screen.getByRole('button', { name: 'Fermer la recherche', ...PHONE }));
    expect(screen.getByRole('button', { name: 'Rechercher', ...PHONE })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Fermer la recherche', ...PHONE })).not.toBeInTheDocument();
  });
});

describe('header greeting', () => {
  let http: MockAdapter;
  beforeEach(() => {
    http = mockHttp();
  });
  afterEach(() => http.restore());

  it.each([
    [{ first_name: ' Camille ', company_name: 'Atelier Durand' }, 'Bienvenue, Camille'],
    [{ first_name: '', company_name: 'Atelier Durand' }, 'Bienvenue, Atelier Durand'],
    [{ first_name: '  ', company_name: '' }, 'Bienvenue, marie@example.fr'],
  ])('greets %j as « %s »', async (profile, greeting) => {
    http.onGet('profile/').reply(200, { email: 'marie@example.fr', last_name: 'Durand', ...profile });
    renderApp({ route: '/dashboard', preloadedState: signedIn });
    expect(await within(await screen.findByRole('banner')).findByText(greeting)).toBeInTheDocument();
  });
});
