import { normalizeSearch } from '../../shared/search';
import { taxRateHundredths, type RenderableDocument } from './document-model';
import { daysBetween, formatDate } from './format';

/**
 * French mandatory mentions (Code de commerce L441-9 and L441-10, CGI art. 242 nonies A and
 * 293 B). A mention the legal notice already states (in its own words) is not repeated on the
 * PDF; the Factur-X notes then carry the user's line rather than our default wording.
 */

export const VAT_FRANCHISE_MENTION = 'TVA non applicable, art. 293 B du CGI';
export const LATE_PENALTY_MENTION =
  'Taux des pénalités de retard : trois fois le taux d’intérêt légal, exigibles dès le lendemain de la date d’échéance';
export const RECOVERY_INDEMNITY_MENTION = 'Indemnité forfaitaire pour frais de recouvrement : 40 €';
export const DISCOUNT_MENTION = 'Escompte : néant';
const DEFAULT_EXEMPTION = 'Exonération de TVA';

/** UNTDID 4451 subject codes of the notes French e-invoices carry. */
export type NoteSubject = 'PMD' | 'PMT' | 'AAB';

export interface VatExemption {
  /** BT-120, also printed on the PDF. */
  reason: string;
  /** BT-121 when known (VATEX-FR-FRANCHISE for art. 293 B). */
  code: string | null;
}

export interface LegalMentions {
  /** Lines to print because the legal notice does not state them. */
  missing: string[];
  /** Factur-X notes: PMD = late penalties, PMT = recovery indemnity, AAB = discount. Invoices only. */
  notes: { subject: NoteSubject; content: string }[];
  /** BT-20, invoices only. */
  paymentTerms: string | null;
  /** Set when the VAT rate is 0 %. */
  vatExemption: VatExemption | null;
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
const FRANCHISE = /293 ?b/;
const OTHER_EXEMPTION = /exonerat|autoliquidation|tva non applicable|article 2[0-9]{2}|art\. ?2[0-9]{2}/;

function paymentTerms(doc: RenderableDocument): string {
  const due = doc.endDate ?? doc.issueDate;
  const days = daysBetween(doc.issueDate, due);
  const when = days > 0 ? `paiement à ${days} jours` : 'paiement à réception';
  return `Conditions de paiement : ${when}, au plus tard le ${formatDate(due)}`;
}

export function legalMentions(doc: RenderableDocument): LegalMentions {
  const lines = doc.legalNotice.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const normalized = lines.map(normalizeSearch);
  const statedLine = (pattern: RegExp) => {
    const index = normalized.findIndex((l) => pattern.test(l));
    return index < 0 ? null : lines[index];
  };

  const missing: string[] = [];
  let vatExemption: VatExemption | null = null;
  if (taxRateHundredths(doc) === 0) {
    const franchise = !doc.issuer.vatNumber || statedLine(FRANCHISE) !== null;
    if (franchise) {
      vatExemption = { reason: VAT_FRANCHISE_MENTION, code: 'VATEX-FR-FRANCHISE' };
      if (!statedLine(FRANCHISE)) missing.push(VAT_FRANCHISE_MENTION);
    } else {
      // A VAT-registered seller at 0 %: the reason is the user's (exports, reverse charge…).
      vatExemption = { reason: statedLine(OTHER_EXEMPTION) ?? DEFAULT_EXEMPTION, code: null };
    }
  }

  // Payment terms and late-payment mentions concern invoices only (not quotes nor credit notes).
  if (doc.kind !== 'invoice') return { missing, notes: [], paymentTerms: null, vatExemption };

  const terms = paymentTerms(doc);
  if (!statedLine(TERMS.stated)) missing.unshift(terms);
  const notes: LegalMentions['notes'] = [];
  for (const [subject, rule] of [['PMD', PENALTIES], ['PMT', INDEMNITY], ['AAB', DISCOUNT]] as const) {
    const stated = statedLine(rule.stated);
    if (!stated) missing.push(rule.fallback);
    notes.push({ subject, content: stated ?? rule.fallback });
  }
  return { missing, notes, paymentTerms: terms, vatExemption };
}
