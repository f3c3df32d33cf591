import { z } from 'zod';
import {
  LEGAL_FORM_KEYS, bicError, compactIdentifier, ibanError, normalizeRegistration, parseShareCapital, registrationError,
  siretError,
} from '@/shared/profile';
import { vatNumberError } from '@/shared/identifiers';
import { VAT_REGIMES } from '@/shared/vat';
import { email, requiredText, textOrUnchanged } from '@/server/http/fields';
import type { SameKeys } from '@/server/http/api-types';
import type { ProfileUpdateBody } from '@/shared/profile';

/** Text fields, as GET gives them and PUT takes them. */
export const PROFILE_TEXT_FIELDS = [
  'email', 'first_name', 'last_name', 'company_name', 'business_type', 'address', 'city', 'postal_code',
  'country', 'phone', 'website', 'siret', 'vat_number', 'legal_notice', 'signature_notice',
  'vat_regime', 'iban', 'bic', 'legal_form', 'registration',
] as const;

/** Optional text kept `undefined` when absent, so that a PUT leaves omitted fields unchanged; null clears. */
const text = textOrUnchanged;

/** Reports a shared check's French message ('' is always valid). */
const checkedBy = (error: (value: string) => string | null) => (value: string | undefined, ctx: z.RefinementCtx) => {
  const message = value ? error(value) : null;
  if (message) ctx.addIssue({ code: 'custom', message });
};

/** An identifier stored without spaces, dots or dashes, upper case. */
const identifier = (max: number, error: (value: string) => string | null) =>
  text(max)
    .transform((v) => (v === undefined ? undefined : compactIdentifier(v)))
    .superRefine(checkedBy(error));

/** Euros (≤ 2 decimals) → cents; null or '' → not stated; absent → unchanged. */
const shareCapital = z.unknown().transform((value, ctx) => {
  if (value === undefined) return undefined;
  const parsed = parseShareCapital(value);
  if ('error' in parsed) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed.cents;
});

export const profileBody = z.strictObject({
  email: email(),
  first_name: requiredText(150),
  last_name: requiredText(150),
  company_name: text(200),
  business_type: text(100),
  address: text(500),
  city: text(120),
  postal_code: text(20),
  country: text(100).transform((v) => (v === undefined ? undefined : v || 'France')),
  phone: text(40),
  website: text(300).refine((v) => !v || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), 'Saisissez une URL valide.'),
  siret: identifier(30, siretError),
  // Checked against the SIRET by the route, once both are known.
  vat_number: identifier(30, vatNumberError),
  legal_notice: text(5000),
  signature_notice: text(5000),
  vat_regime: z.enum(VAT_REGIMES).optional(),
  vat_on_debits: z.boolean().optional(),
  iban: identifier(50, ibanError),
  bic: identifier(20, bicError),
  legal_form: z.enum(['', ...LEGAL_FORM_KEYS]).optional(),
  share_capital: shareCapital,
  // Registry, place and SIREN here; the route compares the SIREN with the SIRET's.
  registration: text(120)
    .transform((v) => (v === undefined ? undefined : normalizeRegistration(v)))
    .superRefine(checkedBy((v) => registrationError(v, ''))),
  /** Empty or absent leaves the password unchanged. */
  password: z.string().max(128).nullish(),
  /** Required to change the e-mail or the password (the route says so on this field). */
  current_password: z.string().max(128).nullish(),
});

export type ProfileBody = z.output<typeof profileBody>;

/** The shared request type and this schema agree: the same fields, and every body the type allows parses. */
export const PROFILE_BODY_MATCHES_SHARED_TYPE: SameKeys<keyof z.input<typeof profileBody>, keyof ProfileUpdateBody> = true;
export const acceptsProfileUpdateBody = (body: ProfileUpdateBody): z.input<typeof profileBody> => body;
