import { formatMoney } from '@/client/lib/format';
import type { CreditNoteHit, GlobalSearchResults, InvoiceHit, QuoteHit } from './search.api';

export type SearchKind = keyof GlobalSearchResults;

/** SPEC 2 "Global search": the groups, in this order, and the route each result opens. */
export const SEARCH_GROUPS: readonly { kind: SearchKind; label: string }[] = [
  { kind: 'contacts', label: 'Contacts' },
  { kind: 'projects', label: 'Projets' },
  { kind: 'tasks', label: 'Tâches' },
  { kind: 'quotes', label: 'Devis' },
  { kind: 'invoices', label: 'Factures' },
  { kind: 'credit_notes', label: 'Avoirs' },
];

/** SPA route of each group's results. */
const ROUTES: Record<SearchKind, string> = {
  contacts: '/contacts', projects: '/projects', tasks: '/tasks', quotes: '/quotes', invoices: '/invoices', credit_notes: '/credit-notes',
};

export interface SearchOption {
  /** Unique across groups ('quotes-12'); also the base of the option's DOM id. */
  key: string;
  kind: SearchKind;
  path: string;
  title: string;
  /** Secondary line, pieces shown separated by '·'. */
  details: string[];
  /** Right-aligned figure (documents' amount in €). */
  amount?: string;
}

export interface SearchGroup {
  kind: SearchKind;
  label: string;
  options: SearchOption[];
}

const present = (values: (string | null | undefined)[]) => values.filter((v): v is string => Boolean(v && v.trim()));

function toOptions(results: GlobalSearchResults, kind: SearchKind): SearchOption[] {
  const base = (id: number) => ({ key: `${kind}-${id}`, kind, path: `${ROUTES[kind]}/${id}` });
  switch (kind) {
    case 'contacts':
      return results.contacts.map((c) => ({ ...base(c.id), title: c.name, details: present([c.email]) }));
    case 'projects':
      return results.projects.map((p) => ({ ...base(p.id), title: p.name, details: present([p.status_display]) }));
    case 'tasks':
      // SPEC: 'project name - status'; a task without a project shows its status alone.
      return results.tasks.map((t) => ({
        ...base(t.id),
        title: t.title,
        details: [t.project_name ? `${t.project_name} - ${t.status_display}` : t.status_display],
      }));
    case 'quotes':
    case 'invoices':
    case 'credit_notes':
      return (results[kind] as (QuoteHit | InvoiceHit | CreditNoteHit)[]).map((d) => {
        const number = 'quote_number' in d ? d.quote_number : 'invoice_number' in d ? d.invoice_number : d.credit_note_number;
        return {
          ...base(d.id),
          title: d.title,
          // A draft invoice has no number yet: show its id, as the lists do.
          details: present([number ?? `#${d.id}`, d.client_name ?? d.client?.name, d.status_display]),
          amount: formatMoney(d.total_amount),
        };
      });
  }
}

/** The non-empty groups of a search response, in SPEC order. */
export function toSearchGroups(results: GlobalSearchResults | undefined): SearchGroup[] {
  if (!results) return [];
  return SEARCH_GROUPS.map(({ kind, label }) => ({ kind, label, options: results[kind] ? toOptions(results, kind) : [] })).filter(
    (group) => group.options.length > 0,
  );
}
