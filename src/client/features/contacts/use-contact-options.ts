import { useMemo } from 'react';
import type { NamedRef } from '../../../shared/workflow';
import { contactsAdapter, useGetContactsQuery } from './contacts.api';

// Built once (Intl objects are costly).
const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });
const contactSelectors = contactsAdapter.getSelectors();

export interface ContactOptions {
  /** The user's contacts as {id, name}, sorted by name. */
  options: NamedRef[];
  isLoading: boolean;
}

/**
 * Contacts for the project/task pickers and the task-list contact filter. It reads the contacts
 * feature's list query, so the contact list screen and these pickers share one cached request.
 */
export function useContactOptions(): ContactOptions {
  const { data, isLoading } = useGetContactsQuery();
  const options = useMemo(
    () =>
      data
        ? contactSelectors
            .selectAll(data)
            .map(({ id, name }) => ({ id, name }))
            .sort((a, b) => collator.compare(a.name, b.name))
        : [],
    [data],
  );
  return { options, isLoading };
}
