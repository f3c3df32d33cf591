import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { ClientType } from '@/shared/contacts';
import type { Contact, ContactExportDetails, ContactInput, ContactListItem } from '@/shared/contracts/contacts';
import type { Dialect } from '@/server/db/database';
import { jsonRows } from '@/server/db/json-rows';
import { preparedQuery } from '@/server/db/prepared-query';
import { normalizeSearch } from '@/shared/search';

const DETAIL_COLUMNS = [
  'id', 'name', 'email', 'phone', 'company', 'address', 'city', 'postal_code', 'country', 'notes', 'category',
  'client_type', 'siren', 'vat_number', 'delivery_address', 'delivery_postal_code', 'delivery_city', 'delivery_country',
  'created_at',
] as const satisfies readonly (keyof Contact)[];
/** The stored search text of a contact (also used by bench/seed.ts). */
export const contactSearchText = (c: Pick<ContactInput, 'name' | 'email' | 'company'>) =>
  normalizeSearch(`${c.name} ${c.email} ${c.company}`);

/** The fields of ContactExportDetails. */
const EXPORT_DETAIL_COLUMNS = [
  'id', 'address', 'postal_code', 'city', 'country', 'notes', 'siren', 'vat_number',
  'delivery_address', 'delivery_postal_code', 'delivery_city', 'delivery_country',
] as const satisfies readonly (keyof ContactExportDetails)[];

/** The fields of ContactListItem. */
const LIST_COLUMNS = ['id', 'name', 'email', 'phone', 'company', 'category', 'client_type'] as const satisfies readonly (keyof ContactListItem)[];

/** What an imported row is compared with (contact-import.ts). */
export type MatchCandidate = Pick<Contact, 'id' | 'name' | 'email'>;

/** Every query is scoped to its owner: another user's id reads as missing. */
export function contactsRepository(db: Kysely<Database>) {
  const findById = preparedQuery(db, (db, ownerId: number, id: number) =>
    db.selectFrom('contacts').select(DETAIL_COLUMNS).where('owner_id', '=', ownerId).where('id', '=', id),
  );
  return {
    /**
     * The list as JSON text (ContactListItem[]), serialised by the database: it is the longest list.
     * Optionally only one type of client (read through the owner's index, then filtered).
     */
    listJson: async (ownerId: number, dialect: Dialect, clientType?: ClientType): Promise<string> => {
      let query = db.selectFrom('contacts').select(jsonRows(dialect, LIST_COLUMNS, 'id').as('body')).where('owner_id', '=', ownerId);
      if (clientType) query = query.where('client_type', '=', clientType);
      return (await query.executeTakeFirstOrThrow()).body;
    },
    /** What the CSV export adds to the list, for every contact, in id order. */
    exportDetails: (ownerId: number) =>
      db
        .selectFrom('contacts')
        .select(EXPORT_DETAIL_COLUMNS)
        .where('owner_id', '=', ownerId)
        .orderBy('id')
        .execute() as Promise<ContactExportDetails[]>,
    /** Every contact's name and e-mail, in id order, for the import's duplicate check. */
    matchCandidates: (ownerId: number): Promise<MatchCandidate[]> =>
      db.selectFrom('contacts').select(['id', 'name', 'email']).where('owner_id', '=', ownerId).orderBy('id').execute(),
    find: async (ownerId: number, id: number) => (await findById(ownerId, id))[0] as Contact | undefined,
    insert: (ownerId: number, input: ContactInput) => {
      const now = new Date().toISOString();
      return db
        .insertInto('contacts')
        .values({ ...input, owner_id: ownerId, created_at: now, updated_at: now, search_text: contactSearchText(input) })
        .returning(DETAIL_COLUMNS)
        .executeTakeFirstOrThrow() as Promise<Contact>;
    },
    async update(ownerId: number, id: number, input: Partial<ContactInput>): Promise<Contact> {
      const contact = (await db
        .updateTable('contacts')
        .set({ ...input, updated_at: new Date().toISOString() })
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .returning(DETAIL_COLUMNS)
        .executeTakeFirstOrThrow()) as Contact;
      await db.updateTable('contacts').set({ search_text: contactSearchText(contact) }).where('id', '=', id).execute();
      return contact;
    },
    /** Whether the contact is the client of a quote or an invoice (which must keep their client). */
    async isDocumentClient(ownerId: number, id: number): Promise<boolean> {
      for (const table of ['quotes', 'invoices'] as const) {
        const used = await db.selectFrom(table).select('id').where('owner_id', '=', ownerId).where('client_id', '=', id).executeTakeFirst();
        if (used) return true;
      }
      return false;
    },
    /** The contact's recurring invoices (deleted with it by the foreign key). */
    recurringSeries: (ownerId: number, id: number) =>
      db.selectFrom('recurring_invoices').select(['id', 'title']).where('owner_id', '=', ownerId).where('client_id', '=', id).execute(),
    delete: (ownerId: number, id: number) =>
      db.deleteFrom('contacts').where('owner_id', '=', ownerId).where('id', '=', id).execute(),
  };
}
