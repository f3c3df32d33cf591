import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { withStatementCache } from '../db/database';

/** The SQLite statement cache behind Kysely (db/database.ts): reuse, eviction, busy statements. */
describe('withStatementCache', () => {
  let sqlite: SQLite.Database;
  beforeEach(() => {
    sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (id integer primary key, v text); insert into t (v) values (\'a\'), (\'b\'), (\'c\')');
  });
  afterEach(() => sqlite.close());

  it('reuses a statement for the same SQL and evicts the least recently used beyond the limit', () => {
    const cached = withStatementCache(sqlite, 2);
    const first = cached.prepare('select 1');
    expect(cached.prepare('select 1')).toBe(first);
    cached.prepare('select 2');
    cached.prepare('select 1'); // most recently used again
    cached.prepare('select 3'); // evicts 'select 2'
    expect(cached.prepare('select 1')).toBe(first);
    const two = cached.prepare('select 2');
    expect(cached.prepare('select 2')).toBe(two);
  });

  it('gives a fresh statement while the cached one is being iterated', () => {
    const cached = withStatementCache(sqlite);
    const statement = cached.prepare('select v from t order by id');
    const iterator = statement.iterate([]);
    expect(iterator.next().value).toEqual({ v: 'a' });
    const other = cached.prepare('select v from t order by id');
    expect(other).not.toBe(statement);
    expect(other.all([])).toEqual([{ v: 'a' }, { v: 'b' }, { v: 'c' }]);
    expect(iterator.next().value).toEqual({ v: 'b' });
    iterator.return?.();
  });

  it('serves Kysely correctly, including after a schema change and around a stream', async () => {
    const db = new Kysely<{ t: { id: Generated<number>; v: string } }>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    const read = () => db.selectFrom('t').selectAll().orderBy('id').execute();
    expect(await read()).toHaveLength(3);
    await db.insertInto('t').values({ v: 'd' }).execute();
    await sql`alter table t add column w text not null default 'x'`.execute(db);
    expect((await read())[3]).toEqual({ id: 4, v: 'd', w: 'x' });
    // Kysely holds its single connection while streaming: the same query runs after, on the cached statement.
    const streamed: string[] = [];
    for await (const row of db.selectFrom('t').select('v').orderBy('id').stream()) streamed.push(row.v);
    expect(streamed).toEqual(['a', 'b', 'c', 'd']);
    expect(await db.selectFrom('t').select('v').orderBy('id').execute()).toHaveLength(4);
  });
});
