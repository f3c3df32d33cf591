import { screen } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { currentPath, mockHttp, renderApp } from '@/client/test/render';

const BAD_CREDENTIALS =
  "Vos identifiants sont incorrects ou votre compte n'est pas encore activé. Veuillez vérifier votre email.";

async function openLogin() {
  const utils = renderApp({ route: '/login' });
  await screen.findByRole('heading', { level: 1, name: 'Connexion' });
  return utils;
}

describe('login page — sign in', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
  });
  afterEach(() => mock.restore());

  it('requires both fields', async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'marie@example.fr');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Merci de remplir tous les champs.');
    expect(mock.history.post).toHaveLength(0);
  });

  it('explains bad credentials', async () => {
    mock.onPost('token/').reply(401, { detail: 'No active account found with the given credentials' });
    const { user, store } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'marie@example.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BAD_CREDENTIALS);
    expect(store.getState().session.access_token).toBeNull();
    expect(currentPath()).toBe('/login');
  });

  it('shows other details as-is, and a fallback without one', async () => {
    mock.onPost('token/').replyOnce(429, { detail: 'Trop de requêtes.' }).onPost('token/').replyOnce(500, '');
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'marie@example.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de requêtes.');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Erreur lors de la connexion.')).toBeInTheDocument();
  });

  it('reports an unreachable server', async () => {
    mock.onPost('token/').networkError();
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'marie@example.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de contacter le serveur.');
  });

  it('stores the session and goes to the dashboard', async () => {
    mock.onPost('token/').reply(200, { access: 'acc', refresh: 'ref' });
    const { user, store } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'marie@example.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
    expect(JSON.parse(mock.history.post[0].data)).toEqual({ email: 'marie@example.fr', password: 'secret-123' });
    expect(store.getState().session).toEqual({
      access_token: 'acc',
      refresh_token: 'ref',
      username: 'marie@example.fr',
    });
    expect(screen.getByText('Bienvenue, marie@example.fr')).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const { user } = await openLogin();
    const password = screen.getByLabelText('Mot de passe');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Masquer le mot de passe' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('links to the reset page only in sign-in mode', async () => {
    const { user } = await openLogin();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute('href', '/reset-password');
    await user.click(screen.getByRole('button', { name: 'Créer un compte' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Créer un compte' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mot de passe oublié ?' })).not.toBeInTheDocument();
  });
});

describe('login page — registration', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
  });
  afterEach(() => mock.restore());

  async function openRegistration() {
    const utils = await openLogin();
    await utils.user.click(screen.getByRole('button', { name: 'Créer un compte' }));
    return utils;
  }

  it('requires all three fields', async () => {
    const { user } = await openRegistration();
    await user.type(screen.getByLabelText('Email'), 'paul@example.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'Secret-2025');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Merci de remplir tous les champs.');
    expect(mock.history.post).toHaveLength(0);
  });

  it('refuses a confirmation that does not match', async () => {
    const { user } = await openRegistration();
    await user.type(screen.getByLabelText('Email'), 'paul@example.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'Secret-2025');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Secret-2026');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Les mots de passe ne correspondent pas.');
    expect(mock.history.post).toHaveLength(0);
  });

  it('returns to sign-in mode with the check-your-e-mail message', async () => {
    mock.onPost('register/').reply(201, { detail: 'ok' });
    const { user } = await openRegistration();
    await user.type(screen.getByLabelText('Email'), 'paul@example.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'Secret-2025');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Secret-2025');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Votre compte a été créé ! Veuillez vérifier votre email pour l'activer.",
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Confirmer le mot de passe')).not.toBeInTheDocument();
    expect(JSON.parse(mock.history.post[0].data)).toEqual({
      email: 'paul@example.fr',
      password: 'Secret-2025',
      password2: 'Secret-2025',
    });
  });

  it('joins the server field errors with spaces', async () => {
    mock.onPost('register/').reply(400, {
      email: ['Saisissez une adresse e-mail valide.'],
      password: ['Ce mot de passe est trop court.', 'Ce mot de passe est trop courant.'],
      non_field_errors: ['Erreur globale.'],
    });
    const { user } = await openRegistration();
    await user.type(screen.getByLabelText('Email'), 'paul@example.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'abc');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce mot de passe est trop court. Ce mot de passe est trop courant. Saisissez une adresse e-mail valide. Erreur globale.',
    );
  });

  it('rates the new password as it is typed (the same rules as the server), and never in sign-in mode', async () => {
    const { user } = await openRegistration();
    await user.type(screen.getByLabelText('Email'), 'paul.martin@example.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'azerty12');
    const meter = await screen.findByRole('meter', { name: 'Robustesse du mot de passe' });
    expect(Number(meter.getAttribute('aria-valuenow'))).toBeLessThan(3);
    expect(screen.getByLabelText('Mot de passe')).toHaveAccessibleDescription(
      'Robustesse : Faible — Ce mot de passe est trop facile à deviner. Allongez-le ou ajoutez des mots peu courants. Ce mot de passe est couramment utilisé.',
    );
    await user.clear(screen.getByLabelText('Mot de passe'));
    await user.type(screen.getByLabelText('Mot de passe'), 'Lanterne-Ocre-Vallon');
    expect(await screen.findByRole('meter', { name: 'Robustesse du mot de passe' })).toHaveAttribute('aria-valuetext', 'Excellente');

    await user.click(screen.getByRole('button', { name: "J'ai déjà un compte" }));
    await user.type(screen.getByLabelText('Mot de passe'), 'azerty12');
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
  });

  it('uses the registration fallbacks', async () => {
    mock.onPost('register/').replyOnce(500, {}).onPost('register/').networkError();
    const { user } = await openRegistration();
    await user.type(screen.getByLabelText('Email'), 'paul@example.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'Secret-2025');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Secret-2025');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Une erreur est survenue lors de l'inscription.");
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('Impossible de contacter le serveur ou erreur inconnue.')).toBeInTheDocument();
  });
});
