import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { onOneConnection, type Dialect } from '@/server/db/database';
import { normalizeSearch, SEARCH_MIN_LENGTH } from '@/shared/search';
import type { CreditNoteHit, DocumentHit, GlobalSearchResults, InvoiceHit, QuoteHit } from '@/shared/contracts/search';
import { PROJECT_STATUS_LABELS, TASK_STATUS_LABELS, type ProjectStatus, type TaskStatus } from '@/shared/projects-tasks';
import { CREDIT_NOTE_STATUS_LABELS, INVOICE_STATUS_LABELS, QUOTE_STATUS_LABELS } from '@/shared/documents';
import { fromHundredths } from '@/shared/money';
import { searchRepository, type ContactMatches, type DocumentTable, type SearchRepository } from './search.repository';

/** Longest term searched (the rest of a pasted text is ignored). */
const MAX_TERM_LENGTH = 100;

const DOCUMENT_RESULTS: Record<DocumentTable, { labels: Record<string, string>; numberKey: string; sign: 1 | -1 }> = {
  quotes: { labels: QUOTE_STATUS_LABELS, numberKey: 'quote_number', sign: 1 },
  invoices: { labels: INVOICE_STATUS_LABELS, numberKey: 'invoice_number', sign: 1 },
  // A credit note takes money back: its amount is shown negative beside invoices.
  credit_notes: { labels: CREDIT_NOTE_STATUS_LABELS, numberKey: 'credit_note_number', sign: -1 },
};

/** Each table's hit: its number under the kind's own name. */
type HitOf = { quotes: QuoteHit; invoices: InvoiceHit; credit_notes: CreditNoteHit };

export function searchService(db: Kysely<Database>, dialect: Dialect) {
  async function documents<T extends DocumentTable>(repo: SearchRepository, ownerId: number, table: T, term: string, matching: ContactMatches): Promise<HitOf[T][]> {
    const { labels, numberKey, sign } = DOCUMENT_RESULTS[table];
    const rows = await repo.documents(ownerId, table, term, matching);
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      [numberKey]: r.number,
      client: { id: r.client_id, name: r.client_name },
      client_name: r.client_name,
      total_amount: sign * fromHundredths(r.total_cents),
      status: r.status,
      status_display: labels[r.status] ?? r.status,
    }) as DocumentHit as HitOf[T]);
  }

  return {
    /** GET search/global (SPEC 3 "Search response"): every kind empty below SEARCH_MIN_LENGTH characters. */
    async global(ownerId: number, query: string): Promise<GlobalSearchResults> {
      const term = normalizeSearch(query).slice(0, MAX_TERM_LENGTH);
      if (term.length < SEARCH_MIN_LENGTH) {
        return { contacts: [], projects: [], tasks: [], quotes: [], invoices: [], credit_notes: [] };
      }
      // The six reads on one connection (database.ts's onOneConnection).
      const [contacts, projects, tasks, quotes, invoices, creditNotes] = await onOneConnection(db, async (connection) => {
        const repo = searchRepository(connection, dialect);
        // Read once: contacts match by them (and, on SQLite below three characters, documents by their client).
        const matching = await repo.contactMatches(ownerId, term);
        return Promise.all([
          repo.contacts(ownerId, term, matching),
          repo.projects(ownerId, term),
          repo.tasks(ownerId, term),
          documents(repo, ownerId, 'quotes', term, matching),
          documents(repo, ownerId, 'invoices', term, matching),
          documents(repo, ownerId, 'credit_notes', term, matching),
        ]);
      });
      return {
        contacts,
        projects: projects.map((p) => ({ ...p, status_display: PROJECT_STATUS_LABELS[p.status as ProjectStatus] ?? p.status })),
        tasks: tasks.map((t) => ({ ...t, status_display: TASK_STATUS_LABELS[t.status as TaskStatus] ?? t.status })),
        quotes,
        invoices,
        credit_notes: creditNotes,
      };
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
