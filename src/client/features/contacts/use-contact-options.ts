import { useMemo } from 'react';
import type { NamedRef } from '@/shared/contracts/common';
import { contactsAdapter, useGetContactsQuery } from './contacts.api';

// Built once (Intl objects are costly).
const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });
const contactSelectors = contactsAdapter.getSelectors();

/** A contact as the pickers offer it. */
export interface ContactOption extends NamedRef {
  email: string;
}

export interface ContactOptions {
  /** The user's contacts as {id, name, email}, sorted by name. */
  options: ContactOption[];
  isLoading: boolean;
  isError: boolean;
}

/**
 * Contacts for the project, task and document pickers and the task-list contact filter. It reads
 * the contacts feature's normalised list query, so the contact list screen and these pickers
 * share one cached request (one download of the 10,000 contacts of the bench, not one per screen).
 */
export function useContactOptions(): ContactOptions {
  const { data, isLoading, isError } = useGetContactsQuery();
  const options = useMemo(
    () =>
      data
        ? contactSelectors
            .selectAll(data)
            .map(({ id, name, email }) => ({ id, name, email }))
            .sort((a, b) => collator.compare(a.name, b.name))
        : [],
    [data],
  );
  return { options, isLoading, isError };
}
