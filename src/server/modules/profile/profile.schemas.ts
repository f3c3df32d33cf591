import { z } from 'zod';
import { email, optionalText, requiredText } from '../../http/fields';

export const PROFILE_FIELDS = [
  'email', 'first_name', 'last_name', 'company_name', 'business_type', 'address', 'city', 'postal_code',
  'country', 'phone', 'website', 'siret', 'vat_number', 'legal_notice', 'signature_notice',
] as const;

const compact = (v: string) => v.replace(/\s+/g, '').toUpperCase();

export const profileBody = z.strictObject({
  email: email(),
  first_name: requiredText(150),
  last_name: requiredText(150),
  company_name: optionalText(200),
  business_type: optionalText(100),
  address: optionalText(500),
  city: optionalText(120),
  postal_code: optionalText(20),
  country: optionalText(100).transform((v) => v || 'France'),
  phone: optionalText(40),
  website: optionalText(300).refine((v) => v === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), 'Saisissez une URL valide.'),
  siret: optionalText(30)
    .transform(compact)
    .refine((v) => v === '' || /^\d{14}$/.test(v), 'Le numéro SIRET doit comporter 14 chiffres.'),
  vat_number: optionalText(30)
    .transform(compact)
    .refine((v) => v === '' || /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(v), 'Numéro de TVA intracommunautaire invalide.'),
  legal_notice: optionalText(5000),
  signature_notice: optionalText(5000),
  /** Empty or absent leaves the password unchanged. */
  password: z.string().max(128).nullish(),
});
