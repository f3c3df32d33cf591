/**
 * Units of a document line (issue 25): the unit of its quantity, carried in the Factur-X XML as
 * EN 16931 BT-130 (`unitCode`), whose values are UN/ECE Recommendation 20 codes (with
 * Recommendation 21 for packages); the schematron of the official kit checks them against that
 * list. Each has its French label (the editor's select) and the short symbol printed after the
 * quantity on the PDF.
 */
export const LINE_UNITS = {
  HUR: { label: 'Heure', symbol: 'h' },
  DAY: { label: 'Jour', symbol: 'j' },
  WEE: { label: 'Semaine', symbol: 'sem.' },
  MON: { label: 'Mois', symbol: 'mois' },
  ANN: { label: 'Année', symbol: 'an' },
  MIN: { label: 'Minute', symbol: 'min' },
  C62: { label: 'Unité', symbol: 'u.' },
  H87: { label: 'Pièce', symbol: 'pce' },
  LS: { label: 'Forfait', symbol: 'forfait' },
  KGM: { label: 'Kilogramme', symbol: 'kg' },
  MTR: { label: 'Mètre', symbol: 'm' },
  MTK: { label: 'Mètre carré', symbol: 'm²' },
  KMT: { label: 'Kilomètre', symbol: 'km' },
  LTR: { label: 'Litre', symbol: 'l' },
} as const satisfies Record<string, { label: string; symbol: string }>;

export type LineUnit = keyof typeof LINE_UNITS;
export const LINE_UNIT_CODES = Object.keys(LINE_UNITS) as [LineUnit, ...LineUnit[]];

/**
 * A line that says nothing of its unit: C62 "one" (unit), what every line was before units
 * existed (the XML said C62), so an old line or snapshot still means what it meant.
 */
export const DEFAULT_LINE_UNIT: LineUnit = 'C62';
/** A line billing tracked time (a task's hours): the hour. */
export const TIME_LINE_UNIT: LineUnit = 'HUR';

export const isLineUnit = (value: unknown): value is LineUnit => typeof value === 'string' && Object.hasOwn(LINE_UNITS, value);

/** The unit of a stored or printed line; anything unknown (an old snapshot has none) is C62. */
export const lineUnitOf = (value: unknown): LineUnit => (isLineUnit(value) ? value : DEFAULT_LINE_UNIT);

export const UNIT_CHOICES_MESSAGE = `Choisissez une unité parmi : ${LINE_UNIT_CODES.map((code) => LINE_UNITS[code].label.toLowerCase()).join(', ')}.`;
