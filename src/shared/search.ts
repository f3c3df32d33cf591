/** Lower case without accents ('École' → 'ecole'): how search text is stored and queried. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/\s+/g, ' ')
    .trim();
}

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_PER_KIND = 10;
