import { formatDate } from '@/server/pdf/format';
import { formatSiren } from '@/shared/identifiers';
import { DECLARED_TURNOVER_LABEL, receiptNatureLabel } from '@/shared/reports';
import { methodLabel, monthLabel, quarterLabel, type CentTotals, type ReceiptsBookData } from '@/server/pdf/receipts-book';
import type { JournalRow } from './reports.service';

/**
 * CSV that French Excel opens as it is: UTF-8 with a BOM (else accents break), ';' between
 * columns (its list separator), decimal commas without thousands separators (so amounts stay
 * numbers), dates as DD/MM/YYYY, CRLF line ends.
 */
const BOM = '\uFEFF';

/** Text a spreadsheet would run as a formula (CSV injection, DESIGN.md 5): prefixed with a quote. */
const FORMULA_START = /^\s*[=+\-@\t\r]/;
export const csvText = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** -44000 → '-440,00'. Amounts are ours (never user text), so a minus sign is a number here. */
export function csvAmount(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  return `${cents < 0 && abs > 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** 550 (hundredths of a percent) → '5,5 %'. */
const csvRate = (rate: number) => `${String(rate / 100).replace('.', ',')} %`;

/** formatDate, once per day of the file (thousands of rows share a few hundred dates; Intl costs µs per call). */
function dateCells() {
  const cache = new Map<string, string>();
  return (iso: string) => {
    let text = cache.get(iso);
    if (text === undefined) cache.set(iso, (text = formatDate(iso)));
    return text;
  };
}

const quoted = (cell: string) => (/[";\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** Rows of already formatted cells → the file's text. */
export function frenchCsv(rows: readonly (readonly string[])[]): string {
  return BOM + rows.map((row) => row.map(quoted).join(';')).join('\r\n') + '\r\n';
}

const totalsCells = (label: string, t: CentTotals) => [label, csvAmount(t.services), csvAmount(t.goods), csvAmount(t.total), String(t.count)];

/**
 * The receipts book: one row per receipt (what was received, and its HT), then the declared
 * turnover (HT) per month, quarter and year.
 */
export function receiptsCsv(book: ReceiptsBookData): string {
  const rows: string[][] = [['Date', 'N° facture', 'Client', 'Nature', 'Montant encaissé', 'Dont HT', 'Mode de règlement', 'Référence']];
  const date = dateCells();
  for (const r of book.rows) {
    rows.push([
      date(r.date),
      csvText(r.invoice_number),
      csvText(r.client_name),
      receiptNatureLabel(r.operation_category),
      csvAmount(r.amount_cents),
      csvAmount(r.amount_ht_cents),
      methodLabel(r),
      csvText(r.reference),
    ]);
  }
  rows.push([]);
  rows.push(['Période', 'Prestations de services (HT)', 'Ventes (HT)', DECLARED_TURNOVER_LABEL, 'Nombre']);
  book.months.forEach((t, i) => rows.push(totalsCells(monthLabel(`${book.year}-${String(i + 1).padStart(2, '0')}`), t)));
  book.quarters.forEach((t, i) => rows.push(totalsCells(quarterLabel(book.year, i + 1), t)));
  rows.push(totalsCells(`Année ${book.year}`, book.totals));
  return frenchCsv(rows);
}

/**
 * The sales journal for the accountant: one row per invoice or credit note, HT and VAT for each
 * rate (`rates`: the columns, hundredths of a percent), totals, what was paid and what is due.
 */
export function salesJournalCsv(journal: { rates: number[]; rows: JournalRow[] }): string {
  const header = [
    'N°', 'Type', 'Date', 'Client', 'SIREN client', 'Facture d’origine',
    ...journal.rates.flatMap((rate) => [`HT ${csvRate(rate)}`, `TVA ${csvRate(rate)}`]),
    'Total HT', 'Total TVA', 'Total TTC', 'Encaissé', 'Avoirs', 'Acomptes déduits', 'Solde',
  ];
  const date = dateCells();
  const rows = journal.rows.map((row) => {
    const perRate = new Map(row.breakdown.map((r) => [r.rate, r]));
    return [
      csvText(row.number),
      row.kind === 'invoice' ? 'Facture' : 'Avoir',
      date(row.date),
      csvText(row.client_name),
      row.client_siren ? formatSiren(row.client_siren) : '',
      csvText(row.invoice_number ?? ''),
      ...journal.rates.flatMap((rate) => {
        const r = perRate.get(rate);
        return r ? [csvAmount(r.base), csvAmount(r.tax)] : ['', ''];
      }),
      csvAmount(row.subtotal),
      csvAmount(row.tax),
      csvAmount(row.total),
      row.kind === 'invoice' ? csvAmount(row.paid) : '',
      row.kind === 'invoice' ? csvAmount(row.credited) : '',
      row.kind === 'invoice' ? csvAmount(row.prepaid) : '',
      row.kind === 'invoice' ? csvAmount(row.balance) : '',
    ];
  });
  return frenchCsv([header, ...rows]);
}
