import { CONTACT_DEFAULTS as FORM_DEFAULTS, DEFAULT_COUNTRY } from '@/shared/contacts';
import type { ContactColumns, ContactInput } from '@/shared/contracts/contacts';

const { hourly_rate: _rate, ...textDefaults } = FORM_DEFAULTS;
/** A new contact's stored fields: the shared defaults, no hourly rate (0 cents). */
export const CONTACT_DEFAULTS: ContactColumns = { ...textDefaults, hourly_rate_cents: 0 };

/** A contact to create: omitted fields take their defaults (the country: France, as the form starts). */
export function withDefaults(input: Partial<ContactColumns>): ContactColumns {
  return withDeliveryCountry({ ...CONTACT_DEFAULTS, country: DEFAULT_COUNTRY, ...input });
}

const hasDeliveryAddress = (c: Pick<ContactInput, 'delivery_address' | 'delivery_postal_code' | 'delivery_city'>) =>
  Boolean(c.delivery_address.trim() || c.delivery_postal_code.trim() || c.delivery_city.trim());

/**
 * The delivery country as stored (issue 25): with a delivery address, its code, the billing
 * address's when none was chosen ('Même pays que l’adresse'); without one, ''. A delivery address
 * with '' is then only a country migration 0021 could not read, which issuing asks for.
 */
export function withDeliveryCountry<T extends Pick<ContactInput, 'country' | 'delivery_address' | 'delivery_postal_code' | 'delivery_city' | 'delivery_country'>>(
  contact: T,
): T {
  if (!hasDeliveryAddress(contact)) return contact.delivery_country ? { ...contact, delivery_country: '' } : contact;
  return contact.delivery_country ? contact : { ...contact, delivery_country: contact.country };
}
