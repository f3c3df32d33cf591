import { formatCents } from '@/server/pdf/format';

export { percent, rateList } from '@/shared/contracts/documents';

/** '1 234,56 €' with plain spaces, for messages. */
export const euros = (cents: number) => formatCents(cents).replace(/[\u202f\u00a0]/g, ' ');
