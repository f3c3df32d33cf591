import { z } from 'zod';
import {
  CLIENT_TYPES,
  CONTACT_CATEGORIES,
  CONTACT_IDENTITY_MESSAGES,
  CONTACT_DEFAULTS,
  DEFAULT_CLIENT_TYPE,
  DEFAULT_COUNTRY,
  contactIdentityConflicts,
  contactVatNumberError,
  normalizeSiren,
  normalizeVatNumber,
  sirenError,
  type ContactInput,
  type ContactWriteBody,
} from '@/shared/contacts';
import { ON_DUPLICATE_CHOICES, type ContactImportBody } from '@/shared/contact-import';
import type { SameKeys } from '@/server/http/api-types';
import { echo } from '@/server/http/errors';
import { requiredText, textOrUnchanged } from '@/server/http/fields';

/** Optional text kept `undefined` when absent, so that a PUT leaves omitted fields unchanged. */
const text = textOrUnchanged;

/** Optional text checked by `error` (null when valid), stored as `normalize` writes it. */
const identifier = (error: (value: string) => string | null, normalize: (value: string) => string | null) =>
  text(40)
    .superRefine((value, ctx) => {
      const message = value ? error(value) : null;
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((value) => (value === undefined ? undefined : (normalize(value) ?? '')));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const clientType = z.enum(CLIENT_TYPES, {
  error: (issue) => CONTACT_IDENTITY_MESSAGES.clientType(echo(issue.input)),
});

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
  client_type: clientType.optional(),
  siren: identifier(sirenError, normalizeSiren),
  vat_number: identifier(contactVatNumberError, normalizeVatNumber),
  delivery_address: text(500),
  delivery_postal_code: text(20),
  delivery_city: text(120),
  delivery_country: text(100),
  // Read-only fields a client may echo back; ignored.
  id: z.unknown().optional(),
  created_at: z.unknown().optional(),
};

type Identity = Pick<ContactInput, 'client_type' | 'siren' | 'vat_number'>;

/** Refuses `contact`'s conflicting identifiers with a 400-ready issue on each field. */
export function addIdentityIssues(contact: Identity, ctx: z.RefinementCtx) {
  for (const [field, message] of Object.entries(contactIdentityConflicts(contact))) {
    ctx.addIssue({ code: 'custom', path: [field], message });
  }
}

export const contactBody = z
  .strictObject(fields)
  // Omitted fields read as a new contact's defaults: nothing is refused that a PUT's merge could
  // make valid; the update checks the merged contact again (contacts.service.ts).
  .superRefine((body, ctx) =>
    addIdentityIssues(
      { client_type: body.client_type ?? DEFAULT_CLIENT_TYPE, siren: body.siren ?? '', vat_number: body.vat_number ?? '' },
      ctx,
    ),
  )
  .transform(({ id: _id, created_at: _c, ...rest }) => {
    const defined = Object.entries(rest).filter(([, v]) => v !== undefined);
    return Object.fromEntries(defined) as Partial<ContactInput> & { name: string };
  });

/** The import's object form; the rows are checked one by one afterwards (contactBody). */
export const importBody = z.strictObject({
  contacts: z.array(z.unknown()),
  dry_run: z.boolean().optional(),
  on_duplicate: z.enum(ON_DUPLICATE_CHOICES).optional(),
});

/**
 * The shared request types (src/shared/contacts.ts, contact-import.ts) and these schemas agree:
 * the same writable fields (a contact's id and creation date are only echoed back), and every body
 * the types allow parses.
 */
type ContactSchemaFields = Exclude<keyof z.input<typeof contactBody>, 'id' | 'created_at'>;
export const CONTACT_BODIES_MATCH_SHARED_TYPES: [
  SameKeys<ContactSchemaFields, keyof ContactWriteBody>,
  SameKeys<keyof z.input<typeof importBody>, keyof ContactImportBody>,
] = [true, true];
export const acceptsContactWriteBody = (body: ContactWriteBody): z.input<typeof contactBody> => body;
export const acceptsContactImportBody = (body: ContactImportBody): z.input<typeof importBody> => body;

export { CONTACT_DEFAULTS };

/** A contact to create: omitted fields take their defaults; an empty country is France. */
export function withDefaults(input: Partial<ContactInput>): ContactInput {
  const contact = { ...CONTACT_DEFAULTS, ...input };
  return { ...contact, country: contact.country || DEFAULT_COUNTRY };
}
