import { paymentTermsText, type PaymentTerms } from '@/shared/payment-terms';
import { OPERATION_CATEGORY_LABELS, VAT_FRANCHISE, VAT_ON_DEBITS_MENTION } from '@/shared/vat';
import type { RenderableDocument } from './document-model';
import { daysBetween, formatDate } from './format';
import { vatExemptionsOf, type VatExemptionText } from './vat-treatment';

/**
 * French statutory mentions (Code de commerce L441-9, L441-10 and D441-5; CGI art. 242 nonies A
 * and 293 B), generated from the document's data and always printed: the user's legal notice is
 * printed after them as written, and carried as one more Factur-X note, but never removes or
 * replaces one (issue 25: a notice saying "Aucune pénalité de retard" must not take the penalty
 * rate off the invoice, nor stand for it in the XML).
 *
 * Which mention prints when (README, "Mentions légales"):
 * - payment terms (BT-20): every invoice, with its due date; a quote states the terms it offers;
 * - late-penalty rate, 40 € recovery indemnity, "Escompte : néant": invoices to a `professionnel`
 *   only — L441-9 and L441-10 concern payments between businesses;
 * - "TVA non applicable, art. 293 B du CGI": any document of a seller in the franchise (under the totals);
 * - the exemption reason of 0 % lines (art. 283-2, 262 ter I, 262 I, 259-1°, 261 CGI): a VAT-registered
 *   seller, one per reason its 0 % lines give (under the totals);
 * - "Option pour le paiement de la taxe d'après les débits": invoices and credit notes of a seller
 *   who opted for it (art. 242 nonies A, 13°);
 * - the category of operation (2026 reform, art. 242 nonies A as amended): invoices and credit notes.
 */

export const VAT_FRANCHISE_MENTION = VAT_FRANCHISE.mention;
/**
 * L441-10 II: the contract may not set a rate below three times the legal interest rate, due from
 * the day after the payment date on the invoice. This is that floor, in those terms.
 */
export const LATE_PENALTY_MENTION =
  'Taux des pénalités de retard : trois fois le taux d’intérêt légal, exigibles dès le lendemain de la date d’échéance';
/** L441-10 II and D441-5. */
export const RECOVERY_INDEMNITY_MENTION = 'Indemnité forfaitaire pour frais de recouvrement : 40 €';
/** L441-9 I: the discount for early payment, here none. */
export const DISCOUNT_MENTION = 'Escompte : néant';
export { VAT_ON_DEBITS_MENTION };

/** UNTDID 4451 subject codes of the notes French e-invoices carry (AAI: general information). */
export type NoteSubject = 'PMD' | 'PMT' | 'AAB' | 'AAI';

export interface LegalMentions {
  /** The statutory lines of the "Conditions et mentions légales" block, in order; the user's notice follows them. */
  lines: string[];
  /**
   * Factur-X notes: AAI = category of operation and VAT on debits, PMD = late penalties, PMT =
   * recovery indemnity, AAB = discount, each in our statutory wording; then the user's notice (AAI).
   */
  notes: { subject: NoteSubject; content: string }[];
  /** BT-20, invoices only. */
  paymentTerms: string | null;
  /** One per reason of the 0 % lines (the franchise's, in the franchise): printed under the totals. */
  vatExemptions: VatExemptionText[];
}

/** The document's terms; a snapshot made before issue 25 has none: read from its dates, as it printed them. */
function termsOf(doc: RenderableDocument): PaymentTerms {
  if (doc.paymentTerms) return doc.paymentTerms;
  const days = daysBetween(doc.issueDate, doc.endDate ?? doc.issueDate);
  return days > 0 ? { kind: 'net', days } : { kind: 'reception', days: 0 };
}

/**
 * 'Conditions de paiement : paiement à 30 jours fin de mois, au plus tard le 31/12/2026': an
 * invoice's terms and the due date they give (the header's, BT-9). A quote is not dated as its
 * invoice will be: its terms alone.
 */
export function paymentTermsMention(doc: RenderableDocument): string {
  const terms = `Conditions de paiement : ${paymentTermsText(termsOf(doc))}`;
  return doc.kind === 'invoice' ? `${terms}, au plus tard le ${formatDate(doc.endDate ?? doc.issueDate)}` : terms;
}

/** "Catégorie de l’opération : Prestation de services". */
export const operationMention = (doc: RenderableDocument) =>
  `Catégorie de l’opération : ${OPERATION_CATEGORY_LABELS[doc.operationCategory]}`;

export function legalMentions(doc: RenderableDocument): LegalMentions {
  const vatExemptions = vatExemptionsOf(doc);
  if (doc.kind === 'quote') return { lines: [paymentTermsMention(doc)], notes: [], paymentTerms: null, vatExemptions };

  const lines: string[] = [];
  const notes: LegalMentions['notes'] = [];
  const mention = (subject: NoteSubject, content: string) => {
    lines.push(content);
    notes.push({ subject, content });
  };
  const paymentTerms = doc.kind === 'invoice' ? paymentTermsMention(doc) : null;
  if (paymentTerms) lines.push(paymentTerms); // BT-20 carries it in the XML
  // Invoices and credit notes: the category of operation, the option for VAT on debits.
  mention('AAI', operationMention(doc));
  if (doc.vatOnDebits && doc.vatRegime === 'assujetti') mention('AAI', VAT_ON_DEBITS_MENTION);
  // L441-9 / L441-10 / D441-5: penalties, the 40 € indemnity and the discount are owed between businesses.
  if (doc.kind === 'invoice' && doc.clientType === 'professionnel') {
    mention('PMD', LATE_PENALTY_MENTION);
    mention('PMT', RECOVERY_INDEMNITY_MENTION);
    mention('AAB', DISCOUNT_MENTION);
  }
  // The user's own notice: added, as written.
  const notice = doc.legalNotice.trim();
  if (notice) notes.push({ subject: 'AAI', content: notice });
  return { lines, notes, paymentTerms, vatExemptions };
}
