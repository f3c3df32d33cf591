import { preparedQuery } from '../db/prepared-query';
import { contactsRepository } from '../modules/contacts/contacts.repository';
import { CONTACT_DEFAULTS } from '../modules/contacts/contacts.schemas';
import { createTestApp, signUp, type TestApp } from '../test/test-app';

/** preparedQuery compiles once and binds each call's values where its placeholders were. */

let t: TestApp;
let ownerId: number;

beforeAll(async () => {
  t = await createTestApp();
  const alice = await signUp(t);
  ownerId = (await t.database.db.selectFrom('users').select('id').where('email', '=', alice.email).executeTakeFirstOrThrow()).id;
  for (const [name, category] of [['Anne', 'client'], ['Bruno', 'prospect'], ['Chloé', 'client']]) {
    const res = await t.app.inject({ method: 'POST', url: '/api/contacts/', headers: alice.auth, payload: { name, category } });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => t.close());

describe('preparedQuery', () => {
  it('answers each call with its own values, constants kept, in any argument order', async () => {
    // Arguments used in reverse order, around constant values ('client', 10).
    const named = preparedQuery(t.database.db, (db, name: string, owner: number) =>
      db
        .selectFrom('contacts')
        .select(['name', 'category'])
        .where('category', '=', 'client')
        .where('owner_id', '=', owner)
        .where('name', '>=', name)
        .orderBy('name')
        .limit(10),
    );
    expect(await named('A', ownerId)).toEqual([{ name: 'Anne', category: 'client' }, { name: 'Chloé', category: 'client' }]);
    expect(await named('B', ownerId)).toEqual([{ name: 'Chloé', category: 'client' }]);
    expect(await named('A', ownerId + 1000)).toEqual([]);
  });

  it('never reads what a transaction in progress has not committed', async () => {
    const byName = preparedQuery(t.database.db, (db, owner: number, name: string) =>
      db.selectFrom('contacts').select('name').where('owner_id', '=', owner).where('name', '=', name),
    );
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    let inserted!: () => void;
    const insertDone = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = t.database.db.transaction().execute(async (trx) => {
      await contactsRepository(trx).insert(ownerId, { ...CONTACT_DEFAULTS, name: 'Denis' });
      inserted();
      await committed;
    });
    await insertDone;
    let read: { name: string }[] | null = null;
    const reading = byName(ownerId, 'Denis').then((rows) => (read = rows));
    try {
      if (t.database.dialect === 'sqlite') {
        // SQLite's one connection is the transaction's until it commits: the read waits for it.
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(read).toBeNull();
      } else {
        // PostgreSQL reads on another connection, committed data only: it answers while the
        // transaction is still open.
        await reading;
        expect(read).toEqual([]);
      }
    } finally {
      // Even when an expectation fails: an open transaction would hold its connection and hang close().
      commit();
    }
    await transaction;
    await reading;
    if (t.database.dialect === 'sqlite') expect(read).toEqual([{ name: 'Denis' }]);
    expect(await byName(ownerId, 'Denis')).toEqual([{ name: 'Denis' }]);
  });

  it('refuses, on the first call, an argument that is not bound as a value', async () => {
    const unused = preparedQuery(t.database.db, (db, owner: number, _name: string) =>
      db.selectFrom('contacts').select('name').where('owner_id', '=', owner),
    );
    await expect(unused(ownerId, 'Anne')).rejects.toThrow(/argument\(s\) 1 not bound/);
  });
});
