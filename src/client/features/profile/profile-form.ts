import { DEFAULT_COUNTRY } from '@/client/lib/countries';
import { formatNumber } from '@/client/lib/format';
import { compactIban, formatIban } from '@/shared/identifiers';
import {
  LEGAL_FORM_KEYS, bicError, hasShareCapital, ibanError, parseShareCapital, profileVatNumberError, registrationError,
  siretError, type LegalForm,
} from '@/shared/profile';
import type { VatRegime } from '@/shared/vat';
import type { Profile, ProfileUpdate } from './profile.api';

/**
 * The profile form's values and checks: text as typed (the IBAN grouped by four, the capital in
 * French notation), the same checks and French messages as the API (shared/profile.ts).
 */

export const REQUIRED_MESSAGE = 'Ce champ est obligatoire.';
/** The API's message when a new e-mail or password comes without the current password. */
export const CURRENT_PASSWORD_MESSAGE = 'Saisissez votre mot de passe actuel pour changer d’adresse e-mail ou de mot de passe.';

const TEXT_FIELDS = [
  'email', 'first_name', 'last_name', 'company_name', 'business_type', 'address', 'city', 'postal_code', 'country',
  'phone', 'website', 'siret', 'vat_number', 'legal_notice', 'signature_notice', 'iban', 'bic', 'registration',
] as const;

type TextField = (typeof TEXT_FIELDS)[number];

export type ProfileForm = Record<TextField | 'share_capital' | 'password' | 'password_confirm' | 'current_password', string> & {
  vat_regime: VatRegime;
  vat_on_debits: boolean;
  legal_form: LegalForm | '';
};

export type FieldName = keyof ProfileForm;
export type FieldErrors = Partial<Record<FieldName, string>>;

/** The fields in the page's order: the first one in error gets the focus. */
export const FIELD_ORDER: FieldName[] = [
  'company_name', 'phone', 'website',
  'address', 'city', 'postal_code', 'country',
  'legal_form', 'business_type', 'share_capital', 'registration', 'siret',
  'vat_regime', 'vat_number', 'vat_on_debits',
  'iban', 'bic',
  'first_name', 'last_name', 'email', 'password', 'password_confirm', 'current_password',
  'legal_notice', 'signature_notice',
];

const REQUIRED_FIELDS = ['first_name', 'last_name', 'email'] as const;
export const isRequired = (field: FieldName) => (REQUIRED_FIELDS as readonly FieldName[]).includes(field);

export const isFormField = (key: string): key is FieldName => (FIELD_ORDER as string[]).includes(key);

export function toForm(profile: Partial<Profile> | undefined): ProfileForm {
  const text = Object.fromEntries(
    TEXT_FIELDS.map((field) => {
      const value = profile?.[field];
      return [field, typeof value === 'string' ? value : ''];
    }),
  ) as Record<TextField, string>;
  const legalForm = profile?.legal_form ?? '';
  const capital = profile?.share_capital;
  return {
    ...text,
    // '' stays '' (a country the upgrade could not read): the page asks for one, never France by default.
    country: typeof profile?.country === 'string' ? profile.country : DEFAULT_COUNTRY,
    iban: formatIban(text.iban),
    share_capital: typeof capital === 'number' ? formatNumber(capital) : '',
    vat_regime: profile?.vat_regime === 'assujetti' ? 'assujetti' : 'franchise',
    vat_on_debits: profile?.vat_on_debits === true,
    legal_form: (LEGAL_FORM_KEYS as string[]).includes(legalForm) ? legalForm : '',
    password: '',
    password_confirm: '',
    current_password: '',
  };
}

/** A new password, or an e-mail other than the account's (`savedEmail`): the current password is then required. */
export function changesCredentials(form: ProfileForm, savedEmail: string): boolean {
  const email = form.email.trim().toLowerCase();
  return form.password !== '' || (email !== '' && email !== savedEmail.toLowerCase());
}

/** The share capital as sent: euros, or null when not stated or when the legal form has none. */
function shareCapitalOf(form: ProfileForm): number | null {
  if (!hasShareCapital(form.legal_form)) return null;
  const parsed = parseShareCapital(form.share_capital);
  return 'cents' in parsed && parsed.cents !== null ? parsed.cents / 100 : null;
}

/**
 * PUT body: every profile field, `password` only when filled, never `password_confirm`, and
 * `current_password` only when the credentials change.
 */
export function buildProfilePayload(form: ProfileForm, savedEmail: string): ProfileUpdate {
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, form[field]])) as Record<TextField, string>;
  const payload: ProfileUpdate = {
    ...text,
    email: form.email.trim(),
    iban: compactIban(form.iban),
    vat_regime: form.vat_regime,
    vat_on_debits: form.vat_regime === 'assujetti' && form.vat_on_debits,
    legal_form: form.legal_form,
    share_capital: shareCapitalOf(form),
  };
  if (form.password) payload.password = form.password;
  if (changesCredentials(form, savedEmail)) payload.current_password = form.current_password;
  return payload;
}

/** What the API would refuse, with its messages; the password confirmation is checked by the page. */
export function validateProfileForm(form: ProfileForm, savedEmail: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of REQUIRED_FIELDS) if (!form[field].trim()) errors[field] = REQUIRED_MESSAGE;
  if (changesCredentials(form, savedEmail) && !form.current_password) errors.current_password = CURRENT_PASSWORD_MESSAGE;
  const checks: [FieldName, string | null][] = [
    ['siret', siretError(form.siret)],
    ['vat_number', profileVatNumberError(form.vat_number, form.siret)],
    ['registration', registrationError(form.registration, form.siret)],
    ['iban', ibanError(form.iban)],
    ['bic', bicError(form.bic)],
  ];
  if (hasShareCapital(form.legal_form)) {
    const capital = parseShareCapital(form.share_capital);
    checks.push(['share_capital', 'error' in capital ? capital.error : null]);
  }
  for (const [field, message] of checks) if (message) errors[field] = message;
  return errors;
}

/** The first field in error, in the page's order. */
export const firstInError = (errors: FieldErrors) => FIELD_ORDER.find((field) => errors[field]);
