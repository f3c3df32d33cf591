import { z } from 'zod';
import { CONTACT_CATEGORIES, DEFAULT_COUNTRY, type ContactInput } from '../../../shared/contacts';
import { requiredText } from '../../http/fields';

/** Optional text kept `undefined` when absent, so that a PUT leaves omitted fields unchanged. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined ? undefined : (v ?? '').trim()));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const fields = {
  name: requiredText(200),
  email: text(254).refine((v) => !v || EMAIL.test(v), 'Saisissez une adresse e-mail valide.'),
  phone: text(40),
  company: text(200),
  address: text(500),
  city: text(120),
  postal_code: text(20),
  country: text(100),
  notes: text(10000),
  category: z.enum(CONTACT_CATEGORIES).optional(),
  // Read-only fields a client may echo back; ignored.
  id: z.unknown().optional(),
  created_at: z.unknown().optional(),
};

export const contactBody = z.strictObject(fields).transform(({ id: _id, created_at: _c, ...rest }) => {
  const defined = Object.entries(rest).filter(([, v]) => v !== undefined);
  return Object.fromEntries(defined) as Partial<ContactInput> & { name: string };
});

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
};

/** A contact to create: omitted fields take their defaults; an empty country is France. */
export function withDefaults(input: Partial<ContactInput>): ContactInput {
  const contact = { ...CONTACT_DEFAULTS, ...input };
  return { ...contact, country: contact.country || DEFAULT_COUNTRY };
}
