import type { Updateable } from 'kysely';
import type { AppContext } from '@/server/context';
import type { UsersTable } from '@/server/db/schema';
import { badRequest, type FieldErrors } from '@/server/http/errors';
import type { RateLimitRule } from '@/server/plugins/rate-limit';
import { fromHundredths } from '@/shared/money';
import { hasShareCapital, profileVatNumberError, registrationError } from '@/shared/profile';
import { PROFILE_TEXT_FIELDS, type ProfileJson, type ProfileUpdate } from '@/shared/contracts/profile';
import { EMAIL_TAKEN, passwordStrengthErrors, verifyPassword, type UserRow } from '@/server/modules/auth';
import { profileRepository } from './profile.repository';
import { logosRepository } from './logos.repository';
import { logoFromUpload } from './logo-image';

export const CURRENT_PASSWORD_MESSAGES = {
  missing: 'Saisissez votre mot de passe actuel pour changer d’adresse e-mail ou de mot de passe.',
  wrong: 'Mot de passe actuel incorrect.',
} as const;

/**
 * Like registration (per address), and per account: every request that changes the e-mail or the
 * password counts before the current password is checked, so a stolen access token can neither
 * guess the password nor probe which addresses have an account.
 */
const LIMITS = {
  credentialsByIp: { name: 'profile-credentials:ip', max: 10, windowSeconds: 3600 },
  credentialsByAccount: { name: 'profile-credentials:account', max: 10, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

/**
 * GET and PUT answer: the text fields, the VAT on debits option as a boolean, the share capital in
 * euros (null: not stated), and the address waiting for its confirmation link (null: none).
 */
const toProfile = (user: UserRow, logoUpdatedAt: string | null): ProfileJson => ({
  // Text columns, stored through the schema (vat_regime and legal_form from their enums).
  ...(Object.fromEntries(PROFILE_TEXT_FIELDS.map((f) => [f, user[f]])) as Pick<ProfileJson, (typeof PROFILE_TEXT_FIELDS)[number]>),
  vat_on_debits: user.vat_on_debits === 1,
  share_capital: user.share_capital_cents === null ? null : fromHundredths(Number(user.share_capital_cents)),
  pending_email: user.pending_email,
  accent_color: user.accent_color,
  logo_updated_at: logoUpdatedAt,
});

/** Who asks: the address counted by the rate limit, and the session a password change keeps. */
export interface ProfileRequester {
  userId: number;
  ip: string;
  sessionId?: string;
}

export function profileService(ctx: Pick<AppContext, 'db' | 'rateLimit' | 'auth'>) {
  const repo = profileRepository(ctx.db);
  const logos = logosRepository(ctx.db);
  const answer = async (user: UserRow) => toProfile(user, await logos.updatedAt(user.id));

  async function current(userId: number) {
    const user = await repo.find(userId);
    if (!user) throw badRequest({ detail: 'Compte introuvable.' });
    return user;
  }

  /** The e-mail or password change's rules: rate limits, then the current password, then a free address. */
  async function credentialErrors(who: ProfileRequester, user: UserRow, currentPassword: string | null | undefined) {
    await ctx.rateLimit(LIMITS.credentialsByIp, who.ip);
    await ctx.rateLimit(LIMITS.credentialsByAccount, String(who.userId));
    if (!currentPassword) return [CURRENT_PASSWORD_MESSAGES.missing];
    if (!(await verifyPassword(currentPassword, user.password_hash))) return [CURRENT_PASSWORD_MESSAGES.wrong];
    return null;
  }

  return {
    async get(userId: number) {
      return answer(await current(userId));
    },

    /**
     * A new e-mail or password needs `current_password`. A refused request (400, 429) saves nothing,
     * not even the other fields: the page keeps what was typed. A new e-mail is not applied: it waits
     * in `pending_email` until the link sent to it is followed (POST /api/confirm-email/…), and the
     * current address is told; the other fields of the request are saved at once.
     */
    async update(who: ProfileRequester, body: ProfileUpdate) {
      const { password, current_password, email, vat_on_debits, share_capital, ...fields } = body;
      const user = await current(who.userId);
      const newEmail = email !== user.email ? email : null;

      // Omitted fields keep their value: the rules below read the profile as it will be.
      const next = { ...user, ...definedOnly(fields) };
      const errors: FieldErrors = {};
      const vatError = profileVatNumberError(next.vat_number, next.siret);
      if (vatError) errors.vat_number = [vatError];
      const registration = registrationError(next.registration, next.siret);
      if (registration) errors.registration = [registration];
      if (newEmail || password) {
        const refused = await credentialErrors(who, user, current_password);
        if (refused) errors.current_password = refused;
        else {
          // Told only to who knows the password.
          if (newEmail && (await repo.emailTaken(newEmail))) errors.email = [EMAIL_TAKEN];
          // Scored only past the rate limits and the current password (issue 23): zxcvbn is work on
          // the server's only thread, which a burst of refused requests must not get for free.
          const weak = password ? passwordStrengthErrors(password, email) : [];
          if (weak.length) errors.password = weak;
        }
      }
      if (Object.keys(errors).length) throw badRequest(errors);

      const values: Updateable<UsersTable> = definedOnly(fields);
      // An assujetti without a VAT number may save (the page warns); documents then refuse to charge VAT.
      // The VAT on debits option only exists for a VAT-registered seller.
      if (next.vat_regime === 'franchise') values.vat_on_debits = 0;
      else if (vat_on_debits !== undefined) values.vat_on_debits = vat_on_debits ? 1 : 0;
      // An EI or an association has no share capital.
      if (!hasShareCapital(next.legal_form)) values.share_capital_cents = null;
      else if (share_capital !== undefined) values.share_capital_cents = share_capital;
      // After the password: its change drops any pending address (and kills its link).
      if (newEmail) values.pending_email = newEmail;

      if (password) await ctx.auth.setPassword(who.userId, password, { keepSession: who.sessionId });
      const saved = newEmail
        ? await ctx.auth.requestEmailChange((trx) => profileRepository(trx).save(who.userId, values))
        : await repo.save(who.userId, values);
      return answer(saved);
    },
  };
}

function definedOnly<T extends object>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as never;
}

/** The logo (issue 28): uploaded, re-encoded to PNG (logo-image.ts), served, removed. */
export function logoService(ctx: Pick<AppContext, 'db'>) {
  const logos = logosRepository(ctx.db);
  return {
    find: (userId: number) => logos.find(userId),
    async upload(userId: number, bytes: Buffer) {
      const image = await logoFromUpload(bytes);
      await logos.save(userId, { ...image, updated_at: new Date().toISOString() });
      return logos.updatedAt(userId);
    },
    remove: (userId: number) => logos.remove(userId),
  };
}

export type LogoService = ReturnType<typeof logoService>;

export type ProfileService = ReturnType<typeof profileService>;
