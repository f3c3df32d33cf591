import { DERIVED_STATUS, frozenStatusProblem, isWritableInvoiceStatus, LOCKED_MESSAGE, lockedChanges } from '..';
import type { ResolvedDocument } from '../../documents.schemas';

const ROW = {
  title: 'Refonte', description: '', client_id: 7, tax_rate: 2000, operation_category: 'services', service_date: null, service_end_date: null,
  vat_exemption: '', legal_notice: '', signature_notice: '', issue_date: '2026-03-01', end_date: '2026-03-31',
  payment_terms: 'net', payment_days: 30, discount_percent: 0, discount_cents: 0, discount_reason: '',
};
const LINES = [{ title: 'Conception', description: '', quantity: 100, unit_price_centicents: 10000, tax_rate: 2000, unit: 'DAY' }];
const INPUT = {
  ...ROW, status: 'sent', priority: 'medium', payment_date: null, internal_notes: '', terms: { kind: 'net', days: 30 }, discount: { percent: 0, cents: 0 },
  line_items: [{ id: 1, title: 'Conception', description: '', quantity: 100, unit_price: 10000, tax_rate: 2000, unit: 'DAY', task_id: null }],
} as unknown as ResolvedDocument;
const INVOICE = { kind: 'invoice' as const, endDateField: 'due_date' };

describe('frozen documents (CGI art. 242 nonies A)', () => {
  it('lets an issued invoice keep everything printed, dates sent back as null meaning "as stored"', () => {
    expect(lockedChanges(INVOICE, ROW, LINES, INPUT)).toEqual({});
    expect(lockedChanges(INVOICE, ROW, LINES, { ...INPUT, issue_date: null, end_date: null, terms: null } as unknown as ResolvedDocument)).toEqual({});
  });

  it.each([
    ['title', { title: 'Autre' }, 'title'],
    ['client', { client_id: 8 }, 'client_id'],
    ['rate', { tax_rate: 1000 }, 'tax_rate'],
    ['issue date', { issue_date: '2026-03-02' }, 'issue_date'],
    ['due date', { end_date: '2026-04-01' }, 'due_date'],
    ['payment terms (issue 25)', { terms: { kind: 'end_of_month', days: 30 } }, 'payment_terms'],
    ['payment days', { terms: { kind: 'net', days: 45 } }, 'payment_terms'],
    ['a line’s price', { line_items: [{ ...INPUT.line_items[0], unit_price: 9999 }] }, 'line_items'],
    ['a line’s unit (issue 25)', { line_items: [{ ...INPUT.line_items[0], unit: 'HUR' }] }, 'line_items'],
    ['a line more', { line_items: [...INPUT.line_items, INPUT.line_items[0]] }, 'line_items'],
    ['a line’s discount (issue 25)', { line_items: [{ ...INPUT.line_items[0], discount_percent: 1000 }] }, 'line_items'],
    ['its discount (issue 25)', { discount: { percent: 0, cents: 500 } }, 'discount_percent'],
    ['its discount’s reason', { discount_reason: 'Fidélité' }, 'discount_reason'],
  ])('refuses a change of its %s', (_name, change, field) => {
    expect(lockedChanges(INVOICE, ROW, LINES, { ...INPUT, ...change } as ResolvedDocument)).toEqual({ [field]: [LOCKED_MESSAGE.invoice] });
  });

  it('names a quote’s end date as its expiration date, with the quote’s message', () => {
    expect(lockedChanges({ kind: 'quote', endDateField: 'expiration_date' }, ROW, LINES, { ...INPUT, end_date: '2026-05-01' } as ResolvedDocument)).toEqual({
      expiration_date: [LOCKED_MESSAGE.quote],
    });
  });

  it.each([
    ['invoice', 'sent', 'sent', null],
    ['invoice', 'sent', 'paid', DERIVED_STATUS],
    ['invoice', 'paid', 'sent', DERIVED_STATUS],
    ['quote', 'sent', 'accepted', null],
    ['quote', 'accepted', 'draft', 'Un devis envoyé ne peut pas revenir à l’état de brouillon.'],
    ['credit_note', 'issued', 'sent', null],
  ] as const)('a frozen %s from %s to %s: %s', (kind, before, after, problem) => {
    expect(frozenStatusProblem(kind, before, after)).toBe(problem);
  });

  it.each([['draft', true], ['sent', true], ['paid', false], ['partially_paid', false], ['cancelled', false]])('an invoice’s status %s written by hand: %s', (status, ok) => {
    expect(isWritableInvoiceStatus(status)).toBe(ok);
  });
});
