/**
 * French and EU business identifiers, checked the same way by the API and the forms (issue 14):
 * SIREN/SIRET (Luhn), intra-EU VAT numbers (French key, other states by format), IBAN (ISO 13616
 * mod 97) and BIC (ISO 9362). Inputs may contain spaces, dots or dashes; `compact*` removes them.
 */

const compact = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

/** Luhn checksum, as INSEE computes it for SIREN and SIRET. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** La Poste's establishments share SIREN 356000000: their SIRETs follow a digit-sum rule instead of Luhn. */
const LA_POSTE_SIREN = '356000000';

export function isValidSiren(value: string): boolean {
  const siren = compact(value);
  return /^\d{9}$/.test(siren) && luhnValid(siren);
}

export function isValidSiret(value: string): boolean {
  const siret = compact(value);
  if (!/^\d{14}$/.test(siret)) return false;
  if (luhnValid(siret)) return true;
  return siret.startsWith(LA_POSTE_SIREN) && [...siret].reduce((s, d) => s + Number(d), 0) % 5 === 0;
}

/**
 * A SIREN from what the user typed: 9 digits, or a SIRET of 14 whose first 9 are the SIREN.
 * Null when neither is valid.
 */
export function sirenFrom(value: string): string | null {
  const digits = compact(value);
  if (digits.length === 9) return isValidSiren(digits) ? digits : null;
  if (digits.length === 14) return isValidSiret(digits) ? digits.slice(0, 9) : null;
  return null;
}

/** 123456789 → '123 456 789'. */
export const formatSiren = (siren: string) => compact(siren).replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');

/** The French VAT key: (12 + 3 × (SIREN mod 97)) mod 97, two digits. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
}

/** FR + key + SIREN. */
export const frenchVatNumber = (siren: string) => `FR${frenchVatKey(siren)}${siren}`;

/** Formats of the other EU member states' VAT numbers (VIES), after the country prefix. */
const EU_VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

export const compactVatNumber = compact;

/**
 * Why a VAT number is invalid, in French, or null when it is valid. A French number's key must
 * match its SIREN; other EU numbers are checked by format.
 */
export function vatNumberError(value: string): string | null {
  const vat = compact(value);
  const prefix = vat.slice(0, 2);
  const rest = vat.slice(2);
  if (prefix === 'FR') {
    if (!/^[0-9A-HJ-NP-Z]{2}\d{9}$/.test(rest)) return 'Un numéro de TVA français s’écrit FR, une clé de 2 caractères et le SIREN (9 chiffres).';
    const key = rest.slice(0, 2);
    const siren = rest.slice(2);
    // Keys with letters (older numbers) have no public algorithm: only the numeric key is checked.
    if (/^\d{2}$/.test(key) && key !== frenchVatKey(siren)) return 'La clé de ce numéro de TVA ne correspond pas au SIREN.';
    return null;
  }
  const format = EU_VAT_FORMATS[prefix];
  if (!format) return 'Le numéro de TVA doit commencer par le code d’un pays de l’Union européenne (FR, DE, BE…).';
  return format.test(rest) ? null : `Ce numéro de TVA n’a pas le format attendu pour le pays ${prefix}.`;
}

/** IBAN lengths of SEPA countries most used by French freelancers; others must be 15–34 characters. */
const IBAN_LENGTHS: Record<string, number> = {
  FR: 27, MC: 27, DE: 22, BE: 16, ES: 24, IT: 27, LU: 20, NL: 18, PT: 25, CH: 21, GB: 22, IE: 22, AT: 20,
};

export const compactIban = compact;

/** ISO 13616: country, check digits, then the account; valid when the rearranged number mod 97 is 1. */
export function isValidIban(value: string): boolean {
  const iban = compact(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const n = char >= 'A' ? char.charCodeAt(0) - 55 : Number(char);
    remainder = Number(`${remainder}${n}`) % 97;
  }
  return remainder === 1;
}

/** 'FR7630006000011234567890189' → 'FR76 3000 6000 0112 3456 7890 189'. */
export const formatIban = (iban: string) => compact(iban).replace(/(.{4})(?=.)/g, '$1 ');

export const compactBic = compact;

/** ISO 9362: bank (4 letters), country (2), location (2), optional branch (3). */
export const isValidBic = (value: string) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compact(value));
