import { DocumentListPage } from '../document-list-page';

/** /credit-notes: the shared document list, for credit notes (avoirs). */
export function CreditNoteListPage() {
  return <DocumentListPage kind="credit_note" />;
}
