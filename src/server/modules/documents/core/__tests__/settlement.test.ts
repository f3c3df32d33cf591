import fc from 'fast-check';
import {
  balanceDueCents, creditableCents, creditedRates, creditNoteReason, derivedInvoiceStatus, isOverdue, paymentDeletionRefusal, paymentProblems, paymentRefusal, planCredit,
  refundCents, settle, settlementAmounts, shownBalanceCents,
} from '..';

const amounts = (total: number, paid = 0, credited = 0, prepaid = 0) => ({
  total_cents: total, paid_cents: paid, credited_cents: credited, prepaid_cents: prepaid,
});

describe('settlement rules (hand-checked)', () => {
  it.each([
    ['nothing paid', amounts(12000), 'sent', 12000],
    ['partly paid', amounts(12000, 5000), 'partially_paid', 7000],
    ['paid in full', amounts(12000, 12000), 'paid', 0],
    ['partly credited, nothing paid', amounts(12000, 0, 2000), 'sent', 10000],
    ['paid then credited for the rest', amounts(12000, 5000, 7000), 'paid', 0],
    ['wholly credited', amounts(12000, 0, 12000), 'cancelled', 0],
    ['paid, then refunded beyond the balance', amounts(12000, 12000, 3000), 'paid', 0],
    ['a final invoice whose deposits cover part', amounts(12000, 0, 0, 4000), 'sent', 8000],
    ['a final invoice paid for what its deposits left', amounts(12000, 8000, 0, 4000), 'paid', 0],
    ['a final invoice credited for what its deposits left', amounts(12000, 0, 8000, 4000), 'cancelled', 0],
  ])('%s: %j is %s, %i due', (_name, row, status, due) => {
    expect(derivedInvoiceStatus(row)).toBe(status);
    expect(balanceDueCents(row)).toBe(due);
  });

  it('reads bigint columns returned as strings, and missing ones as 0', () => {
    expect(settlementAmounts({ total_cents: '12000' as unknown as number, paid_cents: 100 })).toEqual(amounts(12000, 100));
  });

  it.each([
    [true, amounts(12000, 2000, 0, 1000), 9000],
    [false, amounts(12000, 0, 0, 4000), 8000],
    [false, amounts(3000, 0, 0, 4000), -1000],
  ])('issued %s, %j shows %i due', (issued, row, due) => {
    expect(shownBalanceCents(row, issued)).toBe(due);
  });

  it.each([
    ['sent, due yesterday, unpaid', { status: 'sent', end_date: '2026-03-09', ...amounts(100) }, true],
    ['partially paid, due yesterday', { status: 'partially_paid', end_date: '2026-03-09', ...amounts(100, 50) }, true],
    ['due today', { status: 'sent', end_date: '2026-03-10', ...amounts(100) }, false],
    ['paid', { status: 'paid', end_date: '2026-03-01', ...amounts(100, 100) }, false],
    ['a draft', { status: 'draft', end_date: '2026-03-01', ...amounts(100) }, false],
    ['sent with nothing left (its deposits)', { status: 'sent', end_date: '2026-03-01', ...amounts(100, 0, 0, 100) }, false],
    ['no due date', { status: 'sent', end_date: null, ...amounts(100) }, false],
  ])('overdue on 2026-03-10: %s → %s', (_name, row, overdue) => {
    expect(isOverdue(row, '2026-03-10')).toBe(overdue);
  });

  it.each([
    [{ number: null, status: 'draft' }, 'Émettez la facture avant d’enregistrer un paiement.'],
    [{ number: 'FAC-2026-0001', status: 'cancelled' }, 'Cette facture est annulée par un avoir : aucun paiement ne peut y être enregistré.'],
    [{ number: 'FAC-2026-0001', status: 'partially_paid' }, null],
  ])('a payment on %j: %s', (row, refusal) => {
    expect(paymentRefusal(row)).toBe(refusal);
  });

  it.each([
    [{ amount: 0, date: '2026-03-10' }, { amount: ['Le montant doit être supérieur à 0.'] }],
    [{ amount: 5001, date: '2026-03-10' }, { amount: ['Le montant dépasse le solde restant dû (50,00 €).'] }],
    [{ amount: 5000, date: '2026-02-28' }, { date: ['Un paiement ne peut pas précéder la date d’émission de la facture (01/03/2026).'] }],
    [{ amount: 5000, date: '2026-03-11' }, { date: ['La date du paiement ne peut pas être postérieure à aujourd’hui.'] }],
    [{ amount: 5000, date: '2026-03-01' }, {}],
  ])('payment %j on a 50 € balance issued 2026-03-01: %j', (payment, errors) => {
    expect(paymentProblems(payment, { balance: 5000, issueDate: '2026-03-01' }, '2026-03-10')).toEqual(errors);
  });

  it.each([
    [[], null],
    [['AV-2026-0001'], 'Ce paiement a donné lieu à un remboursement par l’avoir AV-2026-0001 : il ne peut plus être supprimé.'],
    [['AV-2026-0001', 'AV-2026-0003'], 'Ce paiement a donné lieu à un remboursement par les avoirs AV-2026-0001, AV-2026-0003 : il ne peut plus être supprimé.'],
  ])('deleting a payment after refunds %j: %s', (numbers, refusal) => {
    expect(paymentDeletionRefusal(numbers)).toBe(refusal);
  });
});

describe('credit notes (hand-checked)', () => {
  const invoice = { number: 'FAC-2026-0001', tax_rate: 2000 };
  const lines = [
    { title: 'Conception', description: '', quantity: 10000, unit_price_centicents: 10000 * 100, tax_rate: 2000 },
    { title: 'Livres', description: '', quantity: 20000, unit_price_centicents: 5050 * 100, tax_rate: 550 },
  ];
  // 100 € HT at 20 % + 101 € HT at 5,5 %: 120 + 106,56 = 226,56 € TTC.
  const TOTAL = 22656;

  it('a full credit of an untouched invoice copies its lines and owes nothing back', () => {
    const plan = planCredit({ ...invoice, ...amounts(TOTAL) }, lines, undefined);
    expect(plan.refused).toBeUndefined();
    if (plan.refused) return;
    expect(plan.lines.map((l) => l.title)).toEqual(['Conception', 'Livres']);
    expect(plan.totals.total).toBe(TOTAL);
    expect(plan.refund).toBe(0);
  });

  it('a full credit of a partly paid invoice credits its balance, one line per rate', () => {
    const plan = planCredit({ ...invoice, ...amounts(TOTAL, 10000) }, lines, undefined);
    if (plan.refused) throw new Error('refused');
    expect(plan.lines.map((l) => l.title)).toEqual(['Solde de la facture FAC-2026-0001 (TVA 20 %)', 'Solde de la facture FAC-2026-0001 (TVA 5,5 %)']);
    expect(plan.totals.total).toBe(TOTAL - 10000);
  });

  it('a full credit of a balance no rounded VAT reaches takes its cent above: the invoice settled, nothing owed back unless paid', () => {
    // A bug found in CI: 100 € HT at 20 %, then credits of 0,01 € and 0,02 € HT (VAT 0,00 € each):
    // 119,97 € left, which no HT amount reaches at 20 % (99,97 € → 119,96 €; 99,98 € → 119,98 €).
    // The full credit was refused as more than remains (119,98 €).
    const plan = planCredit({ ...invoice, ...amounts(12000, 0, 3) }, [lines[0]], undefined);
    if (plan.refused) throw new Error(JSON.stringify(plan.refused));
    expect(plan.totals).toMatchObject({ subtotal: 9998, tax: 2000, total: 11998 });
    expect(plan.refund).toBe(0);
    // The same 119,97 € left on 200 € HT of which 120 € were paid: the cent above goes back to the client.
    const paid = planCredit({ ...invoice, ...amounts(24000, 12000, 3) }, [{ ...lines[0], unit_price_centicents: 20000 * 100 }], undefined);
    if (paid.refused) throw new Error(JSON.stringify(paid.refused));
    expect(paid.totals.total).toBe(11998);
    expect(paid.refund).toBe(1);
  });

  it('a full credit of a paid invoice cancels it whole and owes back what was paid (issue 28); nothing once wholly credited', () => {
    const plan = planCredit({ ...invoice, ...amounts(TOTAL, TOTAL) }, lines, undefined);
    if (plan.refused) throw new Error(JSON.stringify(plan.refused));
    expect(plan.lines.map((l) => l.title)).toEqual(['Conception', 'Livres']);
    expect({ total: plan.totals.total, refund: plan.refund, scope: plan.scope }).toEqual({ total: TOTAL, refund: TOTAL, scope: 'whole' });
    // Paid, then partly credited (refunded): the rest, one line per rate, all of it owed back.
    const rest = planCredit({ ...invoice, ...amounts(TOTAL, TOTAL, 1200) }, lines, undefined);
    if (rest.refused) throw new Error(JSON.stringify(rest.refused));
    expect({ total: rest.totals.total, refund: rest.refund }).toEqual({ total: TOTAL - 1200, refund: TOTAL - 1200 });
    expect(rest.lines.map((l) => l.title)).toEqual(['Annulation de la facture FAC-2026-0001 (TVA 20 %)', 'Annulation de la facture FAC-2026-0001 (TVA 5,5 %)']);
    expect(planCredit({ ...invoice, ...amounts(TOTAL, TOTAL, TOTAL) }, lines, undefined).refused).toEqual({
      detail: 'Cette facture est entièrement créditée : il ne reste rien à créditer.',
    });
    expect(creditNoteReason('', 'whole', 'FAC-2026-0001')).toBe('Annulation de la facture FAC-2026-0001, réglée : remboursement');
  });

  it('a refund on a paid invoice: what goes beyond the balance is owed back', () => {
    const given = [{ title: 'Remise', description: '', quantity: 10000, unit_price: 1000 * 100, tax_rate: 2000 }];
    const plan = planCredit({ ...invoice, ...amounts(TOTAL, TOTAL - 500) }, lines, given);
    if (plan.refused) throw new Error('refused');
    expect(plan.totals.total).toBe(1200);
    expect(plan.refund).toBe(700);
  });

  it('a credit note that exhausts the invoice, then one cent more', () => {
    const given = (ht: number) => [{ title: 'Tout', description: '', quantity: 10000, unit_price: ht * 100, tax_rate: 2000 }];
    const single = { ...invoice, ...amounts(12000, 0, 0) };
    const oneLine = [lines[0]];
    const all = planCredit(single, oneLine, given(10000));
    if (all.refused) throw new Error('refused');
    expect(all.totals.total).toBe(12000);
    expect(planCredit({ ...single, credited_cents: 12000 }, oneLine, given(1)).refused).toEqual({
      line_items: ['Le montant de l’avoir (0,01 € TTC) dépasse ce qu’il reste à créditer sur la facture (0,00 € TTC).'],
    });
  });

  it('a final invoice credits only what its deposits left', () => {
    const given = [{ title: 'Tout', description: '', quantity: 10000, unit_price: 10000 * 100, tax_rate: 2000 }];
    expect(planCredit({ ...invoice, ...amounts(12000, 0, 0, 4000) }, [lines[0]], given).refused).toEqual({
      line_items: ['Le montant de l’avoir (120,00 € TTC) dépasse ce qu’il reste à créditer sur la facture (80,00 € TTC).'],
    });
  });

  it('refuses a line at a rate the invoice doesn’t use; a line without a rate takes the invoice’s only rate', () => {
    const at = (tax_rate: number | null) => [{ title: 'x', description: '', quantity: 10000, unit_price: 100 * 100, tax_rate }];
    expect(planCredit({ ...invoice, ...amounts(TOTAL) }, lines, at(1000)).refused).toEqual({
      line_items: [{ tax_rate: ['Le taux de TVA d’une ligne d’avoir doit être l’un de ceux de la facture : 20 % ou 5,5 %.'] }],
    });
    const plan = planCredit({ ...invoice, tax_rate: 2000, ...amounts(10550) }, [lines[1]], at(null));
    if (plan.refused) throw new Error('refused');
    expect(plan.lines[0].tax_rate).toBe(550);
  });

  it('gives a credit line at 0 % one of the invoice’s exemption reasons (issue 25), none where the invoice states none', () => {
    const zero = (vat_exemption: string) => ({ title: 'x', description: '', quantity: 10000, unit_price_centicents: 100 * 100, tax_rate: 0, vat_exemption });
    const credit = (vat_exemption?: string) => [{ title: 'x', description: '', quantity: 10000, unit_price: 10 * 100, tax_rate: 0, vat_exemption }];
    const two = [zero(''), zero('autoliquidation')];
    const reasonOf = (result: ReturnType<typeof creditedRates>) => result.errors ?? result.lines.map((l) => l.vat_exemption);
    // The invoice's own reason is the credit note's: a line that follows it says ''.
    expect(reasonOf(creditedRates(credit(), two, { tax_rate: 0, vat_exemption: 'exoneration' }))).toEqual(['']);
    expect(reasonOf(creditedRates(credit('autoliquidation'), two, { tax_rate: 0, vat_exemption: 'exoneration' }))).toEqual(['autoliquidation']);
    expect(reasonOf(creditedRates(credit('exoneration'), two, { tax_rate: 0, vat_exemption: 'exoneration' }))).toEqual(['']);
    expect(reasonOf(creditedRates(credit('exportation'), two, { tax_rate: 0, vat_exemption: 'exoneration' }))).toEqual([
      { vat_exemption: ['Le motif d’exonération d’une ligne d’avoir à 0 % doit être l’un de ceux de la facture : exonération, autoliquidation.'] },
    ]);
    // Every 0 % line with its own reason, the same: a line without one takes it.
    expect(reasonOf(creditedRates(credit(), [zero('intracommunautaire')], { tax_rate: 0, vat_exemption: '' }))).toEqual(['intracommunautaire']);
    // The franchise (or an invoice made before reasons): whatever is sent, none.
    expect(reasonOf(creditedRates(credit('exoneration'), [zero('')], { tax_rate: 0, vat_exemption: '' }))).toEqual(['']);
  });

  it.each([
    [1200, 5000, 0, 0], [5000, 5000, 0, 0], [5001, 5000, 7000, 1], [5001, 5000, 0, 0], [3000, 0, 12000, 3000],
  ])('a credit of %i on a %i balance, %i paid, refunds %i', (credit, balance, paid, refund) => {
    expect(refundCents(credit, balance, paid)).toBe(refund);
  });
});

describe('settlement (properties)', () => {
  /** An invoice's life: payments within the balance, credits within what remains creditable. */
  const life = fc.record({
    total: fc.integer({ min: 1, max: 10_000_000 }),
    prepaidShare: fc.double({ min: 0, max: 0.99, noNaN: true }),
    ops: fc.array(fc.tuple(fc.constantFrom('pay', 'credit'), fc.double({ min: 0, max: 1, noNaN: true })), { maxLength: 12 }),
  });

  it('the balance is never negative, credits never exceed what remains, and the status follows the amounts', () => {
    fc.assert(
      fc.property(life, ({ total, prepaidShare, ops }) => {
        let row = amounts(total, 0, 0, Math.floor(total * prepaidShare));
        for (const [op, share] of ops) {
          const balance = balanceDueCents(row);
          const creditable = creditableCents(row);
          expect(balance).toBeGreaterThanOrEqual(0);
          expect(creditable).toBeGreaterThanOrEqual(0);
          if (op === 'pay') {
            const amount = Math.floor(balance * share);
            if (amount <= 0 || paymentProblems({ amount, date: '2026-03-01' }, { balance, issueDate: '2026-03-01' }, '2026-03-01').amount) continue;
            row = { ...row, ...settle(row, row.paid_cents + amount, row.credited_cents) };
          } else {
            const amount = Math.floor(creditable * share);
            if (amount <= 0) continue;
            expect(refundCents(amount, balance, row.paid_cents)).toBeGreaterThanOrEqual(0);
            row = { ...row, ...settle(row, row.paid_cents, row.credited_cents + amount) };
          }
          // Credits never exceed what the invoice bills, nor payments; together they may (a refund owes the excess back).
          expect(row.credited_cents).toBeLessThanOrEqual(row.total_cents - row.prepaid_cents);
          expect(row.paid_cents).toBeLessThanOrEqual(row.total_cents - row.prepaid_cents);
          const status = derivedInvoiceStatus(row);
          if (status === 'paid' || status === 'cancelled') expect(balanceDueCents(row)).toBe(0);
          if (balanceDueCents(row) > 0) expect(['sent', 'partially_paid']).toContain(status);
        }
      }),
    );
  });

  it('an overpayment is always refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 1e9 }), (balance, extra) => {
        expect(paymentProblems({ amount: balance + extra, date: '2026-03-01' }, { balance, issueDate: '2026-03-01' }, '2026-03-01').amount).toBeDefined();
      }),
    );
  });

  it('a planned credit never exceeds what remains creditable (but a full credit’s rounding cent), and its refund is what goes beyond the balance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 100, max: 10_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (ht, creditHt, paidShare, creditedShare) => {
          const total = ht + Math.round((ht * 2000) / 10000);
          const credited = Math.floor(total * creditedShare);
          const paid = Math.floor((total - credited) * paidShare);
          const row = { number: 'FAC-2026-0001', tax_rate: 2000, ...amounts(total, paid, credited) };
          const given = [{ title: 'x', description: '', quantity: 10000, unit_price: creditHt * 100, tax_rate: 2000 }];
          const invoiceLines = [{ title: 'x', description: '', quantity: 10000, unit_price_centicents: ht * 100, tax_rate: 2000 }];
          const balance = balanceDueCents(row);
          const partial = planCredit(row, invoiceLines, given);
          if (!partial.refused) {
            expect(partial.totals.total).toBeGreaterThan(0);
            expect(partial.totals.total).toBeLessThanOrEqual(creditableCents(row));
            expect(partial.refund).toBe(Math.max(0, partial.totals.total - balance));
          }
          // A full credit: the balance (a paid invoice: what remains creditable, issue 28), or its
          // rounding cent above, refunded only from what was paid.
          const full = planCredit(row, invoiceLines, undefined);
          const target = balance > 0 ? balance : creditableCents(row);
          expect(full.refused === undefined).toBe(target > 0);
          if (!full.refused) {
            expect([target, target + 1]).toContain(full.totals.total);
            expect(full.refund).toBe(Math.min(paid, full.totals.total - balance));
          }
        },
      ),
    );
  });
});
