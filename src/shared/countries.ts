import { normalizeSearch } from './search';

/**
 * Countries (issue 25): stored and exchanged as ISO 3166-1 alpha-2 codes ('FR', 'DE'…), shown in
 * French (Intl.DisplayNames). The Factur-X XML takes the code as it is (BT-40, BT-55, BT-80); the
 * API reads a code in any case, or a country's name in French, English or a language of the EU
 * ('Deutschland', 'España', 'Belgique'), and refuses anything else: an unknown country is never
 * read as France.
 */

/** The 249 codes of ISO 3166-1 (assigned officially; no groupings such as EU, no reserved codes). */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const CODES = new Set(COUNTRY_CODES);

export const DEFAULT_COUNTRY_CODE = 'FR';

/** The 27 member states of the European Union (their ISO codes; Greece is GR here, EL in VAT numbers). */
export const EU_MEMBER_STATES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV',
  'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]);

/** France for VAT (CGI art. 256-0 and the Franco-Monegasque convention): mainland France, Corsica and Monaco. */
export const FRENCH_VAT_TERRITORY: ReadonlySet<string> = new Set(['FR', 'MC']);

export const isCountryCode = (value: string) => CODES.has(value);

let frenchNames: Intl.DisplayNames | null = null;

/** 'DE' → 'Allemagne'; a value that is not a code (a snapshot made before codes) is given back as it is. */
export function countryName(code: string): string {
  if (!CODES.has(code)) return code;
  frenchNames ??= new Intl.DisplayNames(['fr'], { type: 'region' });
  return frenchNames.of(code) ?? code;
}

let options: { value: string; label: string }[] | null = null;

/** Every country, by its French name in French alphabetical order: the choices of a select. */
export function countryOptions(): readonly { value: string; label: string }[] {
  options ??= COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) =>
    a.label.localeCompare(b.label, 'fr'),
  );
  return options;
}

/** Usual names ICU does not give (or gives another way), normalised as `key` writes them. */
const ALIASES: Record<string, string> = {
  'angleterre': 'GB',
  'ecosse': 'GB',
  'pays de galles': 'GB',
  'royaume uni': 'GB',
  'grande bretagne': 'GB',
  'uk': 'GB',
  'great britain': 'GB',
  'england': 'GB',
  'usa': 'US',
  'etats unis d amerique': 'US',
  'united states of america': 'US',
  'hollande': 'NL',
  'holland': 'NL',
  'the netherlands': 'NL',
  'republique tcheque': 'CZ',
  'tchequie': 'CZ',
  'czech republic': 'CZ',
  'coree': 'KR',
  'coree du sud': 'KR',
  'south korea': 'KR',
  'russie': 'RU',
  'bielorussie': 'BY',
  'vatican': 'VA',
  'macedoine': 'MK',
  'macedoine du nord': 'MK',
  'cote d ivoire': 'CI',
  'ivory coast': 'CI',
  'republique federale d allemagne': 'DE',
  'rfa': 'DE',
  'corse': 'FR',
  'france metropolitaine': 'FR',
};

/** Names in French first, then English, then the other languages of the EU: the first language to name a country wins. */
const NAME_LOCALES = ['fr', 'en', 'de', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'da', 'fi', 'cs', 'sk', 'sl', 'hr', 'ro', 'hu', 'lt', 'lv', 'et', 'el', 'bg', 'ga', 'mt'];

const key = (name: string) => normalizeSearch(name).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

let byName: Map<string, string> | null = null;

function nameTable(): Map<string, string> {
  if (byName) return byName;
  const table = new Map(Object.entries(ALIASES));
  for (const locale of NAME_LOCALES) {
    let names: Intl.DisplayNames;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    } catch {
      continue;
    }
    for (const code of COUNTRY_CODES) {
      const name = names.of(code);
      if (!name || name === code) continue;
      const k = key(name);
      if (k && !table.has(k)) table.set(k, code);
    }
  }
  byName = table;
  return table;
}

/**
 * The code of what a user or a file calls a country: a code in any case ('de' → 'DE'), or a name
 * in any case, with or without accents ('Deutschland', 'ESPAÑA', 'belgique' → 'DE', 'ES', 'BE');
 * null when it names no country ('', 'Atlantide', 'EU', a 10,000-character string).
 */
export function parseCountry(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  if (!trimmed || trimmed.length > 100) return null;
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    const upper = trimmed.toUpperCase();
    if (CODES.has(upper)) return upper;
  }
  return nameTable().get(key(trimmed)) ?? null;
}

export const COUNTRY_MESSAGES = {
  required: 'Choisissez le pays dans la liste.',
  unknown: (value: string) =>
    `« ${value.length > 50 ? `${value.slice(0, 50)}…` : value} » n’est pas un pays connu : choisissez-le dans la liste ` +
    '(code ISO 3166-1 à deux lettres, par exemple FR, DE, BE).',
} as const;
