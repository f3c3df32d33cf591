import { act, screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';
import { makeProject } from './workflow-fixtures';

// Full-app renders driven by userEvent: slow on a busy CI machine.
jest.setTimeout(30_000);

const CONTACT = {
  id: 7, name: 'Élise Martin', email: 'elise@exemple.fr', phone: '', company: '', address: '3 rue des Lilas', city: 'Nantes',
  postal_code: '44000', country: 'FR', notes: '', category: 'client', client_type: 'particulier', siren: '', vat_number: '',
  delivery_address: '', delivery_postal_code: '', delivery_city: '', delivery_country: '', created_at: '2025-01-02T10:00:00.000Z',
};

const PROFILE = { email: 'marie@example.fr', first_name: 'Marie', last_name: 'Curie', company_name: 'Curie Conseil', country: 'FR' };

const sidebar = () => within(screen.getByRole('navigation', { name: 'Navigation principale' }));
const nameField = () => screen.getByLabelText(/^Nom\*?$/);
const question = () => screen.findByRole('alertdialog', { name: 'Quitter sans enregistrer ?' });
/** The browser's own question on closing or reloading the tab: asked when the event is cancelled. */
const unloadAsks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('unsaved changes guard (issue 28)', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    mock.onGet('contacts/').reply(200, []);
    mock.onGet('projects/').reply(200, []);
    mock.onGet('tasks/').reply(200, []);
    mock.onGet(/contacts\/7\/(tasks|projects|quotes|invoices)\//).reply(200, []);
  });
  afterEach(() => mock.restore());

  async function typeNewContact() {
    const utils = renderApp({ route: '/contacts/new', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Nouveau contact' });
    expect(unloadAsks()).toBe(false);
    await utils.user.type(nameField(), 'Jeanne Roux');
    return utils;
  }

  it('asks before a sidebar link leaves a typed contact: « Rester sur la page » keeps it, « Quitter sans enregistrer » leaves', async () => {
    const { user } = await typeNewContact();
    expect(unloadAsks()).toBe(true);

    await user.click(sidebar().getByRole('link', { name: 'Projets' }));
    const dialog = await question();
    expect(dialog).toHaveTextContent('Vos modifications seront perdues.');
    const stay = within(dialog).getByRole('button', { name: 'Rester sur la page' });
    expect(stay).toHaveFocus();
    await user.click(stay);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe('/contacts/new');
    expect(nameField()).toHaveValue('Jeanne Roux');

    await user.click(sidebar().getByRole('link', { name: 'Projets' }));
    await user.click(within(await question()).getByRole('button', { name: 'Quitter sans enregistrer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Liste des projets' })).toBeInTheDocument();
    expect(currentPath()).toBe('/projects');
    // The form's listener goes with its effects' cleanup, which may follow the new page's paint.
    await waitFor(() => expect(unloadAsks()).toBe(false));
  });

  it('holds back a link inside the page and the back button too; Escape stays', async () => {
    mock.onGet('contacts/7/').reply(200, CONTACT);
    const { user, router } = renderApp({ route: '/contacts', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Contacts' });
    await act(() => router.navigate('/contacts/7'));
    await screen.findByDisplayValue('Élise Martin');
    await user.clear(screen.getByLabelText('Ville'));
    await user.type(screen.getByLabelText('Ville'), 'Lyon');

    await user.click(screen.getByRole('link', { name: 'Annuler' }));
    await question();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe('/contacts/7');

    await act(() => router.navigate(-1));
    await question();
    await user.click(screen.getByRole('button', { name: 'Rester sur la page' }));
    expect(currentPath()).toBe('/contacts/7');
    expect(screen.getByLabelText('Ville')).toHaveValue('Lyon');
  });

  it('lets a loaded form that nothing changed go without a word', async () => {
    mock.onGet('contacts/7/').reply(200, CONTACT);
    const { user } = renderApp({ route: '/contacts/7', preloadedState: signedIn });
    await screen.findByDisplayValue('Élise Martin');
    expect(unloadAsks()).toBe(false);
    await user.click(sidebar().getByRole('link', { name: 'Projets' }));
    await screen.findByRole('heading', { level: 1, name: 'Liste des projets' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('never asks after a save: neither the new contact’s page after « Créer » nor a link once the changes are saved', async () => {
    mock.onPost('contacts/').reply(201, { ...CONTACT, id: 12, name: 'Jeanne Roux' });
    mock.onGet('contacts/12/').reply(200, { ...CONTACT, id: 12, name: 'Jeanne Roux' });
    mock.onGet(/contacts\/12\/(tasks|projects|quotes|invoices)\//).reply(200, []);
    mock.onPut('contacts/12/').reply(200, { ...CONTACT, id: 12, name: 'Jeanne Roux-Petit' });
    const { user } = await typeNewContact();
    await user.click(screen.getByRole('button', { name: 'Créer le contact' }));
    await waitFor(() => expect(currentPath()).toBe('/contacts/12'));
    await screen.findByRole('heading', { level: 1, name: 'Modifier le contact' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.type(nameField(), '-Petit');
    expect(unloadAsks()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Contact mis à jour avec succès !');
    // The saved values become the form's reference in the render after the answer (the toast may come first).
    await waitFor(() => expect(unloadAsks()).toBe(false));
    await user.click(sidebar().getByRole('link', { name: 'Projets' }));
    await screen.findByRole('heading', { level: 1, name: 'Liste des projets' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks before « Déconnexion » too: staying keeps the session and what is typed; leaving ends it, no question left over the sign-in page', async () => {
    mock.onPost('token/logout/').reply(200, {});
    const { user } = await typeNewContact();
    await user.click(screen.getByRole('button', { name: /Déconnexion/ }));
    await user.click(within(await question()).getByRole('button', { name: 'Rester sur la page' }));
    expect(currentPath()).toBe('/contacts/new');
    expect(mock.history.post.filter((r) => r.url === 'token/logout/')).toHaveLength(0);
    expect(nameField()).toHaveValue('Jeanne Roux');

    await user.click(screen.getByRole('button', { name: /Déconnexion/ }));
    await user.click(within(await question()).getByRole('button', { name: 'Quitter sans enregistrer' }));
    await screen.findByRole('heading', { level: 1, name: 'Connexion' });
    expect(currentPath()).toBe('/login');
    expect(mock.history.post.filter((r) => r.url === 'token/logout/')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it.each([
    ['/projects/new', 'Nouveau projet', /^Nom du projet/],
    ['/tasks/new', 'Nouvelle tâche', /^Titre/],
  ])('guards %s as well', async (route, heading, label) => {
    const { user } = renderApp({ route, preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: heading });
    await user.type(screen.getByLabelText(label), 'Refonte');
    await user.click(sidebar().getByRole('link', { name: 'Contacts' }));
    await user.click(within(await question()).getByRole('button', { name: 'Rester sur la page' }));
    expect(currentPath()).toBe(route);
    expect(screen.getByLabelText(label)).toHaveValue('Refonte');
  });

  it('guards the profile until it is saved', async () => {
    mock.onGet('profile/').reply(200, PROFILE);
    mock.onPut('profile/').reply(200, { ...PROFILE, city: 'Lyon' });
    const { user } = renderApp({ route: '/profile', preloadedState: signedIn });
    await screen.findByDisplayValue('Curie Conseil');
    await user.type(screen.getByLabelText('Ville'), 'Lyon');
    await user.click(sidebar().getByRole('link', { name: 'Projets' }));
    await user.click(within(await question()).getByRole('button', { name: 'Rester sur la page' }));
    expect(screen.getByLabelText('Ville')).toHaveValue('Lyon');

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Profil mis à jour avec succès.');
    await user.click(sidebar().getByRole('link', { name: 'Projets' }));
    await screen.findByRole('heading', { level: 1, name: 'Liste des projets' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  // One page, two forms: react-router holds a single blocker, so every form reports to the layout's
  // one question (UnsavedChangesBoundary) instead of each holding its own.
  const REMINDERS = { auto_reminders: false, reminder_1_days: 7, reminder_2_days: 30, reminder_3_days: null, reminder_spacing_days: 7 };
  const spacingField = () => screen.getByLabelText('Écart minimum entre deux relances (jours)');

  it('guards the reminder settings beside the profile, with one question when both are typed into', async () => {
    mock.onGet('profile/').reply(200, PROFILE);
    mock.onGet('profile/reminders/').reply(200, REMINDERS);
    mock.onPut('profile/reminders/').reply(200, { ...REMINDERS, reminder_spacing_days: 14 });
    const { user } = renderApp({ route: '/profile', preloadedState: signedIn });
    await screen.findByDisplayValue('Curie Conseil');
    await user.clear(await screen.findByLabelText('Écart minimum entre deux relances (jours)'));
    await user.type(spacingField(), '14');
    await user.click(sidebar().getByRole('link', { name: 'Projets' }));
    await user.click(within(await question()).getByRole('button', { name: 'Rester sur la page' }));
    expect(spacingField()).toHaveValue('14');

    await user.type(screen.getByLabelText('Ville'), 'Lyon');
    await user.click(sidebar().getByRole('link', { name: 'Projets' }));
    await question();
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Rester sur la page' }));
    await user.clear(screen.getByLabelText('Ville'));

    // Saved: the reminder settings no longer hold the page back.
    await user.click(screen.getByRole('button', { name: 'Enregistrer les relances' }));
    await waitFor(() => expect(mock.history.put.filter((r) => r.url === 'profile/reminders/')).toHaveLength(1));
    await user.click(sidebar().getByRole('link', { name: 'Projets' }));
    await screen.findByRole('heading', { level: 1, name: 'Liste des projets' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('guards a task typed into a project page’s quick form', async () => {
    mock.onGet('projects/12/').reply(200, makeProject({ id: 12, name: 'Site vitrine' }));
    mock.onGet('projects/12/tasks/').reply(200, []);
    const { user } = renderApp({ route: '/projects/12', preloadedState: signedIn });
    await screen.findByDisplayValue('Site vitrine');
    expect(unloadAsks()).toBe(false);
    await user.type(screen.getByLabelText(/^Titre de la tâche/), 'Maquettes');
    expect(unloadAsks()).toBe(true);
    await user.click(sidebar().getByRole('link', { name: 'Contacts' }));
    await user.click(within(await question()).getByRole('button', { name: 'Rester sur la page' }));
    expect(currentPath()).toBe('/projects/12');
    expect(screen.getByLabelText(/^Titre de la tâche/)).toHaveValue('Maquettes');

    await user.click(sidebar().getByRole('link', { name: 'Contacts' }));
    await user.click(within(await question()).getByRole('button', { name: 'Quitter sans enregistrer' }));
    await screen.findByRole('heading', { level: 1, name: 'Contacts' });
  });
});
