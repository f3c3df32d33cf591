import { PASSWORD_MESSAGES } from '@/shared/password-rules';
import { checkPasswordStrength } from '@/shared/password-strength';
import { createTestApp, signUp, uniqueEmail, type TestApp } from '@/server/test/test-app';
import { lastLinkSentTo } from '@/server/test/outbox';

/**
 * Password strength (issue 16): zxcvbn with the common and French dictionaries, score ≥ 3, at
 * registration and reset. The old list of ~175 common passwords let all of these through.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const GUESSABLE = ['azerty12', 'password1!', 'P@ssw0rd1', ' '.repeat(8), 'motdepasse2024', 'soleil123', 'Bonjour2025!'];
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

it('refuses guessable passwords at registration with the French message', async () => {
  for (const password of GUESSABLE) {
    const res = await post('/api/register/', { email: uniqueEmail('faible'), password, password2: password });
    expect({ password, status: res.statusCode, body: res.json() }).toEqual({ password, status: 400, body: { password: [PASSWORD_MESSAGES.weak] } });
  }
  expect(PASSWORD_MESSAGES.weak).toBe('Ce mot de passe est trop facile à deviner. Allongez-le ou ajoutez des mots peu courants.');
});

it('refuses them on the reset form too, and the link still works for a strong one', async () => {
  const user = await signUp(t);
  await post('/api/reset-password/', { email: user.email });
  const link = new URL(lastLinkSentTo(t.config.dataDir, user.email)).pathname;
  for (const password of GUESSABLE) {
    const res = await post(`/api${link}/`, { password, password2: password });
    expect({ password, status: res.statusCode, body: res.json() }).toEqual({ password, status: 400, body: { error: [PASSWORD_MESSAGES.weak] } });
  }
  expect((await post(`/api${link}/`, { password: 'Lanterne-Ocre-Vallon', password2: 'Lanterne-Ocre-Vallon' })).statusCode).toBe(200);
});

it('keeps the specific reasons: too short, all digits, built on the address', async () => {
  const email = uniqueEmail('camille.durand');
  const cases: [string, string[]][] = [
    ['Xy7!', [PASSWORD_MESSAGES.tooShort]],
    ['9081726354', [PASSWORD_MESSAGES.numeric]],
    [`${email.split('@')[0]}!X9`, [PASSWORD_MESSAGES.similar]],
  ];
  for (const [password, problems] of cases) {
    const res = await post('/api/register/', { email, password, password2: password });
    expect({ password, body: res.json() }).toEqual({ password, body: { password: problems } });
  }
});

it('scores with the account in mind, and accepts passphrases and random strings', () => {
  // A rare name plus a year is strong for anyone but the account that carries that name.
  expect(checkPasswordStrength('Quillembert85', 'lea@exemple.fr').problems).toEqual([]);
  expect(checkPasswordStrength('Quillembert85', 'm.quillembert@exemple.fr').problems).toEqual([PASSWORD_MESSAGES.weak]);
  for (const password of ['Lanterne-Ocre-Vallon', 'kT9#mQ2vLp', 'correct horse battery staple', 'Carnet-Tr3s-Solide']) {
    expect({ password, problems: checkPasswordStrength(password, 'lea@exemple.fr').problems }).toEqual({ password, problems: [] });
  }
});
