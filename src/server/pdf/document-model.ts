import type { ClientType } from '@/shared/contacts';
import { computeTotals, type DocumentKind, type DocumentTotals } from '@/shared/documents';
import { toHundredths } from '@/shared/money';
import type { PaymentTerms } from '@/shared/payment-terms';
import type { LineUnit } from '@/shared/units';
import type { OperationCategory, VatExemptionKey, VatRegime } from '@/shared/vat';

/** A postal party: the issuer (from the user's profile) or the client (a contact). */
export interface Party {
  name: string;
  /** Issuer: legal form ('SARL', 'EI'…); client: the contact's company. */
  secondaryName: string;
  contactName: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  email: string;
  phone: string;
  website: string;
  siret: string;
  vatNumber: string;
  /** Buyer: the client's SIREN (BT-47), '' when unknown. The seller's comes from its SIRET. */
  siren?: string;
  /** Seller: legal form and capital, registration… printed in the footer (shared/profile.ts issuerLegalLines). */
  legalLines?: string[];
}

export interface PostalAddress {
  address: string;
  postalCode: string;
  city: string;
  country: string;
}

export interface DocumentLine {
  title: string;
  description: string;
  /** Decimal numbers as the API gives them (2 decimals at most). */
  quantity: number;
  unitPrice: number;
  /** Percent, e.g. 5.5. */
  taxRate: number;
  /**
   * UN/ECE Rec. 20 code of the quantity (EN 16931 BT-130), issue 25. Absent from snapshots made
   * before: C62 in the XML, and no unit printed, so that they render as they always did.
   */
  unit?: LineUnit;
  /** Issue 25: its discount in percent, or in euros (absent or 0: none; absent from snapshots made before). */
  discountPercent?: number;
  discountAmount?: number;
  /**
   * Issue 25: at 0 %, the line's own exemption reason when it is not the document's (one reason per
   * VAT category, EN 16931 BG-23); absent: the document's `vatExemption`.
   */
  vatExemption?: VatExemptionKey;
}

/** Issue 25: a discount on the whole document (EN 16931 BG-20), in percent or in euros, with its reason (BT-97). */
export interface DocumentDiscount {
  percent: number;
  amount: number;
  reason: string;
}

/** Everything a quote or invoice PDF (and its Factur-X XML) is made of, already loaded. */
export interface RenderableDocument {
  kind: DocumentKind;
  /** Null for a draft invoice: it is not an invoice yet. */
  number: string | null;
  /** Shown in the file name and on screen when there is no number. */
  id: number;
  status: string;
  title: string;
  description: string;
  issueDate: string;
  /** Validity (quote) or due date (invoice), YYYY-MM-DD. */
  endDate: string | null;
  /**
   * Quotes and invoices (issue 25): the payment terms; an invoice's `endDate` follows from them.
   * Absent from snapshots made before: read from the dates then (legal-mentions.ts).
   */
  paymentTerms?: PaymentTerms;
  paymentDate: string | null;
  /** Percent, e.g. 5.5: the default rate of new lines (each line carries its own). */
  taxRate: number;
  lines: DocumentLine[];
  /** Absent (snapshots made before issue 25) or null: none. */
  discount?: DocumentDiscount | null;
  /** The seller's VAT regime when the document was made (art. 293 B CGI franchise, or VAT-registered). */
  vatRegime: VatRegime;
  /** Why the 0 % lines of a VAT-registered seller carry no VAT ('' when none are at 0 %). */
  vatExemption: VatExemptionKey | '';
  /** The seller opted for paying VAT on debits (CGI art. 269-2-c). */
  vatOnDebits: boolean;
  /** B2B or B2C: which payment mentions apply (Code de commerce L441-9 and L441-10 concern businesses). */
  clientType: ClientType;
  operationCategory: OperationCategory;
  /** Date of the service or delivery, or start of the period (BT-72 / BT-73). */
  serviceDate: string | null;
  /** End of the service period (BT-74). */
  serviceEndDate: string | null;
  /** Where the goods or services are delivered, when it is not the client's address (BG-13, BG-15). */
  delivery: PostalAddress | null;
  /** The seller's bank account for transfers (BG-16/17), from the profile. */
  bank: { iban: string; bic: string } | null;
  legalNotice: string;
  signatureNotice: string;
  issuer: Party;
  client: Party;
  /** Credit note: the invoice it corrects or cancels (BT-25, BT-26) and why. */
  creditedInvoice?: { number: string; issueDate: string; reason: string } | null;
  /** Invoice: a facture d'acompte (Factur-X type 386) on `quote`. */
  deposit?: boolean;
  /** Invoice: the quote it is a deposit on, or was converted from (sales order reference, BT-14). */
  quote?: { number: string; issueDate: string } | null;
  /**
   * Final invoice: the quote's deposit invoices (BT-25/BT-26 each), what each bills and what of it
   * was paid when the final invoice was issued (snapshots before issue 25 have no `paidCents`:
   * they were printed as paid, and still are).
   */
  deposits?: { number: string; issueDate: string; amountCents: number; paidCents?: number }[];
  /** Credit note: what the seller owes back, the credited invoice having been paid (refund_cents). */
  refundCents?: number;
  /**
   * Issue 28: the seller's look when the document was made (drafts: now; issued: frozen in the
   * snapshot, so that a later change of logo or colour never alters it). Absent from snapshots made
   * before: printed as they always were.
   */
  branding?: DocumentBranding;
  /**
   * Issue 27: an issued invoice's PDF carries the EPC QR code of the transfer of what it leaves
   * due (pdf-renderer.ts). Absent from snapshots made before: printed without, as they were issued.
   */
  paymentQr?: boolean;
}

/** The accent colour ('#rrggbb') of headings and rules, and the logo (a PNG, base64) above the seller. */
export interface DocumentBranding {
  accentColor: string;
  logoPng: string | null;
}

type Deposit = NonNullable<RenderableDocument['deposits']>[number];

/** What the client paid of a deposit invoice. */
export const depositPaidCents = (d: Deposit) => d.paidCents ?? d.amountCents;

/**
 * What a final invoice's deposits were actually paid, in cents: EN 16931 BT-113 'paid amount',
 * deducted from what is due (BT-115). A deposit invoiced but unpaid is still owed: it is not deducted.
 */
export const paidDepositsCents = (doc: Pick<RenderableDocument, 'deposits'>) => (doc.deposits ?? []).reduce((sum, d) => sum + depositPaidCents(d), 0);

/** Totals in cents with the one shared calculation, so PDF, XML and API agree to the cent. */
export function documentTotals(doc: RenderableDocument): DocumentTotals {
  return computeTotals(
    doc.lines.map((l) => ({
      quantity: l.quantity, unit_price: l.unitPrice, tax_rate: l.taxRate, discount_percent: l.discountPercent, discount_amount: l.discountAmount,
    })),
    doc.taxRate,
    doc.discount ? { discount_percent: doc.discount.percent, discount_amount: doc.discount.amount } : undefined,
  );
}

/** The document's discount, when it has one (issue 25). */
export const documentDiscountOf = (doc: Pick<RenderableDocument, 'discount'>) =>
  doc.discount && (doc.discount.percent > 0 || doc.discount.amount > 0) ? doc.discount : null;

/** Whether the document's lines carry units (every snapshot since issue 25): the PDF's table then has a unit column. */
export const hasUnits = (doc: Pick<RenderableDocument, 'lines'>) => doc.lines.some((l) => l.unit !== undefined);

/** A rate in hundredths of a percent (integer), for exact comparisons. */
export const rateHundredths = (percent: number) => toHundredths(percent) ?? 0;

/** A draft invoice is not an invoice yet: no number, no e-invoice XML, a 'BROUILLON' mark. */
export const isDraftInvoice = (doc: RenderableDocument) => doc.kind === 'invoice' && doc.number === null;

/**
 * What the invoice asks the client to pay, in cents: its total less the deposits paid (BT-115, the
 * "Reste à payer" of a final invoice; the total otherwise).
 */
export const amountDueCents = (doc: RenderableDocument) => documentTotals(doc).total - paidDepositsCents(doc);

/** An issued invoice or credit note carries the Factur-X XML. */
export const isIssuedInvoice = (doc: RenderableDocument) => doc.kind !== 'quote' && doc.number !== null;

const FILE_PREFIX = { quote: 'devis', invoice: 'facture', credit_note: 'avoir' } as const;

/** `devis_DEV-2026-0001.pdf`, `facture_FAC-2026-0001.pdf`, `avoir_AV-2026-0001.pdf`, or the id while there is no number. */
export function documentFileName(doc: Pick<RenderableDocument, 'kind' | 'number' | 'id'>): string {
  return `${FILE_PREFIX[doc.kind]}_${doc.number ?? doc.id}.pdf`;
}
