import { act, screen } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { currentPath, mockHttp, renderApp } from '@/client/test/render';

describe('reset request page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
  });
  afterEach(() => mock.restore());

  async function submit(email: string) {
    const utils = renderApp({ route: '/reset-password' });
    await utils.user.type(await screen.findByLabelText('Email'), email);
    await utils.user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    return utils;
  }

  it('confirms the request without revealing whether the account exists', async () => {
    mock.onPost('reset-password/').reply(200, { detail: 'ok' });
    await submit('marie@example.fr');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Un email de réinitialisation a été envoyé si ce compte existe.',
    );
    expect(JSON.parse(mock.history.post[0].data)).toEqual({ email: 'marie@example.fr' });
  });

  it('shows "Envoi en cours..." while sending', async () => {
    let release: () => void = () => undefined;
    mock.onPost('reset-password/').reply(() => new Promise((resolve) => (release = () => resolve([200, {}]))));
    await submit('marie@example.fr');
    expect(await screen.findByRole('button', { name: 'Envoi en cours...' })).toBeDisabled();
    await act(async () => release());
    expect(await screen.findByRole('button', { name: 'Envoyer le lien' })).toBeEnabled();
  });

  it('says so when rate limited (429)', async () => {
    mock.onPost('reset-password/').reply(429, { detail: 'Requête ralentie.' });
    await submit('marie@example.fr');
    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de tentatives. Veuillez réessayer plus tard.');
  });

  it('shows the first e-mail error on 400', async () => {
    mock.onPost('reset-password/').reply(400, { email: ['Saisissez une adresse e-mail valide.'] });
    await submit('pas-un-email');
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur : Saisissez une adresse e-mail valide.');
  });

  it.each([
    [404, {}, "L'adresse email n'a pas été trouvée."],
    [500, {}, 'Une erreur est survenue lors de la demande. Veuillez réessayer.'],
  ])('maps status %s', async (status, body, message) => {
    mock.onPost('reset-password/').reply(status, body);
    await submit('marie@example.fr');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('reports a missing response', async () => {
    mock.onPost('reset-password/').networkError();
    await submit('marie@example.fr');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Pas de réponse du serveur. Vérifiez votre connexion internet.',
    );
  });
});

describe('reset confirm page', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
  });
  afterEach(() => {
    mock.restore();
    jest.useRealTimers();
  });

  function open(userOptions?: NonNullable<Parameters<typeof renderApp>[0]>['userOptions']) {
    return renderApp({ route: '/reset-password-confirm/MQ/abc-123', userOptions });
  }

  it('refuses different passwords without calling the server', async () => {
    const { user } = open();
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'Nouveau-2025');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Nouveau-2026');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Les mots de passe ne correspondent pas.');
    expect(mock.history.post).toHaveLength(0);
  });

  it('rates the new password as it is typed', async () => {
    const { user } = open();
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'P@ssw0rd1');
    const meter = await screen.findByRole('meter', { name: 'Robustesse du mot de passe' });
    expect(Number(meter.getAttribute('aria-valuenow'))).toBeLessThan(3);
    expect(screen.getByText(/^Robustesse :/)).toHaveTextContent('Ce mot de passe est trop facile à deviner.');
  });

  it('confirms, then goes to /login after 2 seconds', async () => {
    jest.useFakeTimers();
    mock.onPost('reset-password-confirm/MQ/abc-123/').reply(200, { detail: 'Mot de passe réinitialisé avec succès.' });
    const { user } = open({ advanceTimers: jest.advanceTimersByTime });
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'Nouveau-2025');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Nouveau-2025');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Mot de passe réinitialisé avec succès.');
    expect(JSON.parse(mock.history.post[0].data)).toEqual({ password: 'Nouveau-2025', password2: 'Nouveau-2025' });

    act(() => jest.advanceTimersByTime(1900));
    expect(currentPath()).toBe('/reset-password-confirm/MQ/abc-123');
    act(() => jest.advanceTimersByTime(200));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
  });

  it('joins an error list with spaces', async () => {
    mock.onPost('reset-password-confirm/MQ/abc-123/').reply(400, {
      error: ['Ce mot de passe est trop court.', 'Ce mot de passe est trop courant.'],
    });
    const { user } = open();
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'abc');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce mot de passe est trop court. Ce mot de passe est trop courant.',
    );
  });

  it.each([
    [{ error: 'Lien expiré.' }, 'Lien expiré.'],
    [{ detail: 'autre chose' }, 'Une erreur est survenue.'],
  ])('shows the error field or the fallback (%j)', async (body, message) => {
    mock.onPost('reset-password-confirm/MQ/abc-123/').reply(400, body);
    const { user } = open();
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'Nouveau-2025');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Nouveau-2025');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('says the link is invalid when there is no data', async () => {
    mock.onPost('reset-password-confirm/MQ/abc-123/').networkError();
    const { user } = open();
    await user.type(await screen.findByLabelText('Nouveau mot de passe'), 'Nouveau-2025');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Nouveau-2025');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Lien invalide ou expiré.');
  });
});
