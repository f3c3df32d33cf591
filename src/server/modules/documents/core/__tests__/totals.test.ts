import fc from 'fast-check';
import { computeTotals, lineNetCents } from '@/shared/documents';
import { htShare, largestRemainder, linesTotals, splitByRate, splitByTreatment, splitZeroRate, ttcAt } from '../totals';
import { treatmentSuffix } from '../format';

/**
 * Written in hundredths of a unit and cents, stored (issue 25) in ten-thousandths of both: × 100;
 * rate in hundredths of a percent.
 */
const line = (quantity: number, unit_price: number, tax_rate: number) => ({ quantity: quantity * 100, unit_price: unit_price * 100, tax_rate });
const RATES = [0, 550, 1000, 2000];

describe('linesTotals (hand-checked)', () => {
  it.each([
    ['one line at 20 %', [line(100, 10000, 2000)], 2000, { lines: [10000], subtotal: 10000, tax: 2000, total: 12000 }],
    ['a quantity of 1,5 × 33,33 € rounds the line half up', [line(150, 3333, 2000)], 2000, { lines: [5000], subtotal: 5000, tax: 1000, total: 6000 }],
    ['2,5 × 0,01 € = 0,025 € → 0,03 €', [line(250, 1, 2000)], 2000, { lines: [3], subtotal: 3, tax: 1, total: 4 }],
    ['VAT half-cent 5,5 % of 1,01 € = 0,05555 → 0,06', [line(100, 101, 550)], 550, { lines: [101], subtotal: 101, tax: 6, total: 107 }],
    ['VAT exactly half a cent rounds up: 10 % of 0,05 €', [line(100, 5, 1000)], 1000, { lines: [5], subtotal: 5, tax: 1, total: 6 }],
    ['0 % line', [line(300, 1999, 0)], 2000, { lines: [5997], subtotal: 5997, tax: 0, total: 5997 }],
    [
      '0/5,5/10/20 % mix: VAT per rate (5,5 % of 101 € = 5,555 → 5,56)',
      [line(100, 10000, 2000), line(200, 5050, 550), line(300, 3333, 1000), line(100, 1234, 0)],
      2000,
      { lines: [10000, 10100, 9999, 1234], subtotal: 31333, tax: 2000 + 556 + 1000 + 0, total: 31333 + 3556 },
    ],
    ['a discount line (negative price) lowers its rate’s base', [line(100, 10000, 2000), line(100, -1000, 2000)], 2000, { lines: [10000, -1000], subtotal: 9000, tax: 1800, total: 10800 }],
    ['no lines: the document’s rate with nothing', [], 550, { lines: [], subtotal: 0, tax: 0, total: 0 }],
  ])('%s', (_name, lines, rate, expected) => {
    expect(linesTotals(lines, rate)).toMatchObject(expected);
  });

  it('rounds VAT per rate, not per line: 3 × 0,05 € at 10 % is 0,02 € of VAT, not 3 × 0,01 €', () => {
    const totals = linesTotals([line(100, 5, 1000), line(100, 5, 1000), line(100, 5, 1000)], 1000);
    expect(totals.breakdown).toEqual([{ rate: 1000, base: 15, tax: 2 }]);
    expect(totals.tax).toBe(2);
  });

  it('lists the breakdown highest rate first, one row per rate used', () => {
    const { breakdown } = linesTotals([line(100, 100, 550), line(100, 100, 2000), line(100, 100, 0), line(100, 100, 550)], 2000);
    expect(breakdown.map((r) => r.rate)).toEqual([2000, 550, 0]);
    expect(breakdown.find((r) => r.rate === 550)).toEqual({ rate: 550, base: 200, tax: 11 });
  });
});

describe('htShare, ttcAt, largestRemainder (hand-checked)', () => {
  it.each([
    [6000, 10000, 12000, 5000],
    [1, 100, 120, 1],
    [0, 100, 120, 0],
    [500, 0, 0, 0],
    [333, 1000, 1055, 316],
  ])('HT part of %i on %i HT / %i TTC is %i', (amount, subtotal, total, expected) => {
    expect(htShare(amount, subtotal, total)).toBe(expected);
  });

  it.each([
    [2000, 83333, 100000],
    [2000, 83334, 100001],
    [550, 100, 106],
    [0, 1234, 1234],
  ])('at rate %i, %i cents HT is %i TTC', (rate, ht, ttc) => {
    expect(ttcAt(rate, ht)).toBe(ttc);
  });

  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [10, [0, 0], [10, 0]],
    [7, [3, 1], [5, 2]],
  ])('shares %i by %j as %j', (total, weights, shares) => {
    expect(largestRemainder(total, weights)).toEqual(shares);
  });
});

describe('splitByRate (hand-checked)', () => {
  it('999,99 € TTC at 20 % alone has no HT amount: the next TTC above', () => {
    const split = splitByRate(99999, [{ quantity: 10000, unit_price_centicents: 100000 * 100, tax_rate: 2000 }], 2000);
    expect(split).toEqual([{ rate: 2000, ht: 83333 }]);
    expect(ttcAt(2000, 83333)).toBe(100000);
  });

  it('shares between two rates in proportion to their TTC', () => {
    // 100 € HT at 20 % (120 TTC) and 100 € HT at 5,5 % (105,50 TTC): half of 225,50 TTC.
    const lines = [
      { quantity: 10000, unit_price_centicents: 10000 * 100, tax_rate: 2000 },
      { quantity: 10000, unit_price_centicents: 10000 * 100, tax_rate: 550 },
    ];
    const split = splitByRate(11275, lines, 2000);
    expect(split).toEqual([{ rate: 2000, ht: 5000 }, { rate: 550, ht: 5000 }]);
    expect(split.reduce((sum, s) => sum + ttcAt(s.rate, s.ht), 0)).toBe(11275);
  });
});

describe('splitByTreatment: the 0 % share per exemption reason (issue 25, hand-checked)', () => {
  const at = (euros: number, tax_rate: number, vat_exemption?: string) =>
    ({ quantity: 10000, unit_price_centicents: euros * 10000, tax_rate, ...(vat_exemption === undefined ? {} : { vat_exemption }) });

  it('shares 0 % between its reasons in proportion to their lines, to the cent, and leaves one reason whole', () => {
    // 120 € TTC at 20 % and 1 000 € + 500 € at 0 % (the document's reason, and reverse charge): 1 620 € in all, half of it.
    const lines = [at(100, 2000), at(1000, 0), at(500, 0, 'autoliquidation')];
    expect(splitByTreatment(81000, lines, 2000)).toEqual([
      { rate: 2000, ht: 5000, vat_exemption: '' },
      { rate: 0, ht: 50000, vat_exemption: '' },
      { rate: 0, ht: 25000, vat_exemption: 'autoliquidation' },
    ]);
    // 1 cent at 0 %, 2 to 1: it goes where the larger remainder is.
    expect(splitZeroRate(1, lines)).toEqual([{ ht: 1, vat_exemption: '' }]);
    expect(splitZeroRate(100, [at(10, 0, 'exoneration'), at(10, 0, 'exoneration')])).toEqual([{ ht: 100, vat_exemption: 'exoneration' }]);
  });

  it('names a line per rate, and per reason when 0 % has several', () => {
    const shares = splitByTreatment(81000, [at(100, 2000), at(1000, 0), at(500, 0, 'autoliquidation')], 2000);
    expect(shares.map((share) => treatmentSuffix(shares, share, 'exoneration'))).toEqual([
      ' (TVA 20 %)', ' (TVA 0 %, exonération)', ' (TVA 0 %, autoliquidation)',
    ]);
    const oneReason = splitByTreatment(81000, [at(100, 2000), at(1000, 0)], 2000);
    expect(oneReason.map((share) => treatmentSuffix(oneReason, share, 'exoneration'))).toEqual([' (TVA 20 %)', ' (TVA 0 %)']);
    expect(treatmentSuffix([oneReason[0]], oneReason[0], '')).toBe('');
  });
});

describe('totals (properties)', () => {
  const lineArb = fc.record({
    quantity: fc.integer({ min: -10_000, max: 100_000 }),
    unit_price: fc.integer({ min: -1_000_000, max: 10_000_000 }),
    tax_rate: fc.constantFrom(...RATES),
  });

  it('Σ breakdown bases = total HT, Σ breakdown VAT = VAT, TTC = HT + VAT, Σ lines = HT', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), fc.constantFrom(...RATES), (lines, rate) => {
        const t = linesTotals(lines, rate);
        expect(t.breakdown.reduce((s, r) => s + r.base, 0)).toBe(t.subtotal);
        expect(t.breakdown.reduce((s, r) => s + r.tax, 0)).toBe(t.tax);
        expect(t.total).toBe(t.subtotal + t.tax);
        expect(t.lines.reduce((s, v) => s + v, 0)).toBe(t.subtotal);
        for (const v of [t.subtotal, t.tax, t.total, ...t.lines]) expect(Number.isInteger(v)).toBe(true);
      }),
    );
  });

  it('each rate’s VAT is its base × rate rounded to the cent (within half a cent)', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 20 }), (lines) => {
        for (const row of linesTotals(lines, 2000).breakdown) {
          expect(Math.abs(row.tax - (row.base * row.rate) / 10000)).toBeLessThanOrEqual(0.5);
        }
      }),
    );
  });

  it('the order of lines changes no total', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 10 }), (lines) => {
        const a = linesTotals(lines, 2000);
        const b = linesTotals([...lines].reverse(), 2000);
        expect([b.subtotal, b.tax, b.total, b.breakdown]).toEqual([a.subtotal, a.tax, a.total, a.breakdown]);
      }),
    );
  });

  it('largestRemainder shares sum to the total, each within one unit of its exact share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 4 }), (total, weights) => {
        const shares = largestRemainder(total, weights);
        const sum = weights.reduce((a, b) => a + b, 0);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        shares.forEach((s, i) => expect(Math.abs(s - (total * weights[i]) / sum)).toBeLessThan(1));
      }),
    );
  });

  it('splitByRate lands on the amount, or one cent above when no HT amount can, at the lines’ rates', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 500 }), unit_price_centicents: fc.integer({ min: 1, max: 500_000 }), tax_rate: fc.constantFrom(...RATES) }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        (lines, amount) => {
          const split = splitByRate(amount, lines, 2000);
          const ttc = split.reduce((sum, s) => sum + ttcAt(s.rate, s.ht), 0);
          expect(ttc - amount).toBeGreaterThanOrEqual(0);
          expect(ttc - amount).toBeLessThanOrEqual(1);
          const rates = new Set(lines.map((l) => l.tax_rate));
          for (const s of split) {
            expect(rates.has(s.rate)).toBe(true);
            expect(s.ht).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});

describe('four decimals (issue 25)', () => {
  /** Ten-thousandths as the form holds them typed the French way: 3333 → '0,3333'. */
  const french = (units: number) => {
    const fraction = String(units % 10000).padStart(4, '0').replace(/0+$/, '');
    return fraction ? `${Math.floor(units / 10000)},${fraction}` : String(Math.floor(units / 10000));
  };
  const RATE_PERCENT: Record<number, string> = { 2000: '20', 1000: '10', 550: '5,5', 210: '2,1', 0: '0' };

  it('rounds each line once to the cent (BT-131), then VAT per rate on the sum (BT-117)', () => {
    // 0,3333 h × 90 € = 29,997 → 30,00 €; 3 × 0,0125 € = 0,0375 → 0,04 €; 3 × 33,3333 € = 99,9999 → 100,00 €.
    const t = linesTotals([
      { quantity: 3333, unit_price: 900000, tax_rate: 2000 },
      { quantity: 30000, unit_price: 125, tax_rate: 2000 },
      { quantity: 30000, unit_price: 333333, tax_rate: 550 },
    ], 2000);
    expect(t.lines).toEqual([3000, 4, 10000]);
    expect(t.breakdown).toEqual([{ rate: 2000, base: 3004, tax: 601 }, { rate: 550, base: 10000, tax: 550 }]);
    expect(t.total).toBe(3004 + 601 + 10000 + 550);
  });

  it('is exact at the caps, where the product passes 2^53 (10^6 units × 10^7 € in ten-thousandths)', () => {
    expect(lineNetCents(10_000_000_000, 100_000_000_000)).toBe(1_000_000_000_000_000);
    // 9 999 999 999 × 99 999 999 999 = 999 999 999 890 000 000 001 (10^-8 €), which a double cannot hold.
    expect(lineNetCents(9_999_999_999, 99_999_999_999)).toBe(999_999_999_890_000);
  });

  it('the form’s calculation (French text, computeTotals) and the server’s (stored units) agree to the cent', () => {
    const lineArb = fc.record({
      quantity: fc.integer({ min: 1, max: 10_000_000 }), // up to 1 000 units, 4 decimals
      unit_price: fc.integer({ min: 0, max: 100_000_000 }), // up to 10 000 €, 4 decimals
      tax_rate: fc.constantFrom(...RATES),
    });
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 12 }), (lines) => {
        const server = linesTotals(lines, 2000);
        const form = computeTotals(
          lines.map((l) => ({ quantity: french(l.quantity), unit_price: french(l.unit_price), tax_rate: RATE_PERCENT[l.tax_rate] })),
          '20',
        );
        expect(form).toEqual(server);
        // Each line: the exact product rounded half up to the cent, computed apart with BigInt.
        lines.forEach((l, i) => {
          const product = BigInt(l.quantity) * BigInt(l.unit_price);
          expect(BigInt(server.lines[i])).toBe((product + 500_000n) / 1_000_000n);
        });
      }),
      { numRuns: 300 },
    );
  });
});
