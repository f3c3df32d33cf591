import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { call, type Account } from '@/server/test/api-fixtures';
import { searchRepository } from '../search.repository';

/**
 * The global search's bounded reads (issue 29): a rare word (fewer matching contacts than
 * `commonFromContacts`) is answered through the indexes by its contacts' ids; a common one from the
 * owner's first rows in order (the walk), then the indexes if the walk held fewer than ten; an
 * owner with fewer rows than a walk from the walk alone. Whatever the way, the answer is the same
 * exact ten: here with 25 rows, a word is common from 5 contacts and a walk reads 12 rows. (On
 * PostgreSQL every way is one query its planner chooses: the same answers are checked there.)
 */
let t: TestApp;
let alice: Account;
let bob: Account;
let aliceId: number;
/** Alice's quotes, oldest first: 12 for « Zoé Martin », then 13 for « Anne Durand ». */
const martinQuotes: number[] = [];
const durandQuotes: number[] = [];
/** Alice's contacts: 13 Durand whose names sort first, then 12 Martin. */
const durandContacts: number[] = [];
const martinContacts: number[] = [];

const post = async (who: Account, url: string, body: unknown) => (await call(t, who, 'POST', url, body)).body as { id: number };
const line_items = [{ title: 'Conseil', quantity: 1, unit_price: 100 }];

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t);
  bob = await signUp(t);
  aliceId = (await t.database.db.selectFrom('users').select('id').where('email', '=', alice.email).executeTakeFirstOrThrow()).id;
  for (let i = 0; i < 13; i += 1) durandContacts.push((await post(alice, '/api/contacts/', { name: `Anne Durand ${String(i).padStart(2, '0')}` })).id);
  for (let i = 0; i < 12; i += 1) martinContacts.push((await post(alice, '/api/contacts/', { name: `Zoé Martin ${String(i).padStart(2, '0')}` })).id);
  for (let i = 0; i < 12; i += 1) martinQuotes.push((await post(alice, '/api/quotes/', { title: `Devis ${i}`, client_id: martinContacts[0], line_items })).id);
  for (let i = 0; i < 13; i += 1) durandQuotes.push((await post(alice, '/api/quotes/', { title: `Devis ${i}`, client_id: durandContacts[0], line_items })).id);
  // Bob's, the newest of all and sorting first by name: never in Alice's answers, nor counted in her walk.
  const bobsMartin = await post(bob, '/api/contacts/', { name: 'Aaron Martin' });
  for (let i = 0; i < 15; i += 1) await post(bob, '/api/quotes/', { title: `Martin ${i}`, client_id: bobsMartin.id, line_items });
});

afterAll(() => t?.close());

const newestTen = (ids: number[]) => [...ids].reverse().slice(0, 10);

describe.each([
  ['common words, a walk shorter than the account', { walkRows: 12, commonFromContacts: 5 }],
  ['common words, a walk longer than the account', { walkRows: 1000, commonFromContacts: 5 }],
  ['rare words (read by their contacts’ ids)', {}],
])('global search: %s', (_label, options) => {
  const repository = () => searchRepository(t.database.db, t.database.dialect, options);
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  const repo = () => {
    const r = repository();
    return {
      contacts: async (ownerId: number, term: string) => r.contacts(ownerId, term, await r.contactMatches(ownerId, term)),
      documents: async (ownerId: number, table: 'quotes', term: string) => r.documents(ownerId, table, term, await r.contactMatches(ownerId, term)),
    };
  };

  // SQLite answers a term of three characters or more from the documents' own index, which holds
  // their client's text (migration 0041); a two-character one (no trigram) goes the ways above.
  describe.each([
    ['words', { durand: 'durand', martin: 'martin', aaron: 'aaron', none: 'introuvable' }],
    ['two characters', { durand: 'du', martin: 'rt', aaron: 'aa', none: 'xq' }],
  ])('%s', (_terms, term) => {
    it('finds the newest ten documents of a client named by a word common among the newest', async () => {
      expect(ids(await repo().documents(aliceId, 'quotes', term.durand))).toEqual(newestTen(durandQuotes));
    });

    it('finds the newest ten documents of a client whose documents are all older than the walk', async () => {
      expect(ids(await repo().documents(aliceId, 'quotes', term.martin))).toEqual(newestTen(martinQuotes));
    });

    it('finds contacts by name from the first names in order, and past them', async () => {
      expect(ids(await repo().contacts(aliceId, term.durand))).toEqual(durandContacts.slice(0, 10));
      expect(ids(await repo().contacts(aliceId, term.martin))).toEqual(martinContacts.slice(0, 10));
    });

    it('finds nothing of another owner, and nothing for a word no row holds', async () => {
      expect(await repo().contacts(aliceId, term.aaron)).toEqual([]);
      expect(await repo().documents(aliceId, 'quotes', term.aaron)).toEqual([]);
      expect(await repo().documents(aliceId, 'quotes', term.none)).toEqual([]);
    });
  });
});
