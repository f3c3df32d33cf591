import { CONTACT_DEFAULTS, DEFAULT_COUNTRY } from '@/shared/contacts';
import type { ContactInput } from '@/shared/contracts/contacts';

export { CONTACT_DEFAULTS };

/** A contact to create: omitted fields take their defaults; an empty country is France. */
export function withDefaults(input: Partial<ContactInput>): ContactInput {
  const contact = { ...CONTACT_DEFAULTS, ...input };
  return { ...contact, country: contact.country || DEFAULT_COUNTRY };
}
