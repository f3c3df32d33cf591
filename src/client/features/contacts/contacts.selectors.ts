import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '@/client/app/store';
import { contactsAdapter, contactsApi, contactsInitialState } from './contacts.api';

/** The cached contact list (the getContacts query), normalised by the entity adapter. */
export const selectContactsResult = contactsApi.endpoints.getContacts.select();

const selectContactsState = createSelector(selectContactsResult, (result) => result.data ?? contactsInitialState);

export const {
  selectAll: selectAllContacts,
  selectById: selectContactById,
  selectIds: selectContactIds,
  selectTotal: selectContactsTotal,
} = contactsAdapter.getSelectors<RootState>(selectContactsState);
