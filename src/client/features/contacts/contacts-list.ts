import { CONTACT_CATEGORY_LABELS, type ClientType, type ContactCategory } from '@/shared/contacts';
import type { ContactListItem } from '@/shared/contracts/contacts';
import { normalizeSearch } from '@/shared/search';
import type { SortDirection } from '@/client/lib/sort';
import type { ContactPageArgs } from './contacts.api';

/** '' means every category. */
export type ContactCategoryFilter = ContactCategory | '';

/** '' means both types of client. */
export type ClientTypeFilter = ClientType | '';

export type ContactSortKey = 'name' | 'email' | 'phone' | 'category' | 'company';

/** The columns the server sorts by (issue 29). */
export type ServerContactSortKey = 'name' | 'email' | 'company';

/** What the contact list asks for: its search (as sent, once typing paused), filters and sort. */
export interface ContactListView {
  search: string;
  category: ContactCategoryFilter;
  clientType: ClientTypeFilter;
  sort: { key: ServerContactSortKey | null; direction: SortDirection };
}

/** The list as it opens: everything, in the server's order (by name). */
export const INITIAL_CONTACT_LIST: ContactListView = { search: '', category: '', clientType: '', sort: { key: null, direction: 'asc' } };

/**
 * The list's query (issue 29), empty filters left out: the page's and its prefetch's (the same
 * argument, so the page reads the prefetched entry).
 */
export function contactPageArgs({ search, category, clientType, sort }: ContactListView): ContactPageArgs {
  return {
    ...(search ? { search } : {}),
    ...(category ? { category } : {}),
    ...(clientType ? { client_type: clientType } : {}),
    ...(sort.key ? { ordering: sort.direction === 'desc' ? `-${sort.key}` : sort.key } : {}),
  };
}

/**
 * A contact with its search keys computed once per list load, so that a keystroke in the
 * search box is one substring test per contact (fluid at 10,000 contacts).
 */
export interface SearchableContact {
  contact: ContactListItem;
  nameKey: string;
  emailKey: string;
  companyKey: string;
}

export function toSearchable(contacts: readonly ContactListItem[]): SearchableContact[] {
  return contacts.map((contact) => ({
    contact,
    nameKey: normalizeSearch(contact.name),
    emailKey: normalizeSearch(contact.email),
    companyKey: normalizeSearch(contact.company),
  }));
}

/** Sort value of a column: the category sorts by its French label, like it is shown. */
export function contactSortValue(entry: SearchableContact, key: ContactSortKey): unknown {
  if (key === 'category') return CONTACT_CATEGORY_LABELS[entry.contact.category] ?? entry.contact.category;
  return entry.contact[key];
}

/**
 * SPEC 2/5: name, e-mail or company contains the text (as the server's `search` of the list, issue
 * 29), ignoring case and accents; the category and client type filters are exact. The input order
 * is kept. The CSV export filters the whole list with it, as the screen's pages are.
 */
export function filterContacts(
  entries: readonly SearchableContact[],
  query: string,
  category: ContactCategoryFilter,
  clientType: ClientTypeFilter = '',
): ContactListItem[] {
  const needle = normalizeSearch(query);
  const result: ContactListItem[] = [];
  for (const entry of entries) {
    if (category && entry.contact.category !== category) continue;
    if (clientType && entry.contact.client_type !== clientType) continue;
    if (needle && !entry.nameKey.includes(needle) && !entry.emailKey.includes(needle) && !entry.companyKey.includes(needle)) continue;
    result.push(entry.contact);
  }
  return result;
}
