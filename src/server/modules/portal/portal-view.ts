import type { Party, RenderableDocument } from '@/server/pdf/document-model';
import type { DocumentTotals } from '@/shared/documents';
import { legalMentions } from '@/server/pdf/legal-mentions';
import { countryName } from '@/shared/countries';
import { EPC_QR_ERROR_CORRECTION, epcPayload } from '@/shared/epc-qr';
import { fromHundredths } from '@/shared/money';
import { LINE_UNITS, lineUnitOf } from '@/shared/units';
import { type PortalAnswer, type PortalDocument, type PortalKind, type PortalParty } from '@/shared/contracts/portal';
import { PORTAL_TEXTS } from '@/shared/portal';

/**
 * The public page's document (issue 27), from the frozen snapshot (what was issued and sent) with
 * the live state beside it (status, what is still due, the quote's answer). Pure: the service
 * reads, this shapes. No database id ever enters it.
 */

/** A country as the PDF prints it: its French name, none for France. */
function printedCountry(country: string): string {
  const value = country.trim();
  return !value || value === 'FR' || value.toLowerCase() === 'france' ? '' : countryName(value);
}

export function portalParty(party: Party): PortalParty {
  return {
    name: party.name,
    address_lines: [...party.address.split(/\r?\n/), [party.postalCode, party.city].filter(Boolean).join(' '), printedCountry(party.country)]
      .map((l) => l.trim())
      .filter(Boolean),
    email: party.email,
    phone: party.phone,
    siret: party.siret,
    vat_number: party.vatNumber,
  };
}

export function kindDisplay(doc: RenderableDocument): string {
  if (doc.kind === 'quote') return 'Devis';
  if (doc.kind === 'credit_note') return 'Avoir';
  return doc.deposit ? 'Facture d’acompte' : 'Facture';
}

/** The EPC069-12 payload of the transfer of `dueCents` to the seller, or null (no IBAN, nothing due…). */
export function transferPayload(doc: RenderableDocument, dueCents: number): string | null {
  if (doc.kind !== 'invoice' || !doc.number || !doc.bank?.iban || dueCents <= 0) return null;
  const epc = epcPayload({ name: doc.issuer.name, iban: doc.bank.iban, bic: doc.bank.bic, amountCents: dueCents, reference: doc.number });
  return epc.ok ? epc.payload : null;
}

export interface LiveState {
  status: string;
  status_display: string;
  /** Invoice: the balance the API's invoice answer gives, in cents. */
  dueCents: number | null;
  /** A quote's validity date, live (YYYY-MM-DD). */
  validUntil: string | null;
}

export interface StoredAnswer {
  answer: 'accepted' | 'declined';
  answered_at: string;
  signer_name: string;
  reason: string;
}

/** A quote's answer as both sides see it (the client's page, the seller's « Lien client » card). */
export function shownAnswerOf(answer: StoredAnswer | undefined): PortalAnswer | null {
  if (!answer) return null;
  return answer.answer === 'accepted'
    ? { kind: 'accepted', at: answer.answered_at, signer_name: answer.signer_name }
    : { kind: 'declined', at: answer.answered_at, reason: answer.reason };
}

/** Why a quote can't be answered now (French), or null when it can. */
export function answerRefusal(kind: PortalKind, live: LiveState, answer: StoredAnswer | undefined, today: string): string | null {
  if (kind !== 'quote') return PORTAL_TEXTS.notAnswerable;
  if (answer || live.status === 'accepted' || live.status === 'rejected') return PORTAL_TEXTS.alreadyAnswered;
  if (live.status === 'expired' || (live.validUntil !== null && live.validUntil < today)) return PORTAL_TEXTS.quoteExpired;
  if (live.status !== 'sent') return PORTAL_TEXTS.notAnswerable;
  return null;
}

export async function portalDocument(args: {
  kind: PortalKind;
  doc: RenderableDocument;
  totals: DocumentTotals;
  live: LiveState;
  answer: StoredAnswer | undefined;
  expiresAt: string | null;
  today: string;
}): Promise<PortalDocument> {
  const { kind, doc, totals, live, answer } = args;
  const units = doc.lines.some((l) => l.unit !== undefined);
  const due = kind === 'invoice' ? (live.dueCents ?? 0) : null;
  const payload = due !== null ? transferPayload(doc, due) : null;
  const refusal = answerRefusal(kind, live, answer, args.today);
  const shownAnswer = shownAnswerOf(answer);
  return {
    kind,
    kind_display: kindDisplay(doc),
    number: doc.number ?? '',
    title: doc.title,
    issue_date: doc.issueDate,
    end_date: kind === 'credit_note' ? null : doc.endDate,
    status: live.status,
    status_display: live.status_display,
    seller: portalParty(doc.issuer),
    client: portalParty(doc.client),
    branding: doc.branding
      ? { logo: doc.branding.logoPng ? `data:image/png;base64,${doc.branding.logoPng}` : null, accent_color: doc.branding.accentColor }
      : null,
    lines: doc.lines.map((line, i) => ({
      title: line.title,
      description: line.description,
      quantity: line.quantity,
      unit_display: units ? LINE_UNITS[lineUnitOf(line.unit)].symbol : '',
      unit_price: line.unitPrice,
      tax_rate: line.taxRate,
      total: fromHundredths(totals.lines[i]),
    })),
    subtotal: fromHundredths(totals.subtotal),
    tax: fromHundredths(totals.tax),
    total: fromHundredths(totals.total),
    // The VAT mentions printed under the totals, in the renderer's own words.
    mentions: legalMentions(doc).vatExemptions.map((e) => e.reason),
    amount_due: due === null ? null : fromHundredths(due),
    bank: payload && doc.bank ? { holder: doc.issuer.name, iban: doc.bank.iban, bic: doc.bank.bic } : null,
    // qrcode loaded on the first portal page with a QR, not with the app.
    payment_qr_svg: payload ? await (await import('qrcode')).default.toString(payload, { type: 'svg', errorCorrectionLevel: EPC_QR_ERROR_CORRECTION }) : null,
    answer: shownAnswer,
    can_answer: refusal === null,
    answer_refusal: kind === 'quote' ? refusal : null,
    has_certificate: answer?.answer === 'accepted',
    expires_at: args.expiresAt,
  };
}
