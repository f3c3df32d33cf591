import { useMemo } from 'react';
import type { NamedRef } from '@/shared/contracts/common';
import type { ContactListItem } from '@/shared/contracts/contacts';
import { usePickerSearch, type PickerSearch } from '@/client/app/api';
import { useGetContactOptionPagesInfiniteQuery } from './contacts.api';

/** A contact as the pickers offer it. */
export interface ContactOption extends NamedRef {
  email: string;
}

export interface ContactSearch extends PickerSearch<ContactListItem> {
  /** The contacts matching the search (by name, as the server sorts them) as {id, name, email}. */
  options: ContactOption[];
}

/**
 * Contacts for a picker (issue 29: a document's client, the project and task forms' contacts, the
 * task list's contact filter): the server searches them (name, e-mail, company) once typing
 * pauses, and answers the first 20 by name; `loadMore` asks for the next 20. Never the whole list:
 * with 10,000 contacts a page would download megabytes.
 */
export function useContactSearch(typed: string): ContactSearch {
  const found = usePickerSearch(typed, useGetContactOptionPagesInfiniteQuery);
  const options = useMemo(() => found.rows.map(({ id, name, email }) => ({ id, name, email })), [found.rows]);
  return { ...found, options };
}
