import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';

/** What documents read of their seller (the user) and client (the contact). Rows only. */
export function partiesRepository(db: Kysely<Database>) {
  return {
    /** What the VAT rules read of the seller. */
    seller: (ownerId: number) => db.selectFrom('users').select(['vat_regime', 'vat_number']).where('id', '=', ownerId).executeTakeFirst(),

    clientType: (contactId: number) => db.selectFrom('contacts').select('client_type').where('id', '=', contactId).executeTakeFirst(),

    /** Where a client is, for the exemption rules (issue 25). */
    buyer: (ownerId: number, contactId: number) =>
      db
        .selectFrom('contacts')
        .select(['name', 'client_type', 'country', 'delivery_address', 'delivery_postal_code', 'delivery_city', 'delivery_country', 'vat_number'])
        .where('owner_id', '=', ownerId)
        .where('id', '=', contactId)
        .executeTakeFirst(),

    contact: (ownerId: number, contactId: number) =>
      db.selectFrom('contacts').selectAll().where('owner_id', '=', ownerId).where('id', '=', contactId).executeTakeFirst(),
  };
}
