import fc from 'fast-check';
import {
  checkDueDate, chronologyProblems, deductedDeposits, depositAmountProblem, depositLines, depositRateProblems, depositTarget, depositsBilledCents,
  draftTerms, finalInvoiceProblem, formatDocumentNumber, prepaidCents, remainingOnQuote, seriesYear, splitByRate, ttcAt,
} from '..';

describe('numbering and chronology (hand-checked)', () => {
  it.each([
    ['FAC', 2026, 1, 'FAC-2026-0001'],
    ['AV', 2026, 42, 'AV-2026-0042'],
    ['DEV', 2027, 12345, 'DEV-2027-12345'],
  ])('%s %i #%i is %s', (prefix, year, n, number) => {
    expect(formatDocumentNumber(prefix, year, n)).toBe(number);
  });

  it('a series is per calendar year of the issue date', () => {
    expect(seriesYear('2026-12-31')).toBe(2026);
    expect(seriesYear('2027-01-01')).toBe(2027);
  });

  const TODAY = '2026-03-10';
  it.each([
    ['today, after the last one', { issueDate: TODAY }, { number: 'FAC-2026-0003', issue_date: '2026-03-09' }, {}],
    ['the same day as the last one', { issueDate: '2026-03-09' }, { number: 'FAC-2026-0003', issue_date: '2026-03-09' }, {}],
    ['the first of its series', { issueDate: '2026-01-02' }, undefined, {}],
    ['in the future', { issueDate: '2026-03-11' }, undefined, { issue_date: ['La date d’émission ne peut pas être postérieure à aujourd’hui.'] }],
    [
      'before the last issued invoice (CGI art. 242 nonies A)',
      { issueDate: '2026-03-01' },
      { number: 'FAC-2026-0003', issue_date: '2026-03-09' },
      {
        issue_date: [
          'La date d’émission ne peut pas précéder celle de la dernière facture émise (FAC-2026-0003, 09/03/2026) : ' +
            'la numérotation suit l’ordre chronologique (art. 242 nonies A du CGI).',
        ],
      },
    ],
  ])('an invoice issued %s', (_name, dates, last, errors) => {
    expect(chronologyProblems('invoice', { ...dates, today: TODAY }, last)).toEqual(errors);
  });

  it('names the last credit note for a credit note', () => {
    const errors = chronologyProblems('credit_note', { issueDate: '2026-03-01', today: TODAY }, { number: 'AV-2026-0001', issue_date: '2026-03-02' });
    expect(errors.issue_date[0]).toContain('du dernier avoir émis (AV-2026-0001, 02/03/2026)');
  });

  it.each([
    ['professionnel', '2026-05-09', {}],
    ['professionnel', '2026-05-10', { due_date: [expect.stringContaining('art. L441-10 du Code de commerce')] }],
    ['particulier', '2026-09-10', {}],
  ] as const)('between a seller and a %s client, due %s: %j', (clientType, due, errors) => {
    const found: Record<string, string[]> = {};
    checkDueDate(found, TODAY, due, clientType);
    expect(found).toEqual(errors);
  });

  const NET_30 = { kind: 'net', days: 30 } as const;
  it.each([
    ['the terms sent win over a due date sent with them', { kind: 'end_of_month', days: 45 }, '2026-01-31', null, { kind: 'end_of_month', days: 45 }],
    ['a due date sent alone is read as net days (the API before issue 25)', null, '2026-01-16', NET_30, { kind: 'net', days: 15 }],
    ['a due date on the issue date is à réception', null, '2026-01-01', null, { kind: 'reception', days: 0 }],
    ['a due date the stored terms give keeps them', null, '2026-01-31', { kind: 'end_of_month', days: 30 }, { kind: 'end_of_month', days: 30 }],
    ['nothing sent keeps the stored terms', null, null, { kind: 'end_of_month', days: 30 }, { kind: 'end_of_month', days: 30 }],
    ['nothing sent on a new document is 30 days', null, null, null, NET_30],
  ] as const)('a draft invoice dated 2026-01-01: %s', (_name, sent, endDate, stored, terms) => {
    expect(draftTerms('invoice', { terms: sent, issue_date: '2026-01-01', end_date: endDate }, stored, 'professionnel')).toEqual({ terms, errors: {} });
  });

  it('a quote\'s end date is its validity, never its terms', () => {
    expect(draftTerms('quote', { terms: null, issue_date: '2026-01-01', end_date: '2026-01-10' }, null, 'professionnel').terms).toEqual(NET_30);
  });

  it.each([
    ['professionnel', { kind: 'net', days: 61 }, { payment_days: [expect.stringContaining('60 jours après la date d’émission de la facture (art. L441-10')] }],
    ['professionnel', { kind: 'end_of_month', days: 46 }, { payment_days: [expect.stringContaining('45 jours fin de mois')] }],
    ['professionnel', { kind: 'end_of_month', days: 45 }, {}],
    ['particulier', { kind: 'net', days: 90 }, {}],
  ] as const)('terms for a %s client: %j → %j (C. com. L441-10 I)', (clientType, terms, errors) => {
    expect(draftTerms('invoice', { terms, issue_date: '2026-01-01', end_date: null }, null, clientType).errors).toEqual(errors);
  });

  it('a due date sent alone keeps its own messages', () => {
    expect(draftTerms('invoice', { terms: null, issue_date: TODAY, end_date: '2026-03-09' }, null, 'professionnel').errors).toEqual({
      due_date: ['La date d’échéance ne peut pas précéder la date d’émission.'],
    });
  });

  it('numbers taken one after the other are strictly increasing, without gaps, per kind and year (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('FAC', 'AV'), fc.constantFrom(2026, 2027)), { maxLength: 60 }), (issues) => {
        // The counter row as document_counters keeps it: last_number + 1 per (kind, year).
        const counters = new Map<string, number>();
        const numbers = issues.map(([prefix, year]) => {
          const n = (counters.get(`${prefix}${year}`) ?? 0) + 1;
          counters.set(`${prefix}${year}`, n);
          return formatDocumentNumber(prefix, year, n);
        });
        for (const prefix of ['FAC', 'AV']) for (const year of [2026, 2027]) {
          const series = numbers.filter((n) => n.startsWith(`${prefix}-${year}-`));
          expect(series.map((n) => Number(n.slice(-4)))).toEqual(series.map((_, i) => i + 1));
          expect([...series].sort()).toEqual(series);
        }
      }),
    );
  });

  it('a date accepted after the last issued one keeps the series chronological (property)', () => {
    const day = fc.integer({ min: 0, max: 364 }).map((d) => new Date(Date.UTC(2026, 0, 1) + d * 86400000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.array(day, { maxLength: 30 }), (attempts) => {
        const issued: { number: string; issue_date: string }[] = [];
        for (const date of attempts) {
          const last = issued.at(-1);
          if (Object.keys(chronologyProblems('invoice', { issueDate: date, today: '2026-12-31' }, last)).length) continue;
          issued.push({ number: formatDocumentNumber('FAC', 2026, issued.length + 1), issue_date: date });
        }
        expect(issued.map((d) => d.issue_date)).toEqual([...issued.map((d) => d.issue_date)].sort());
      }),
    );
  });
});

describe('deposits (hand-checked)', () => {
  it.each([
    [120000, { percent: 3000 }, 36000],
    [100001, { percent: 5000 }, 50001],
    [100000, { percent: 3333 }, 33330],
    [100000, { amount: 2500 }, 2500],
  ])('of a %i quote, %j is %i', (total, input, target) => {
    expect(depositTarget(total, input)).toBe(target);
  });

  const deposits = [
    { id: 1, number: 'FAC-2026-0001', issue_date: '2026-02-01', total_cents: 30000, credited_cents: 0, paid_cents: 30000 },
    { id: 2, number: 'FAC-2026-0002', issue_date: '2026-02-15', total_cents: 20000, credited_cents: 5000, paid_cents: 4000 },
    { id: 3, number: 'FAC-2026-0003', issue_date: '2026-03-01', total_cents: 10000, credited_cents: 10000 },
  ];

  it('counts deposits for their totals less their credit notes; a final invoice deducts those still billing, with what was paid', () => {
    expect(depositsBilledCents(deposits)).toBe(45000);
    expect(remainingOnQuote(120000, deposits)).toBe(75000);
    const deducted = deductedDeposits(deposits);
    expect(deducted).toEqual([
      { id: 1, number: 'FAC-2026-0001', issueDate: '2026-02-01', amountCents: 30000, paidCents: 30000 },
      { id: 2, number: 'FAC-2026-0002', issueDate: '2026-02-15', amountCents: 15000, paidCents: 4000 },
    ]);
    expect(prepaidCents(deducted)).toBe(45000);
  });

  it.each([
    [0, 75000, 'L’acompte doit être d’au moins 0,01 €.'],
    [74999, 75000, null],
    [75000, 75000, 'L’acompte (750,00 € TTC) doit laisser un solde à la facture finale : il reste 750,00 € TTC à facturer sur ce devis.'],
    [90000, 75000, 'L’acompte (900,00 € TTC) doit laisser un solde à la facture finale : il reste 750,00 € TTC à facturer sur ce devis.'],
  ])('a deposit of %i with %i left: %s', (total, remaining, problem) => {
    expect(depositAmountProblem(total, remaining, ' TTC')).toBe(problem);
  });

  it('says no "TTC" to a seller in the VAT franchise (art. 293 B du CGI)', () => {
    expect(depositAmountProblem(90000, 75000, '')).toBe(
      'L’acompte (900,00 €) doit laisser un solde à la facture finale : il reste 750,00 € à facturer sur ce devis.',
    );
    expect(finalInvoiceProblem(44999, 45000, '')).toBe(
      'Le total de la facture finale (449,99 €) est inférieur aux acomptes déjà facturés (450,00 €) : corrigez ses lignes.',
    );
    const quote = { number: 'DEV-2026-0001', issue_date: '2026-02-01', total_cents: 120000, vat_exemption: '' };
    expect(depositLines(quote, [{ rate: 0, ht: 36000, vat_exemption: '' }], 3000, '')[0].description).toBe('Devis DEV-2026-0001 du 01/02/2026 : 1 200,00 €');
  });

  it.each([
    [45000, 45000, null],
    [45001, 45000, null],
    [44999, 45000, 'Le total de la facture finale (449,99 € TTC) est inférieur aux acomptes déjà facturés (450,00 € TTC) : corrigez ses lignes.'],
  ])('a final invoice of %i deducting %i: %s', (total, prepaid, problem) => {
    expect(finalInvoiceProblem(total, prepaid, ' TTC')).toBe(problem);
  });

  it('refuses deposit lines at a rate the quote does not use', () => {
    expect(depositRateProblems([{ tax_rate: 2000 }, { tax_rate: 1000 }], [2000, 550], 'DEV-2026-0001')).toEqual([
      {},
      { tax_rate: ['Le taux de TVA d’une ligne d’acompte doit être l’un de ceux du devis DEV-2026-0001 : 20 % ou 5,5 % (pas 10 %).'] },
    ]);
    expect(depositRateProblems([{ tax_rate: 550 }], [2000, 550], 'DEV-2026-0001')).toBeNull();
  });

  it('names its quote on each line, a rate per line when the quote has several', () => {
    const quote = { number: 'DEV-2026-0001', issue_date: '2026-02-01', total_cents: 120000, vat_exemption: '' };
    expect(depositLines(quote, [{ rate: 2000, ht: 30000, vat_exemption: '' }], 3000, ' TTC')).toEqual([
      {
        id: null, title: 'Acompte de 30 % sur le devis DEV-2026-0001', description: 'Devis DEV-2026-0001 du 01/02/2026 : 1 200,00 € TTC',
        quantity: 10000, unit_price: 3000000, tax_rate: 2000, vat_exemption: '', unit: 'C62', discount_percent: 0, discount_cents: 0, task_id: null,
      },
    ]);
    expect(depositLines(quote, [{ rate: 2000, ht: 100, vat_exemption: '' }, { rate: 550, ht: 100, vat_exemption: '' }], undefined, ' TTC').map((l) => l.title)).toEqual([
      'Acompte sur le devis DEV-2026-0001 (TVA 20 %)',
      'Acompte sur le devis DEV-2026-0001 (TVA 5,5 %)',
    ]);
  });

  it('a deposit never leaves the final invoice nothing (property): accepted deposits sum below the quote', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.array(fc.integer({ min: 1, max: 9_900 }), { maxLength: 8 }), (quoteTotal, percents) => {
        const lines = [{ quantity: 10000, unit_price_centicents: quoteTotal * 100, tax_rate: 0 }];
        const billed: { total_cents: number; credited_cents: number }[] = [];
        for (const share of percents) {
          const split = splitByRate(depositTarget(quoteTotal, { percent: share }), lines, 0);
          const total = split.reduce((sum, s) => sum + ttcAt(s.rate, s.ht), 0);
          if (depositAmountProblem(total, remainingOnQuote(quoteTotal, billed), ' TTC')) continue;
          billed.push({ total_cents: total, credited_cents: 0 });
        }
        expect(remainingOnQuote(quoteTotal, billed)).toBeGreaterThan(0);
      }),
    );
  });
});
