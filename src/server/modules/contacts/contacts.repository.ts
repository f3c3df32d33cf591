import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { ClientType } from '@/shared/contacts';
import type { Contact, ContactColumns, ContactExportDetails, ContactInput, ContactListItem } from '@/shared/contracts/contacts';
import type { Dialect } from '@/server/db/database';
import { jsonRows } from '@/server/db/json-rows';
import { preparedQuery } from '@/server/db/prepared-query';
import { fromHundredths } from '@/shared/money';
import { normalizeSearch } from '@/shared/search';
import { applyListFilters, type ListPage } from '@/server/http/list-filters';
import { cutPage, firstPageTotal, keysetRequest, searchTextContains, seekPage, type Sorts } from '@/server/http/keyset';

/** A contact's stored columns: the rate in cents (its euros are the API's). */
type StoredField<T> = Exclude<keyof T, 'hourly_rate'> | 'hourly_rate_cents';
type ContactRow = Omit<Contact, 'hourly_rate'> & { hourly_rate_cents: number };

const DETAIL_COLUMNS = [
  'id', 'name', 'email', 'phone', 'company', 'address', 'city', 'postal_code', 'country', 'notes', 'category',
  'client_type', 'siren', 'vat_number', 'delivery_address', 'delivery_postal_code', 'delivery_city', 'delivery_country',
  'hourly_rate_cents', 'created_at',
] as const satisfies readonly StoredField<Contact>[];

/** A stored contact as the API answers it: the rate in euros (Number(), as the projects read theirs). */
function toContact<T extends { hourly_rate_cents: number }>({ hourly_rate_cents, ...row }: T) {
  return { ...row, hourly_rate: fromHundredths(Number(hourly_rate_cents)) };
}
/** The stored search text of a contact (also used by bench/seed.ts). */
export const contactSearchText = (c: Pick<ContactInput, 'name' | 'email' | 'company'>) =>
  normalizeSearch(`${c.name} ${c.email} ${c.company}`);

/** The fields of ContactExportDetails. */
const EXPORT_DETAIL_COLUMNS = [
  'id', 'address', 'postal_code', 'city', 'country', 'notes', 'siren', 'vat_number',
  'delivery_address', 'delivery_postal_code', 'delivery_city', 'delivery_country', 'hourly_rate_cents',
] as const satisfies readonly StoredField<ContactExportDetails>[];

/** The fields of ContactListItem. */
const LIST_COLUMNS = ['id', 'name', 'email', 'phone', 'company', 'category', 'client_type'] as const satisfies readonly (keyof ContactListItem)[];

/** The sorts of a keyset page (`ordering`, `-` descending), each read through its (owner_id, key, id) index (migration 0033). */
const PAGE_SORTS: Sorts = {
  name: { column: 'name', type: 'text' },
  email: { column: 'email', type: 'text' },
  company: { column: 'company', type: 'text' },
};

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
    /**
     * One keyset page of the list (undefined without `page_size`): `category` (also `category__in`),
     * the type of client, `search` (name, e-mail, company). Counted with the same filters on the
     * owner's index; a search reads the owner's search texts.
     */
    async listPage(ownerId: number, params: Record<string, unknown>, clientType?: ClientType): Promise<ListPage<ContactListItem> | undefined> {
      const page = keysetRequest(params, 'contacts', PAGE_SORTS, 'name');
      if (!page) return undefined;
      let query = applyListFilters(db.selectFrom('contacts').select(LIST_COLUMNS).where('owner_id', '=', ownerId), params, { category: 'category' });
      if (clientType) query = query.where('client_type', '=', clientType);
      const search = typeof params.search === 'string' ? normalizeSearch(params.search) : '';
      if (search) query = query.where(searchTextContains('search_text', search));
      // Exact: the contacts screen numbers its pages (SPEC « Pagination »).
      const counted = await firstPageTotal(db, page, query, { exact: true });
      const { rows, nextCursor } = cutPage(page, await seekPage(query, page, 'id').execute());
      return { items: rows as ContactListItem[], ...counted, nextCursor };
    },
    /** What the CSV export adds to the list, for every contact, in id order. */
    exportDetails: async (ownerId: number): Promise<ContactExportDetails[]> =>
      (
        (await db.selectFrom('contacts').select(EXPORT_DETAIL_COLUMNS).where('owner_id', '=', ownerId).orderBy('id').execute()) as
          (Omit<ContactExportDetails, 'hourly_rate'> & { hourly_rate_cents: number })[]
      ).map(toContact),
    /** Every contact's name and e-mail, in id order, for the import's duplicate check. */
    matchCandidates: (ownerId: number): Promise<MatchCandidate[]> =>
      db.selectFrom('contacts').select(['id', 'name', 'email']).where('owner_id', '=', ownerId).orderBy('id').execute(),
    find: async (ownerId: number, id: number): Promise<Contact | undefined> => {
      const row = (await findById(ownerId, id))[0] as ContactRow | undefined;
      return row && toContact(row);
    },
    insert: async (ownerId: number, input: ContactColumns): Promise<Contact> => {
      const now = new Date().toISOString();
      const row = await db
        .insertInto('contacts')
        .values({ ...input, owner_id: ownerId, created_at: now, updated_at: now, search_text: contactSearchText(input) })
        .returning(DETAIL_COLUMNS)
        .executeTakeFirstOrThrow();
      return toContact(row as ContactRow);
    },
    async update(ownerId: number, id: number, input: Partial<ContactColumns>): Promise<Contact> {
      const row = (await db
        .updateTable('contacts')
        .set({ ...input, updated_at: new Date().toISOString() })
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .returning(DETAIL_COLUMNS)
        .executeTakeFirstOrThrow()) as ContactRow;
      await db.updateTable('contacts').set({ search_text: contactSearchText(row) }).where('id', '=', id).execute();
      return toContact(row);
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
