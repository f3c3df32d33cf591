/** Contact fields and their French labels, shared by the API (activity changes) and the UI. */
import type { ContactInput } from './contracts/contacts';
import { DEFAULT_COUNTRY_CODE } from './countries';
import { compactVatNumber, sirenFrom, vatNumberError } from './identifiers';

export const CONTACT_CATEGORIES = ['client', 'partenaire', 'prospect'] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

export const CONTACT_CATEGORY_LABELS: Record<ContactCategory, string> = {
  client: 'Client',
  partenaire: 'Partenaire',
  prospect: 'Prospect',
};

/** B2B or B2C (issue 14): decides the mentions of an invoice (40 € indemnity, late penalties…). */
export const CLIENT_TYPES = ['professionnel', 'particulier'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];
export const DEFAULT_CLIENT_TYPE: ClientType = 'professionnel';

export const CLIENT_TYPE_LABELS: Record<ClientType, string> = {
  professionnel: 'Professionnel',
  particulier: 'Particulier',
};

export const CONTACT_FIELD_LABELS: Record<keyof ContactInput, string> = {
  name: 'Nom',
  email: 'Email',
  phone: 'Téléphone',
  company: 'Entreprise',
  address: 'Adresse',
  city: 'Ville',
  postal_code: 'Code postal',
  country: 'Pays',
  notes: 'Notes',
  category: 'Catégorie',
  client_type: 'Type de client',
  siren: 'SIREN',
  vat_number: 'N° TVA intracommunautaire',
  delivery_address: 'Adresse de livraison',
  delivery_postal_code: 'Code postal de livraison',
  delivery_city: 'Ville de livraison',
  delivery_country: 'Pays de livraison',
  hourly_rate: 'Tarif horaire',
};

/** A new contact's country (ISO 3166-1 alpha-2). */
export const DEFAULT_COUNTRY = DEFAULT_COUNTRY_CODE;
export const CONTACT_IMPORT_MAX_ROWS = 200;

/** The French messages of a contact's legal identity, the same in the API and the form. */
export const CONTACT_IDENTITY_MESSAGES = {
  siren: 'Saisissez un SIREN de 9 chiffres (ou un SIRET de 14 chiffres) valide.',
  particulierSiren: 'Un client particulier n’a pas de SIREN.',
  particulierVatNumber: 'Un client particulier n’a pas de numéro de TVA intracommunautaire.',
  vatNumberNotSiren: 'Ce numéro de TVA ne correspond pas au SIREN du client.',
  clientType: (value: string) => `« ${value} » n'est pas un type de client valide (professionnel ou particulier).`,
} as const;

/** '' for no SIREN; 9 digits, or a SIRET of 14 (its SIREN is kept), spaces allowed; null when invalid. */
export function normalizeSiren(value: string): string | null {
  const trimmed = value.trim();
  return trimmed ? sirenFrom(trimmed) : '';
}

export const sirenError = (value: string): string | null =>
  normalizeSiren(value) === null ? CONTACT_IDENTITY_MESSAGES.siren : null;

/** '' for no number, else compact and upper case. */
export const normalizeVatNumber = (value: string) => compactVatNumber(value.trim());

export const contactVatNumberError = (value: string): string | null =>
  value.trim() ? vatNumberError(value) : null;

type IdentityField = 'siren' | 'vat_number';
type Identity = Pick<ContactInput, 'client_type' | 'siren' | 'vat_number'>;

/**
 * What the fields say together, for fields whose own format is valid: a particulier has neither
 * SIREN nor VAT number; a French VAT number ends with the client's SIREN.
 */
export function contactIdentityConflicts(contact: Identity): Partial<Record<IdentityField, string>> {
  const siren = normalizeSiren(contact.siren);
  const vat = contactVatNumberError(contact.vat_number) === null ? normalizeVatNumber(contact.vat_number) : '';
  const errors: Partial<Record<IdentityField, string>> = {};
  if (contact.client_type === 'particulier') {
    if (siren) errors.siren = CONTACT_IDENTITY_MESSAGES.particulierSiren;
    if (vat) errors.vat_number = CONTACT_IDENTITY_MESSAGES.particulierVatNumber;
  } else if (siren && vat.startsWith('FR') && vat.slice(4) !== siren) {
    errors.vat_number = CONTACT_IDENTITY_MESSAGES.vatNumberNotSiren;
  }
  return errors;
}

/** Every error of a contact's legal identity, one per field: a field's own format first. */
export function contactIdentityErrors(contact: Identity): Partial<Record<IdentityField, string>> {
  const errors = contactIdentityConflicts(contact);
  const siren = sirenError(contact.siren);
  const vat = contactVatNumberError(contact.vat_number);
  if (siren) errors.siren = siren;
  if (vat) errors.vat_number = vat;
  return errors;
}

/** A new contact: what the form starts from and what the API stores for omitted fields. */
export const CONTACT_DEFAULTS: ContactInput = {
  name: '',
  email: '',
  phone: '',
  company: '',
  address: '',
  city: '',
  postal_code: '',
  country: DEFAULT_COUNTRY,
  notes: '',
  category: 'client',
  client_type: DEFAULT_CLIENT_TYPE,
  siren: '',
  vat_number: '',
  delivery_address: '',
  delivery_postal_code: '',
  delivery_city: '',
  delivery_country: '',
  hourly_rate: 0,
};
