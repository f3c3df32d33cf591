import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { inTransaction } from '@/server/db/database';
import type { OutgoingMail } from '@/server/mail/mailer';
import { enqueueAccountMail, type MailDelivery } from '@/server/mail/outbox';
import {
  activationEmail, emailChangeConfirmationEmail, emailChangeNoticeEmail, passwordResetEmail, registrationAttemptEmail,
} from '@/server/mail/account-emails';
import { ApiError, badRequest, notFound } from '@/server/http/errors';
import { dummyPasswordHash, hashPassword, passwordStrengthErrors, verifyPassword } from './passwords';
import { checkLinkToken, decodeUid, encodeUid, makeLinkToken, type LinkPurpose } from './account-links';
import type { TokenClaims, TokenService } from './tokens';
import { usersRepository, type UserRow } from './users.repository';
import type { SessionDevice, SessionsRepository, SessionSummary } from './sessions.repository';
import type { SessionGuard } from './session-guard';

export const NO_ACTIVE_ACCOUNT = 'No active account found with the given credentials';
export const EMAIL_TAKEN = 'Un compte avec cette adresse e-mail existe déjà.';
export const INVALID_REFRESH = new ApiError(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });

export interface AuthServiceDeps {
  db: Kysely<Database>;
  /** Account e-mails are stored in the outbox with the change that needs them; kicked once it commits. */
  outbox: Pick<MailDelivery, 'kick'>;
  tokens: TokenService;
  sessions: SessionsRepository;
  /** This process's cache of live sessions, told at once of the sessions ended here. */
  sessionGuard: SessionGuard;
  secretKey: string;
  appUrl: string;
}

export type AuthService = ReturnType<typeof createAuthService>;

/** Stores an account e-mail to `ownerId` in the transaction at hand. */
type QueueAccountMail = (ownerId: number, mail: OutgoingMail) => Promise<void>;

export function createAuthService({ db, outbox, tokens, sessions, sessionGuard, secretKey, appUrl }: AuthServiceDeps) {
  const users = usersRepository(db);

  /**
   * Runs `work` in a transaction; the account e-mails it queues are stored with its writes (kept if
   * they commit, gone if they roll back) and leave as soon as it commits, the mail server up or not
   * (the outbox retries).
   */
  async function withAccountMail<T>(work: (trx: Kysely<Database>, queue: QueueAccountMail) => Promise<T>): Promise<T> {
    let queued = false;
    const result = await inTransaction(db, (trx) =>
      work(trx, async (ownerId, mail) => {
        await enqueueAccountMail(trx, { ownerId, mail });
        queued = true;
      }),
    );
    if (queued) outbox.kick();
    return result;
  }

  /** A token pair in `sessionId` (a rotation), or in a new session opened from `device` (a sign-in). */
  async function issuePair(userId: number, sessionId?: string, device?: SessionDevice) {
    const sid = sessionId ?? randomUUID();
    const refresh = tokens.sign('refresh', userId, sid);
    const access = tokens.sign('access', userId, sid);
    const expiresAt = new Date(refresh.claims.exp * 1000).toISOString();
    if (!sessionId) await sessions.open(sid, userId, expiresAt, device);
    await sessions.storeRefresh(refresh.claims.jti, userId, sid, expiresAt);
    return { access: access.token, refresh: refresh.token };
  }

  /** Refresh tokens from before migration 0011 carry no session id: the session was named after them. */
  const sessionOf = (refresh: TokenClaims) => refresh.sid ?? refresh.jti;

  async function endSession(sessionId: string, userId: number): Promise<boolean> {
    const ended = await sessions.end(sessionId, userId);
    sessionGuard.forget(sessionId);
    return ended;
  }

  function accountLink(purpose: LinkPurpose, user: UserRow): string {
    const path = `${encodeUid(user.id)}/${makeLinkToken(secretKey, purpose, user)}`;
    if (purpose === 'activation') return `${appUrl}/api/activate/${path}/`;
    return `${appUrl}/${purpose === 'reset' ? 'reset-password-confirm' : 'confirm-email'}/${path}`;
  }

  /** The account a link names, if the link is still valid for it. */
  async function userForLink(purpose: LinkPurpose, uidb64: string, token: string): Promise<UserRow | null> {
    const id = decodeUid(uidb64);
    const user = id === null ? undefined : await users.findById(id);
    return user && checkLinkToken(secretKey, purpose, user, token) ? user : null;
  }

  /**
   * Changes a password: the hash change kills reset and e-mail change links (the pending address
   * goes with them), and every session ends (its access tokens stop working within a second in
   * every process, at once in this one). A reset proves control of the mailbox, so it also
   * activates a never-activated account. `keepSession` spares the session that made the change
   * (profile edit).
   */
  async function setPassword(
    userId: number,
    password: string,
    options: { activate?: boolean; keepSession?: string } = {},
  ): Promise<void> {
    await users.update(userId, {
      password_hash: await hashPassword(password),
      password_changed_at: new Date().toISOString(),
      pending_email: null,
      ...(options.activate ? { is_active: 1 } : {}),
    });
    await sessions.endAllFor(userId, options.keepSession);
    sessionGuard.forgetUser(userId);
  }

  return {
    /**
     * Registers `email`, answering the same whether or not it has an account (issue 23, ASVS
     * 6.3.7): a taken address gets no new account, and its owner an e-mail saying someone tried,
     * unless `mayNotify` (asked then only) answers false: too many such e-mails this hour. The
     * password is checked and hashed either way, so that neither the answer nor its delay tells.
     */
    async register(
      email: string,
      password: string,
      password2: string,
      options: { mayNotify?: () => Promise<boolean> } = {},
    ): Promise<void> {
      if (password !== password2) throw badRequest({ password: ['Les mots de passe ne correspondent pas.'] });
      const weak = passwordStrengthErrors(password, email);
      if (weak.length) throw badRequest({ password: weak });
      const passwordHash = await hashPassword(password);
      const notifyOwner = async (owner: UserRow) => {
        if (options.mayNotify && !(await options.mayNotify())) return;
        const mail = registrationAttemptEmail(owner.email, `${appUrl}/login`, `${appUrl}/reset-password`);
        await withAccountMail((_trx, queue) => queue(owner.id, mail));
      };
      const taken = await users.findByEmail(email);
      if (taken) return notifyOwner(taken);
      try {
        // The account and its activation e-mail are stored together: no account without its link.
        await withAccountMail(async (trx, queue) => {
          const user = await usersRepository(trx).create(email, passwordHash);
          await queue(user.id, activationEmail(user.email, accountLink('activation', user)));
        });
      } catch (err) {
        // Unique index: a concurrent registration of the same e-mail won the race.
        const winner = await users.findByEmail(email);
        if (!winner) throw err;
        await notifyOwner(winner);
      }
    },

    /**
     * 'activated' when the link activated the account; 'already_active' when it is the account's
     * own activation link followed again once active, however old (issue 18: the user is sent to
     * sign in); 'invalid' when it is forged, expired or another account's.
     */
    async activate(uidb64: string, token: string): Promise<'activated' | 'already_active' | 'invalid'> {
      const id = decodeUid(uidb64);
      const user = id === null ? undefined : await users.findById(id);
      if (!user) return 'invalid';
      if (!user.is_active) {
        if (!checkLinkToken(secretKey, 'activation', user, token)) return 'invalid';
        await users.update(user.id, { is_active: 1 });
        return 'activated';
      }
      // The link was signed over the account as registered: inactive, never signed in.
      const registered = { ...user, is_active: 0, last_login: null };
      return checkLinkToken(secretKey, 'activation', registered, token, Date.now(), Infinity) ? 'already_active' : 'invalid';
    },

    async obtainPair(email: string, password: string, device: SessionDevice = {}) {
      const user = await users.findByEmail(email.trim());
      const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
      if (!user || !ok || !user.is_active) throw new ApiError(401, { detail: NO_ACTIVE_ACCOUNT });
      await users.update(user.id, { last_login: new Date().toISOString() });
      await sessions.prune(user.id);
      return issuePair(user.id, undefined, device);
    },

    /** The user's live sessions (the profile's list), `currentSessionId` marked. */
    listSessions(userId: number, currentSessionId: string | null): Promise<SessionSummary[]> {
      return sessions.list(userId, currentSessionId);
    },

    /**
     * Ends one of the user's sessions from another (the profile's "Déconnecter"): its refresh
     * tokens die, its access tokens at once here and within a second elsewhere. 404 when it is no
     * live session of theirs (another user's id included: nothing tells it exists).
     */
    async endOwnSession(userId: number, sessionId: string): Promise<void> {
      // Session ids are UUIDs (or a refresh token's id, before migration 0011): anything else names
      // none, and never reaches the database (PostgreSQL refuses a NUL byte in text with an error).
      if (!/^[\w-]{1,128}$/.test(sessionId) || !(await endSession(sessionId, userId))) throw notFound();
    },

    /**
     * Rotation: the presented refresh token is spent and a new pair issued in the same session.
     * A token presented again after its rotation was copied: whoever holds the family (the thief
     * or the owner) cannot tell, so the whole session ends (OAuth 2.0 security BCP, 4.14).
     */
    async refresh(refreshToken: string) {
      const claims = tokens.verify('refresh', refreshToken);
      if (!claims) throw INVALID_REFRESH;
      const sessionId = sessionOf(claims);
      if (!(await sessions.spendRefresh(claims.jti, claims.user_id))) {
        await endSession(sessionId, claims.user_id);
        throw INVALID_REFRESH;
      }
      // The session was live when the token was spent (same statement); a concurrent reuse may end
      // it since, which is what reuse means: the pair issued here then dies with its family.
      const user = await users.findById(claims.user_id);
      if (!user?.is_active) throw INVALID_REFRESH;
      return issuePair(user.id, sessionId);
    },

    /** Ends the session at once: its access tokens are refused from now on (elsewhere within a second). */
    async logout(refreshToken: string): Promise<void> {
      const claims = tokens.verify('refresh', refreshToken);
      if (!claims) throw INVALID_REFRESH;
      const spent = await sessions.spendRefresh(claims.jti, claims.user_id);
      // Even with a spent token: a logout asked with a rotated token must not leave the family alive.
      await endSession(sessionOf(claims), claims.user_id);
      if (!spent) throw INVALID_REFRESH;
    },

    /** Sends a reset link if the account exists; the caller answers the same either way. */
    async requestReset(email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user) return;
      await withAccountMail((_trx, queue) => queue(user.id, passwordResetEmail(user.email, accountLink('reset', user))));
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

    /**
     * Sets a new `pending_email` through `save` (the profile checked the current password and that
     * the address is free) and stores, in the same transaction, the link to the new address and a
     * notice to the current one, whose owner can still stop the change by changing the password.
     */
    async requestEmailChange(save: (trx: Kysely<Database>) => Promise<UserRow>): Promise<UserRow> {
      return withAccountMail(async (trx, queue) => {
        const user = await save(trx);
        if (!user.pending_email) throw new Error('An e-mail change sets pending_email');
        await queue(user.id, emailChangeConfirmationEmail(user.pending_email, accountLink('email', user)));
        await queue(user.id, emailChangeNoticeEmail(user.email, user.pending_email));
        return user;
      });
    },

    /**
     * Follows an e-mail change link: the pending address becomes the account's. The new address,
     * or null when the link is invalid, expired or already used (a newer request kills it too).
     */
    async confirmEmailChange(uidb64: string, token: string): Promise<string | null> {
      const user = await userForLink('email', uidb64, token);
      const email = user?.pending_email;
      if (!user || !email) return null;
      if (await users.findByEmail(email)) throw badRequest({ error: EMAIL_TAKEN });
      // Only while the address is still pending: of two concurrent clicks, one changes it.
      const confirmed = await users.confirmPendingEmail(user.id, email)
        // Unique index: the address was registered meanwhile.
        .catch(() => { throw badRequest({ error: EMAIL_TAKEN }); });
      return confirmed ? email : null;
    },
  };
}
