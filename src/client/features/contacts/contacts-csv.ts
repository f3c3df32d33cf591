import { saveFile } from '@/client/lib/save-file';
import Papa from 'papaparse';
import { CLIENT_TYPES, CLIENT_TYPE_LABELS, CONTACT_CATEGORIES, CONTACT_CATEGORY_LABELS, CONTACT_FIELD_LABELS } from '@/shared/contacts';
import type { ContactExportDetails, ContactInput, ContactListItem } from '@/shared/contracts/contacts';
import { formatSiren } from '@/shared/identifiers';
import { fromHundredths } from '@/shared/money';
import { parseDecimalInput } from '@/client/ui/decimal-field';
import { normalizeSearch } from '@/shared/search';
import type { ContactImportRow } from './contacts.api';
import { CSV_IMPORT_MAX_BYTES, IMPORT_MESSAGES } from './contacts-messages';

/**
 * CSV export and import of contacts (SPEC 2 "Contact list", 5 "CSV import", 8, 9).
 * The export is the import's own format: the export re-imports as is.
 */

export const CSV_FILE_NAME = 'contacts.csv';

/**
 * SPEC 2: the export's columns, headed with the shared French labels, then (issue 14) the
 * client type and legal identifiers under short headers, then (issue 28) every other field the
 * import accepts, under their form labels: an export re-imports whole.
 */
const EXPORT_COLUMNS = [
  ['name', CONTACT_FIELD_LABELS.name],
  ['email', CONTACT_FIELD_LABELS.email],
  ['phone', CONTACT_FIELD_LABELS.phone],
  ['category', CONTACT_FIELD_LABELS.category],
  ['company', CONTACT_FIELD_LABELS.company],
  ['client_type', 'Type'],
  ['siren', 'SIREN'],
  ['vat_number', 'N° TVA'],
  ['address', CONTACT_FIELD_LABELS.address],
  ['postal_code', CONTACT_FIELD_LABELS.postal_code],
  ['city', CONTACT_FIELD_LABELS.city],
  ['country', CONTACT_FIELD_LABELS.country],
  ['notes', CONTACT_FIELD_LABELS.notes],
  ['delivery_address', CONTACT_FIELD_LABELS.delivery_address],
  ['delivery_postal_code', CONTACT_FIELD_LABELS.delivery_postal_code],
  ['delivery_city', CONTACT_FIELD_LABELS.delivery_city],
  ['delivery_country', CONTACT_FIELD_LABELS.delivery_country],
  ['hourly_rate', CONTACT_FIELD_LABELS.hourly_rate],
] as const satisfies readonly (readonly [keyof ContactInput, string])[];
export const CSV_EXPORT_HEADER = EXPORT_COLUMNS.map(([, header]) => header);

type ExportRow = ContactListItem & Partial<ContactExportDetails>;

/** A cell as the export writes it: labels for the choices, the SIREN grouped (Excel keeps it as text). */
function exportCell(contact: ExportRow, field: (typeof EXPORT_COLUMNS)[number][0]): string {
  switch (field) {
    case 'category':
      return CONTACT_CATEGORY_LABELS[contact.category] ?? contact.category;
    case 'client_type':
      return CLIENT_TYPE_LABELS[contact.client_type] ?? contact.client_type ?? '';
    case 'siren':
      return contact.siren ? formatSiren(contact.siren) : '';
    // Euros with a decimal comma ('45,50'), as French Excel reads them; no rate (0) left empty.
    case 'hourly_rate':
      return contact.hourly_rate ? contact.hourly_rate.toFixed(2).replace('.', ',') : '';
    default:
      return contact[field] ?? '';
  }
}

/** Excel needs the BOM to read UTF-8 (accents). */
const UTF8_BOM = '\uFEFF';

/** French Excel splits columns on ';' (its list separator); the import accepts ',' and ';'. */
const EXPORT_DELIMITER = ';';

/**
 * Cells a spreadsheet would run as a formula (CSV injection): '=', '+', '-', '@', tab or CR,
 * also after leading spaces. The export prefixes them with a quote.
 */
export const FORMULA_START = /^\s*[=+\-@\t\r]/;

/** Undoes the export's neutralisation so that an export re-imports unchanged ('+33…' phones). */
export function restoreNeutralised(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/**
 * The CSV text (with BOM) of `contacts`, in the given order, with the other fields of those among
 * `details` (GET contacts/export-details/). Countries are written as their ISO codes ('FR'), which
 * the import reads back exactly.
 */
export function contactsToCsv(contacts: readonly ContactListItem[], details: readonly ContactExportDetails[] = []): string {
  const byId = new Map(details.map((row) => [row.id, row]));
  const data = contacts.map((contact) => {
    const row: ExportRow = { ...contact, ...byId.get(contact.id) };
    return EXPORT_COLUMNS.map(([field]) => exportCell(row, field));
  });
  const csv = Papa.unparse(
    { fields: CSV_EXPORT_HEADER, data },
    { delimiter: EXPORT_DELIMITER, newline: '\r\n', escapeFormulae: FORMULA_START },
  );
  return UTF8_BOM + csv;
}

/** Saves `csv` as a file through a temporary link (the browser's download). */
export function downloadCsv(csv: string, fileName = CSV_FILE_NAME) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  // Revoked later: some browsers read the URL after click() returns.
  saveFile(url, fileName, { revokeAfterMs: 1000 });
}

/** SPEC 5: only .csv files, at most 1 MB. Returns the message to show, or null. */
export function checkCsvFile(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.csv$/i.test(file.name)) return IMPORT_MESSAGES.notCsv;
  if (file.size > CSV_IMPORT_MAX_BYTES) return IMPORT_MESSAGES.tooLarge(file.size);
  return null;
}

type ImportField = keyof ContactInput;

const headerKey = (header: string) => normalizeSearch(header).replace(/[\s_-]+/g, ' ').trim();

/** Header spellings accepted for each field: the French label, the API name and a few usual ones. */
const EXTRA_HEADERS: Record<ImportField, string[]> = {
  name: ['nom complet'],
  email: ['e-mail', 'mail', 'courriel', 'adresse email', 'adresse e-mail'],
  phone: ['tel', 'tél.', 'portable', 'mobile'],
  company: ['société', 'organisation'],
  address: [],
  city: [],
  postal_code: ['cp'],
  country: [],
  notes: ['note'],
  category: [],
  client_type: ['type', 'type client'],
  // A SIRET is accepted: the server keeps its SIREN.
  siren: ['siret', 'n° siren', 'n° siret', 'numero siren', 'numero siret'],
  vat_number: ['n° tva', 'tva', 'tva intracommunautaire', 'tva intracom', 'numero tva', 'numero de tva', 'n° de tva'],
  delivery_address: ['adresse livraison'],
  delivery_postal_code: ['cp livraison', 'code postal livraison'],
  delivery_city: ['ville livraison'],
  delivery_country: ['pays livraison'],
  hourly_rate: ['taux horaire', 'tarif horaire ht', 'tarif horaire (€ ht)'],
};

const FIELD_BY_HEADER = new Map<string, ImportField>(
  (Object.keys(CONTACT_FIELD_LABELS) as ImportField[]).flatMap((field) =>
    [field, CONTACT_FIELD_LABELS[field], ...EXTRA_HEADERS[field]].map((header) => [headerKey(header), field] as const),
  ),
);

/**
 * A rate written as a spreadsheet does ('45,50', '1 200', '45 €') → euros; anything else is passed
 * on as is, for the server's message on that row.
 */
function toRate(value: string): number | string {
  const parsed = parseDecimalInput(value);
  return 'hundredths' in parsed ? fromHundredths(parsed.hundredths) : value;
}

/** A choice written as its value or its label, in any case and with or without accents; else as is. */
function toChoice<T extends string>(choices: readonly T[], labels: Record<T, string>, value: string): string {
  const key = normalizeSearch(value);
  return choices.find((choice) => choice === key || normalizeSearch(labels[choice]) === key) ?? value;
}

const CHOICES: Partial<Record<ImportField, (value: string) => string>> = {
  category: (value) => toChoice(CONTACT_CATEGORIES, CONTACT_CATEGORY_LABELS, value),
  client_type: (value) => toChoice(CLIENT_TYPES, CLIENT_TYPE_LABELS, value),
};

export interface CsvContactRow {
  /** 1-based position of the contact in the file (the header is not counted). */
  row: number;
  contact: ContactImportRow;
}

/** A row left out before anything is sent: it lacks a name or an e-mail. */
export interface CsvInvalidRow {
  row: number;
  reason: string;
}

export type CsvParseResult = { ok: true; rows: CsvContactRow[]; invalid: CsvInvalidRow[] } | { ok: false; error: string };

const QUOTE_ERRORS: Record<string, string> = {
  MissingQuotes: 'guillemet fermant manquant',
  InvalidQuotes: 'guillemets mal placés',
};

/**
 * Reads a contacts CSV: headers from the first row (export's French header or API field names,
 * any order, unknown columns ignored), ',' or ';' separators, quoted fields. Only rows with
 * both a name and an e-mail are kept; the others are listed as invalid, with what they lack.
 */
export function parseContactsCsv(text: string): CsvParseResult {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimitersToGuess: [',', ';'],
    skipEmptyLines: 'greedy',
  });
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoteError) {
    const where = quoteError.row !== undefined ? ` (ligne ${quoteError.row + 1})` : '';
    return { ok: false, error: IMPORT_MESSAGES.readError(`${QUOTE_ERRORS[quoteError.code] ?? quoteError.message}${where}.`) };
  }
  const [header = [], ...records] = parsed.data;
  const columns = header.map((cell) => FIELD_BY_HEADER.get(headerKey(cell)));
  if (!columns.includes('name') || !columns.includes('email')) {
    return { ok: false, error: IMPORT_MESSAGES.missingColumns };
  }

  const rows: CsvContactRow[] = [];
  const invalid: CsvInvalidRow[] = [];
  records.forEach((cells, index) => {
    const values: Partial<Record<ImportField, string>> = {};
    columns.forEach((field, column) => {
      if (!field || values[field] !== undefined) return; // first column of a field wins
      const value = restoreNeutralised((cells[column] ?? '').trim()).trim();
      // An empty cell is left out: the server's default applies (a professionnel, France…).
      if (value) values[field] = CHOICES[field]?.(value) ?? value;
    });
    const { name, email, hourly_rate: rate, ...rest } = values;
    if (!name || !email) {
      invalid.push({ row: index + 1, reason: IMPORT_MESSAGES.missing(!name, !email) });
      return;
    }
    // An unknown category or type, or a rate that is not an amount, stays a string: the server's
    // per-row error names it.
    const hourlyRate = rate === undefined ? {} : { hourly_rate: toRate(rate) };
    rows.push({ row: index + 1, contact: { ...rest, ...hourlyRate, name, email } as ContactImportRow });
  });
  return { ok: true, rows, invalid };
}
