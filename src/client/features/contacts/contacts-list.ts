import { CONTACT_CATEGORY_LABELS, type ClientType, type ContactCategory } from '@/shared/contacts';
import type { ContactListItem } from '@/shared/contracts/contacts';
import { normalizeSearch } from '@/shared/search';

/** '' means every category. */
export type ContactCategoryFilter = ContactCategory | '';

/** '' means both types of client. */
export type ClientTypeFilter = ClientType | '';

export type ContactSortKey = 'name' | 'email' | 'phone' | 'category' | 'company';

/** The columns the server sorts by (issue 29). */
export type ServerContactSortKey = 'name' | 'email' | 'company';

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
