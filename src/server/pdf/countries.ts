import { normalizeSearch } from '@/shared/search';

/**
 * Contacts and profiles store French country names ('France', 'Belgique', 'Côte d’Ivoire'…);
 * e-invoices need ISO 3166-1 alpha-2 codes. The table comes from ICU's French region names
 * (the same names as the client's list), built once, plus a few common spellings.
 */
const ALIASES: Record<string, string> = {
  'angleterre': 'GB',
  'royaume uni': 'GB',
  'grande bretagne': 'GB',
  'usa': 'US',
  'etats unis d amerique': 'US',
  'hollande': 'NL',
  'republique tcheque': 'CZ',
  'tchequie': 'CZ',
  'coree': 'KR',
  'russie': 'RU',
  'bielorussie': 'BY',
  'vatican': 'VA',
  'macedoine': 'MK',
};

// ICU also names groupings and private-use codes; they are not countries for EN 16931.
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'XK', 'ZZ']);

const key = (name: string) => normalizeSearch(name).replace(/[^a-z0-9]+/g, ' ').trim();

let byName: Map<string, string> | null = null;

function table(): Map<string, string> {
  if (byName) return byName;
  const names = new Intl.DisplayNames('fr', { type: 'region', fallback: 'none' });
  byName = new Map(Object.entries(ALIASES));
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const a of letters) {
    for (const b of letters) {
      const code = a + b;
      // Deprecated codes (DD, SU, YU…) are named like their successors: keep the current one.
      const current = Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
      const name = NOT_COUNTRIES.has(code) || !current ? undefined : names.of(code);
      if (name && name !== code && !byName.has(key(name))) byName.set(key(name), code);
    }
  }
  return byName;
}

/** 'Belgique' → 'BE'; a two-letter code is kept; unknown or empty → 'FR' (the default country). */
export function countryCode(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  if (!trimmed) return 'FR';
  if (/^[A-Za-z]{2}$/.test(trimmed) && !NOT_COUNTRIES.has(trimmed.toUpperCase())) return trimmed.toUpperCase();
  return table().get(key(trimmed)) ?? 'FR';
}
