import { computeTotals } from '@/shared/documents';
import {
  buildPayload,
  describeSaveErrors,
  DISCOUNT_INVALID,
  duplicateForm,
  emptyLine,
  EXEMPTION_MESSAGE,
  formFromRecord,
  formTotals,
  inFranchise,
  LINE_EXEMPTION_LABEL,
  lineWithTask,
  missingInformation,
  needsDocumentExemption,
  newDocumentForm,
  PERIOD_ORDER,
  serverLineErrors,
  validateForm,
  withDocumentRate,
  type DocumentForm,
} from '../document-form';
import { INVOICE_CONFIG, LINES_INVALID, QUOTE_CONFIG } from '../document-kinds';
import type { DocumentRecord } from '../document.types';
import { creditLinesFrom, creditNotePayload } from '../invoice-ledger';

const TODAY = '2025-11-21';

const RECORD: DocumentRecord = {
  id: 7,
  number: 'FAC-2025-0003',
  title: 'Refonte du site',
  client: { id: 3, name: 'Librairie Colette', email: 'colette@exemple.fr' },
  status: 'partially_paid',
  status_display: 'Partiellement payée',
  priority: 'haute',
  issue_date: '2025-10-01',
  end_date: '2025-10-31',
  payment_date: '2025-10-15',
  total_amount: 186.6,
  created_at: '2025-10-01T08:00:00Z',
  description: 'Notes',
  tax_rate: 5.5,
  operation_category: 'mixed',
  service_date: '2025-09-01',
  service_end_date: '2025-09-30',
  vat_exemption: '',
  payment_terms: 'net',
  payment_days: 30,
  vat_breakdown: [{ rate: 20, base: 35.5, tax: 7.1 }, { rate: 5.5, base: 120, tax: 6.6 }],
  legal_notice: 'Mentions du document',
  signature_notice: 'IBAN FR76',
  discount_percent: 0,
  discount_amount: 10,
  discount_reason: 'Fidélité',
  discount_total: 10,
  lines_total: 165.5,
  subtotal: 155.5,
  tax_amount: 31.1,
  quote_id: null,
  recurrence_id: null,
  amount_paid: 50,
  credited_amount: 0,
  balance_due: 136.6,
  is_overdue: false,
  is_issued: true,
  cancelled_by: null,
  invoice: null,
  internal_notes: 'Relancer après le 15',
  pdf_sha256: 'ab'.repeat(32),
  reason: '',
  payments: [],
  credit_notes: [],
  email_delivery: null,
  is_deposit: false,
  deposit_of_quote: null,
  deposits: [],
  prepaid_amount: 0,
  deposit_invoices: [],
  final_invoice: null,
  einvoicing: null,
  einvoicing_status: null,
  line_items: [
    { id: 11, title: 'Atelier', description: 'Deux heures', quantity: 2, unit_price: 60, tax_rate: 5.5, unit: 'HUR', discount_percent: 10, discount_amount: 0, vat_exemption: '', total: 120, task_id: 4, task: { id: 4, title: 'Atelier', hourly_rate: 60, cost: 120 } },
    { id: 12, title: 'Déplacement', description: '', quantity: 1, unit_price: 35.5, tax_rate: 20, unit: 'LS', discount_percent: 0, discount_amount: 0, vat_exemption: '', total: 35.5, task_id: null, task: null },
  ],
};

describe('the shared calculation (computeTotals) as the form uses it', () => {
  it('computes to the cent on awkward values', () => {
    expect(computeTotals([{ quantity: '3', unit_price: '0.1' }], '20')).toEqual({
      lines: [30], lineDiscounts: [0], linesTotal: 30, discount: 0, subtotal: 30, tax: 6, total: 36, breakdown: [{ rate: 2000, base: 30, tax: 6 }],
    });
    expect(computeTotals([{ quantity: 1, unit_price: 10.01 }], 33.33)).toMatchObject({ subtotal: 1001, tax: 334, total: 1335 });
    expect(computeTotals([{ quantity: '3', unit_price: '19.99' }], '5.5')).toMatchObject({ subtotal: 5997, tax: 330, total: 6327 });
    expect(computeTotals([{ quantity: 7, unit_price: 13.37 }], 2.1)).toMatchObject({ subtotal: 9359, tax: 197, total: 9556 });
  });

  it('counts what is being typed (empty, comma decimals, garbage) sensibly', () => {
    expect(computeTotals([{ quantity: '', unit_price: '12' }, { quantity: '2', unit_price: '1,5' }], '')).toEqual({
      lines: [0, 300],
      lineDiscounts: [0, 0],
      linesTotal: 300,
      discount: 0,
      subtotal: 300,
      tax: 0,
      total: 300,
      breakdown: [{ rate: 0, base: 300, tax: 0 }],
    });
    expect(computeTotals([{ quantity: 'abc', unit_price: '12' }], '20').total).toBe(0);
  });
});

describe('form defaults', () => {
  it('starts today, +30 days, 20 %, the profile notices, draft, one empty line', () => {
    const form = newDocumentForm(TODAY, { legal_notice: 'Mentions par défaut', signature_notice: 'Bon pour accord' });
    expect(form).toMatchObject({
      issue_date: '2025-11-21',
      end_date: '2025-12-21',
      tax_rate: '20',
      status: 'draft',
      priority: 'normale',
      client_id: null,
      legal_notice: 'Mentions par défaut',
      signature_notice: 'Bon pour accord',
    });
    expect(form.line_items).toHaveLength(1);
    expect(form.line_items[0]).toMatchObject({ id: null, title: '', quantity: '1', unit_price: '0', tax_rate: '20', unit: 'C62', task_id: null });
    expect(form).toMatchObject({ operation_category: 'services', service_date: '', service_period: false, vat_exemption: '' });
    expect(form).toMatchObject({ payment_terms: 'net', payment_days: '30' });
  });

  it('starts at 0 % for a seller in the franchise', () => {
    const form = newDocumentForm(TODAY, { vat_regime: 'franchise' });
    expect(form.tax_rate).toBe('0');
    expect(form.line_items[0].tax_rate).toBe('0');
  });
});

describe('VAT per line (issue 14)', () => {
  const form = (): DocumentForm => ({
    ...newDocumentForm(TODAY),
    line_items: [
      { ...emptyLine('20'), title: 'A', quantity: '1', unit_price: '100' },
      { ...emptyLine('5.5'), title: 'B', quantity: '2', unit_price: '50.5' },
      { ...emptyLine('10'), title: 'C', quantity: '3', unit_price: '33.33' },
    ],
  });

  it('computes the totals per rate with the shared calculation', () => {
    expect(formTotals(form())).toMatchObject({
      subtotal: 30099,
      tax: 3556,
      total: 33655,
      breakdown: [{ rate: 2000, base: 10000, tax: 2000 }, { rate: 1000, base: 9999, tax: 1000 }, { rate: 550, base: 10100, tax: 556 }],
    });
  });

  it('moves the lines at the document’s rate with it, and keeps the others', () => {
    const next = withDocumentRate(form(), '10');
    expect(next.tax_rate).toBe('10');
    expect(next.line_items.map((l) => l.tax_rate)).toEqual(['10', '5.5', '10']);
  });

  it('puts every line at 0 % without a reason in the franchise', () => {
    const franchise = inFranchise({ ...form(), vat_exemption: 'exportation' });
    expect(franchise.line_items.map((l) => l.tax_rate)).toEqual(['0', '0', '0']);
    expect(franchise).toMatchObject({ tax_rate: '0', vat_exemption: '' });
    expect(formTotals(franchise)).toMatchObject({ tax: 0, total: 30099 });
  });

  it('sends each line’s rate, the operation, the period and the exemption', () => {
    const payload = buildPayload(QUOTE_CONFIG, {
      ...form(),
      operation_category: 'goods',
      service_date: '2025-11-01',
      service_period: true,
      service_end_date: '2025-11-30',
      vat_exemption: 'intracommunautaire',
    });
    expect(payload.line_items.map((l) => l.tax_rate)).toEqual([20, 5.5, 10]);
    expect(payload).toMatchObject({
      operation_category: 'goods', service_date: '2025-11-01', service_end_date: '2025-11-30', vat_exemption: 'intracommunautaire',
    });
    // Without a period, no end date is sent.
    expect(buildPayload(QUOTE_CONFIG, { ...form(), service_date: '2025-11-01', service_end_date: '2025-11-30' }).service_end_date).toBeNull();
  });

  it('asks a VAT-registered seller why lines are at 0 %, and a period to end after it starts', () => {
    const complete = { ...form(), title: 'Site', client_id: 3 };
    const untaxed = { ...complete, line_items: [{ ...complete.line_items[0], tax_rate: '0' }] };
    expect(validateForm(QUOTE_CONFIG, untaxed, 'assujetti')?.vatExemption).toBe(EXEMPTION_MESSAGE);
    expect(validateForm(QUOTE_CONFIG, { ...untaxed, vat_exemption: 'exportation' }, 'assujetti')).toBeNull();
    expect(validateForm(QUOTE_CONFIG, inFranchise(untaxed), 'franchise')).toBeNull();
    const backwards = { ...complete, service_date: '2025-11-30', service_period: true, service_end_date: '2025-11-01' };
    expect(validateForm(QUOTE_CONFIG, backwards)?.serviceDates).toBe(PERIOD_ORDER);
  });
});

describe('duplicate mapping', () => {
  it("copies without id or number: 'Copie de', new dates, draft, lines without ids", () => {
    const form = duplicateForm(RECORD, TODAY);
    expect(form).toMatchObject({
      title: 'Copie de Refonte du site',
      client_id: 3,
      status: 'draft',
      priority: 'haute',
      issue_date: TODAY,
      end_date: '2025-12-21',
      payment_date: '',
      internal_notes: '',
      tax_rate: '5.5',
      description: 'Notes',
      legal_notice: 'Mentions du document',
      signature_notice: 'IBAN FR76',
    });
    expect(form.line_items.map((l) => [l.id, l.title, l.quantity, l.unit_price, l.task_id])).toEqual([
      [null, 'Atelier', '2', '60', 4],
      [null, 'Déplacement', '1', '35.5', null],
    ]);
    const payload = buildPayload(INVOICE_CONFIG, form);
    expect(payload).not.toHaveProperty('id');
    expect(payload).not.toHaveProperty('invoice_number');
    expect(payload.line_items.every((l) => l.id === null)).toBe(true);
    // Each line keeps its unit (issue 25).
    expect(payload.line_items.map((l) => l.unit)).toEqual(['HUR', 'LS']);
  });
});

describe('edit mapping', () => {
  it("holds an issued invoice's derived status as it is (sent back unchanged), its notes and line ids", () => {
    const form = formFromRecord(RECORD);
    expect(form.status).toBe('partially_paid');
    expect(form.internal_notes).toBe('Relancer après le 15');
    expect(form.payment_date).toBe('2025-10-15');
    expect(form.line_items.map((l) => l.id)).toEqual([11, 12]);
    expect(form.line_items.map((l) => l.tax_rate)).toEqual(['5.5', '20']);
    expect(form.line_items.map((l) => l.unit)).toEqual(['HUR', 'LS']);
    expect(form).toMatchObject({ operation_category: 'mixed', service_date: '2025-09-01', service_period: true, service_end_date: '2025-09-30' });
    expect(form.line_items[0].taskTitle).toBe('Atelier');
  });

  it('reuses the line keys of the previous form so rows are not remounted after a save', () => {
    const before = formFromRecord(RECORD);
    const after = formFromRecord(RECORD, before);
    expect(after.line_items.map((l) => l.key)).toEqual(before.line_items.map((l) => l.key));
  });
});

describe('task link on a line', () => {
  const task = {
    id: 9, title: 'Maquettes', description: 'Trois écrans', hourly_rate: 0, cost: 240, actual_time: 0, estimated_time: 0, projectName: null,
    invoiceNumber: null,
  };

  it('bills the time: the actual hours, else the estimate, at the hourly rate (issue 15)', () => {
    const line = { ...emptyLine(), quantity: '1', unit_price: '0' };
    const tracked = { ...task, hourly_rate: 65, cost: 308.75, actual_time: 4.75, estimated_time: 6 };
    expect(lineWithTask(line, tracked)).toMatchObject({ task_id: 9, title: 'Maquettes', quantity: '4.75', unit_price: '65' });
    expect(lineWithTask(line, { ...tracked, actual_time: 0 })).toMatchObject({ quantity: '6', unit_price: '65' });
    expect(formTotals({ ...newDocumentForm('2026-01-05'), tax_rate: '20', line_items: [lineWithTask(line, tracked)] }).subtotal).toBe(30875);
  });

  it('fills a task without hours as quantity 1 at the hourly rate, else the cost, else 0', () => {
    const line = { ...emptyLine(), quantity: '4', unit_price: '10' };
    expect(lineWithTask(line, { ...task, hourly_rate: 55.5 })).toMatchObject({
      task_id: 9,
      title: 'Maquettes',
      description: 'Trois écrans',
      quantity: '1',
      unit_price: '55.5',
    });
    expect(lineWithTask(line, task).unit_price).toBe('240');
    expect(lineWithTask(line, { ...task, cost: 0 }).unit_price).toBe('0');
  });

  it('resets the line to empty with quantity 1 and price 0 when the task is cleared', () => {
    const linked = lineWithTask({ ...emptyLine(), id: 5 }, { ...task, hourly_rate: 80 });
    expect(lineWithTask({ ...linked, quantity: '3' }, null)).toMatchObject({
      id: 5,
      task_id: null,
      title: '',
      description: '',
      quantity: '1',
      unit_price: '0',
    });
  });
});

describe('validation (SPEC section 5)', () => {
  const valid = (): DocumentForm => ({
    ...newDocumentForm(TODAY),
    title: 'Site',
    client_id: 3,
    line_items: [{ ...emptyLine(), title: 'A', quantity: '1', unit_price: '0' }],
  });

  it('accepts a complete form', () => {
    expect(validateForm(QUOTE_CONFIG, valid())).toBeNull();
  });

  it('asks for a client, per kind', () => {
    expect(validateForm(QUOTE_CONFIG, { ...valid(), client_id: null })?.client).toBe('Veuillez sélectionner un client pour le devis.');
    expect(validateForm(INVOICE_CONFIG, { ...valid(), client_id: null })?.client).toBe('Veuillez sélectionner un client pour la facture.');
  });

  it('asks for at least one line, per kind', () => {
    expect(validateForm(QUOTE_CONFIG, { ...valid(), line_items: [] })?.lines).toBe('Le devis doit contenir au moins une ligne.');
    expect(validateForm(INVOICE_CONFIG, { ...valid(), line_items: [] })?.lines).toBe('La facture doit contenir au moins une ligne.');
  });

  it('refuses lines without title, with quantity <= 0 or a negative price, and names them', () => {
    const bad = [
      { ...emptyLine(), title: ' ', quantity: '1', unit_price: '1' },
      { ...emptyLine(), title: 'B', quantity: '0', unit_price: '1' },
      { ...emptyLine(), title: 'C', quantity: '1', unit_price: '-0.01' },
      { ...emptyLine(), title: 'D', quantity: '', unit_price: '1' },
      { ...emptyLine(), title: 'E', quantity: '2', unit_price: '0' },
    ];
    const errors = validateForm(QUOTE_CONFIG, { ...valid(), line_items: bad });
    expect(errors?.lines).toBe(LINES_INVALID);
    expect(errors?.invalidLines).toEqual(bad.slice(0, 4).map((l) => l.key));
  });
});

describe('write payload', () => {
  const form: DocumentForm = {
    ...newDocumentForm(TODAY),
    title: '  Site  ',
    client_id: 3,
    status: 'sent',
    tax_rate: '5,5',
    payment_date: '',
    internal_notes: 'Appeler la comptable',
    line_items: [{ ...emptyLine(), id: 11, title: 'A', quantity: '1,5', unit_price: '10.10', task_id: 4, taskTitle: 'T' }],
  };

  it('sends client_id, numbers, null for empty dates, internal notes, and lines without their client-side key', () => {
    const payload = buildPayload(INVOICE_CONFIG, form);
    expect(payload).toEqual({
      title: 'Site',
      description: '',
      client_id: 3,
      status: 'sent',
      priority: 'normale',
      issue_date: TODAY,
      due_date: '2025-12-21',
      payment_terms: 'net',
      payment_days: 30,
      payment_date: null,
      internal_notes: 'Appeler la comptable',
      tax_rate: 5.5,
      operation_category: 'services',
      service_date: null,
      service_end_date: null,
      vat_exemption: '',
      legal_notice: '',
      signature_notice: '',
      discount_percent: 0,
      discount_amount: 0,
      discount_reason: '',
      line_items: [
        { id: 11, title: 'A', description: '', quantity: 1.5, unit_price: 10.1, tax_rate: 20, unit: 'C62', discount_percent: 0, discount_amount: 0, vat_exemption: '', task_id: 4 },
      ],
    });
  });

  it('sends the discounts typed (issue 25): a percentage or euros, the other 0, with the document’s reason', () => {
    const payload = buildPayload(INVOICE_CONFIG, {
      ...form,
      discount_type: 'amount',
      discount: '12,50',
      discount_reason: 'Fidélité',
      line_items: [{ ...form.line_items[0], discount_type: 'percent', discount: '10' }],
    });
    expect(payload).toMatchObject({ discount_percent: 0, discount_amount: 12.5, discount_reason: 'Fidélité' });
    expect(payload.line_items[0]).toMatchObject({ discount_percent: 10, discount_amount: 0 });
  });

  it('names the end date per kind and sends no payment date nor internal notes on quotes', () => {
    const payload = buildPayload(QUOTE_CONFIG, { ...form, status: 'sent' });
    expect(payload.expiration_date).toBe('2025-12-21');
    expect(payload).not.toHaveProperty('due_date');
    expect(payload).not.toHaveProperty('payment_date');
    expect(payload).not.toHaveProperty('internal_notes');
  });
});

describe('server errors', () => {
  it('lists field errors with French labels, nested line errors per line, and non-field errors', () => {
    expect(
      describeSaveErrors(INVOICE_CONFIG, {
        title: ['Ce champ ne peut être vide.'],
        tax_rate: ['Saisissez un taux de TVA entre 0 et 100.'],
        signature_notice: ['Trop long.'],
        line_items: [{}, { title: ['Ce champ ne peut être vide.'], unit_price: ['Assurez-vous que cette valeur est supérieure ou égale à 0.'] }],
        non_field_errors: ['Une facture émise ne peut plus être modifiée.'],
      }),
    ).toEqual([
      'Titre : Ce champ ne peut être vide.',
      'Taux de TVA par défaut : Saisissez un taux de TVA entre 0 et 100.',
      'Informations de paiement : Trop long.',
      'Ligne 2 – Titre : Ce champ ne peut être vide.',
      'Ligne 2 – Prix unitaire HT : Assurez-vous que cette valeur est supérieure ou égale à 0.',
      'Une facture émise ne peut plus être modifiée.',
    ]);
    // In the franchise (art. 293 B du CGI) a price is not "HT" (issue 25).
    expect(describeSaveErrors(INVOICE_CONFIG, { line_items: [{ unit_price: ['Trop de décimales.'] }] }, true)).toEqual([
      'Ligne 1 – Prix unitaire : Trop de décimales.',
    ]);
  });

  it('lists what an invoice lacks to be issued with its links, apart from the messages', () => {
    const refusal = {
      detail: 'La facture ne peut pas être émise : des informations obligatoires manquent.',
      missing: [
        { message: 'Votre numéro SIRET', link: '/profile' },
        { message: 'L’adresse du client', link: '/contacts/12' },
        { message: 'Un lien douteux', link: 'https://exemple.fr' },
      ],
    };
    expect(describeSaveErrors(INVOICE_CONFIG, refusal)).toEqual(['La facture ne peut pas être émise : des informations obligatoires manquent.']);
    expect(missingInformation(refusal)).toEqual([
      { message: 'Votre numéro SIRET', link: '/profile' },
      { message: 'L’adresse du client', link: '/contacts/12' },
      { message: 'Un lien douteux', link: null },
    ]);
    expect(missingInformation({ detail: 'x' })).toEqual([]);
  });

  it('reads a flat line_items message and returns nothing for bodies without errors', () => {
    expect(describeSaveErrors(QUOTE_CONFIG, { line_items: ['Le devis doit contenir au moins une ligne.'] })).toEqual([
      'Lignes : Le devis doit contenir au moins une ligne.',
    ]);
    expect(describeSaveErrors(QUOTE_CONFIG, undefined)).toEqual([]);
    expect(describeSaveErrors(QUOTE_CONFIG, '<html>')).toEqual([]);
  });
});

describe('discounts (issue 25)', () => {
  it('reads a record’s discounts as typed: euros when an amount, else a percentage', () => {
    const form = formFromRecord(RECORD);
    expect([form.discount_type, form.discount, form.discount_reason]).toEqual(['amount', '10', 'Fidélité']);
    expect(form.line_items.map((l) => [l.discount_type, l.discount])).toEqual([['percent', '10'], ['percent', '']]);
  });

  it('computes the totals after the line and document discounts, as the server does', () => {
    const form: DocumentForm = {
      ...newDocumentForm(TODAY),
      discount_type: 'percent',
      discount: '5',
      line_items: [
        { ...emptyLine('20'), title: 'Conception', quantity: '10', unit_price: '80', discount_type: 'percent', discount: '10' },
        { ...emptyLine('5.5'), title: 'Livres', quantity: '3', unit_price: '25', discount_type: 'amount', discount: '5' },
      ],
    };
    expect(formTotals(form)).toMatchObject({ lines: [72000, 7000], linesTotal: 79000, discount: 3950, subtotal: 75050, tax: 14046, total: 89096 });
  });

  it.each([
    ['a negative discount', { discount: '-1' }],
    ['three decimals', { discount: '1,005' }],
    ['more than 100 %', { discount: '101' }],
    ['text', { discount: 'dix' }],
  ])('refuses %s on a line or on the document before sending', (_name, change) => {
    const base = { ...newDocumentForm(TODAY), title: 'Site', client_id: 3, line_items: [{ ...emptyLine(), title: 'A', quantity: '1', unit_price: '10' }] };
    expect(validateForm(QUOTE_CONFIG, { ...base, ...change })?.discount).toBe(DISCOUNT_INVALID);
    const line = { ...base.line_items[0], ...change };
    expect(validateForm(QUOTE_CONFIG, { ...base, line_items: [line] })?.invalidLines).toEqual([line.key]);
    expect(validateForm(QUOTE_CONFIG, { ...base, discount_type: 'amount', discount: '150' })).toBeNull();
  });
});

describe('one exemption reason per line (issue 25)', () => {
  /** RECORD with its first line at 0 % for a reason of its own, its second at 0 % following the document's. */
  const exempt: DocumentRecord = {
    ...RECORD,
    tax_rate: 0,
    vat_exemption: 'intracommunautaire',
    line_items: [
      { ...RECORD.line_items[0], tax_rate: 0, vat_exemption: 'exportation' },
      { ...RECORD.line_items[1], tax_rate: 0 },
    ],
  };
  const complete = (lines: Partial<DocumentForm['line_items'][number]>[], vatExemption: DocumentForm['vat_exemption'] = ''): DocumentForm => ({
    ...newDocumentForm(TODAY),
    title: 'Site',
    client_id: 3,
    vat_exemption: vatExemption,
    line_items: lines.map((line) => ({ ...emptyLine('20'), title: 'A', quantity: '1', unit_price: '10', ...line })),
  });

  it('reads each line’s own reason from a record, keeps it in a copy, and starts a new line without one', () => {
    const form = formFromRecord(exempt);
    expect(form.vat_exemption).toBe('intracommunautaire');
    expect(form.line_items.map((l) => l.vat_exemption)).toEqual(['exportation', '']);
    expect(duplicateForm(exempt, TODAY).line_items.map((l) => l.vat_exemption)).toEqual(['exportation', '']);
    expect(emptyLine().vat_exemption).toBe('');
    // An answer of before issue 25 (a cached page) has none: the line follows the document's.
    const { vat_exemption: _none, ...older } = exempt.line_items[0];
    expect(formFromRecord({ ...exempt, line_items: [older as DocumentRecord['line_items'][number]] }).line_items[0].vat_exemption).toBe('');
  });

  it('sends a line’s own reason at 0 % only, and none in the franchise', () => {
    const form = complete([
      { tax_rate: '0', vat_exemption: 'exportation' },
      // A reason chosen before the line went back to 20 %: not sent.
      { tax_rate: '20', vat_exemption: 'exoneration' },
      { tax_rate: '0' },
    ], 'intracommunautaire');
    const payload = buildPayload(QUOTE_CONFIG, form);
    expect(payload.vat_exemption).toBe('intracommunautaire');
    expect(payload.line_items.map((l) => [l.tax_rate, l.vat_exemption])).toEqual([[0, 'exportation'], [20, ''], [0, '']]);
    expect(buildPayload(QUOTE_CONFIG, formFromRecord(exempt)).line_items.map((l) => l.vat_exemption)).toEqual(['exportation', '']);

    const franchise = inFranchise(form);
    expect(franchise.line_items.map((l) => l.vat_exemption)).toEqual(['', '', '']);
    expect(buildPayload(QUOTE_CONFIG, franchise)).toMatchObject({ vat_exemption: '', line_items: [{ vat_exemption: '' }, { vat_exemption: '' }, { vat_exemption: '' }] });
  });

  it('needs the document’s reason only when a line at 0 % has none of its own', () => {
    const own = complete([{ tax_rate: '0', vat_exemption: 'exportation' }, { tax_rate: '0', vat_exemption: 'exoneration' }, { tax_rate: '20' }]);
    expect(needsDocumentExemption(own)).toBe(false);
    expect(validateForm(QUOTE_CONFIG, own, 'assujetti')).toBeNull();

    const oneWithout = complete([{ tax_rate: '0', vat_exemption: 'exportation' }, { tax_rate: '0' }]);
    expect(needsDocumentExemption(oneWithout)).toBe(true);
    expect(validateForm(QUOTE_CONFIG, oneWithout, 'assujetti')?.vatExemption).toBe(EXEMPTION_MESSAGE);
    expect(validateForm(QUOTE_CONFIG, { ...oneWithout, vat_exemption: 'intracommunautaire' }, 'assujetti')).toBeNull();
    // A line without a rate of its own follows the document's 0 %.
    const documentRate = { ...complete([{ tax_rate: '' }]), tax_rate: '0' };
    expect(validateForm(QUOTE_CONFIG, documentRate, 'assujetti')?.vatExemption).toBe(EXEMPTION_MESSAGE);
    expect(validateForm(QUOTE_CONFIG, { ...documentRate, line_items: [{ ...documentRate.line_items[0], vat_exemption: 'exportation' }] }, 'assujetti')).toBeNull();
    // A reason of its own on a taxed line excuses nothing.
    expect(validateForm(QUOTE_CONFIG, complete([{ tax_rate: '20', vat_exemption: 'exportation' }, { tax_rate: '0' }]), 'assujetti')?.vatExemption).toBe(EXEMPTION_MESSAGE);
  });

  it('names a line’s refused reason, and puts the server’s message under the line it was sent as', () => {
    const refusal = { line_items: [{}, { vat_exemption: ['Choisissez un motif d’exonération dans la liste.'] }] };
    expect(describeSaveErrors(INVOICE_CONFIG, refusal)).toEqual([`Ligne 2 – ${LINE_EXEMPTION_LABEL} : Choisissez un motif d’exonération dans la liste.`]);
    expect(serverLineErrors(refusal, 'vat_exemption', ['line-a', 'line-b'])).toEqual({ 'line-b': 'Choisissez un motif d’exonération dans la liste.' });
    expect(serverLineErrors({ line_items: [{ title: ['Requis.'] }] }, 'vat_exemption', ['line-a'])).toEqual({});
    expect(serverLineErrors({ line_items: ['Au moins une ligne.'] }, 'vat_exemption', ['line-a'])).toEqual({});
    expect(serverLineErrors({ vat_exemption: ['Indiquez le motif.'] }, 'vat_exemption', ['line-a'])).toEqual({});
    expect(serverLineErrors('<html>', 'vat_exemption', ['line-a'])).toEqual({});
  });

  it('credits a line with its own reason (a credit note’s line, issue 13)', () => {
    const lines = creditLinesFrom(exempt.line_items).map((line) => ({ ...line, selected: true }));
    expect(creditNotePayload('partial', '', lines).line_items?.map((l) => [l.tax_rate, l.vat_exemption])).toEqual([[0, 'exportation'], [0, '']]);
  });
});
