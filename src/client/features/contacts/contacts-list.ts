import { CONTACT_CATEGORY_LABELS, type ClientType, type ContactCategory } from '@/shared/contacts';
import type { ContactListItem } from '@/shared/contracts/contacts';
import { normalizeSearch } from '@/shared/search';

/** SPEC 9: the contact list shows 50 contacts per page. */
export const CONTACTS_PAGE_SIZE = 50;

/** '' means every category. */
export type ContactCategoryFilter = ContactCategory | '';

/** '' means both types of client. */
export type ClientTypeFilter = ClientType | '';

export type ContactSortKey = 'name' | 'email' | 'phone' | 'category' | 'company';

/**
 * A contact with its search keys computed once per list load, so that a keystroke in the
 * search box is one substring test per contact (fluid at 10,000 contacts).
 */
export interface SearchableContact {
  contact: ContactListItem;
  nameKey: string;
  emailKey: string;
}

export function toSearchable(contacts: readonly ContactListItem[]): SearchableContact[] {
  return contacts.map((contact) => ({
    contact,
    nameKey: normalizeSearch(contact.name),
    emailKey: normalizeSearch(contact.email),
  }));
}

/** Sort value of a column: the category sorts by its French label, like it is shown. */
export function contactSortValue(entry: SearchableContact, key: ContactSortKey): unknown {
  if (key === 'category') return CONTACT_CATEGORY_LABELS[entry.contact.category] ?? entry.contact.category;
  return entry.contact[key];
}

/**
 * SPEC 2/5: name or e-mail contains the text, ignoring case (and accents, as the global search
 * does); the category and client type filters are exact. The input order is kept.
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
    if (needle && !entry.nameKey.includes(needle) && !entry.emailKey.includes(needle)) continue;
    result.push(entry.contact);
  }
  return result;
}

export interface PageSlice<T> {
  items: T[];
  /** 1-based, clamped to the existing pages. */
  page: number;
  pageCount: number;
}

/** Client-side pagination; an empty list still has one (empty) page. */
export function paginate<T>(items: readonly T[], page: number, pageSize = CONTACTS_PAGE_SIZE): PageSlice<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), page: current, pageCount };
}
