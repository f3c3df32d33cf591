import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { amountLabels } from '@/shared/amount-labels';
import type { VatRegime } from '@/shared/vat';
import { partiesRepository } from './parties.repository';

/** What follows an amount in the seller's messages and deposit lines: ' TTC', or '' in the VAT franchise (art. 293 B du CGI). */
export async function sellerAmountSuffix(db: Kysely<Database>, ownerId: number): Promise<string> {
  const seller = await partiesRepository(db).seller(ownerId);
  return amountLabels(seller?.vat_regime as VatRegime | undefined).suffix;
}
