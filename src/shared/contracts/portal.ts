import { z } from 'zod';
import { DECLINE_REASON_MAX, SIGNER_NAME_MAX } from '@/shared/portal';

/**
 * The client portal (issue 27): a personal link `/p/{token}` per document, opened without an
 * account. The token is the only key: no id in a public URL or answer, and one token opens its own
 * document and nothing else.
 */

/** The kinds a link is made for. */
export const PORTAL_KINDS = ['quote', 'invoice', 'credit_note'] as const;
export type PortalKind = (typeof PORTAL_KINDS)[number];

/** What a link opens: one document, or a client's space (kind 'contact': the contact's documents). */
export const PORTAL_LINK_KINDS = [...PORTAL_KINDS, 'contact'] as const;
export type PortalLinkKind = (typeof PORTAL_LINK_KINDS)[number];

/**
 * `POST /api/{quotes|invoices|credit-notes|contacts}/{id}/share/` (201): a new personal link (the token is
 * shown once, only its hash is stored; earlier links stay valid until revoked).
 * `expires_at`: the Paris day the link stops working (YYYY-MM-DD); null while the rule gives no end
 * yet (an invoice not fully paid).
 */
export const shareLinkSchema = z.object({
  url: z.string(),
  expires_at: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** The client's answer to a quote. */
export const portalAnswerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('accepted'), at: z.string(), signer_name: z.string() }),
  z.object({ kind: z.literal('declined'), at: z.string(), reason: z.string() }),
]);
export type PortalAnswer = z.infer<typeof portalAnswerSchema>;

/**
 * `GET /api/{quotes|invoices|credit-notes|contacts}/{id}/share/`: the document's (or client space's) links as its page shows them
 * (never a token). `DELETE` (204) revokes every live link of the document.
 */
export const shareStateSchema = z.object({
  /** At least one link that is neither revoked nor expired. */
  active: z.boolean(),
  expires_at: z.string().nullable(),
  /** When the client first and last opened the document through a link (issue 27, « Consulté le … »). */
  first_viewed_at: z.string().nullable(),
  last_viewed_at: z.string().nullable(),
  view_count: z.number(),
  /** A quote answered through its link: who accepted it (its certificat d'acceptation) or when it was declined. */
  answer: portalAnswerSchema.nullable(),
});
export type ShareState = z.infer<typeof shareStateSchema>;

/** A party as printed on the document (from its frozen snapshot). */
export const portalPartySchema = z.object({
  name: z.string(),
  /** Address lines, as printed (street, postal code and city, country when not France). */
  address_lines: z.array(z.string()),
  email: z.string(),
  phone: z.string(),
  siret: z.string(),
  vat_number: z.string(),
});
export type PortalParty = z.infer<typeof portalPartySchema>;

export const portalLineSchema = z.object({
  title: z.string(),
  description: z.string(),
  quantity: z.number(),
  /** '' when the document has no units. */
  unit_display: z.string(),
  /** Euros HT. */
  unit_price: z.number(),
  /** Percent. */
  tax_rate: z.number(),
  /** Euros HT, after the line's discount. */
  total: z.number(),
});
export type PortalLine = z.infer<typeof portalLineSchema>;


/** What a document and a client space's line of it both say. */
const portalDocumentHead = {
  kind: z.enum(PORTAL_KINDS),
  /** « Devis », « Facture », « Facture d'acompte », « Avoir ». */
  kind_display: z.string(),
  number: z.string(),
  title: z.string(),
  issue_date: z.string(),
  /** A quote's validity date, an invoice's due date (YYYY-MM-DD); null for a credit note. */
  end_date: z.string().nullable(),
  status: z.string(),
  status_display: z.string(),
};

/**
 * `GET /api/portal/{token}/`: the document as issued (its frozen snapshot), with what has moved
 * since (status, what is still due, the quote's answer). Money in euros.
 */
export const portalDocumentSchema = z.object({
  ...portalDocumentHead,
  seller: portalPartySchema,
  client: portalPartySchema,
  /** The seller's logo (a data: URL) and accent colour as frozen in the snapshot, or null. */
  branding: z.object({ logo: z.string().nullable(), accent_color: z.string() }).nullable(),
  lines: z.array(portalLineSchema),
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  /** The VAT mentions printed under the totals (e.g. « TVA non applicable, art. 293 B du CGI »). */
  mentions: z.array(z.string()),
  /** Invoice: what is still due after payments and credit notes; null otherwise. */
  amount_due: z.number().nullable(),
  /** Invoice with something due and a profile IBAN: where to pay. */
  bank: z.object({ holder: z.string(), iban: z.string(), bic: z.string() }).nullable(),
  /** The EPC QR code of that transfer (EPC069-12) as an SVG document; null without IBAN or when nothing is due. */
  payment_qr_svg: z.string().nullable(),
  /** A quote's answer, once given. */
  answer: portalAnswerSchema.nullable(),
  /** A sent quote, not answered, its validity date not passed: it may be accepted or declined. */
  can_answer: z.boolean(),
  /** Why it can't be answered any more (French), when it is a quote that can't. */
  answer_refusal: z.string().nullable(),
  /** An accepted quote: its certificat d'acceptation can be downloaded (`certificate/`). */
  has_certificate: z.boolean(),
  /** When this link stops working (null: no end yet). */
  expires_at: z.string().nullable(),
});
export type PortalDocument = z.infer<typeof portalDocumentSchema>;

/** One document in a client space's list: its number is its key (`…/documents/{number}/`). Money in euros. */
export const portalSpaceDocumentSchema = z.object({
  ...portalDocumentHead,
  total: z.number(),
  /** Invoice: what is still due after payments and credit notes; null otherwise. */
  amount_due: z.number().nullable(),
});
export type PortalSpaceDocument = z.infer<typeof portalSpaceDocumentSchema>;

/**
 * `GET /api/portal/{token}/` for a client-space link: who sends, to whom, and the client's issued
 * documents (never a draft), newest first. Each opens at `GET /api/portal/{token}/documents/{number}/`
 * (a `PortalDocument`), with `pdf/`, `accept/`, `decline/` and `certificate/` under it.
 */
export const portalClientSpaceSchema = z.object({
  kind: z.literal('client_space'),
  seller: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  client_name: z.string(),
  documents: z.array(portalSpaceDocumentSchema),
  /** When this link stops working: a year after it was made. */
  expires_at: z.string().nullable(),
});
export type PortalClientSpace = z.infer<typeof portalClientSpaceSchema>;

/** `GET /api/portal/{token}/`: a document link's document, or a client-space link's list. */
export const portalViewSchema = z.discriminatedUnion('kind', [portalDocumentSchema, portalClientSpaceSchema]);
export type PortalView = z.infer<typeof portalViewSchema>;

/**
 * A link revoked or expired (410): says so, and how to reach the seller; nothing of the document.
 * An unknown token is a plain 404 `{detail}` (nothing tells it from one never made).
 */
export const portalGoneSchema = z.object({
  detail: z.string(),
  seller: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
});
export type PortalGone = z.infer<typeof portalGoneSchema>;


/**
 * `POST /api/portal/{token}/accept/`: the client's simple electronic signature (eIDAS art. 3.10,
 * art. 25.1): their name typed, their consent ticked. Answers the updated document (200).
 */
export const portalAcceptSchema = z.strictObject({
  signer_name: z.string().trim().min(1, 'Indiquez votre nom.').max(SIGNER_NAME_MAX, `${SIGNER_NAME_MAX} caractères au plus.`),
  signer_email: z.union([z.literal(''), z.email('Adresse e-mail invalide.')]).optional(),
  consent: z.literal(true, 'Cochez « J’accepte ce devis (bon pour accord) ».'),
});
export type PortalAcceptBody = z.input<typeof portalAcceptSchema>;

/** `POST /api/portal/{token}/decline/` (200, the updated document). */
export const portalDeclineSchema = z.strictObject({
  reason: z.string().trim().max(DECLINE_REASON_MAX, `${DECLINE_REASON_MAX} caractères au plus.`).default(''),
});
export type PortalDeclineBody = z.input<typeof portalDeclineSchema>;
