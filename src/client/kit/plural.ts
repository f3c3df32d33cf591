import { formatNumber } from '../lib/format';

/**
 * '0 projet', '1 projet', '2 000 projets' (French: singular up to 1); with `atLeast` (a list the
 * server counted only up to its cap, X-Total-Count-At-Least), 'Plus de 10 000 tâches'.
 */
export function countLabel(count: number, singular: string, plural: string, atLeast = false): string {
  return `${atLeast ? 'Plus de ' : ''}${formatNumber(count)} ${count > 1 ? plural : singular}`;
}
