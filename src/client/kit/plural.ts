import { formatNumber } from '../lib/format';

/** '0 projet', '1 projet', '2 000 projets' (French: singular up to 1). */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${formatNumber(count)} ${count > 1 ? plural : singular}`;
}
