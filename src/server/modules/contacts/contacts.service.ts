import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { inTransaction, type Dialect } from '@/server/db/database';
import { CONTACT_FIELD_LABELS, contactIdentityConflicts, type ClientType } from '@/shared/contacts';
import type { Contact, ContactColumns, ContactImportPreview, ContactImportResult, ContactImportRowReport } from '@/shared/contracts/contacts';
import { ContactMatcher, type OnDuplicate } from '@/shared/contact-import';
import { badRequest, notFound, type FieldErrors } from '@/server/http/errors';
import { describeChanges, recordActivity } from '@/server/modules/activity';
import { toHundredths } from '@/shared/money';
import { contactsRepository, type MatchCandidate } from './contacts.repository';
import { withDefaults, withDeliveryCountry } from './contacts.schemas';

type ContactRow = Partial<ContactColumns> & { name: string };

/** What an import row is compared with: a stored contact, or a row of the same request (`row`). */
export type ImportCandidate = { contact: MatchCandidate; row?: undefined } | { contact?: undefined; row: number; name: string };

/** The owner's contacts as a matcher (shared rule, contact-import.ts). */
export const candidatesMatcher = (contacts: MatchCandidate[]) =>
  new ContactMatcher<ImportCandidate>(contacts.map((contact) => ({ name: contact.name, email: contact.email, value: { contact } })));

/** Whether writing `row` over `contact` would change one of its fields (the rate compared in cents). */
const changesSomething = ({ hourly_rate, ...contact }: Contact, row: ContactRow) => {
  const stored: Record<string, unknown> = { ...contact, hourly_rate_cents: toHundredths(hourly_rate) };
  return Object.entries(row).some(([field, value]) => stored[field] !== value);
};

export function contactsService(db: Kysely<Database>, dialect: Dialect) {
  const repo = contactsRepository(db);

  async function createIn(trx: Kysely<Database>, ownerId: number, input: ContactRow) {
    const contact = await contactsRepository(trx).insert(ownerId, withDefaults(input));
    await recordActivity(trx, { ownerId, objectType: 'contact', objectId: contact.id, label: contact.name, action: 'créé' });
    return contact;
  }

  /**
   * The body was checked alone; a field it omits keeps its stored value (a SIREN stays when the
   * type becomes particulier): the merged contact must hold together too. Null when it does.
   */
  function mergeConflicts(before: Contact, input: Partial<ContactColumns>): FieldErrors | null {
    const conflicts = Object.entries(contactIdentityConflicts({ ...before, ...input }));
    return conflicts.length ? Object.fromEntries(conflicts.map(([field, message]) => [field, [message]])) : null;
  }

  async function updateIn(trx: Kysely<Database>, ownerId: number, before: Contact, input: Partial<ContactColumns>) {
    // Only a write that touches the delivery address settles its country: a contact migrated with
    // an unreadable delivery country keeps it unknown until the user chooses one.
    const touchesDelivery = (['delivery_address', 'delivery_postal_code', 'delivery_city', 'delivery_country', 'country'] as const)
      .some((field) => field in input);
    const merged = { ...before, ...input };
    const delivery = touchesDelivery ? { delivery_country: withDeliveryCountry(merged).delivery_country } : {};
    const after = await contactsRepository(trx).update(ownerId, before.id, { ...input, ...delivery });
    await recordActivity(trx, {
      ownerId,
      objectType: 'contact',
      objectId: before.id,
      label: after.name,
      action: 'mis à jour',
      changes: describeChanges(CONTACT_FIELD_LABELS, before as never, after as never),
    });
    return after;
  }

  return {
    listJson: (ownerId: number, clientType?: ClientType) => repo.listJson(ownerId, dialect, clientType),
    /** One keyset page of the list (issue 29), undefined without `page_size`. */
    listPage: (ownerId: number, params: Record<string, unknown>, clientType?: ClientType) => repo.listPage(ownerId, params, clientType),

    exportDetails: (ownerId: number) => repo.exportDetails(ownerId),

    async get(ownerId: number, id: number): Promise<Contact> {
      const contact = await repo.find(ownerId, id);
      if (!contact) throw notFound();
      return contact;
    },

    create: (ownerId: number, input: Partial<ContactColumns> & { name: string }) =>
      inTransaction(db, (trx) => createIn(trx, ownerId, input)),

    /**
     * What importing `rows` would do, writing nothing: each valid row is new, or already there (a
     * contact, or an earlier row of the request), each invalid row has its field errors.
     */
    async previewImport(ownerId: number, rows: ({ row: ContactRow } | { errors: FieldErrors })[]): Promise<ContactImportPreview> {
      const matcher = candidatesMatcher(await repo.matchCandidates(ownerId));
      const reports = rows.map((parsed, index): ContactImportRowReport => {
        if ('errors' in parsed) return { status: 'invalid', errors: parsed.errors };
        const { row } = parsed;
        const found = matcher.find(row);
        if (!found) {
          matcher.add({ name: row.name, email: row.email ?? '', value: { row: index, name: row.name } });
          return { status: 'new' };
        }
        const { contact } = found.value;
        return contact
          ? { status: 'existing', match: found.match, contact_id: contact.id, contact_name: contact.name }
          : { status: 'existing', match: found.match, contact_id: null, contact_name: found.value.name, row: found.value.row };
      });
      const count = (status: ContactImportRowReport['status']) => reports.filter((r) => r.status === status).length;
      return { dry_run: true, new: count('new'), existing: count('existing'), invalid: count('invalid'), rows: reports };
    },

    /**
     * All rows or none (the caller has validated every row). A row that repeats a contact (or an
     * earlier row) is left alone ('skip') or written over it ('update', when it changes something);
     * an update whose merged contact does not hold together refuses the import with
     * `{errors: [..., {field: [message]}, ...]}`, one object per row.
     */
    importMany: (ownerId: number, rows: ContactRow[], onDuplicate: OnDuplicate) =>
      inTransaction(db, async (trx): Promise<ContactImportResult> => {
        const repoTx = contactsRepository(trx);
        const matcher = candidatesMatcher(await repoTx.matchCandidates(ownerId));
        const result: ContactImportResult = { created: 0, updated: 0, skipped: 0, ids: [] };
        const errors: FieldErrors[] = rows.map(() => ({}));
        for (const [index, row] of rows.entries()) {
          const found = matcher.find(row);
          if (!found) {
            const contact = await createIn(trx, ownerId, row);
            matcher.add({ name: contact.name, email: contact.email, value: { contact } });
            result.created += 1;
            result.ids.push(contact.id);
            continue;
          }
          const { contact } = found.value;
          const before = contact && (await repoTx.find(ownerId, contact.id));
          if (onDuplicate === 'skip' || !before || !changesSomething(before, row)) {
            result.skipped += 1;
            continue;
          }
          const conflicts = mergeConflicts(before, row);
          if (conflicts) errors[index] = conflicts;
          else await updateIn(trx, ownerId, before, row);
          result.updated += 1;
        }
        if (errors.some((e) => Object.keys(e).length)) throw badRequest({ errors });
        return result;
      }),

    update: (ownerId: number, id: number, input: Partial<ContactColumns>) =>
      inTransaction(db, async (trx) => {
        const before = await contactsRepository(trx).find(ownerId, id);
        if (!before) throw notFound();
        const conflicts = mergeConflicts(before, input);
        if (conflicts) throw badRequest(conflicts);
        return updateIn(trx, ownerId, before, input);
      }),

    remove: (ownerId: number, id: number) =>
      inTransaction(db, async (trx) => {
        const repoTx = contactsRepository(trx);
        const contact = await repoTx.find(ownerId, id);
        if (!contact) throw notFound();
        // Quotes and invoices must keep their client (tasks and projects just lose the link).
        if (await repoTx.isDocumentClient(ownerId, id)) {
          throw badRequest({
            detail: 'Ce contact est le client de devis ou de factures : il ne peut pas être supprimé tant que ces documents existent.',
          });
        }
        // Its recurring invoices go with it (the foreign key cascades; the confirmation says so): each
        // leaves its history entry, as any deletion does.
        const series = await repoTx.recurringSeries(ownerId, id);
        for (const s of series) {
          await recordActivity(trx, {
            ownerId, objectType: 'recurring_invoice', objectId: s.id, label: s.title, action: 'supprimé',
            changes: '(Client supprimé)', clientName: contact.name,
          });
        }
        await repoTx.delete(ownerId, id);
        await recordActivity(trx, { ownerId, objectType: 'contact', objectId: id, label: contact.name, action: 'supprimé' });
      }),
  };
}

export type ContactsService = ReturnType<typeof contactsService>;
