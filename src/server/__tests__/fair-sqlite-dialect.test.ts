import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { FairSqliteDialect } from '../db/fair-sqlite-dialect';
import { FifoLock } from '../fifo-lock';

describe('FifoLock', () => {
  it('hands the lock to one waiter at a time, in arrival order', async () => {
    const lock = new FifoLock();
    const order: number[] = [];
    await lock.acquire();
    const waiters = [1, 2, 3].map((n) => lock.acquire().then(() => order.push(n)));
    expect(lock.queued).toBe(3);
    lock.release();
    await Promise.resolve();
    await Promise.resolve();
    // One release, one waiter through; the others still queued.
    expect(order).toEqual([1]);
    expect(lock.queued).toBe(2);
    lock.release();
    lock.release();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
    lock.release();
    // Free again: acquired at once.
    let acquired = false;
    void lock.acquire().then(() => (acquired = true));
    await Promise.resolve();
    expect(acquired).toBe(true);
  });
});

describe('FairSqliteDialect', () => {
  let db: Kysely<{ t: { id: number; v: number } }>;
  beforeEach(() => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (id integer primary key, v integer not null)');
    db = new Kysely({ dialect: new FairSqliteDialect({ database: sqlite }) });
  });
  afterEach(() => db.destroy());

  it('runs concurrent queries and transactions one at a time, in the order they came', async () => {
    const done: string[] = [];
    const work = Array.from({ length: 200 }, (_, i) =>
      i % 10 === 0
        ? db.transaction().execute(async (trx) => {
            await trx.insertInto('t').values({ id: i, v: 1 }).execute();
            await trx.updateTable('t').set({ v: 2 }).where('id', '=', i).execute();
            done.push(`tx${i}`);
          })
        : sql`select ${i} as n`.execute(db).then(() => done.push(`q${i}`)),
    );
    await Promise.all(work);
    expect(done).toEqual(Array.from({ length: 200 }, (_, i) => (i % 10 === 0 ? `tx${i}` : `q${i}`)));
    expect(await db.selectFrom('t').select(({ fn }) => fn.sum<number>('v').as('s')).executeTakeFirst()).toEqual({ s: 40 });
  });

  it('releases the connection after a failed query or a rolled-back transaction', async () => {
    // Matched on the message: SqliteError may come from another jest realm (native module reused).
    await expect(sql`select * from missing_table`.execute(db)).rejects.toMatchObject({ message: expect.stringMatching(/no such table/) });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ id: 1, v: 1 }).execute();
        throw new Error('annulée');
      }),
    ).rejects.toThrow('annulée');
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([]);
  });
});
