import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { activationEmail, passwordResetEmail } from '../../mail/account-emails';
import { ApiError, badRequest } from '../../http/errors';
import { dummyPasswordHash, hashPassword, passwordStrengthErrors, verifyPassword } from './passwords';
import { checkLinkToken, decodeUid, encodeUid, makeLinkToken, type LinkPurpose } from './account-links';
import type { TokenService } from './tokens';
import { usersRepository, type UserRow } from './users.repository';
import { refreshTokensRepository } from './refresh-tokens.repository';

export const NO_ACTIVE_ACCOUNT = 'No active account found with the given credentials';
export const INVALID_REFRESH = new ApiError(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });

export interface AuthServiceDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  tokens: TokenService;
  secretKey: string;
  appUrl: string;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ db, mailer, tokens, secretKey, appUrl }: AuthServiceDeps) {
  const users = usersRepository(db);
  const refreshTokens = refreshTokensRepository(db);

  async function issuePair(userId: number) {
    const refresh = tokens.sign('refresh', userId);
    const access = tokens.sign('access', userId, refresh.claims.jti);
    await refreshTokens.store(refresh.claims.jti, userId, refresh.claims.exp);
    return { access: access.token, refresh: refresh.token };
  }

  function accountLink(purpose: LinkPurpose, user: UserRow): string {
    const path = `${encodeUid(user.id)}/${makeLinkToken(secretKey, purpose, user)}`;
    return purpose === 'activation' ? `${appUrl}/api/activate/${path}/` : `${appUrl}/reset-password-confirm/${path}`;
  }

  /** The account a link names, if the link is still valid for it. */
  async function userForLink(purpose: LinkPurpose, uidb64: string, token: string): Promise<UserRow | null> {
    const id = decodeUid(uidb64);
    const user = id === null ? undefined : await users.findById(id);
    return user && checkLinkToken(secretKey, purpose, user, token) ? user : null;
  }

  /**
   * Changes a password: the hash change kills reset links, and every refresh token is revoked.
   * A reset proves control of the mailbox, so it also activates a never-activated account.
   * `keepSession` spares the session that made the change (profile edit).
   */
  async function setPassword(
    userId: number,
    password: string,
    options: { activate?: boolean; keepSession?: string } = {},
  ): Promise<void> {
    await users.update(userId, {
      password_hash: await hashPassword(password),
      password_changed_at: new Date().toISOString(),
      ...(options.activate ? { is_active: 1 } : {}),
    });
    await refreshTokens.revokeAllFor(userId, options.keepSession);
  }

  return {
    async register(email: string, password: string, password2: string): Promise<void> {
      if (password !== password2) throw badRequest({ password: ['Les mots de passe ne correspondent pas.'] });
      const weak = passwordStrengthErrors(password, email);
      if (weak.length) throw badRequest({ password: weak });
      if (await users.findByEmail(email)) {
        throw badRequest({ email: ['Un compte avec cette adresse e-mail existe déjà.'] });
      }
      let user: UserRow;
      try {
        user = await users.create(email, await hashPassword(password));
      } catch {
        // Unique index: a concurrent registration of the same e-mail won the race.
        throw badRequest({ email: ['Un compte avec cette adresse e-mail existe déjà.'] });
      }
      await mailer.send(activationEmail(user.email, accountLink('activation', user)));
    },

    /** True when the link activated the account; false when it is invalid, used or expired. */
    async activate(uidb64: string, token: string): Promise<boolean> {
      const user = await userForLink('activation', uidb64, token);
      if (!user || user.is_active) return false;
      await users.update(user.id, { is_active: 1 });
      return true;
    },

    async obtainPair(email: string, password: string) {
      const user = await users.findByEmail(email.trim());
      const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
      if (!user || !ok || !user.is_active) throw new ApiError(401, { detail: NO_ACTIVE_ACCOUNT });
      await users.update(user.id, { last_login: new Date().toISOString() });
      return issuePair(user.id);
    },

    /** Rotation: the presented refresh token is revoked and a new pair issued. */
    async refresh(refreshToken: string) {
      const claims = tokens.verify('refresh', refreshToken);
      if (!claims || !(await refreshTokens.revoke(claims.jti, claims.user_id))) throw INVALID_REFRESH;
      const user = await users.findById(claims.user_id);
      if (!user?.is_active) throw INVALID_REFRESH;
      return issuePair(user.id);
    },

    async logout(refreshToken: string): Promise<void> {
      const claims = tokens.verify('refresh', refreshToken);
      if (!claims || !(await refreshTokens.revoke(claims.jti, claims.user_id))) throw INVALID_REFRESH;
    },

    /** Sends a reset link if the account exists; the caller answers the same either way. */
    async requestReset(email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user) return;
      await mailer.send(passwordResetEmail(user.email, accountLink('reset', user)));
    },

    async confirmReset(uidb64: string, token: string, password: string, password2: string): Promise<void> {
      const user = await userForLink('reset', uidb64, token);
      if (!user) throw badRequest({ error: 'Le lien de réinitialisation est invalide ou a expiré.' });
      if (password !== password2) throw badRequest({ error: 'Les mots de passe ne correspondent pas.' });
      const weak = passwordStrengthErrors(password, user.email);
      if (weak.length) throw badRequest({ error: weak });
      await setPassword(user.id, password, { activate: true });
    },

    setPassword,
  };
}
