import { CONTACT_DEFAULTS, DEFAULT_COUNTRY } from '@/shared/contacts';
import type { ContactInput } from '@/shared/contracts/contacts';

export { CONTACT_DEFAULTS };

/** A contact to create: omitted fields take their defaults (the country: France, as the form starts). */
export function withDefaults(input: Partial<ContactInput>): ContactInput {
  return withDeliveryCountry({ ...CONTACT_DEFAULTS, country: DEFAULT_COUNTRY, ...input });
}

const hasDeliveryAddress = (c: Pick<ContactInput, 'delivery_address' | 'delivery_postal_code' | 'delivery_city'>) =>
  Boolean(c.delivery_address.trim() || c.delivery_postal_code.trim() || c.delivery_city.trim());

/**
 * The delivery country as stored (issue 25): with a delivery address, its code, the billing
 * address's when none was chosen ('Même pays que l’adresse'); without one, ''. A delivery address
 * with '' is then only a country migration 0021 could not read, which issuing asks for.
 */
export function withDeliveryCountry<T extends ContactInput>(contact: T): T {
  if (!hasDeliveryAddress(contact)) return contact.delivery_country ? { ...contact, delivery_country: '' } : contact;
  return contact.delivery_country ? contact : { ...contact, delivery_country: contact.country };
}
