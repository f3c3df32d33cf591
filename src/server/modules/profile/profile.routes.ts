import type { FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context';
import type { UsersTable } from '../../db/schema';
import { badRequest, type FieldErrors, parseBody } from '../../http/errors';
import { fromHundredths } from '../../../shared/money';
import { hasShareCapital, profileVatNumberError, registrationError } from '../../../shared/profile';
import { passwordStrengthErrors } from '../auth/passwords';
import { usersRepository, type UserRow } from '../auth/users.repository';
import { PROFILE_TEXT_FIELDS, profileBody } from './profile.schemas';

/** GET and PUT answer: the text fields, the VAT on debits option as a boolean, the share capital in euros (null: not stated). */
const toProfile = (user: UserRow) => ({
  ...Object.fromEntries(PROFILE_TEXT_FIELDS.map((f) => [f, user[f]])),
  vat_on_debits: user.vat_on_debits === 1,
  share_capital: user.share_capital_cents === null ? null : fromHundredths(Number(user.share_capital_cents)),
});

export async function profileRoutes(app: FastifyInstance, ctx: AppContext) {
  const users = usersRepository(ctx.db);
  app.addHook('onRequest', ctx.requireUser);

  app.get('/profile/', async (request) => {
    const user = await users.findById(request.userId);
    if (!user) throw badRequest({ detail: 'Compte introuvable.' });
    return toProfile(user);
  });

  app.put('/profile/', async (request) => {
    const { password, vat_on_debits, share_capital, ...fields } = parseBody(profileBody, request.body);
    const [current, other] = await Promise.all([users.findById(request.userId), users.findByEmail(fields.email)]);
    if (!current) throw badRequest({ detail: 'Compte introuvable.' });
    if (other && other.id !== request.userId) {
      throw badRequest({ email: ['Un compte avec cette adresse e-mail existe déjà.'] });
    }
    // Omitted fields keep their value: the rules below read the profile as it will be.
    const next = { ...current, ...definedOnly(fields) };
    const errors: FieldErrors = {};
    const vatError = profileVatNumberError(next.vat_number, next.siret);
    if (vatError) errors.vat_number = [vatError];
    const registration = registrationError(next.registration, next.siret);
    if (registration) errors.registration = [registration];
    if (Object.keys(errors).length) throw badRequest(errors);
    if (password) {
      const weak = passwordStrengthErrors(password, fields.email);
      if (weak.length) throw badRequest({ password: weak });
    }

    const values: Updateable<UsersTable> = definedOnly(fields);
    // An assujetti without a VAT number may save (the page warns); documents then refuse to charge VAT.
    // The VAT on debits option only exists for a VAT-registered seller.
    if (next.vat_regime === 'franchise') values.vat_on_debits = 0;
    else if (vat_on_debits !== undefined) values.vat_on_debits = vat_on_debits ? 1 : 0;
    // An EI or an association has no share capital.
    if (!hasShareCapital(next.legal_form)) values.share_capital_cents = null;
    else if (share_capital !== undefined) values.share_capital_cents = share_capital;

    if (password) await ctx.auth.setPassword(request.userId, password, { keepSession: request.sessionId ?? undefined });
    return toProfile(await users.update(request.userId, values));
  });
}

function definedOnly<T extends object>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as never;
}
