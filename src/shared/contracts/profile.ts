import { z } from 'zod';
import {
  LEGAL_FORM_KEYS, bicError, compactIdentifier, ibanError, normalizeRegistration, parseShareCapital, registrationError,
  siretError,
} from '@/shared/profile';
import { vatNumberError } from '@/shared/identifiers';
import { VAT_REGIMES } from '@/shared/vat';
import { accentColorError } from '@/shared/branding';
import { countryOrUnchanged, email, lenient, requiredText, textOrUnchanged } from './fields';

/** GET profile/, and the answer of PUT profile/ (SPEC 7 "Profile"). */
export const profileSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company_name: z.string(),
  business_type: z.string(),
  address: z.string(),
  city: z.string(),
  postal_code: z.string(),
  country: z.string(),
  phone: z.string(),
  website: z.string(),
  siret: z.string(),
  vat_number: z.string(),
  legal_notice: z.string(),
  signature_notice: z.string(),
  vat_regime: z.enum(VAT_REGIMES),
  /** Option pour le paiement de la TVA d'après les débits; always false in the franchise. */
  vat_on_debits: z.boolean(),
  /** Compact, upper case: the page groups it by four. */
  iban: z.string(),
  bic: z.string(),
  legal_form: z.enum(['', ...LEGAL_FORM_KEYS]),
  /** Euros; null when not stated. */
  share_capital: z.number().nullable(),
  /** 'RCS Lyon 123 456 789'. */
  registration: z.string(),
  /** A new address waiting for the link sent to it to be followed; `email` changes only then. */
  pending_email: z.string().nullable(),
  /** Issue 28: '#rrggbb', headings and rules of PDFs and e-mails. */
  accent_color: z.string(),
  /** Issue 28: when the logo was last changed (GET profile/logo/), null without a logo. */
  logo_updated_at: z.string().nullable(),
});
export type ProfileJson = z.infer<typeof profileSchema>;

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
const shareCapital = lenient<number | null | undefined, number | null | undefined>(
  z.unknown().transform((value, ctx) => {
    if (value === undefined) return undefined;
    const parsed = parseShareCapital(value);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return parsed.cents;
  }),
  { type: ['number', 'string', 'null'], description: 'Euros, au plus deux décimales ; vide ou null : non indiqué.' },
);

/**
 * PUT profile/ body: the profile fields (absent: unchanged), plus `password` only when a new one is
 * set, and `current_password` only with a new password or e-mail (the server requires it then).
 */
export const profileUpdateSchema = z.strictObject({
  email: email(),
  first_name: requiredText(150),
  last_name: requiredText(150),
  company_name: text(200),
  business_type: text(100),
  address: text(500),
  city: text(120),
  postal_code: text(20),
  country: countryOrUnchanged(),
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
  /** Issue 28: '#rrggbb' (lower-cased), dark enough for white text on it. */
  accent_color: z
    .string()
    .trim()
    .transform((v) => v.toLowerCase())
    .superRefine((value, ctx) => {
      const message = accentColorError(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .optional(),
  /** Empty or absent leaves the password unchanged. */
  password: z.string().max(128).nullish(),
  /** Required to change the e-mail or the password (the route says so on this field). */
  current_password: z.string().max(128).nullish(),
});

/** What the client sends. */
export type ProfileUpdateBody = z.input<typeof profileUpdateSchema>;
/** The server's reading of it: the fields sent, normalised (share capital in cents). */
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
