import { sql } from 'kysely';
import { normalizeSearch } from '@/shared/search';
import { createTestApp, signUp, type TestApp } from '../test/test-app';
import { CLIENT_ADDRESS, completeProfile, viaInject } from '../test/billing-fixtures';

/**
 * The global search goes through trigram indexes since migration 0006 (SQLite: FTS5 tables kept
 * in step by triggers; PostgreSQL: pg_trgm). It must answer exactly what `LIKE '%term%'` on the
 * normalised text answered, and follow every write.
 */

let t: TestApp;
let user: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

type Row = { id: number; name?: string; title?: string };
type Results = Record<'contacts' | 'projects' | 'tasks' | 'quotes' | 'invoices' | 'credit_notes', Row[]>;

async function call(who: typeof user, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
  if (res.statusCode >= 400) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return res.body ? res.json() : null;
}
const search = (who: typeof user, q: string): Promise<Results> => call(who, 'GET', `/api/search/global?q=${encodeURIComponent(q)}`);
const ids = (rows: Row[]) => rows.map((r) => r.id).sort((a, b) => a - b);

const CONTACTS = [
  { name: 'Élise Durand', email: 'elise@atelier-durand.fr', company: 'Atelier Durand' },
  { name: 'Jean-Pierre Martin', email: 'jp.martin@orange.fr', company: 'SARL Martin & Fils' },
  { name: 'Noémie Œuvrard', email: 'noemie@free.fr', company: '' },
  { name: 'Zoé "la Dure" Faure', email: 'zoe_faure@gmail.com', company: 'Studio 100% Faure' },
  { name: 'Marc Near', email: 'marc@near.fr', company: 'AND OR NOT' },
  { name: 'Ana Du', email: 'ana@du.fr', company: 'Du*' },
];
const contacts: (Row & { name: string; email: string; company: string })[] = [];

beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t);
  other = await signUp(t);
  for (const c of CONTACTS) contacts.push(await call(user, 'POST', '/api/contacts/', c));
  // Same words for another user: never in the first user's results.
  await call(other, 'POST', '/api/contacts/', { name: 'Élise Durand (autre compte)' });
});
afterAll(() => t.close());

describe('trigram-indexed global search', () => {
  // Terms of every kind: short (no trigram), accents, quotes, FTS5 operators, LIKE wildcards, spaces.
  const TERMS = ['du', 'dur', 'DURAND', 'elise', 'oeuvrard', 'pierre mar', '"la dure"', 'near', 'and or', 'not', '100%', 'zoe_', 'du*', '*', '-', 'fils', 'orange.fr', 'zz', 'xyz'];

  it.each(TERMS)('%s: the same contacts as a substring match of the normalised text', async (q) => {
    const term = normalizeSearch(q);
    const expected = contacts.filter((c) => normalizeSearch(`${c.name} ${c.email} ${c.company}`).includes(term));
    const got = (await search(user, q)).contacts;
    if (term.length < 2) expect(got).toEqual([]);
    else expect(ids(got)).toEqual(ids(expected));
  });

  it('follows renames and deletions of every kind', async () => {
    const project = await call(user, 'POST', '/api/projects/', { name: 'Catalogue printemps' });
    const task = await call(user, 'POST', '/api/tasks/', { title: 'Photographier la vitrine', project_id: project.id });
    // Issuing needs a complete profile and a client with a full address.
    await completeProfile(viaInject(t, user), user.email);
    const client = await call(user, 'POST', '/api/contacts/', { name: 'Gaspard Lefèvre', ...CLIENT_ADDRESS });
    const line_items = [{ title: 'Séance', quantity: 1, unit_price: 300 }];
    const quote = await call(user, 'POST', '/api/quotes/', { title: 'Reportage mariage', client_id: client.id, line_items });
    const invoice = await call(user, 'POST', '/api/invoices/', { title: 'Reportage baptême', client_id: client.id, line_items });

    expect(ids((await search(user, 'printemps')).projects)).toEqual([project.id]);
    expect(ids((await search(user, 'vitrine')).tasks)).toEqual([task.id]);
    expect(ids((await search(user, 'reportage')).quotes)).toEqual([quote.id]);
    expect(ids((await search(user, 'reportage')).invoices)).toEqual([invoice.id]);

    await call(user, 'PUT', `/api/projects/${project.id}/`, { name: 'Catalogue automne' });
    await call(user, 'PUT', `/api/tasks/${task.id}/`, { title: 'Retoucher les photos', project_id: project.id });
    await call(user, 'PUT', `/api/contacts/${client.id}/`, { name: 'Gaspard Morel', ...CLIENT_ADDRESS });
    await call(user, 'PUT', `/api/invoices/${invoice.id}/`, { title: 'Tirages', client_id: client.id, line_items, status: 'sent' });

    expect((await search(user, 'printemps')).projects).toEqual([]);
    expect(ids((await search(user, 'automne')).projects)).toEqual([project.id]);
    expect((await search(user, 'vitrine')).tasks).toEqual([]);
    expect(ids((await search(user, 'retoucher')).tasks)).toEqual([task.id]);
    // Documents match their client's current name, and an invoice its new number.
    expect((await search(user, 'lefevre')).quotes).toEqual([]);
    expect(ids((await search(user, 'morel')).quotes)).toEqual([quote.id]);
    // A draft moved to another client: found by the new one's name only.
    await call(user, 'PUT', `/api/quotes/${quote.id}/`, { title: 'Reportage mariage', client_id: contacts[0].id, line_items });
    expect((await search(user, 'morel')).quotes).toEqual([]);
    expect(ids((await search(user, 'atelier durand')).quotes)).toEqual([quote.id]);
    await call(user, 'PUT', `/api/quotes/${quote.id}/`, { title: 'Reportage mariage', client_id: client.id, line_items });
    const { invoice_number } = await call(user, 'GET', `/api/invoices/${invoice.id}/`);
    expect(ids((await search(user, invoice_number.toLowerCase())).invoices)).toEqual([invoice.id]);
    expect((await search(user, 'bapteme')).invoices).toEqual([]);
    // A credit note (issued at creation) by its number and its client's name.
    const creditNote = await call(user, 'POST', `/api/invoices/${invoice.id}/credit_note/`, {});
    expect(ids((await search(user, creditNote.credit_note_number.toLowerCase())).credit_notes)).toEqual([creditNote.id]);
    expect(ids((await search(user, 'morel')).credit_notes)).toEqual([creditNote.id]);

    await call(user, 'DELETE', `/api/quotes/${quote.id}/`);
    await call(user, 'DELETE', `/api/tasks/${task.id}/`);
    await call(user, 'DELETE', `/api/projects/${project.id}/`);
    const after = await search(user, 'morel');
    expect(after.quotes).toEqual([]);
    expect((await search(user, 'retoucher')).tasks).toEqual([]);
    expect((await search(user, 'automne')).projects).toEqual([]);
  });

  it('never returns another user’s rows', async () => {
    const mine = await search(user, 'autre compte');
    expect(mine.contacts).toEqual([]);
    expect((await search(other, 'durand')).contacts.map((c) => c.name)).toEqual(['Élise Durand (autre compte)']);
  });

  it('has its trigram indexes, consistent with their tables', async () => {
    for (const table of ['contacts', 'projects', 'tasks', 'quotes', 'invoices', 'credit_notes', 'activities']) {
      // SQLite searches the history by LIKE on the owner's rows (migration 0037): no FTS table.
      if (t.database.dialect === 'sqlite' && table !== 'activities') {
        // FTS5 checks its index against the content table (throws SQLITE_CORRUPT_VTAB otherwise).
        const fts = sql.table(`${table}_fts`);
        await sql`insert into ${fts}(${fts}) values ('integrity-check')`.execute(t.database.db);
      } else if (t.database.dialect === 'postgres') {
        const { rows } = await sql<{ indexdef: string; options: string[] | null }>`
          select indexdef, c.reloptions as options from pg_indexes i join pg_class c on c.relname = i.indexname
          where i.schemaname = current_schema() and c.relnamespace = current_schema()::regnamespace
            and i.indexname = ${`${table}_search_trgm_idx`}`.execute(t.database.db);
        expect(rows[0]?.indexdef).toMatch(/USING gin \(search_text .*gin_trgm_ops\)/);
        // No pending list for every search to read in full (migration 0038).
        expect(rows[0]?.options).toContain('fastupdate=off');
      }
    }
  });
});
