import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import type { Dialect } from '../../db/database';
import { normalizeSearch, SEARCH_MAX_PER_KIND, SEARCH_MIN_LENGTH } from '../../../shared/search';
import { PROJECT_STATUS_LABELS, TASK_STATUS_LABELS, type ProjectStatus, type TaskStatus } from '../../../shared/workflow';
import { CREDIT_NOTE_STATUS_LABELS, INVOICE_STATUS_LABELS, QUOTE_STATUS_LABELS } from '../../../shared/documents';
import { fromHundredths } from '../../../shared/money';

/** `column LIKE '%term%'` on normalised text, with LIKE wildcards in the term escaped. */
function contains(column: string, term: string) {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

type SearchTable = 'contacts' | 'projects' | 'tasks' | 'quotes' | 'invoices' | 'credit_notes';
type DocumentTable = 'quotes' | 'invoices' | 'credit_notes';

const DOCUMENT_RESULTS: Record<DocumentTable, { labels: Record<string, string>; numberKey: string; sign: 1 | -1 }> = {
  quotes: { labels: QUOTE_STATUS_LABELS, numberKey: 'quote_number', sign: 1 },
  invoices: { labels: INVOICE_STATUS_LABELS, numberKey: 'invoice_number', sign: 1 },
  // A credit note takes money back: its amount is shown negative beside invoices.
  credit_notes: { labels: CREDIT_NOTE_STATUS_LABELS, numberKey: 'credit_note_number', sign: -1 },
};

/**
 * Ids of `table` rows whose search text contains `term`, as a subquery. SQLite: through the FTS5
 * trigram index (migration 0006) when the term has the three characters a trigram needs (the
 * caller filters the owner); otherwise, and on PostgreSQL (whose pg_trgm index serves LIKE), the
 * owner's rows by LIKE.
 */
function matchingIds(dialect: Dialect, table: SearchTable, ownerId: number, term: string) {
  if (dialect === 'sqlite' && [...term].length >= 3) {
    const fts = sql.table(`${table}_fts`);
    // A quoted FTS5 string: the substring itself, whatever operators or quotes it holds.
    const phrase = `"${term.replace(/"/g, '""')}"`;
    return sql<number>`select rowid from ${fts} where ${fts} match ${phrase}`;
  }
  return sql<number>`select id from ${sql.table(table)} where owner_id = ${ownerId} and ${contains('search_text', term)}`;
}

/** `column IN (ids)`: rows are fetched by id from the (usually few) matches, not scanned. */
const idIn = (column: string, ids: ReturnType<typeof matchingIds>) => sql<boolean>`${sql.ref(column)} in (${ids})`;

async function searchDocuments(db: Kysely<Database>, dialect: Dialect, ownerId: number, table: DocumentTable, term: string) {
  const { labels, numberKey, sign } = DOCUMENT_RESULTS[table];
  // A document matches by its own text or by its client's name.
  const ids = sql<number>`${matchingIds(dialect, table, ownerId, term)}
    union select id from ${sql.table(table)} where client_id in (${matchingIds(dialect, 'contacts', ownerId, term)})`;
  const rows = await db
    .selectFrom(`${table} as d` as 'invoices as d')
    .innerJoin('contacts as c', 'c.id', 'd.client_id')
    .select(['d.id', 'd.title', 'd.number', 'd.status', 'd.total_cents', 'c.id as client_id', 'c.name as client_name'])
    .where('d.owner_id', '=', ownerId)
    .where(idIn('d.id', ids))
    .orderBy('d.id', 'desc')
    .limit(SEARCH_MAX_PER_KIND)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    [numberKey]: r.number,
    client: { id: r.client_id, name: r.client_name },
    client_name: r.client_name,
    total_amount: sign * fromHundredths(r.total_cents),
    status: r.status,
    status_display: labels[r.status] ?? r.status,
  }));
}

export async function searchRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', ctx.requireUser);

  app.get<{ Querystring: { q?: string } }>('/search/global', async (request) => {
    const term = normalizeSearch(String(request.query.q ?? '')).slice(0, 100);
    const empty = { contacts: [], projects: [], tasks: [], quotes: [], invoices: [], credit_notes: [] };
    if (term.length < SEARCH_MIN_LENGTH) return empty;
    const { db, dialect } = ctx;
    const owner = request.userId;
    const [contacts, projects, tasks, quotes, invoices, creditNotes] = await Promise.all([
      db.selectFrom('contacts').select(['id', 'name', 'email', 'company']).where('owner_id', '=', owner)
        .where(idIn('id', matchingIds(dialect, 'contacts', owner, term))).orderBy('name').limit(SEARCH_MAX_PER_KIND).execute(),
      db.selectFrom('projects').select(['id', 'name', 'status']).where('owner_id', '=', owner)
        .where(idIn('id', matchingIds(dialect, 'projects', owner, term))).orderBy('id', 'desc').limit(SEARCH_MAX_PER_KIND).execute(),
      db.selectFrom('tasks as t').leftJoin('projects as p', 'p.id', 't.project_id')
        .select(['t.id', 't.title', 't.status', 'p.name as project_name']).where('t.owner_id', '=', owner)
        .where(idIn('t.id', matchingIds(dialect, 'tasks', owner, term))).orderBy('t.id', 'desc').limit(SEARCH_MAX_PER_KIND).execute(),
      searchDocuments(db, dialect, owner, 'quotes', term),
      searchDocuments(db, dialect, owner, 'invoices', term),
      searchDocuments(db, dialect, owner, 'credit_notes', term),
    ]);
    return {
      contacts,
      projects: projects.map((p) => ({ ...p, status_display: PROJECT_STATUS_LABELS[p.status as ProjectStatus] ?? p.status })),
      tasks: tasks.map((t) => ({ ...t, status_display: TASK_STATUS_LABELS[t.status as TaskStatus] ?? t.status })),
      quotes,
      invoices,
      credit_notes: creditNotes,
    };
  });
}
