import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import type { DocumentKindConfig } from './document-kinds';
import { StyledDocumentToolbar } from './document-page-parts';
import type { useDocumentPdf } from './document-pdf';
import type { DocumentRecord } from './document.types';
import { EmailDeliveryStatus } from './email-delivery';

const UNSAVED_NOTE =
  'Modifications non enregistrées : le PDF, l\u2019e-mail et la duplication utilisent la dernière version enregistrée.';

export interface DocumentActionsProps {
  config: DocumentKindConfig;
  /** The stored document (what the PDF, the e-mail and the copy use). */
  saved: DocumentRecord;
  busy: boolean;
  /** An issued invoice: never deleted (a credit note cancels it). */
  locked: boolean;
  /** The form differs from the stored document. */
  dirty: boolean;
  pdf: ReturnType<typeof useDocumentPdf>;
  emailPending: boolean;
  onSendEmail: () => void;
  onDelete: () => void;
  /** The kind's own buttons (quotes/, invoices/), after the shared ones and before « Supprimer ». */
  kindActions: ReactNode;
}

/** The « Actions » card of a stored quote or invoice: the shared buttons, the kind's, the deletion. */
export function DocumentActions({
  config,
  saved,
  busy,
  locked,
  dirty,
  pdf,
  emailPending,
  onSendEmail,
  onDelete,
  kindActions,
}: DocumentActionsProps) {
  const navigate = useNavigate();

  return (
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
        {kindActions}
        {/* An issued invoice is never deleted: a credit note cancels it. */}
        {!locked && (
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
  );
}
