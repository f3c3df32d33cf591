import { Suspense, useState } from 'react';
import { lazyWithPreload, preloadOn } from '@/client/lib/lazy-with-preload';
import { Button } from '@/client/ui/button';
import { InvoiceRemindersSection, RemindButton } from '@/client/features/reminders';
import { DocumentDetailPage, type DocumentKindParts, type StoredDocumentContext } from '../document-detail-page';
import { creditableAmount } from '../invoice-ledger';
import { RecurrenceOrigin } from '../recurring/recurrence-origin';
import { InvoiceLedgerPanel } from './invoice-ledger-panel';
import { EInvoicingPanel } from '../einvoicing-panel';

/** Opened by a button: downloaded when the pointer or the focus reaches it, not with the page (issue 18). */
const CreditNoteDialog = lazyWithPreload(() => import('../credit-notes/credit-note-dialog'), 'CreditNoteDialog');
const MakeRecurringDialog = lazyWithPreload(() => import('../recurring/make-recurring-dialog'), 'MakeRecurringDialog');

/** A stored invoice's own buttons: a reminder when overdue, recurrence, a credit note once issued. */
function InvoiceActions({ saved, busy, locked }: StoredDocumentContext) {
  const [creditNoteOpen, setCreditNoteOpen] = useState(false);
  const [recurringOpen, setRecurringOpen] = useState(false);
  return (
    <>
      {saved.is_overdue && saved.number && <RemindButton invoiceId={saved.id} invoiceNumber={saved.number} disabled={busy} />}
      {/* Already an occurrence of a series (issue 28: the invoice made recurring is its first): not twice. */}
      {!saved.is_deposit && !saved.prepaid_amount && !saved.recurrence_id && (
        <Button onClick={() => setRecurringOpen(true)} disabled={busy} {...preloadOn(MakeRecurringDialog)}>
          Rendre récurrente
        </Button>
      )}
      {/* An issued invoice is never deleted: a credit note cancels it (in part or whole). */}
      {locked && creditableAmount(saved) > 0 && (
        <Button onClick={() => setCreditNoteOpen(true)} disabled={busy} {...preloadOn(CreditNoteDialog)}>
          Émettre un avoir
        </Button>
      )}
      {/* Modal dialogs: nothing to show in the page while one's code arrives. */}
      <Suspense fallback={null}>
        {creditNoteOpen && <CreditNoteDialog invoice={saved} onClose={() => setCreditNoteOpen(false)} />}
        {recurringOpen && <MakeRecurringDialog invoice={saved} onClose={() => setRecurringOpen(false)} />}
      </Suspense>
    </>
  );
}

const INVOICE_PARTS: DocumentKindParts = {
  subtitle: ({ saved }) => (
    <>
      {!saved.number && <span>Numéro attribué à l&apos;émission de la facture</span>}
      <RecurrenceOrigin invoiceId={saved.id} recurrenceId={saved.recurrence_id} />
    </>
  ),
  actions: (context) => <InvoiceActions {...context} />,
  // Issued: its e-invoicing lifecycle (when sent through the platform), its ledger (payments, credit notes) and its reminders.
  panels: ({ saved, locked }) =>
    locked && (
      <>
        <EInvoicingPanel record={saved.einvoicing} />
        <InvoiceLedgerPanel invoice={saved} />
        <InvoiceRemindersSection invoiceId={saved.id} issued={Boolean(saved.number)} />
      </>
    ),
};

/** /invoices/new, /invoices/new?duplicate_id={id} and /invoices/:id: the shared document page, for invoices. */
export function InvoiceDetailPage() {
  return <DocumentDetailPage kind="invoice" parts={INVOICE_PARTS} />;
}
