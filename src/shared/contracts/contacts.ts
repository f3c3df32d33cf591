import { z } from 'zod';
import {
  CLIENT_TYPES,
  CONTACT_CATEGORIES,
  CONTACT_IDENTITY_MESSAGES,
  DEFAULT_CLIENT_TYPE,
  contactIdentityConflicts,
  contactVatNumberError,
  normalizeSiren,
  normalizeVatNumber,
  sirenError,
  type ClientType,
} from '@/shared/contacts';
import { MATCH_REASONS, ON_DUPLICATE_CHOICES } from '@/shared/contact-import';
import { countryOrUnchanged, echo, euroCents, requiredText, textOrUnchanged } from './fields';
import { PAGE_PARAMS, queryParam } from './common';

/** A contact as the API answers it (GET contacts/{id}/, and a creation or update). */
export const contactSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string(),
  address: z.string(),
  city: z.string(),
  postal_code: z.string(),
  /** ISO 3166-1 alpha-2 ('FR'); '' only for a contact whose country could not be read at the upgrade (migration 0021). */
  country: z.string(),
  notes: z.string(),
  category: z.enum(CONTACT_CATEGORIES),
  client_type: z.enum(CLIENT_TYPES),
  /** 9 digits, or '' (always '' for a particulier). */
  siren: z.string(),
  /** Compact and upper case ('FR40303265045'), or '' (always '' for a particulier). */
  vat_number: z.string(),
  /** Where goods are delivered when it differs from the address above; all '' otherwise. */
  delivery_address: z.string(),
  delivery_postal_code: z.string(),
  delivery_city: z.string(),
  /** ISO 3166-1 alpha-2, '' without a delivery address (or when it could not be read at the upgrade). */
  delivery_country: z.string(),
  /** Euros an hour its projects' tasks inherit when neither they nor their project have a rate (issue 28; 0: none). */
  hourly_rate: z.number(),
  created_at: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

/** What the list endpoint returns: only what the list, the pickers and the search need. */
export const contactListItemSchema = contactSchema.pick({ id: true, name: true, email: true, phone: true, company: true, category: true, client_type: true });
export type ContactListItem = z.infer<typeof contactListItemSchema>;

/**
 * What the CSV export adds to the list (GET contacts/export-details/, every contact in id order):
 * every other field the import accepts (issue 28: legal identifiers, address, notes, delivery
 * address), fetched when the export runs so that the list stays light for the 10,000-contact case.
 */
export const contactExportDetailsSchema = contactSchema.pick({
  id: true,
  address: true,
  postal_code: true,
  city: true,
  country: true,
  notes: true,
  siren: true,
  vat_number: true,
  delivery_address: true,
  delivery_postal_code: true,
  delivery_city: true,
  delivery_country: true,
  hourly_rate: true,
});
export type ContactExportDetails = z.infer<typeof contactExportDetailsSchema>;

export type ContactInput = Omit<Contact, 'id' | 'created_at'>;
/** A contact's fields as stored: the rate in cents. */
export type ContactColumns = Omit<ContactInput, 'hourly_rate'> & { hourly_rate_cents: number };

export const clientTypeSchema = z.enum(CLIENT_TYPES, {
  error: (issue) => CONTACT_IDENTITY_MESSAGES.clientType(echo(issue.input)),
});

/** Query of GET contacts/ (answered with ContactListItem[]): one type of client only. */
export const contactListQuerySchema = z.looseObject({
  // Read by the route (an empty value is no filter): clientTypeSchema's message when wrong.
  client_type: z.union([z.string(), z.array(z.string())]).optional(),
  // With page_size only (issue 29): the whole list stays filtered on the client (SPEC).
  category: queryParam,
  category__in: queryParam,
  ordering: queryParam.describe('Avec page_size : name, email ou company (-name : décroissant).'),
  ...PAGE_PARAMS,
});
export type ContactListParams = z.output<typeof contactListQuerySchema>;
export interface ContactListQuery {
  client_type?: ClientType;
}

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

const fields = {
  name: requiredText(200),
  email: text(254).refine((v) => !v || EMAIL.test(v), 'Saisissez une adresse e-mail valide.'),
  phone: text(40),
  company: text(200),
  address: text(500),
  city: text(120),
  postal_code: text(20),
  country: countryOrUnchanged(),
  notes: text(10000),
  category: z.enum(CONTACT_CATEGORIES).optional(),
  client_type: clientTypeSchema.optional(),
  siren: identifier(sirenError, normalizeSiren),
  vat_number: identifier(contactVatNumberError, normalizeVatNumber),
  delivery_address: text(500),
  delivery_postal_code: text(20),
  delivery_city: text(120),
  // '' with a delivery address: the same country as the address above (stored as its code).
  delivery_country: countryOrUnchanged(true),
  // Absent: unchanged (a new contact: 0, no rate); in euros → cents.
  hourly_rate: euroCents().optional(),
  // Read-only fields a client may echo back; ignored.
  id: z.unknown().optional(),
  created_at: z.unknown().optional(),
};

type Identity = Pick<ContactInput, 'client_type' | 'siren' | 'vat_number'>;

/** Refuses `contact`'s conflicting identifiers with a 400-ready issue on each field. */
function addIdentityIssues(contact: Identity, ctx: z.RefinementCtx) {
  for (const [field, message] of Object.entries(contactIdentityConflicts(contact))) {
    ctx.addIssue({ code: 'custom', path: [field], message });
  }
}

/**
 * Body of POST contacts/ and PUT contacts/{id}/ (answered with the Contact), and a row of an
 * import: the name, and any other field (omitted: a new contact's default, an update's current value).
 */
export const contactWriteSchema = z
  .strictObject(fields)
  // Omitted fields read as a new contact's defaults: nothing is refused that a PUT's merge could
  // make valid; the update checks the merged contact again (contacts.service.ts).
  .superRefine((body, ctx) =>
    addIdentityIssues(
      { client_type: body.client_type ?? DEFAULT_CLIENT_TYPE, siren: body.siren ?? '', vat_number: body.vat_number ?? '' },
      ctx,
    ),
  )
  .transform(({ id: _id, created_at: _c, hourly_rate, ...rest }) => {
    const defined = Object.entries({ ...rest, hourly_rate_cents: hourly_rate }).filter(([, v]) => v !== undefined);
    return Object.fromEntries(defined) as Partial<ContactColumns> & { name: string };
  });
/** What the client sends: the name, and any other field. */
export type ContactWriteBody = Pick<ContactInput, 'name'> & Partial<ContactInput>;
/** The server's reading of it: the fields sent, normalised. */
export type ContactWrite = z.output<typeof contactWriteSchema>;

/**
 * Body of POST import-contacts/ (issue 18): `{contacts, dry_run, on_duplicate}`, or a bare array of
 * rows taken as `contacts`. Each row is checked apart afterwards (contactWriteSchema), its errors
 * reported under its index; `on_duplicate` 'skip' when absent.
 */
export const contactImportSchema = z.preprocess(
  (body) => (Array.isArray(body) ? { contacts: body } : body),
  z.strictObject({
    contacts: z.array(z.unknown()),
    dry_run: z.boolean().optional(),
    on_duplicate: z.enum(ON_DUPLICATE_CHOICES).optional(),
  }),
);
export interface ContactImportBody {
  contacts: ContactWriteBody[];
  dry_run?: boolean;
  on_duplicate?: (typeof ON_DUPLICATE_CHOICES)[number];
}

const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/** Per row of a preview (`dry_run`), in the order sent. */
export const contactImportRowReportSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('new') }),
  z.object({
    status: z.literal('existing'),
    match: z.enum(MATCH_REASONS),
    /**
     * The existing contact, or null when the row repeats an earlier row of the same request
     * (`row`, its 0-based index there).
     */
    contact_id: z.number().nullable(),
    contact_name: z.string(),
    row: z.number().optional(),
  }),
  z.object({ status: z.literal('invalid'), errors: fieldErrorsSchema }),
]);
export type ContactImportRowReport = z.infer<typeof contactImportRowReportSchema>;

/** POST import-contacts/ with `dry_run: true` (200): nothing is written. */
export const contactImportPreviewSchema = z.object({
  dry_run: z.literal(true),
  new: z.number(),
  existing: z.number(),
  invalid: z.number(),
  rows: z.array(contactImportRowReportSchema),
});
export type ContactImportPreview = z.infer<typeof contactImportPreviewSchema>;

/** POST import-contacts/ (201): `ids` are the contacts created; `skipped` the rows already there left unchanged. */
export const contactImportResultSchema = z.object({
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
  ids: z.array(z.number()),
});
export type ContactImportResult = z.infer<typeof contactImportResultSchema>;
