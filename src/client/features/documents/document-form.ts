/**
 * The quote/invoice form as pure functions: its state, how it is made from defaults, from a
 * record or from a record to duplicate, how lines follow their task, validation (SPEC
 * section 5) and the write payload. The detail page only wires these to inputs.
 */
import { addDays } from '@/shared/dates';
import { DEFAULT_DISCOUNT_REASON, DEFAULT_TAX_RATE, DEFAULT_VALIDITY_DAYS, computeTotals } from '@/shared/documents';
import {
  DEFAULT_PAYMENT_TERMS, defaultDays, paymentDueDate, paymentTermsShapeProblem, type PaymentTerms, type PaymentTermsKind,
} from '@/shared/payment-terms';
import { hasMoreThanFourDecimals, hasMoreThanTwoDecimals } from '@/shared/money';
import { DEFAULT_LINE_UNIT, TIME_LINE_UNIT, type LineUnit } from '@/shared/units';
import { exemptionRequired, type OperationCategory, type VatExemptionKey, type VatRegime } from '@/shared/vat';
import type { Priority } from '@/shared/projects-tasks';
import { fieldErrorMessages, messagesOf } from '@/client/kit/field-errors';
import { LINES_INVALID, type DocumentKindConfig } from './document-kinds';
import type { DocumentLineInput, DocumentRecord, DocumentWritePayload, TaskOption } from './document.types';
import { amountLabels } from '@/shared/amount-labels';

/** How a discount is typed (issue 25): a percentage or an amount in euros. */
export type DiscountType = 'percent' | 'amount';

/** A discount as a form holds it, on a line or on the whole document: its kind and the value typed ('' for none). */
export interface FormDiscount {
  discount_type: DiscountType;
  discount: string;
}

export const NO_FORM_DISCOUNT: FormDiscount = { discount_type: 'percent', discount: '' };

/** A stored discount (percent or euros, 0 for none) as the form types it. */
export const formDiscountOf = (d: { discount_percent: number; discount_amount: number }): FormDiscount =>
  d.discount_amount > 0
    ? { discount_type: 'amount', discount: String(d.discount_amount) }
    : { discount_type: 'percent', discount: d.discount_percent > 0 ? String(d.discount_percent) : '' };

/** The discount's two API fields (percent, euros): the one typed, 0 for the other; NaN when what is typed is not a number. */
export function discountAmounts(d: FormDiscount): { discount_percent: number; discount_amount: number } {
  const value = d.discount.trim() === '' ? 0 : parseDecimal(d.discount);
  return d.discount_type === 'percent' ? { discount_percent: value, discount_amount: 0 } : { discount_percent: 0, discount_amount: value };
}

/** How the totals name a document's discount: its reason ('Remise' by default) and its percentage ('Fidélité 5 %'). */
export function discountLabel(reason: string, percent: number): string {
  const share = Number.isFinite(percent) && percent > 0 ? ` ${String(percent).replace('.', ',')} %` : '';
  return `${reason.trim() || DEFAULT_DISCOUNT_REASON}${share}`;
}

/** A discount typed is a number ≥ 0 of two decimals at most, a percentage at most 100. */
export function isDiscountValid(d: FormDiscount): boolean {
  const { discount_percent, discount_amount } = discountAmounts(d);
  const value = d.discount_type === 'percent' ? discount_percent : discount_amount;
  return Number.isFinite(value) && value >= 0 && !hasMoreThanTwoDecimals(d.discount) && (d.discount_type === 'amount' || value <= 100);
}

export interface FormLine extends FormDiscount {
  /** Client-side key for React lists; never sent. */
  key: string;
  /** Null for a line the server has not stored yet. */
  id: number | null;
  title: string;
  description: string;
  /** Inputs keep the text typed; parsed when totals are computed or the form is sent. */
  quantity: string;
  unit_price: string;
  /** Percent, as the rate select holds it ('5.5'). */
  tax_rate: string;
  /** UN/ECE Rec. 20 code of the quantity (BT-130): C62 "unité" by default, HUR for tracked time. */
  unit: LineUnit;
  /** Issue 25: why this line, at 0 %, carries no VAT when it is not the document's reason ('' : the document's). */
  vat_exemption: VatExemptionKey | '';
  task_id: number | null;
  /** Title of the linked task as the document knows it (label when the task list lacks it). */
  taskTitle: string | null;
}

export interface DocumentForm extends FormDiscount {
  title: string;
  description: string;
  client_id: number | null;
  status: string;
  /** One of PRIORITIES (the form's select offers only these). */
  priority: string;
  issue_date: string;
  /** Expiration date (quote) or due date (invoice: it follows the payment terms, formEndDate). */
  end_date: string;
  /** Payment terms (issue 25): à réception, N days, N days end of month. */
  payment_terms: PaymentTermsKind;
  /** Their days, as typed ('0' for à réception). */
  payment_days: string;
  /**
   * Invoices only; empty is sent as null. Not an input any more (issue 13: the server derives it
   * from the payments): kept as loaded so that it is sent back unchanged.
   */
  payment_date: string;
  /** Invoices only: never printed, editable even once the invoice is issued. */
  internal_notes: string;
  /** Percent: the rate new lines get. */
  tax_rate: string;
  operation_category: OperationCategory;
  /** Date of the service or delivery, or the start of the period; '' when not given. */
  service_date: string;
  /** Whether the service spans a period (then `service_end_date` is its end). */
  service_period: boolean;
  service_end_date: string;
  /** Why the 0 % lines carry no VAT (VAT-registered seller), those without a reason of their own. */
  vat_exemption: VatExemptionKey | '';
  legal_notice: string;
  signature_notice: string;
  /** The document's discount reason (BT-97); the server says 'Remise' when none is given. */
  discount_reason: string;
  line_items: FormLine[];
}

let lastKey = 0;
const newKey = () => `line-${++lastKey}`;

/** A new line, at the document's rate. */
export function emptyLine(taxRate = String(DEFAULT_TAX_RATE)): FormLine {
  return {
    key: newKey(), id: null, title: '', description: '', quantity: '1', unit_price: '0', tax_rate: taxRate, unit: DEFAULT_LINE_UNIT,
    vat_exemption: '', ...NO_FORM_DISCOUNT, task_id: null, taskTitle: null,
  };
}

/** The seller's profile as the form reads it: default notices and VAT regime. */
export interface FormProfile {
  legal_notice?: string;
  signature_notice?: string;
  vat_regime?: VatRegime;
}

/**
 * Create mode: today, +30 days, 20 % (0 % in the franchise), a service, the profile's default
 * notices, one empty line.
 */
export function newDocumentForm(today: string, profile?: FormProfile | null): DocumentForm {
  const taxRate = profile?.vat_regime === 'franchise' ? '0' : String(DEFAULT_TAX_RATE);
  return {
    title: '',
    description: '',
    client_id: null,
    status: 'draft',
    priority: 'normale',
    issue_date: today,
    end_date: addDays(today, DEFAULT_VALIDITY_DAYS),
    payment_terms: DEFAULT_PAYMENT_TERMS.kind,
    payment_days: String(DEFAULT_PAYMENT_TERMS.days),
    payment_date: '',
    internal_notes: '',
    tax_rate: taxRate,
    operation_category: 'services',
    service_date: '',
    service_period: false,
    service_end_date: '',
    vat_exemption: '',
    legal_notice: profile?.legal_notice ?? '',
    signature_notice: profile?.signature_notice ?? '',
    ...NO_FORM_DISCOUNT,
    discount_reason: '',
    line_items: [emptyLine(taxRate)],
  };
}

/** Edit mode: the record as it is. Line keys are reused by position (no remount after a save). */
export function formFromRecord(record: DocumentRecord, previous?: DocumentForm): DocumentForm {
  return {
    title: record.title,
    description: record.description,
    client_id: record.client?.id ?? null,
    // An issued invoice's status (paid, partially paid…) is derived: held as it is, sent back unchanged.
    status: record.status,
    priority: record.priority || 'normale',
    issue_date: record.issue_date ?? '',
    end_date: record.end_date ?? '',
    payment_terms: record.payment_terms ?? DEFAULT_PAYMENT_TERMS.kind,
    payment_days: String(record.payment_terms ? record.payment_days : DEFAULT_PAYMENT_TERMS.days),
    payment_date: record.payment_date ?? '',
    internal_notes: record.internal_notes,
    tax_rate: String(record.tax_rate),
    operation_category: record.operation_category,
    service_date: record.service_date ?? '',
    service_period: Boolean(record.service_end_date),
    service_end_date: record.service_end_date ?? '',
    vat_exemption: record.vat_exemption,
    legal_notice: record.legal_notice,
    signature_notice: record.signature_notice,
    ...formDiscountOf(record),
    discount_reason: record.discount_reason,
    line_items: record.line_items.map((line, index) => ({
      key: previous?.line_items[index]?.key ?? newKey(),
      id: line.id,
      title: line.title,
      description: line.description,
      quantity: String(line.quantity),
      unit_price: String(line.unit_price),
      tax_rate: String(line.tax_rate),
      unit: line.unit,
      // Absent from answers of before issue 25 (a cached page): the document's.
      vat_exemption: line.vat_exemption || '',
      ...formDiscountOf(line),
      task_id: line.task_id,
      taskTitle: line.task?.title ?? null,
    })),
  };
}

/**
 * Duplicate mode (SPEC section 4): the record without id or number, title 'Copie de {title}',
 * issued today, valid (or due) 30 days later, unpaid, status draft, lines without ids, no
 * internal notes (they belong to the original).
 */
export function duplicateForm(record: DocumentRecord, today: string): DocumentForm {
  const form = formFromRecord(record);
  return {
    ...form,
    title: `Copie de ${record.title}`,
    status: 'draft',
    issue_date: today,
    end_date: addDays(today, DEFAULT_VALIDITY_DAYS),
    payment_date: '',
    internal_notes: '',
    line_items: form.line_items.map((line) => ({ ...line, id: null })),
  };
}

// ---- Payment terms (issue 25)

/** The form's terms; null while its days are not a whole number. */
export function formTerms(form: Pick<DocumentForm, 'payment_terms' | 'payment_days'>): PaymentTerms | null {
  if (form.payment_terms === 'reception') return { kind: 'reception', days: 0 };
  const text = form.payment_days.trim();
  const days = Number(text);
  return text !== '' && Number.isInteger(days) ? { kind: form.payment_terms, days } : null;
}

/** Why the form's terms can't be sent (the server adds the limits between businesses, L441-10), or null. */
export const termsProblem = (form: DocumentForm) =>
  paymentTermsShapeProblem(formTerms(form) ?? { kind: form.payment_terms, days: Number.NaN });

/**
 * An invoice is due when its terms say from its issue date (issue 25), as the server computes it
 * (the terms win): the form follows each change of either. A quote's end date is its validity, typed.
 */
export function followTerms(config: Pick<DocumentKindConfig, 'kind'>, form: DocumentForm): DocumentForm {
  const terms = formTerms(form);
  if (config.kind !== 'invoice' || !form.issue_date || !terms || paymentTermsShapeProblem(terms)) return form;
  return { ...form, end_date: paymentDueDate(form.issue_date, terms) };
}

/** Other terms chosen: à réception has no days; leaving it starts from 30. */
export function withPaymentTerms(form: DocumentForm, kind: PaymentTermsKind): DocumentForm {
  const days = kind === 'reception' ? '0' : form.payment_terms === 'reception' ? String(defaultDays(kind)) : form.payment_days;
  return { ...form, payment_terms: kind, payment_days: days };
}

/**
 * Choosing a task bills its time (issue 15): title and description, quantity = its actual hours
 * (else its estimate) at its hourly rate. A task without hours is one unit at its hourly rate,
 * else its cost, else 0. Choosing no task resets the line to empty with quantity 1 and price 0
 * (SPEC section 5). Hours are billed by the hour (unit HUR), a task without hours as one unit (C62).
 */
/**
 * A line filled from a catalogue item (issue 28): its title, description, unit, unit price and
 * VAT rate; one of it. A seller in the franchise keeps the line's rate (no VAT charged).
 */
export function lineFromCatalogue(
  line: FormLine,
  item: { title: string; description: string; unit: LineUnit; unit_price: number; tax_rate: number },
  withVat: boolean,
): FormLine {
  return {
    ...line,
    title: item.title,
    description: item.description,
    quantity: '1',
    unit: item.unit,
    unit_price: String(item.unit_price),
    tax_rate: withVat ? String(item.tax_rate) : line.tax_rate,
  };
}

export function lineWithTask(line: FormLine, task: TaskOption | null): FormLine {
  if (!task) {
    return { ...line, title: '', description: '', quantity: '1', unit_price: '0', unit: DEFAULT_LINE_UNIT, task_id: null, taskTitle: null };
  }
  const hours = task.actual_time > 0 ? task.actual_time : task.estimated_time;
  return {
    ...line,
    task_id: task.id,
    taskTitle: task.title,
    title: task.title,
    description: task.description,
    quantity: hours > 0 ? String(hours) : '1',
    unit: hours > 0 ? TIME_LINE_UNIT : DEFAULT_LINE_UNIT,
    unit_price: String(hours > 0 ? task.hourly_rate : task.hourly_rate || task.cost || 0),
  };
}

// ---- VAT (issue 14)

/**
 * The form as a seller in the franchise (art. 293 B du CGI) saves it: every rate 0 %, no
 * exemption reason, the document's or a line's. Their VAT fields are hidden: this is what the
 * totals show and what is sent.
 */
export function inFranchise(form: DocumentForm): DocumentForm {
  return {
    ...form,
    tax_rate: '0',
    vat_exemption: '',
    line_items: form.line_items.map((line) => ({ ...line, tax_rate: '0', vat_exemption: '' })),
  };
}

/** Totals, per line and per rate, by the shared calculation (cents). */
export const formTotals = (form: DocumentForm) =>
  computeTotals(
    form.line_items.map((line) => ({ ...line, ...discountAmounts(line) })),
    form.tax_rate,
    discountAmounts(form),
  );

/** Whether a line is at 0 % (its rate, else the document's `taxRate`): a VAT-registered seller must then say why. */
export const isUntaxedLine = (line: Pick<FormLine, 'tax_rate'>, taxRate: string) => parseDecimal(line.tax_rate || taxRate) === 0;

/** Whether a line is at 0 %: a VAT-registered seller must then say why (exemption reason). */
export const hasUntaxedLine = (form: DocumentForm) => form.line_items.some((line) => isUntaxedLine(line, form.tax_rate));

/**
 * Whether the document's exemption reason is needed (issue 25): some line at 0 % has no reason of
 * its own, and follows the document's.
 */
export const needsDocumentExemption = (form: DocumentForm) =>
  form.line_items.some((line) => isUntaxedLine(line, form.tax_rate) && !line.vat_exemption);

/**
 * A new rate for new lines: the lines at the previous one follow it (as when the document had one
 * rate); a line given its own rate keeps it.
 */
export function withDocumentRate(form: DocumentForm, taxRate: string): DocumentForm {
  return {
    ...form,
    tax_rate: taxRate,
    line_items: form.line_items.map((line) => (line.tax_rate === form.tax_rate ? { ...line, tax_rate: taxRate } : line)),
  };
}

/** Parses a number typed in an input ('1,5' or '1.5'); NaN when it is not one. */
export function parseDecimal(value: string): number {
  const text = value.trim().replace(',', '.');
  return text === '' ? Number.NaN : Number(text);
}

/** A quantity or unit price the API takes: a number of 4 decimals at most (issue 25). */
const lineNumber = (value: string) => {
  const parsed = parseDecimal(value);
  return Number.isFinite(parsed) && !hasMoreThanFourDecimals(value.trim().replace(',', '.')) ? parsed : Number.NaN;
};

export function isLineValid(line: Pick<FormLine, 'title' | 'quantity' | 'unit_price'> & Partial<FormDiscount>): boolean {
  const quantity = lineNumber(line.quantity);
  const price = lineNumber(line.unit_price);
  return line.title.trim() !== '' && quantity > 0 && price >= 0 && (line.discount_type === undefined || isDiscountValid(line as FormDiscount));
}

export interface FormErrors {
  title?: string;
  client?: string;
  serviceDates?: string;
  vatExemption?: string;
  paymentTerms?: string;
  discount?: string;
  lines?: string;
  /** Keys of the lines to fix. */
  invalidLines: string[];
}

export const TITLE_REQUIRED = 'Le titre est requis.';
export const DISCOUNT_INVALID = 'La remise doit être un nombre positif d’au plus deux décimales (au plus 100 %).';
export const PERIOD_ORDER = 'La fin de la période ne peut pas précéder son début.';
export const PERIOD_START_REQUIRED = 'Indiquez le début de la période de la prestation.';
export const EXEMPTION_MESSAGE = exemptionRequired();

/**
 * Client-side checks before sending (SPEC section 5, and the VAT rules of issue 14 that the form
 * can see); null when the form can be sent. `vatRegime`: the seller's, once the profile is known.
 */
export function validateForm(config: DocumentKindConfig, form: DocumentForm, vatRegime?: VatRegime): FormErrors | null {
  const errors: FormErrors = { invalidLines: [] };
  if (!form.title.trim()) errors.title = TITLE_REQUIRED;
  if (form.client_id === null) errors.client = config.labels.clientRequired;
  if (form.service_period && form.service_end_date) {
    if (!form.service_date) errors.serviceDates = PERIOD_START_REQUIRED;
    else if (form.service_end_date < form.service_date) errors.serviceDates = PERIOD_ORDER;
  }
  if (vatRegime === 'assujetti' && needsDocumentExemption(form) && !form.vat_exemption) errors.vatExemption = EXEMPTION_MESSAGE;
  errors.paymentTerms = termsProblem(form) ?? undefined;
  if (!isDiscountValid(form)) errors.discount = DISCOUNT_INVALID;
  if (form.line_items.length === 0) {
    errors.lines = config.labels.linesRequired;
  } else {
    errors.invalidLines = form.line_items.filter((line) => !isLineValid(line)).map((line) => line.key);
    if (errors.invalidLines.length) errors.lines = LINES_INVALID;
  }
  return errors.title || errors.client || errors.serviceDates || errors.vatExemption || errors.paymentTerms || errors.discount || errors.lines
    ? errors
    : null;
}

/** Messages of a FormErrors, in the order of the form. */
export const formErrorMessages = (errors: FormErrors): string[] =>
  [errors.title, errors.client, errors.serviceDates, errors.vatExemption, errors.paymentTerms, errors.discount, errors.lines].filter(
    (m): m is string => Boolean(m),
  );

const dateOrNull = (value: string) => (value.trim() === '' ? null : value);

/**
 * POST/PUT body: client_id and line_items (without the client-side key), the end date under
 * the kind's name, payment_date (invoices only, empty → null) and internal_notes (invoices only).
 * Amounts are sent as typed: the server validates them and computes every total. An issued
 * invoice sends everything back as loaded: only priority and internal notes can have changed.
 */
export function buildPayload(config: DocumentKindConfig, form: DocumentForm): DocumentWritePayload {
  const parsed = parseDecimal(form.tax_rate);
  const rate = Number.isFinite(parsed) ? parsed : DEFAULT_TAX_RATE;
  const line_items: DocumentLineInput[] = form.line_items.map((line) => {
    const lineRate = parseDecimal(line.tax_rate);
    const sentRate = Number.isFinite(lineRate) ? lineRate : rate;
    return {
      id: line.id,
      title: line.title.trim(),
      description: line.description,
      quantity: parseDecimal(line.quantity),
      unit_price: parseDecimal(line.unit_price),
      tax_rate: sentRate,
      unit: line.unit,
      ...discountAmounts(line),
      // A line's own reason is for a line at 0 % only (the server clears it on the others).
      vat_exemption: sentRate === 0 ? line.vat_exemption : '',
      task_id: line.task_id,
    };
  });
  const payload: DocumentWritePayload = {
    title: form.title.trim(),
    description: form.description,
    client_id: form.client_id,
    status: form.status,
    priority: form.priority as Priority,
    issue_date: dateOrNull(form.issue_date),
    [config.endDateField]: dateOrNull(form.end_date),
    payment_terms: form.payment_terms,
    payment_days: formTerms(form)?.days ?? null,
    tax_rate: rate,
    operation_category: form.operation_category,
    service_date: dateOrNull(form.service_date),
    service_end_date: form.service_period ? dateOrNull(form.service_end_date) : null,
    vat_exemption: form.vat_exemption,
    legal_notice: form.legal_notice,
    signature_notice: form.signature_notice,
    ...discountAmounts(form),
    discount_reason: form.discount_reason,
    line_items,
  };
  if (config.kind === 'invoice') {
    payload.payment_date = dateOrNull(form.payment_date);
    payload.internal_notes = form.internal_notes;
  }
  return payload;
}

const FIELD_LABELS: Record<string, string> = {
  title: 'Titre',
  description: 'Notes / Description',
  client: 'Client',
  client_id: 'Client',
  status: 'Statut',
  priority: 'Priorité',
  issue_date: "Date d'émission",
  expiration_date: "Date d'expiration",
  due_date: "Date d'échéance",
  payment_date: 'Date de paiement',
  payment_terms: 'Conditions de paiement',
  payment_days: 'Délai de paiement',
  tax_rate: 'Taux de TVA par défaut',
  operation_category: 'Opération',
  service_date: 'Date de la prestation',
  service_end_date: 'Fin de la période',
  vat_exemption: "Motif d'exonération",
  internal_notes: 'Notes internes',
  legal_notice: 'Mentions légales',
  discount_percent: 'Remise (%)',
  discount_amount: 'Remise (€)',
  discount_reason: 'Motif de la remise',
  line_items: 'Lignes',
};

/** The select of a line's own exemption reason (issue 25). */
export const LINE_EXEMPTION_LABEL = "Motif d'exonération de la ligne";

/** A line's field labels, its amounts worded for the regime (no "HT" in the franchise). */
const lineLabels = (vatFree: boolean): Record<string, string> => {
  const amounts = amountLabels(vatFree ? 'franchise' : 'assujetti');
  return {
    title: 'Titre',
    description: 'Description',
    quantity: 'Quantité',
    unit_price: amounts.unitPrice,
    tax_rate: 'TVA',
    unit: 'Unité',
    vat_exemption: LINE_EXEMPTION_LABEL,
    discount_percent: 'Remise (%)',
    discount_amount: 'Remise (€)',
    total: amounts.lineTotal,
    task_id: 'Tâche liée',
    id: 'Ligne',
  };
};

/**
 * A DRF error body → one line per field, with French labels; line errors are nested per line
 * (`{"line_items": [{}, {"title": [...]}]}`) and named 'Ligne n'. Empty when the body holds no
 * field error (the caller then shows the generic message).
 */
export function describeSaveErrors(config: DocumentKindConfig, data: unknown, vatFree = false): string[] {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [];
  const labels: Record<string, string> = { ...FIELD_LABELS, signature_notice: config.labels.signatureNotice };
  return Object.entries(data).flatMap(([field, value]) => {
    if (field === 'missing') return []; // listed with their links (missingInformation)
    if (field === 'line_items' && Array.isArray(value) && value.some((v) => v && typeof v === 'object')) {
      return value.flatMap((lineErrors, index) =>
        fieldErrorMessages(lineErrors, lineLabels(vatFree)).map((message) => `Ligne ${index + 1} – ${message}`),
      );
    }
    return fieldErrorMessages({ [field]: value }, labels);
  });
}

/**
 * The server's messages on one field of the lines of a refused body (`{"line_items": [{}, {"vat_exemption": [...]}]}`),
 * by the key of the line sent at that position (`keys`: the lines sent, in order).
 */
export function serverLineErrors(data: unknown, field: string, keys: readonly string[]): Record<string, string> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  const lines: unknown = (data as { line_items?: unknown }).line_items;
  if (!Array.isArray(lines)) return {};
  const errors: Record<string, string> = {};
  lines.forEach((lineErrors: unknown, index) => {
    const key = keys[index];
    if (key === undefined || !lineErrors || typeof lineErrors !== 'object' || Array.isArray(lineErrors)) return;
    const messages = messagesOf((lineErrors as Record<string, unknown>)[field]);
    if (messages.length) errors[key] = messages.join(' ');
  });
  return errors;
}

/** What an invoice lacks to be issued, with where to fill it in (a route of the app). */
export interface MissingInformation {
  message: string;
  link: string | null;
}

/**
 * The `missing` list of a refused issue (`{"detail": "…", "missing": [{message, link}]}`):
 * each item links to the profile or the client's page. Links outside the app are dropped.
 */
export function missingInformation(data: unknown): MissingInformation[] {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [];
  const { missing } = data as { missing?: unknown };
  if (!Array.isArray(missing)) return [];
  return missing
    .filter((item): item is { message: string; link?: unknown } => Boolean(item) && typeof item.message === 'string')
    .map((item) => ({
      message: item.message,
      link: typeof item.link === 'string' && item.link.startsWith('/') && !item.link.startsWith('//') ? item.link : null,
    }));
}
