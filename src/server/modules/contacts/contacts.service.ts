import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Dialect } from '../../db/database';
import {
  CONTACT_FIELD_LABELS,
  contactIdentityConflicts,
  type ClientType,
  type Contact,
  type ContactInput,
} from '../../../shared/contacts';
import { badRequest, notFound } from '../../http/errors';
import { describeChanges, recordActivity } from '../activity/activity.recorder';
import { contactsRepository } from './contacts.repository';
import { withDefaults } from './contacts.schemas';

export function contactsService(db: Kysely<Database>, dialect: Dialect) {
  const repo = contactsRepository(db);

  async function createIn(trx: Kysely<Database>, ownerId: number, input: Partial<ContactInput> & { name: string }) {
    const contact = await contactsRepository(trx).insert(ownerId, withDefaults(input));
    await recordActivity(trx, { ownerId, objectType: 'contact', objectId: contact.id, label: contact.name, action: 'créé' });
    return contact;
  }

  return {
    listJson: (ownerId: number, clientType?: ClientType) => repo.listJson(ownerId, dialect, clientType),

    identifiers: (ownerId: number) => repo.identifiers(ownerId),

    async get(ownerId: number, id: number): Promise<Contact> {
      const contact = await repo.find(ownerId, id);
      if (!contact) throw notFound();
      return contact;
    },

    create: (ownerId: number, input: Partial<ContactInput> & { name: string }) =>
      db.transaction().execute((trx) => createIn(trx, ownerId, input)),

    /** All rows or none (the caller has validated every row). */
    importMany: (ownerId: number, rows: (Partial<ContactInput> & { name: string })[]) =>
      db.transaction().execute(async (trx) => {
        const ids: number[] = [];
        for (const row of rows) ids.push((await createIn(trx, ownerId, row)).id);
        return ids;
      }),

    update: (ownerId: number, id: number, input: Partial<ContactInput>) =>
      db.transaction().execute(async (trx) => {
        const repoTx = contactsRepository(trx);
        const before = await repoTx.find(ownerId, id);
        if (!before) throw notFound();
        // The body was checked alone; a field it omits keeps its stored value (a SIREN stays
        // when the type becomes particulier): the merged contact must hold together too.
        const conflicts = Object.entries(contactIdentityConflicts({ ...before, ...input }));
        if (conflicts.length) throw badRequest(Object.fromEntries(conflicts.map(([field, message]) => [field, [message]])));
        const after = await repoTx.update(ownerId, id, { ...input, ...(input.country === '' ? { country: 'France' } : {}) });
        await recordActivity(trx, {
          ownerId,
          objectType: 'contact',
          objectId: id,
          label: after.name,
          action: 'mis à jour',
          changes: describeChanges(CONTACT_FIELD_LABELS, before as never, after as never),
        });
        return after;
      }),

    remove: (ownerId: number, id: number) =>
      db.transaction().execute(async (trx) => {
        const repoTx = contactsRepository(trx);
        const contact = await repoTx.find(ownerId, id);
        if (!contact) throw notFound();
        // Quotes and invoices must keep their client (tasks and projects just lose the link).
        for (const table of ['quotes', 'invoices'] as const) {
          const used = await trx.selectFrom(table).select('id').where('owner_id', '=', ownerId).where('client_id', '=', id).executeTakeFirst();
          if (used) {
            throw badRequest({
              detail: 'Ce contact est le client de devis ou de factures : il ne peut pas être supprimé tant que ces documents existent.',
            });
          }
        }
        await repoTx.delete(ownerId, id);
        await recordActivity(trx, { ownerId, objectType: 'contact', objectId: id, label: contact.name, action: 'supprimé' });
      }),
  };
}
