/**
 * Payment terms of quotes and invoices (issue 25): at reception, N days net, or N days end of
 * month. One place for what they mean: the due date they give an invoice (the header's
 * "Échéance", Factur-X BT-9), their French wording (the PDF's "Conditions de paiement", BT-20),
 * and their limits. Used by the server and the form alike.
 */
import { addDays } from './dates';
import type { ClientType } from './contacts';

export const PAYMENT_TERMS = ['reception', 'net', 'end_of_month'] as const;
export type PaymentTermsKind = (typeof PAYMENT_TERMS)[number];

export interface PaymentTerms {
  kind: PaymentTermsKind;
  /** 0 for `reception`. */
  days: number;
}

/** Options of the form's select. */
export const PAYMENT_TERMS_LABELS: Record<PaymentTermsKind, string> = {
  reception: 'À réception de la facture',
  net: 'À N jours',
  end_of_month: 'À N jours fin de mois',
};

/** New documents: 30 days, the legal default when nothing is agreed (C. com. L441-10 I). */
export const DEFAULT_PAYMENT_DAYS = 30;
export const DEFAULT_PAYMENT_TERMS: PaymentTerms = { kind: 'net', days: DEFAULT_PAYMENT_DAYS };

/** A bound on any term (a private client may be given more than a business, never a year). */
export const MAX_PAYMENT_DAYS = 365;
/** C. com. L441-10 I, between businesses: 60 days after the invoice date, or 45 days end of month. */
export const MAX_B2B_NET_DAYS = 60;
export const MAX_B2B_END_OF_MONTH_DAYS = 45;

/** The days a kind takes when none are given. */
export const defaultDays = (kind: PaymentTermsKind) => (kind === 'reception' ? 0 : DEFAULT_PAYMENT_DAYS);

const lastDayOfMonth = (isoDate: string) => {
  const [y, m] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/**
 * The due date of an invoice dated `issueDate`. "N jours fin de mois" counts N days from the
 * invoice date, then runs to the end of that month (one of the two readings the DGCCRF accepts
 * for L441-10 I; the one that never exceeds 45 days + the rest of a month).
 */
export function paymentDueDate(issueDate: string, terms: PaymentTerms): string {
  if (terms.kind === 'reception') return issueDate;
  const due = addDays(issueDate, terms.days);
  return terms.kind === 'end_of_month' ? lastDayOfMonth(due) : due;
}

/** 'paiement à réception', 'paiement à 30 jours', 'paiement à 45 jours fin de mois'. */
export function paymentTermsText(terms: PaymentTerms): string {
  if (terms.kind === 'reception') return 'paiement à réception';
  const days = `${terms.days} jour${terms.days > 1 ? 's' : ''}`;
  return `paiement à ${days}${terms.kind === 'end_of_month' ? ' fin de mois' : ''}`;
}

export const PAYMENT_TERMS_MESSAGES = {
  kind: 'Choisissez des conditions de paiement : à réception, à N jours ou à N jours fin de mois.',
  receptionDays: 'Un paiement à réception n’a pas de délai : indiquez 0 jour.',
  days: `Indiquez un délai entier de 1 à ${MAX_PAYMENT_DAYS} jours, ou choisissez le paiement à réception.`,
  daysWithoutKind: 'Choisissez les conditions de paiement de ce délai.',
  b2bNet:
    `Entre professionnels, le délai de paiement ne peut pas dépasser ${MAX_B2B_NET_DAYS} jours après la date d’émission ` +
    'de la facture (art. L441-10 du Code de commerce).',
  b2bEndOfMonth:
    `Entre professionnels, un délai « fin de mois » ne peut pas dépasser ${MAX_B2B_END_OF_MONTH_DAYS} jours fin de mois ` +
    'à compter de la date d’émission de la facture (art. L441-10 du Code de commerce).',
} as const;

/** Why these terms can't be given (whatever the client), or null. */
export function paymentTermsShapeProblem(terms: PaymentTerms): string | null {
  if (terms.kind === 'reception') return terms.days === 0 ? null : PAYMENT_TERMS_MESSAGES.receptionDays;
  if (!Number.isInteger(terms.days) || terms.days < 1 || terms.days > MAX_PAYMENT_DAYS) return PAYMENT_TERMS_MESSAGES.days;
  return null;
}

/** Why these terms can't be given to this client, or null: L441-10 I binds businesses only. */
export function paymentTermsProblem(terms: PaymentTerms, clientType: ClientType): string | null {
  const shape = paymentTermsShapeProblem(terms);
  if (shape || clientType !== 'professionnel') return shape;
  if (terms.kind === 'net' && terms.days > MAX_B2B_NET_DAYS) return PAYMENT_TERMS_MESSAGES.b2bNet;
  if (terms.kind === 'end_of_month' && terms.days > MAX_B2B_END_OF_MONTH_DAYS) return PAYMENT_TERMS_MESSAGES.b2bEndOfMonth;
  return null;
}

/** Terms read from stored or sent values (anything unknown: the default). */
export function paymentTermsOf(kind: unknown, days: unknown): PaymentTerms {
  const known = (PAYMENT_TERMS as readonly unknown[]).includes(kind) ? (kind as PaymentTermsKind) : null;
  if (!known) return DEFAULT_PAYMENT_TERMS;
  const n = Number(days);
  return { kind: known, days: known === 'reception' ? 0 : Number.isFinite(n) ? n : DEFAULT_PAYMENT_DAYS };
}
