import { normalizeSearch } from '@/shared/search';
import { OPERATION_CATEGORY_LABELS, VAT_FRANCHISE, VAT_ON_DEBITS_MENTION } from '@/shared/vat';
import type { RenderableDocument } from './document-model';
import { daysBetween, formatDate } from './format';
import { vatExemptionOf, type VatExemptionText } from './vat-treatment';

/**
 * French mandatory mentions (Code de commerce L441-9 and L441-10, CGI art. 242 nonies A and
 * 293 B). A mention the legal notice already states (in its own words) is not repeated on the
 * PDF; the Factur-X notes then carry the user's line rather than our default wording.
 *
 * Which mention prints when (README, "Mentions légales"):
 * - late-penalty rate, 40 € recovery indemnity, "Escompte : néant": invoices to a `professionnel`
 *   only — L441-9 and D441-5 concern payments between businesses;
 * - payment terms: every invoice;
 * - "TVA non applicable, art. 293 B du CGI": any document of a seller in the franchise;
 * - the exemption reason of 0 % lines (art. 283-2, 262 ter I, 262 I, 261 CGI): a VAT-registered seller;
 * - "Option pour le paiement de la taxe d'après les débits": invoices and credit notes of a seller
 *   who opted for it (art. 242 nonies A, 13°);
 * - the category of operation (2026 reform, art. 242 nonies A as amended): invoices and credit notes.
 */

export const VAT_FRANCHISE_MENTION = VAT_FRANCHISE.mention;
export const LATE_PENALTY_MENTION =
  'Taux des pénalités de retard : trois fois le taux d’intérêt légal, exigibles dès le lendemain de la date d’échéance';
export const RECOVERY_INDEMNITY_MENTION = 'Indemnité forfaitaire pour frais de recouvrement : 40 €';
export const DISCOUNT_MENTION = 'Escompte : néant';
export { VAT_ON_DEBITS_MENTION };

/** UNTDID 4451 subject codes of the notes French e-invoices carry (AAI: general information). */
export type NoteSubject = 'PMD' | 'PMT' | 'AAB' | 'AAI';

export interface LegalMentions {
  /** Lines to print because the legal notice does not state them. */
  missing: string[];
  /** Factur-X notes: PMD = late penalties, PMT = recovery indemnity, AAB = discount, AAI = other mentions. */
  notes: { subject: NoteSubject; content: string }[];
  /** BT-20, invoices only. */
  paymentTerms: string | null;
  /** Set when a line is at 0 %: printed under the totals. */
  vatExemption: VatExemptionText | null;
}

interface Rule {
  /** Tested on the notice's lines, lower case without accents. */
  stated: RegExp;
  fallback: string;
}

const PENALTIES: Rule = { stated: /penalite/, fallback: LATE_PENALTY_MENTION };
const INDEMNITY: Rule = { stated: /indemnite forfaitaire|frais de recouvrement/, fallback: RECOVERY_INDEMNITY_MENTION };
const DISCOUNT: Rule = { stated: /escompte/, fallback: DISCOUNT_MENTION };
const TERMS: Rule = { stated: /conditions? de (paiement|reglement)|paiement (a|sous) \d+ jours|a reception/, fallback: '' };
const DEBITS: Rule = { stated: /d.apres les debits/, fallback: VAT_ON_DEBITS_MENTION };

function paymentTerms(doc: RenderableDocument): string {
  const due = doc.endDate ?? doc.issueDate;
  const days = daysBetween(doc.issueDate, due);
  const when = days > 0 ? `paiement à ${days} jours` : 'paiement à réception';
  return `Conditions de paiement : ${when}, au plus tard le ${formatDate(due)}`;
}

/** "Catégorie de l’opération : Prestation de services". */
export const operationMention = (doc: RenderableDocument) =>
  `Catégorie de l’opération : ${OPERATION_CATEGORY_LABELS[doc.operationCategory]}`;

export function legalMentions(doc: RenderableDocument): LegalMentions {
  const lines = doc.legalNotice.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const normalized = lines.map(normalizeSearch);
  const statedLine = (pattern: RegExp) => {
    const index = normalized.findIndex((l) => pattern.test(l));
    return index < 0 ? null : lines[index];
  };

  const missing: string[] = [];
  const notes: LegalMentions['notes'] = [];
  const vatExemption = vatExemptionOf(doc);
  // The exemption prints under the totals; it is "missing" only when the notice does not say it.
  const franchiseStated = vatExemption?.code === VAT_FRANCHISE.vatex && statedLine(/293 ?b/) !== null;
  if (vatExemption && !franchiseStated && !lines.includes(vatExemption.reason)) missing.push(vatExemption.reason);

  if (doc.kind === 'quote') return { missing, notes, paymentTerms: null, vatExemption };

  // Invoices and credit notes: the category of operation, the option for VAT on debits.
  const category = operationMention(doc);
  missing.push(category);
  notes.push({ subject: 'AAI', content: category });
  if (doc.vatOnDebits && doc.vatRegime === 'assujetti') {
    const stated = statedLine(DEBITS.stated);
    if (!stated) missing.push(DEBITS.fallback);
    notes.push({ subject: 'AAI', content: stated ?? DEBITS.fallback });
  }

  // Payment terms and late-payment mentions concern invoices only (not credit notes).
  if (doc.kind !== 'invoice') return { missing, notes, paymentTerms: null, vatExemption };

  const terms = paymentTerms(doc);
  if (!statedLine(TERMS.stated)) missing.unshift(terms);
  // L441-9 / L441-10 / D441-5: penalties, the 40 € indemnity and the discount are owed between businesses.
  if (doc.clientType === 'professionnel') {
    for (const [subject, rule] of [['PMD', PENALTIES], ['PMT', INDEMNITY], ['AAB', DISCOUNT]] as const) {
      const stated = statedLine(rule.stated);
      if (!stated) missing.push(rule.fallback);
      notes.push({ subject, content: stated ?? rule.fallback });
    }
  }
  return { missing, notes, paymentTerms: terms, vatExemption };
}
