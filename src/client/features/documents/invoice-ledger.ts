/**
 * Money after issue (issue 13, DESIGN.md 7) as pure functions: the payment form and the credit
 * note (avoir) form of an issued invoice — defaults, checks, request bodies — and the reading of
 * the server's refusals. The panel and the dialog only wire these to inputs.
 */
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, computeTotals, type PaymentMethod } from '@/shared/documents';
import type { SelectOption } from '@/client/ui/form-fields';
import { isLineValid, parseDecimal, type FormLine } from './document-form';
import type { CreditNoteInput, DocumentLine, DocumentRecord, PaymentInput } from './document.types';

export const PAYMENT_METHOD_OPTIONS: SelectOption[] = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

export const LEDGER_MESSAGES = {
  issuedNote:
    'Facture émise : son contenu est figé (art. 242 nonies A du CGI). Pour la corriger ou l’annuler, émettez un avoir.',
  paymentRecorded: 'Paiement enregistré.',
  paymentDeleted: 'Paiement supprimé.',
  paymentError: 'Erreur lors de l’enregistrement du paiement.',
  paymentDeleteError: 'Erreur lors de la suppression du paiement.',
  amountInvalid: 'Saisissez un montant supérieur à 0.',
  dateRequired: 'La date du paiement est requise.',
  settled: 'Cette facture est soldée : plus rien n’est dû.',
  noLineSelected: 'Choisissez au moins une ligne à créditer.',
  linesInvalid: 'Veuillez remplir correctement les lignes choisies (quantité > 0, prix >= 0).',
} as const;

// ---- Payments

export interface PaymentForm {
  date: string;
  /** As typed ('120,50' or '120.5'). */
  amount: string;
  /** The select offers PAYMENT_METHODS only. */
  method: PaymentMethod;
  reference: string;
}

export type PaymentField = keyof PaymentForm;
export type PaymentErrors = Partial<Record<PaymentField, string>>;

/** Today, the whole balance due, by bank transfer. */
export function newPaymentForm(today: string, balanceDue: number): PaymentForm {
  return { date: today, amount: balanceDue > 0 ? String(balanceDue) : '', method: PAYMENT_METHODS[0], reference: '' };
}

/** Checks before sending; the server checks the rest (e.g. not more than the balance due). */
export function validatePayment(form: PaymentForm): PaymentErrors | null {
  const errors: PaymentErrors = {};
  const amount = parseDecimal(form.amount);
  if (!Number.isFinite(amount) || amount <= 0) errors.amount = LEDGER_MESSAGES.amountInvalid;
  if (!form.date) errors.date = LEDGER_MESSAGES.dateRequired;
  return Object.keys(errors).length ? errors : null;
}

export function paymentPayload(form: PaymentForm): PaymentInput {
  return { date: form.date, amount: parseDecimal(form.amount), method: form.method, reference: form.reference.trim() };
}

export const PAYMENT_FIELDS: readonly PaymentField[] = ['date', 'amount', 'method', 'reference'];

// ---- Credit notes

/** 'total': the whole balance due (body `{}`); 'partial': the chosen lines. */
export type CreditNoteMode = 'total' | 'partial';

/**
 * An invoice line offered for the credit note: chosen or not, quantity and price editable, at the
 * line's own VAT rate (the credit note's VAT mirrors the invoice's).
 */
export interface CreditLine extends Pick<FormLine, 'key' | 'title' | 'description' | 'quantity' | 'unit_price' | 'tax_rate'> {
  selected: boolean;
  /** The invoice line's unit (BT-130), credited in the same unit; absent: C62. */
  unit?: FormLine['unit'];
  /** The invoice line's discount (issue 25), credited with it: percent, or euros. */
  discount_percent?: number;
  discount_amount?: number;
  /** The invoice line's own exemption reason at 0 % (issue 25), credited with it; '' or absent: the invoice's. */
  vat_exemption?: FormLine['vat_exemption'];
}

/** The invoice's lines, none chosen yet, with their own quantity and unit price. */
export function creditLinesFrom(lines: DocumentLine[]): CreditLine[] {
  return lines.map((line, index) => ({
    key: `credit-${line.id ?? index}`,
    selected: false,
    title: line.title,
    description: line.description,
    quantity: String(line.quantity),
    unit_price: String(line.unit_price),
    tax_rate: String(line.tax_rate),
    unit: line.unit,
    discount_percent: line.discount_percent,
    discount_amount: line.discount_amount,
    vat_exemption: line.vat_exemption,
  }));
}

/** Amounts of the credit note, in cents: the chosen lines, each at its rate (the invoice's rate by default). */
export function creditLinesTotals(lines: CreditLine[], taxRate: number) {
  return computeTotals(lines.filter((line) => line.selected), taxRate);
}

/** Null when the credit note can be asked for; otherwise what to fix. */
export function validateCreditNote(mode: CreditNoteMode, lines: CreditLine[]): string | null {
  if (mode === 'total') return null;
  const chosen = lines.filter((line) => line.selected);
  if (chosen.length === 0) return LEDGER_MESSAGES.noLineSelected;
  if (!chosen.every(isLineValid)) return LEDGER_MESSAGES.linesInvalid;
  return null;
}

/**
 * The request body: `{}` for the whole balance (with the reason when one is given), else the
 * reason and the chosen lines (amounts HT, as typed).
 */
export function creditNotePayload(mode: CreditNoteMode, reason: string, lines: CreditLine[]): CreditNoteInput {
  const motive = reason.trim();
  if (mode === 'total') return motive ? { reason: motive } : {};
  return {
    reason: motive,
    line_items: lines
      .filter((line) => line.selected)
      .map((line) => {
        const taxRate = parseDecimal(line.tax_rate);
        return {
          title: line.title,
          description: line.description,
          quantity: parseDecimal(line.quantity),
          unit_price: parseDecimal(line.unit_price),
          tax_rate: taxRate,
          unit: line.unit ?? null,
          discount_percent: line.discount_percent ?? 0,
          discount_amount: line.discount_amount ?? 0,
          // The credited line's own reason, for a line at 0 % only (as the invoice's form sends it).
          vat_exemption: taxRate === 0 ? (line.vat_exemption ?? '') : '',
        };
      }),
  };
}

/** What remains to be credited on the invoice (TTC): its total less the credit notes already issued. */
export const creditableAmount = (invoice: Pick<DocumentRecord, 'total_amount' | 'credited_amount'> & { prepaid_amount?: number }) =>
  // A final invoice bills its total less its quote's deposits (issue 15).
  Math.max(0, Math.round((invoice.total_amount - invoice.credited_amount - (invoice.prepaid_amount ?? 0)) * 100) / 100);

/** A credit note's amount where it sits among invoice figures: always shown as a deduction. */
export const asDeduction = (amount: number) => -Math.abs(amount);
