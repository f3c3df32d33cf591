import { createTestApp, signUp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '@/server/test/test-app';
import { lastLinkSentTo, readOutbox } from '@/server/test/outbox';
import { inOneRateWindow } from '@/server/test/rate-windows';
import { createTokenService } from '../tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('registration and activation', () => {
  it('creates an inactive account, e-mails a French activation link, and activates once', async () => {
    const email = uniqueEmail();
    const res = await post('/api/register/', { email, password: STRONG_PASSWORD, password2: STRONG_PASSWORD });
    expect(res.statusCode).toBe(201);

    // Inactive until activated: sign-in refused with the SimpleJWT message.
    const early = await post('/api/token/', { email, password: STRONG_PASSWORD });
    expect(early.statusCode).toBe(401);
    expect(early.json()).toEqual({ detail: 'No active account found with the given credentials' });

    const mail = readOutbox(t.config.dataDir).find((m) => m.to.includes(email))!;
    expect(mail.subject).toBe('Activez votre compte Carnet');
    expect(mail.text).toContain('Merci de votre inscription');
    const link = lastLinkSentTo(t.config.dataDir, email);
    expect(link).toMatch(/^http:\/\/carnet\.test\/api\/activate\/[\w-]+\/[0-9a-z]+-[0-9a-f]{40}\/$/);

    const activated = await t.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(activated.statusCode).toBe(302);
    expect(activated.headers.location).toBe('/activation-success');

    // Followed again (issue 18): the account is active, the user is sent to sign in.
    const again = await t.app.inject({ method: 'GET', url: new URL(link).pathname });
    expect(again.headers.location).toBe('/login?activation=already-active');

    const signIn = await post('/api/token/', { email, password: STRONG_PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect(Object.keys(signIn.json()).sort()).toEqual(['access', 'refresh']);
    // Still so once signed in (the link was signed before the first sign-in), and weeks later.
    const later = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 30 * 24 * 3600 * 1000);
    try {
      expect((await t.app.inject({ method: 'GET', url: new URL(link).pathname })).headers.location).toBe('/login?activation=already-active');
    } finally {
      later.mockRestore();
    }
  });

  it('sends a forged link of an active account to /activation-failed, not to sign in', async () => {
    const { email } = await signUp(t);
    const [, , , uid, token] = new URL(lastLinkSentTo(t.config.dataDir, email)).pathname.split('/');
    const forged = token.replace(/[0-9a-f]$/, (c) => (c === '0' ? '1' : '0'));
    expect((await t.app.inject({ method: 'GET', url: `/api/activate/${uid}/${token}/` })).headers.location).toBe('/login?activation=already-active');
    expect((await t.app.inject({ method: 'GET', url: `/api/activate/${uid}/${forged}/` })).headers.location).toBe('/activation-failed');
    const other = await signUp(t);
    const [, , , otherUid] = new URL(lastLinkSentTo(t.config.dataDir, other.email)).pathname.split('/');
    expect((await t.app.inject({ method: 'GET', url: `/api/activate/${otherUid}/${token}/` })).headers.location).toBe('/activation-failed');
  });

  it('sends forged, malformed or foreign activation links to /activation-failed', async () => {
    const { email } = await signUp(t);
    const link = new URL(lastLinkSentTo(t.config.dataDir, email)).pathname;
    const [, , , uid, token] = link.split('/');
    const forged = token.replace(/[0-9a-f]$/, (c) => (c === '0' ? '1' : '0'));
    for (const url of [
      `/api/activate/${uid}/${forged}/`,
      `/api/activate/xx/${token}/`,
      `/api/activate/${Buffer.from('999999').toString('base64url')}/${token}/`,
      `/api/activate/${uid}/nonsense/`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers.location).toBe('/activation-failed');
    }
  });

  it('reports field errors in DRF shape', async () => {
    const email = uniqueEmail();
    const cases: [object, Record<string, string[]>][] = [
      [{}, { email: ['Ce champ est obligatoire.'], password: ['Ce champ est obligatoire.'], password2: ['Ce champ est obligatoire.'] }],
      [{ email: 'pas-un-email', password: STRONG_PASSWORD, password2: STRONG_PASSWORD }, { email: ['Saisissez une adresse e-mail valide.'] }],
      [{ email, password: STRONG_PASSWORD, password2: 'autre-chose-123' }, { password: ['Les mots de passe ne correspondent pas.'] }],
      [{ email, password: 'court', password2: 'court' }, { password: ['Ce mot de passe est trop court. Il doit contenir au moins 8 caractères.'] }],
      [{ email, password: 'motdepasse', password2: 'motdepasse' }, { password: ['Ce mot de passe est trop facile à deviner. Allongez-le ou ajoutez des mots peu courants.'] }],
      [{ email, password: STRONG_PASSWORD, password2: STRONG_PASSWORD, is_active: 1 }, { is_active: ['Champ inconnu.'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await post('/api/register/', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    // A body that is not an object is a 400 too, never a 500.
    const notObject = await post('/api/register/', ['x']);
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json()).toHaveProperty('non_field_errors');
    const badJson = await t.app.inject({ method: 'POST', url: '/api/register/', payload: '{', headers: { 'content-type': 'application/json' } });
    expect(badJson.statusCode).toBe(400);
  });

  it('answers a taken address as a new one (no enumeration) and e-mails its owner instead, whatever its case', async () => {
    const owner = await signUp(t);
    const answer = (res: Awaited<ReturnType<typeof post>>) => ({ status: res.statusCode, body: res.json() });
    const register = (email: string, password: string) => post('/api/register/', { email, password, password2: password });
    const other = 'Autre-Passe-Solide-42';
    const fresh = answer(await register(uniqueEmail('nouveau'), other));
    expect(fresh).toEqual({ status: 201, body: { detail: 'Votre compte a été créé. Un e-mail d’activation vous a été envoyé.' } });
    const mailsBefore = readOutbox(t.config.dataDir).filter((m) => m.to.includes(owner.email)).length;
    expect(answer(await register(owner.email.toUpperCase(), other))).toEqual(fresh);
    // A weak password is refused alike for both.
    expect(answer(await register(owner.email, 'motdepasse'))).toEqual(answer(await register(uniqueEmail('nouveau'), 'motdepasse')));

    const mails = readOutbox(t.config.dataDir).filter((m) => m.to.includes(owner.email));
    expect(mails).toHaveLength(mailsBefore + 1);
    const notice = mails.at(-1)!;
    expect(notice.subject).toBe('Tentative d’inscription sur Carnet avec votre adresse');
    expect(notice.text).toContain('Quelqu’un vient de demander la création d’un compte Carnet avec cette adresse e-mail.');
    expect(notice.text).toContain('http://carnet.test/login\n');
    expect(notice.text).toContain('http://carnet.test/reset-password\n');
    // No account was created or changed: the owner's password still signs in, the other not.
    expect((await post('/api/token/', { email: owner.email, password: owner.password })).statusCode).toBe(200);
    expect((await post('/api/token/', { email: owner.email, password: other })).statusCode).toBe(401);
  });

  it('answers two concurrent registrations of one address alike: one account, its owner told of the other', async () => {
    const email = uniqueEmail('course');
    const payload = { email, password: STRONG_PASSWORD, password2: STRONG_PASSWORD };
    const answers = await Promise.all([post('/api/register/', payload), post('/api/register/', payload)]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(answers[0].body).toBe(answers[1].body);
    const subjects = readOutbox(t.config.dataDir).filter((m) => m.to.includes(email)).map((m) => m.subject).sort();
    expect(subjects).toEqual(['Activez votre compte Carnet', 'Tentative d’inscription sur Carnet avec votre adresse']);
  });
});

describe('tokens', () => {
  it('answers 401 with the SimpleJWT detail for a wrong password or an unknown account', async () => {
    const { email } = await signUp(t);
    for (const payload of [{ email, password: 'mauvais-mot-de-passe' }, { email: uniqueEmail('inconnu'), password: STRONG_PASSWORD }]) {
      const res = await post('/api/token/', payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'No active account found with the given credentials' });
    }
  });

  it('accepts an access token on protected routes and rejects bad, refresh and foreign-key tokens', async () => {
    const user = await signUp(t);
    const ok = await t.app.inject({ method: 'GET', url: '/api/profile/', headers: user.auth });
    expect(ok.statusCode).toBe(200);

    const foreign = createTokenService('x'.repeat(64)).sign('access', 1).token;
    for (const header of [`Bearer ${user.refresh}`, 'Bearer abc.def.ghi', `Bearer ${foreign}`, `Token ${user.access}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/profile/', headers: { authorization: header } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ detail: 'Given token not valid for any token type', code: 'token_not_valid' });
    }
    const none = await t.app.inject({ method: 'GET', url: '/api/profile/' });
    expect(none.statusCode).toBe(401);
  });

  it('rejects an expired access token', async () => {
    const user = await signUp(t);
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'] });
    try {
      jest.setSystemTime(Date.now() + 11 * 60 * 1000);
      const res = await t.app.inject({ method: 'GET', url: '/api/profile/', headers: user.auth });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('token_not_valid');
    } finally {
      jest.useRealTimers();
    }
  });

  it('rotates refresh tokens: the new pair works, the old refresh token is dead', async () => {
    const user = await signUp(t);
    const res = await post('/api/token/refresh/', { refresh: user.refresh });
    expect(res.statusCode).toBe(200);
    const pair = res.json();
    expect(pair.refresh).not.toBe(user.refresh);
    const profile = await t.app.inject({ method: 'GET', url: '/api/profile/', headers: { authorization: `Bearer ${pair.access}` } });
    expect(profile.statusCode).toBe(200);

    const reuse = await post('/api/token/refresh/', { refresh: user.refresh });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
    // An access token is never accepted as a refresh token.
    expect((await post('/api/token/refresh/', { refresh: pair.access })).statusCode).toBe(401);
  });

  it('revokes the refresh token on logout', async () => {
    const user = await signUp(t);
    const out = await post('/api/token/logout/', { refresh: user.refresh });
    expect(out.statusCode).toBe(204);
    expect((await post('/api/token/refresh/', { refresh: user.refresh })).statusCode).toBe(401);
    expect((await post('/api/token/logout/', { refresh: user.refresh })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the account exists, and mails only existing accounts', async () => {
    const user = await signUp(t);
    const unknown = uniqueEmail('personne');
    const a = await post('/api/reset-password/', { email: user.email });
    const b = await post('/api/reset-password/', { email: unknown });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    const mails = readOutbox(t.config.dataDir);
    expect(mails.some((m) => m.to.includes(unknown))).toBe(false);
    const mail = mails.filter((m) => m.to.includes(user.email)).at(-1)!;
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe Carnet');
    expect(mail.text).toMatch(/http:\/\/carnet\.test\/reset-password-confirm\/[\w-]+\/[0-9a-z]+-[0-9a-f]{40}/);
  });

  it('sets the new password once; the link then dies, as do old sessions', async () => {
    const user = await signUp(t);
    await post('/api/reset-password/', { email: user.email });
    const link = new URL(lastLinkSentTo(t.config.dataDir, user.email)).pathname; // /reset-password-confirm/uid/token
    const api = `/api${link}/`;
    const mismatch = await post(api, { password: 'Nouveau-Passe-42', password2: 'Autre-Passe-42' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ error: 'Les mots de passe ne correspondent pas.' });
    const weak = await post(api, { password: '12345678', password2: '12345678' });
    expect(weak.statusCode).toBe(400);
    expect(Array.isArray(weak.json().error)).toBe(true);

    const ok = await post(api, { password: 'Nouveau-Passe-42', password2: 'Nouveau-Passe-42' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: 'Mot de passe réinitialisé avec succès.' });

    const reused = await post(api, { password: 'Encore-Autre-43', password2: 'Encore-Autre-43' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: 'Le lien de réinitialisation est invalide ou a expiré.' });

    expect((await post('/api/token/', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await post('/api/token/', { email: user.email, password: 'Nouveau-Passe-42' })).statusCode).toBe(200);
    expect((await post('/api/token/refresh/', { refresh: user.refresh })).statusCode).toBe(401);
  });

  it('refuses expired and forged reset links', async () => {
    const user = await signUp(t);
    await post('/api/reset-password/', { email: user.email });
    const link = new URL(lastLinkSentTo(t.config.dataDir, user.email)).pathname;
    const forged = link.replace(/[0-9a-f]$/, (c) => (c === 'a' ? 'b' : 'a'));
    const body = { password: 'Nouveau-Passe-42', password2: 'Nouveau-Passe-42' };
    expect((await post(`/api${forged}/`, body)).statusCode).toBe(400);
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'] });
    try {
      jest.setSystemTime(Date.now() + 3 * 24 * 3600 * 1000 + 60_000);
      const expired = await post(`/api${link}/`, body);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toHaveProperty('error');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('rate limits', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => strict.close());

  it('answers 429 after ten wrong passwords for one account from one address, and the owner still signs in from theirs', async () => {
    const owner = await signUp(strict, uniqueEmail('cible'));
    const statuses: number[] = [];
    let ownSignIn = 0;
    await inOneRateWindow(async () => {
      const signIn = (password: string, remoteAddress: string) =>
        strict.app.inject({ method: 'POST', url: '/api/token/', payload: { email: owner.email, password }, remoteAddress });
      for (let i = 0; i < 12; i++) {
        const res = await signIn('mauvais', '10.0.0.66');
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      // The attacker's address is locked out of this account, even with the right password…
      expect((await signIn(owner.password, '10.0.0.66')).statusCode).toBe(429);
      // …while the owner, from their own address, is not.
      ownSignIn = (await signIn(owner.password, '10.0.0.1')).statusCode;
    });
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(ownSignIn).toBe(200);
  });

  it('answers 429 after repeated registrations and reset requests from one address', async () => {
    const register: number[] = [];
    const reset: number[] = [];
    await inOneRateWindow(async () => {
      for (let i = 0; i < 11; i++) {
        register.push((await strict.app.inject({ method: 'POST', url: '/api/register/', payload: {}, remoteAddress: '10.1.1.1' })).statusCode);
      }
      for (let i = 0; i < 11; i++) {
        reset.push((await strict.app.inject({ method: 'POST', url: '/api/reset-password/', payload: { email: `meme${i}@exemple.fr` }, remoteAddress: '10.2.2.1' })).statusCode);
      }
    });
    expect(register.at(-1)).toBe(429);
    expect(reset.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(reset[10]).toBe(429);
  });

  it('tells the owner of a taken address of 3 registration attempts an hour, answering the same after', async () => {
    const owner = await signUp(strict, uniqueEmail('prise'));
    const notices = () => readOutbox(strict.config.dataDir).filter((m) => m.to.includes(owner.email) && m.subject.startsWith('Tentative'));
    const answers: string[] = [];
    const counts: number[] = [];
    await inOneRateWindow(async () => {
      for (let i = 0; i < 5; i++) {
        const res = await strict.app.inject({
          method: 'POST', url: '/api/register/', remoteAddress: `10.5.5.${i + 1}`,
          payload: { email: owner.email, password: STRONG_PASSWORD, password2: STRONG_PASSWORD },
        });
        answers.push(`${res.statusCode} ${res.body}`);
        counts.push(notices().length);
      }
    });
    expect(counts).toEqual([1, 2, 3, 3, 3]);
    expect(new Set(answers)).toEqual(new Set([`201 ${JSON.stringify({ detail: 'Votre compte a été créé. Un e-mail d’activation vous a été envoyé.' })}`]));
  });

  describe('reset requests (issue 23)', () => {
    const requestReset = (email: string, remoteAddress: string) =>
      strict.app.inject({ method: 'POST', url: '/api/reset-password/', payload: { email }, remoteAddress });
    const resetMailsTo = (email: string) =>
      readOutbox(strict.config.dataDir).filter((m) => m.to.includes(email) && m.subject === 'Réinitialisation de votre mot de passe Carnet');

    it('limits one requester for one address: the owner, from elsewhere, still gets the e-mail', async () => {
      const owner = await signUp(strict, uniqueEmail('victime'));
      const attacker: { status: number; body: unknown }[] = [];
      let own: { status: number; body: unknown } | undefined;
      let resetStatus = 0;
      await inOneRateWindow(async () => {
        for (let i = 0; i < 7; i++) {
          const res = await requestReset(owner.email, '10.3.3.66');
          attacker.push({ status: res.statusCode, body: res.json() });
        }
        const before = resetMailsTo(owner.email).length;
        const res = await requestReset(owner.email, '10.3.3.1');
        own = { status: res.statusCode, body: res.json() };
        expect(resetMailsTo(owner.email)).toHaveLength(before + 1);
        // Its link works (followed under the same clock: links carry their date).
        const link = new URL(resetMailsTo(owner.email).at(-1)!.text.match(/https?:\/\/\S+/)![0]).pathname;
        const body = { password: 'Nouveau-Passe-42', password2: 'Nouveau-Passe-42' };
        resetStatus = (await strict.app.inject({ method: 'POST', url: `/api${link}/`, payload: body, remoteAddress: '10.3.3.1' })).statusCode;
      });
      const sent = { status: 200, body: { detail: 'Un email de réinitialisation a été envoyé si ce compte existe.' } };
      expect(attacker.slice(0, 5)).toEqual(Array(5).fill(sent));
      expect(attacker.slice(5).map((a) => a.status)).toEqual([429, 429]);
      expect(own).toEqual(sent);
      // Two of the attacker's requests were mailed, then the owner's.
      expect(resetMailsTo(owner.email)).toHaveLength(3);
      expect(resetStatus).toBe(200);
    });

    it('sends no 4th reset e-mail an hour to one address, answering the same', async () => {
      const owner = await signUp(strict, uniqueEmail('boite'));
      const unknown = uniqueEmail('personne');
      const answers: { status: number; body: unknown }[] = [];
      const mailed: number[] = [];
      await inOneRateWindow(async () => {
        for (let i = 0; i < 5; i++) {
          const res = await requestReset(owner.email, `10.4.4.${i + 1}`);
          answers.push({ status: res.statusCode, body: res.json() });
          mailed.push(resetMailsTo(owner.email).length);
        }
        const res = await requestReset(unknown, '10.4.4.9');
        answers.push({ status: res.statusCode, body: res.json() });
      });
      expect(mailed).toEqual([1, 2, 3, 3, 3]);
      // The same answer whether mailed, capped, or no account at all.
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0].status).toBe(200);
    });
  });
});
