import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { balanceDueCents } from '@/shared/documents';
import { fromHundredths } from '@/shared/money';
import { parisToday } from '@/shared/dates';
import { VAT_RATES } from '@/shared/vat';
import { receiptNature, receiptNatureLabel, urssafDeclarant, type UrssafPeriodKey } from '@/shared/reports';
import type { ReceiptMonth, ReceiptQuarter, ReceiptRow, ReceiptsBook, ReceiptTotals, SalesJournal, SalesJournalRate, SalesJournalRow, UrssafPeriod, UrssafSummary } from '@/shared/contracts/reports';
import { centsToUnitPrice, linesTotals, ONE_UNIT, storedDiscount } from '@/server/modules/documents';
import { renderReceiptsBookPdf } from '@/server/pdf/pdf-pool';
import { methodLabel, monthLabel, quarterLabel, type CentTotals, type Receipt, type ReceiptsBookData } from '@/server/pdf/receipts-book';
import { reportsRepository, type JournalDocument, type JournalRateBase } from './reports.repository';

/**
 * The "Chiffre d'affaires encaissé à déclarer (HT)" (DECLARED_TURNOVER_LABEL) of the receipts dated
 * from `from` to `to`: what a micro-entrepreneur declares to the URSSAF, monthly or quarterly (CSS
 * art. L613-7; CGI art. 50-0 and 102 ter: the sums received in the period, excluding VAT). Each
 * payment counts for its HT share (its amount × its invoice's HT / TTC, fixed when it was recorded:
 * payments.amount_ht_cents), a partial payment for its part; each refund of a credit note (the part
 * beyond its invoice's balance) counts negative, for its HT share, on the credit note's date. Split
 * services / sales (a mixed operation counts as services). In the VAT franchise HT is what was
 * received. The one computation behind the URSSAF card, the receipts book's totals (JSON, CSV,
 * PDF) and the reports page.
 */
export function declaredTurnover(receipts: readonly Receipt[], [from, to]: readonly [string, string]): CentTotals {
  const totals: CentTotals = { services: 0, goods: 0, total: 0, count: 0 };
  for (const receipt of receipts) {
    if (receipt.date < from || receipt.date > to) continue;
    totals[receipt.nature] += receipt.amount_ht_cents;
    totals.total += receipt.amount_ht_cents;
    totals.count++;
  }
  return totals;
}
export const totalsJson = (t: CentTotals): ReceiptTotals => ({
  services: fromHundredths(t.services),
  goods: fromHundredths(t.goods),
  total: fromHundredths(t.total),
  count: t.count,
});

export const receiptJson = (r: Receipt): ReceiptRow => ({
  kind: r.kind,
  id: r.id,
  date: r.date,
  invoice_id: r.invoice_id,
  invoice_number: r.invoice_number,
  credit_note_number: r.credit_note_number,
  client_id: r.client_id,
  client_name: r.client_name,
  operation_category: r.operation_category,
  nature: r.nature,
  nature_display: receiptNatureLabel(r.operation_category),
  amount: fromHundredths(r.amount_cents),
  amount_ht: fromHundredths(r.amount_ht_cents),
  method: r.method,
  method_display: methodLabel(r),
  reference: r.reference,
});

const pad = (n: number) => String(n).padStart(2, '0');
/** [first day, last day] of `count` months starting with month (1–12) of year; months may run over the year. */
function monthSpan(year: number, month: number, count = 1): [string, string] {
  const start = new Date(Date.UTC(year, month - 1, 1));
  const end = new Date(Date.UTC(year, month - 1 + count, 0));
  return [start.toISOString().slice(0, 10), end.toISOString().slice(0, 10)];
}

/** Code-point order of two strings (dates, YYYY-MM-DD): localeCompare would go through ICU for each pair. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** 'FAC-2026-0042' → [2026, 42] for ordering; anything else sorts first. */
function numberKey(number: string): [number, number] {
  const match = /-(\d{4})-(\d+)$/.exec(number);
  return match ? [Number(match[1]), Number(match[2])] : [0, 0];
}

export function reportsService(db: Kysely<Database>) {
  const repo = reportsRepository(db);

  /** Payments received and refunds made from `from` to `to`, oldest first (a day's payments before its refunds). */
  async function receipts(ownerId: number, from: string, to: string): Promise<Receipt[]> {
    const payments = await repo.payments(ownerId, from, to);
    const refunds = await repo.refunds(ownerId, from, to);
    const rows: Receipt[] = payments.map((p) => ({
      kind: 'payment',
      id: p.id,
      date: p.date,
      invoice_id: p.invoice_id,
      invoice_number: p.invoice_number ?? '',
      credit_note_number: null,
      client_id: p.client_id,
      client_name: p.client_name,
      operation_category: p.operation_category,
      nature: receiptNature(p.operation_category),
      amount_cents: Number(p.amount_cents),
      amount_ht_cents: Number(p.amount_ht_cents),
      method: p.method,
      reference: p.reference,
    }));
    if (!refunds.length) return rows;
    for (const r of refunds) {
      rows.push({
        kind: 'refund',
        id: r.id,
        date: r.issue_date,
        invoice_id: r.invoice_id,
        invoice_number: r.invoice_number ?? '',
        credit_note_number: r.number,
        client_id: r.client_id,
        client_name: r.client_name,
        operation_category: r.operation_category,
        nature: receiptNature(r.operation_category),
        amount_cents: -Number(r.refund_cents),
        amount_ht_cents: -Number(r.refund_ht_cents),
        method: '',
        reference: r.number,
      });
    }
    const kindOrder = { payment: 0, refund: 1 };
    return rows.sort((a, b) => byText(a.date, b.date) || kindOrder[a.kind] - kindOrder[b.kind] || a.id - b.id);
  }

  async function receiptsBook(ownerId: number, year: number): Promise<ReceiptsBookData> {
    const rows = await receipts(ownerId, `${year}-01-01`, `${year}-12-31`);
    return {
      year,
      rows,
      months: Array.from({ length: 12 }, (_, i) => declaredTurnover(rows, monthSpan(year, i + 1))),
      quarters: Array.from({ length: 4 }, (_, i) => declaredTurnover(rows, monthSpan(year, 3 * i + 1, 3))),
      totals: declaredTurnover(rows, [`${year}-01-01`, `${year}-12-31`]),
    };
  }

  /** Every issued invoice and credit note dated from `from` to `to`, per VAT rate, in cents (credit notes negative). */
  async function salesJournal(ownerId: number, from: string, to: string) {
    // Documents before their lines: an invoice issued in between is missing from both or has its
    // lines (they are written in its issuing transaction), never listed without them.
    const invoices = await repo.invoices(ownerId, from, to);
    const creditNotes = await repo.creditNotes(ownerId, from, to);
    const rows = [
      ...journalRows('invoice', invoices.documents, invoices.lines),
      ...journalRows('credit_note', creditNotes.documents, creditNotes.lines),
    ];
    // Each series in number order (numbers follow dates: art. 242 nonies A), the two merged by date.
    const kindOrder = { invoice: 0, credit_note: 1 };
    const keyed = rows.map((row) => ({ row, key: numberKey(row.number) }));
    keyed.sort(
      (a, b) =>
        byText(a.row.date, b.row.date) || kindOrder[a.row.kind] - kindOrder[b.row.kind] || a.key[0] - b.key[0] || a.key[1] - b.key[1],
    );
    const rates = new Set<number>(VAT_RATES.map((rate) => Math.round(rate * 100)));
    const totals = { rates: new Map<number, { base: number; tax: number }>(), subtotal: 0, tax: 0, total: 0, paid: 0, balance: 0 };
    for (const { row } of keyed) {
      for (const r of row.breakdown) {
        rates.add(r.rate);
        const sum = totals.rates.get(r.rate) ?? { base: 0, tax: 0 };
        totals.rates.set(r.rate, { base: sum.base + r.base, tax: sum.tax + r.tax });
      }
      totals.subtotal += row.subtotal;
      totals.tax += row.tax;
      totals.total += row.total;
      totals.paid += row.paid;
      totals.balance += row.balance;
    }
    return { from, to, rates: [...rates].sort((a, b) => b - a), rows: keyed.map(({ row }) => row), totals };
  }

  return {
    receipts,
    receiptsBook,
    salesJournal,

    async receiptsBookJson(ownerId: number, year: number): Promise<ReceiptsBook> {
      const book = await receiptsBook(ownerId, year);
      return {
        year,
        rows: book.rows.map(receiptJson),
        months: book.months.map((t, i): ReceiptMonth => ({ month: `${year}-${pad(i + 1)}`, ...totalsJson(t) })),
        quarters: book.quarters.map((t, i): ReceiptQuarter => ({ quarter: i + 1, label: quarterLabel(year, i + 1), ...totalsJson(t) })),
        totals: totalsJson(book.totals),
      };
    },

    /**
     * The declared turnover (HT) of the current and previous month and quarter (Europe/Paris), for
     * an individual entrepreneur: a company (legal form SARL, SAS…) or an association declares its
     * profit, not its cashed turnover, and gets no periods.
     */
    async urssafSummary(ownerId: number, today = parisToday()): Promise<UrssafSummary> {
      const legalForm = await repo.legalForm(ownerId);
      const declarant = urssafDeclarant(legalForm);
      if (declarant === 'company') return { today, declarant, periods: [] };
      const year = Number(today.slice(0, 4));
      const month = Number(today.slice(5, 7));
      const quarterStart = month - ((month - 1) % 3);
      const quarterOf = (m: number) => Math.floor((m - 1) / 3) + 1;
      const previousMonth = new Date(Date.UTC(year, month - 2, 1));
      const previousQuarter = new Date(Date.UTC(year, quarterStart - 4, 1));
      const pm = { year: previousMonth.getUTCFullYear(), month: previousMonth.getUTCMonth() + 1 };
      const pq = { year: previousQuarter.getUTCFullYear(), month: previousQuarter.getUTCMonth() + 1 };
      const periods: { key: UrssafPeriodKey; label: string; span: [string, string] }[] = [
        { key: 'current_month', label: monthLabel(`${year}-${pad(month)}`), span: monthSpan(year, month) },
        { key: 'previous_month', label: monthLabel(`${pm.year}-${pad(pm.month)}`), span: monthSpan(pm.year, pm.month) },
        { key: 'current_quarter', label: quarterLabel(year, quarterOf(month)), span: monthSpan(year, quarterStart, 3) },
        { key: 'previous_quarter', label: quarterLabel(pq.year, quarterOf(pq.month)), span: monthSpan(pq.year, pq.month, 3) },
      ];
      // The previous quarter starts first, the current quarter ends last: one read covers the four.
      const rows = await receipts(ownerId, periods[3].span[0], periods[2].span[1]);
      return {
        today,
        declarant,
        periods: periods.map(({ key, label, span }): UrssafPeriod => ({
          key, label, from: span[0], to: span[1], ...totalsJson(declaredTurnover(rows, span)),
        })),
      };
    },

    async salesJournalJson(ownerId: number, from: string, to: string): Promise<SalesJournal> {
      const journal = await salesJournal(ownerId, from, to);
      const rateJson = (r: { rate: number; base: number; tax: number }): SalesJournalRate => ({
        rate: fromHundredths(r.rate),
        base: fromHundredths(r.base),
        tax: fromHundredths(r.tax),
      });
      return {
        from,
        to,
        rates: journal.rates.map(fromHundredths),
        rows: journal.rows.map(
          (row): SalesJournalRow => ({
            kind: row.kind,
            id: row.id,
            number: row.number,
            date: row.date,
            client_id: row.client_id,
            client_name: row.client_name,
            client_siren: row.client_siren,
            invoice_number: row.invoice_number,
            rates: row.breakdown.map(rateJson),
            subtotal: fromHundredths(row.subtotal),
            tax: fromHundredths(row.tax),
            total: fromHundredths(row.total),
            paid: fromHundredths(row.paid),
            credited: fromHundredths(row.credited),
            prepaid: fromHundredths(row.prepaid),
            balance: fromHundredths(row.balance),
          }),
        ),
        totals: {
          rates: [...journal.totals.rates.entries()].sort(([a], [b]) => b - a).map(([rate, sums]) => rateJson({ rate, ...sums })),
          subtotal: fromHundredths(journal.totals.subtotal),
          tax: fromHundredths(journal.totals.tax),
          total: fromHundredths(journal.totals.total),
          paid: fromHundredths(journal.totals.paid),
          balance: fromHundredths(journal.totals.balance),
        },
      };
    },

    /** The book as a PDF, in the PDF pool: a busy year's book must not hold up the event loop (issue 16). */
    receiptsBookPdf: async (book: ReceiptsBookData, ownerId: number) => renderReceiptsBookPdf(book, await repo.issuer(ownerId), ownerId),
  };
}

/** A sales journal row in cents. */
export interface JournalRow {
  kind: 'invoice' | 'credit_note';
  id: number;
  number: string;
  date: string;
  client_id: number;
  client_name: string;
  client_siren: string;
  invoice_number: string | null;
  /** Per rate (hundredths of a percent), highest first: computeTotals' breakdown, negative on a credit note. */
  breakdown: { rate: number; base: number; tax: number }[];
  subtotal: number;
  tax: number;
  total: number;
  paid: number;
  credited: number;
  prepaid: number;
  balance: number;
}

/**
 * Each document's amounts from its lines' rates, by the shared computeTotals (linesTotals): its
 * lines summed per rate (by the database, from their stored totals) go in as one line per rate,
 * which gives computeTotals' own breakdown (base = Σ line totals of the rate, VAT rounded per rate)
 * for a fraction of the work.
 */
function journalRows(kind: JournalRow['kind'], documents: JournalDocument[], lines: JournalRateBase[]): JournalRow[] {
  const byDocument = new Map<number, JournalRateBase[]>();
  for (const line of lines) {
    const list = byDocument.get(line.document_id);
    if (list) list.push(line);
    else byDocument.set(line.document_id, [line]);
  }
  const sign = kind === 'credit_note' ? -1 : 1;
  // -0 would print as '-0,00'.
  const signed = (cents: number) => (cents === 0 ? 0 : sign * cents);
  return documents.map((d) => {
    const totals = linesTotals(
      (byDocument.get(d.id) ?? []).map((l) => ({ quantity: ONE_UNIT, unit_price: centsToUnitPrice(Number(l.base_cents)), tax_rate: Number(l.tax_rate) })),
      Number(d.tax_rate),
      storedDiscount(d),
    );
    const paid = Number(d.paid_cents);
    const credited = Number(d.credited_cents);
    const prepaid = Number(d.prepaid_cents);
    return {
      kind,
      id: d.id,
      number: d.number,
      date: d.issue_date,
      client_id: d.client_id,
      client_name: d.client_name,
      client_siren: d.client_siren,
      invoice_number: d.invoice_number,
      breakdown: totals.breakdown.map((r) => ({ rate: r.rate, base: signed(r.base), tax: signed(r.tax) })),
      subtotal: signed(totals.subtotal),
      tax: signed(totals.tax),
      total: signed(totals.total),
      paid,
      credited,
      prepaid,
      balance:
        kind === 'invoice' ? balanceDueCents({ total_cents: totals.total, paid_cents: paid, credited_cents: credited, prepaid_cents: prepaid }) : 0,
    };
  });
}

export type ReportsService = ReturnType<typeof reportsService>;
