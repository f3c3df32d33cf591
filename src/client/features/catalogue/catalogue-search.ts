import { LINE_UNITS } from '@/shared/units';
import { normalizeSearch } from '@/shared/search';
import type { CatalogueItem } from '@/shared/contracts/catalogue';

const PRICE = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 4 });
const RATE = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** The items whose title or description contains `query`, accents and case aside (as the API's ?q=). */
export function searchCatalogue(items: readonly CatalogueItem[], query: string): CatalogueItem[] {
  const term = normalizeSearch(query);
  if (!term) return [...items];
  return items.filter((item) => normalizeSearch(`${item.title} ${item.description}`).includes(term));
}

/** '450,00 € / jour'. */
export const priceLabel = (item: Pick<CatalogueItem, 'unit_price' | 'unit'>) =>
  `${PRICE.format(item.unit_price)} / ${LINE_UNITS[item.unit].label.toLowerCase()}`;

/** '20 %'. */
export const rateLabel = (rate: number) => `${RATE.format(rate)} %`;
