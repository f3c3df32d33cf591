import styled from 'styled-components';
import { CREDIT_NOTE_STATUS_LABELS, INVOICE_STATUS_LABELS, QUOTE_STATUS_LABELS } from '@/shared/documents';
import { formatDateTime } from '@/client/lib/format';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { useDocumentEmail } from './document-email';
import type { DocumentKindConfig } from './document-kinds';
import { documentsApi, useGetDocumentQuery } from './documents.api';

/**
 * The delivery of a document's latest e-mail (issue 16). Sending stores the message in the
 * server's outbox, which delivers it in the background, retrying a mail server that does not
 * answer: the page says 'Envoi en cours' (and looks again every few seconds), then when it was
 * sent, or 'Échec de l'envoi' with the reason and a button to try again.
 */

/** How often the page looks again while the message is on its way. */
export const DELIVERY_POLL_MS = 2000;

/** 'Envoyée' for an invoice, 'Envoyé' for a quote or a credit note. */
const SENT_LABEL = { quote: QUOTE_STATUS_LABELS.sent, invoice: INVOICE_STATUS_LABELS.sent, credit_note: CREDIT_NOTE_STATUS_LABELS.sent };

const StyledDelivery = styled.div`
  margin-top: ${({ theme }) => theme.spacing.md};

  button {
    margin-left: ${({ theme }) => theme.spacing.sm};
  }
`;

export function EmailDeliveryStatus({ config, id }: { config: DocumentKindConfig; id: number }) {
  const email = useDocumentEmail(config);
  // The page's own record, looked at again while the message is on its way.
  const { data: record } = documentsApi.endpoints.getDocument.useQueryState({ kind: config.kind, id });
  const delivery = record?.email_delivery ?? null;
  useGetDocumentQuery({ kind: config.kind, id }, { pollingInterval: delivery?.status === 'pending' ? DELIVERY_POLL_MS : 0 });
  if (!record || !delivery) return email.dialog;

  const retry = () => email.send({ document: record, recipient: record.client });
  return (
    <StyledDelivery role="group" aria-label="Envoi par e-mail">
      {email.dialog}
      {delivery.status === 'pending' && <Alert tone="info">Envoi en cours…</Alert>}
      {delivery.status === 'sent' && (
        <Alert tone="success">
          {SENT_LABEL[config.kind]} par e-mail{delivery.updated_at ? ` le ${formatDateTime(delivery.updated_at)}` : ''}.
        </Alert>
      )}
      {delivery.status === 'failed' && (
        <Alert tone="error">
          Échec de l’envoi : {delivery.error ?? 'le serveur de messagerie n’a pas accepté le message.'}
          <Button size="sm" onClick={retry} disabled={email.pending}>
            {email.pending ? 'Envoi en cours...' : 'Réessayer l’envoi'}
          </Button>
        </Alert>
      )}
    </StyledDelivery>
  );
}
