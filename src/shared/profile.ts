/**
 * The seller's legal identity (issue 14): legal forms, the checks the profile API and form share
 * (same French messages on both sides), and the lines a document prints under the seller's name
 * (Code de commerce R123-237 and R123-238, L526-22 and R526-27 for the EI designation; CGI
 * art. 242 nonies A for the SIREN and the VAT number).
 */
import { compactIban, formatSiren, isValidBic, isValidIban, isValidSiren, isValidSiret, sirenFrom, vatNumberError } from './identifiers';
import { hasMoreThanTwoDecimals, toHundredths } from './money';

interface LegalFormRule {
  /** What the form's select shows. */
  label: string;
  /** What the documents print: 'SARL', 'EI'… */
  short: string;
  /** A company states its share capital (R123-238); an EI or an association has none. */
  shareCapital: boolean;
  /** Where it is registered: companies at the RCS; an EI at the RCS (trader) or the RM (craftsman), or nowhere (liberal profession). */
  registry: 'rcs' | 'rcs_or_rm' | null;
}

const RULES = {
  ei: { label: 'Entrepreneur individuel (EI)', short: 'EI', shareCapital: false, registry: 'rcs_or_rm' },
  micro: { label: 'Micro-entrepreneur (EI)', short: 'EI', shareCapital: false, registry: 'rcs_or_rm' },
  eurl: { label: 'EURL — SARL à associé unique', short: 'EURL', shareCapital: true, registry: 'rcs' },
  sarl: { label: 'SARL — Société à responsabilité limitée', short: 'SARL', shareCapital: true, registry: 'rcs' },
  sasu: { label: 'SASU — SAS à associé unique', short: 'SASU', shareCapital: true, registry: 'rcs' },
  sas: { label: 'SAS — Société par actions simplifiée', short: 'SAS', shareCapital: true, registry: 'rcs' },
  sa: { label: 'SA — Société anonyme', short: 'SA', shareCapital: true, registry: 'rcs' },
  snc: { label: 'SNC — Société en nom collectif', short: 'SNC', shareCapital: true, registry: 'rcs' },
  selarl: { label: 'SELARL — Société d’exercice libéral', short: 'SELARL', shareCapital: true, registry: 'rcs' },
  association: { label: 'Association loi 1901', short: 'Association', shareCapital: false, registry: null },
} as const satisfies Record<string, LegalFormRule>;

export type LegalForm = keyof typeof RULES;
export const LEGAL_FORM_KEYS = Object.keys(RULES) as LegalForm[];
/** Key → French label, in the select's order. */
export const LEGAL_FORMS = Object.fromEntries(LEGAL_FORM_KEYS.map((k) => [k, RULES[k].label])) as Record<LegalForm, string>;

const ruleOf = (form: string): LegalFormRule | null => (Object.hasOwn(RULES, form) ? RULES[form as LegalForm] : null);

/** Companies state a share capital; an EI or an association has none. Unknown form ('') → true: the user may still state one. */
export const hasShareCapital = (form: string) => ruleOf(form)?.shareCapital ?? form === '';
/** The registration is a legal mention of companies (RCS); optional for an EI; an association has none. */
export const registryOf = (form: string): LegalFormRule['registry'] | 'unknown' => (form === '' ? 'unknown' : (ruleOf(form)?.registry ?? null));
/** EI and micro-entrepreneur: the name must carry 'EI' or 'entrepreneur individuel' (L526-22, R526-27). */
export const isSoleTrader = (form: string) => ruleOf(form)?.short === 'EI';

export const PROFILE_FIELD_MESSAGES = {
  iban: 'Cet IBAN n’est pas valide (vérifiez les chiffres de contrôle).',
  bic: 'Ce BIC n’est pas valide : 8 ou 11 lettres et chiffres, par ex. BNPAFRPP ou BNPAFRPPXXX.',
  siretLength: 'Le numéro SIRET doit comporter 14 chiffres.',
  siretKey: 'Ce numéro SIRET n’est pas valide (vérifiez les chiffres).',
  vatNotSiren: 'Ce numéro de TVA ne correspond pas au SIREN de votre SIRET.',
  registration: 'Indiquez le registre, la ville du greffe et le SIREN, par ex. « RCS Lyon 123 456 789 ».',
  registrationSiren: 'Le SIREN de cette immatriculation n’est pas valide (vérifiez les chiffres).',
  registrationNotSiren: 'Le SIREN de cette immatriculation ne correspond pas à celui de votre SIRET.',
  shareCapitalNumber: 'Indiquez le capital en euros, par ex. 10000 ou 1500,50.',
  shareCapitalDecimals: 'Assurez-vous qu’il n’y a pas plus de 2 chiffres après la virgule.',
  shareCapitalPositive: 'Le capital social doit être supérieur à 0 €, ou laissez le champ vide.',
} as const;

/** Spaces, dots and dashes out, upper case: how SIRET, VAT number, IBAN and BIC are stored. */
export const compactIdentifier = compactIban;

export function siretError(value: string): string | null {
  const siret = compactIdentifier(value);
  if (siret === '') return null;
  if (!/^\d{14}$/.test(siret)) return PROFILE_FIELD_MESSAGES.siretLength;
  return isValidSiret(siret) ? null : PROFILE_FIELD_MESSAGES.siretKey;
}

export const ibanError = (value: string) => (value.trim() === '' || isValidIban(value) ? null : PROFILE_FIELD_MESSAGES.iban);
export const bicError = (value: string) => (value.trim() === '' || isValidBic(value) ? null : PROFILE_FIELD_MESSAGES.bic);

/** The VAT number alone (its format and French key), then against the SIRET's SIREN when both are valid. */
export function profileVatNumberError(vatNumber: string, siret: string): string | null {
  const vat = compactIdentifier(vatNumber);
  if (vat === '') return null;
  const own = vatNumberError(vat);
  if (own) return own;
  const siren = siretError(siret) === null ? sirenFrom(siret) : null;
  return vat.startsWith('FR') && siren && vat.slice(4) !== siren ? PROFILE_FIELD_MESSAGES.vatNotSiren : null;
}

/** The registration as stored and printed: as typed, runs of spaces as one. */
export const normalizeRegistration = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * 'RCS Lyon 123 456 789', 'RM 69 123 456 789', 'R.C.S. Paris B 123 456 789': a registry (RCS or
 * RM), where (a city, or a department number for the RM) and a SIREN; the SIREN must be the
 * SIRET's when both are given.
 */
export function registrationError(value: string, siret: string): string | null {
  const text = normalizeRegistration(value).replace(/\./g, '');
  if (text === '') return null;
  const registry = /(?:^|[^\p{L}])(RCS|RM)(?![\p{L}])/iu.exec(text);
  const number = /(?<!\d)(\d{3}) ?(\d{3}) ?(\d{3})(?!\d)/.exec(text);
  if (!registry || !number) return PROFILE_FIELD_MESSAGES.registration;
  const rest = text.replace(registry[0], ' ').replace(number[0], ' ');
  const place = /\p{L}{2,}/u.test(rest) || (registry[1].toUpperCase() === 'RM' && /\b(\d{2,3}|2[AB])\b/i.test(rest));
  if (!place) return PROFILE_FIELD_MESSAGES.registration;
  const siren = number.slice(1).join('');
  if (!isValidSiren(siren)) return PROFILE_FIELD_MESSAGES.registrationSiren;
  const siretSiren = siretError(siret) === null ? sirenFrom(siret) : null;
  return siretSiren && siretSiren !== siren ? PROFILE_FIELD_MESSAGES.registrationNotSiren : null;
}

/**
 * A share capital as typed or sent (number or text, '.' or ',', spaces as thousands separators)
 * → cents, null when not stated (null or ''), or the French message.
 */
export function parseShareCapital(value: unknown): { cents: number | null } | { error: string } {
  if (value === null || value === undefined) return { cents: null };
  const input = typeof value === 'string' ? value.replace(/[\s\u00a0\u202f]/g, '').replace(/€$/, '') : value;
  if (input === '') return { cents: null };
  const cents = typeof input === 'boolean' ? null : toHundredths(input);
  if (cents === null) return { error: PROFILE_FIELD_MESSAGES.shareCapitalNumber };
  if (hasMoreThanTwoDecimals(input)) return { error: PROFILE_FIELD_MESSAGES.shareCapitalDecimals };
  if (cents <= 0) return { error: PROFILE_FIELD_MESSAGES.shareCapitalPositive };
  return { cents };
}

/** What issuerLegalLines reads: the profile as the API gives it (GET /api/profile/). */
export interface IssuerLegalIdentity {
  first_name: string;
  last_name: string;
  /** A LEGAL_FORMS key or '' (not stated). */
  legal_form: string;
  /** Euros; null when not stated. */
  share_capital: number | null;
  registration: string;
  siret: string;
  vat_number: string;
}

const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** '73282932000074' → '732 829 320 00074'. */
export function formatSiret(siret: string): string {
  const digits = compactIdentifier(siret);
  return /^\d{14}$/.test(digits) ? `${formatSiren(digits.slice(0, 9))} ${digits.slice(9)}` : digits;
}

/**
 * The lines printed under the seller's name and address, in this order: the legal form (with the
 * share capital of a company, or the entrepreneur's name followed by 'EI'), the registration, the
 * SIRET, the VAT number. Empty fields print nothing.
 *
 * issuerLegalLines({ legal_form: 'sarl', share_capital: 10000, registration: 'RCS Lyon 732 829 320', … })
 *   → ['SARL au capital de 10 000,00 €', 'RCS Lyon 732 829 320', 'SIRET 732 829 320 00074', 'N° TVA : FR44732829320']
 */
export function issuerLegalLines(profile: IssuerLegalIdentity): string[] {
  const rule = ruleOf(profile.legal_form);
  const capital = profile.share_capital !== null && profile.share_capital > 0 ? EUROS.format(profile.share_capital) : '';
  const person = `${profile.first_name.trim()} ${profile.last_name.trim()}`.trim();
  let form = '';
  if (rule && isSoleTrader(profile.legal_form)) form = person ? `${person} EI` : 'Entrepreneur individuel (EI)';
  else if (rule) form = rule.shareCapital && capital ? `${rule.short} au capital de ${capital}` : rule.short;
  else if (capital) form = `Capital social : ${capital}`;
  const siret = compactIdentifier(profile.siret);
  const vat = compactIdentifier(profile.vat_number);
  return [
    form,
    normalizeRegistration(profile.registration),
    siret ? `SIRET ${formatSiret(siret)}` : '',
    vat ? `N° TVA : ${vat}` : '',
  ].filter(Boolean);
}
