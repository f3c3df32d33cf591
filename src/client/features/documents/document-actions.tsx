import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { lazyWithPreload, preloadOn } from '@/client/lib/lazy-with-preload';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { RemindButton } from '../reminders';
import { DepositInvoiceDialog } from './document-deposits';
import type { DocumentKindConfig } from './document-kinds';
import { StyledDocumentToolbar } from './document-page-parts';
import type { useDocumentPdf } from './document-pdf';
import type { DocumentRecord } from './document.types';
import { EmailDeliveryStatus } from './email-delivery';
import { creditableAmount } from './invoice-ledger';

/** Opened by a button: downloaded when the pointer or the focus reaches it, not with the page (issue 18). */
const CreditNoteDialog = lazyWithPreload(() => import('./credit-note-dialog'), 'CreditNoteDialog');
const MakeRecurringDialog = lazyWithPreload(() => import('./make-recurring-dialog'), 'MakeRecurringDialog');

const UNSAVED_NOTE =
  'Modifications non enregistrées : le PDF, l\u2019e-mail et la duplication utilisent la dernière version enregistrée.';

export interface DocumentActionsProps {
  config: DocumentKindConfig;
  /** The stored document (what the PDF, the e-mail and the copy use). */
  saved: DocumentRecord;
  busy: boolean;
  /** An issued invoice: never deleted, a credit note cancels it. */
  locked: boolean;
  /** The form differs from the stored document. */
  dirty: boolean;
  pdf: ReturnType<typeof useDocumentPdf>;
  emailPending: boolean;
  onSendEmail: () => void;
  onConvert: () => void;
  onDelete: () => void;
}

/** The « Actions » card of a stored quote or invoice, and the dialogs its buttons open. */
export function DocumentActions({
  config,
  saved,
  busy,
  locked,
  dirty,
  pdf,
  emailPending,
  onSendEmail,
  onConvert,
  onDelete,
}: DocumentActionsProps) {
  const navigate = useNavigate();
  const { kind } = config;
  const [creditNoteOpen, setCreditNoteOpen] = useState(false);
  const [recurringOpen, setRecurringOpen] = useState(false);
  const [depositOpen, setDepositOpen] = useState(false);

  return (
    <>
      <Card title="Actions" titleLevel={2}>
        <StyledDocumentToolbar>
          <Button onClick={() => navigate(`/${config.path}/new?duplicate_id=${saved.id}`)} disabled={busy}>
            Dupliquer
          </Button>
          <Button onClick={pdf.openPreview} disabled={busy}>
            {pdf.pending === 'preview' ? 'Préparation...' : 'Aperçu PDF'}
          </Button>
          <Button onClick={pdf.download} disabled={busy}>
            {pdf.pending === 'download' ? 'Préparation du PDF...' : 'Télécharger PDF'}
          </Button>
          <Button onClick={onSendEmail} disabled={busy}>
            {emailPending ? 'Envoi en cours...' : 'Envoyer par E-mail'}
          </Button>
          {kind === 'quote' && (
            <Button onClick={onConvert} disabled={busy}>
              Convertir en facture
            </Button>
          )}
          {kind === 'invoice' && saved.is_overdue && saved.number && (
            <RemindButton invoiceId={saved.id} invoiceNumber={saved.number} disabled={busy} />
          )}
          {kind === 'invoice' && !saved.is_deposit && !saved.prepaid_amount && (
            <Button onClick={() => setRecurringOpen(true)} disabled={busy} {...preloadOn(MakeRecurringDialog)}>
              Rendre récurrente
            </Button>
          )}
          {kind === 'quote' && ['sent', 'accepted'].includes(saved.status) && (
            <Button onClick={() => setDepositOpen(true)} disabled={busy}>
              Facture d’acompte
            </Button>
          )}
          {/* An issued invoice is never deleted: a credit note cancels it. */}
          {locked ? (
            creditableAmount(saved) > 0 && (
              <Button onClick={() => setCreditNoteOpen(true)} disabled={busy} {...preloadOn(CreditNoteDialog)}>
                Émettre un avoir
              </Button>
            )
          ) : (
            <Button variant="danger" onClick={onDelete} disabled={busy}>
              Supprimer
            </Button>
          )}
        </StyledDocumentToolbar>
        <EmailDeliveryStatus config={config} id={saved.id} />
        {dirty && (
          <Alert tone="warning" style={{ marginTop: 12 }}>
            {UNSAVED_NOTE}
          </Alert>
        )}
      </Card>

      {/* Modal dialogs: nothing to show in the page while one's code arrives. */}
      <Suspense fallback={null}>
        {creditNoteOpen && <CreditNoteDialog invoice={saved} onClose={() => setCreditNoteOpen(false)} />}
        {recurringOpen && <MakeRecurringDialog invoice={saved} onClose={() => setRecurringOpen(false)} />}
      </Suspense>
      {depositOpen && <DepositInvoiceDialog quote={saved} onClose={() => setDepositOpen(false)} />}
    </>
  );
}
