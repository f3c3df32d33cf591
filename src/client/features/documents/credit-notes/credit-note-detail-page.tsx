import { CreditNoteView } from './credit-note-view';

/** /credit-notes/:id: an issued credit note, read-only, with its PDF and e-mail. */
export function CreditNoteDetailPage() {
  return <CreditNoteView />;
}
