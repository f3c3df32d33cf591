import { useState, type ReactNode } from 'react';
import { asApiError } from '@/client/app/api';
import { formatDate } from '@/client/lib/format';
import { parisToday } from '@/shared/dates';
import { useToast } from '@/client/ui/toast';
import { emailErrorMessage } from './delivery-messages';
import { UNKNOWN_CLIENT, type DocumentKindConfig } from './document-kinds';
import type { ClientRef, SendEmailResult } from './document.types';
import { useSendDocumentEmailMutation } from './documents.api';
import { refusalOf, SendEmailDialog, type EditedEmail, type SendRefusal } from '../email-templates';

export interface SendEmailRequest {
  document: { id: number; number: string | null };
  /** Who receives it; null when the document has no client (the send is refused). */
  recipient: Pick<ClientRef, 'name' | 'email'> | null;
  /** The form holds changes the e-mail will not carry. */
  unsaved?: boolean;
}

type Asking = SendEmailRequest & { resolve: (result: SendEmailResult | null) => void };

/**
 * 'Envoyer par E-mail' of a saved quote, invoice or credit note: refuses without a client, opens the
 * send dialog (issue 28: the template's subject and text filled for the document, editable, and
 * copies) naming the recipient, sends what was edited, and says how it went (SPEC section 8
 * messages). The server queues the message; its delivery shows in email-delivery.tsx. `send`
 * resolves with the server's answer, or null when nothing was sent; the caller renders `dialog`.
 */
export function useDocumentEmail(config: DocumentKindConfig): {
  send: (request: SendEmailRequest) => Promise<SendEmailResult | null>;
  pending: boolean;
  dialog: ReactNode;
} {
  const toast = useToast();
  const [sendEmail, state] = useSendDocumentEmailMutation();
  const [asking, setAsking] = useState<Asking | null>(null);

  const send = (request: SendEmailRequest): Promise<SendEmailResult | null> => {
    if (!request.recipient) {
      toast.error(config.labels.emailGuard);
      return Promise.resolve(null);
    }
    return new Promise((resolve) => setAsking({ ...request, resolve }));
  };

  const close = (result: SendEmailResult | null) => {
    asking?.resolve(result);
    setAsking(null);
  };

  const submit = async (message: EditedEmail): Promise<SendRefusal> => {
    if (!asking) return null;
    try {
      const result = await sendEmail({ kind: config.kind, id: asking.document.id, ...message }).unwrap();
      toast.success(result.message || config.labels.emailSent);
      close(result);
      return null;
    } catch (err) {
      const error = asApiError(err);
      const refusal = error?.status === 400 ? refusalOf(error.data) : null;
      if (refusal) return refusal;
      toast.error(emailErrorMessage(config, error));
      close(null);
      return null;
    }
  };

  let dialog: ReactNode = null;
  if (asking) {
    const { document, recipient, unsaved = false } = asking;
    const to = `${recipient?.name || UNKNOWN_CLIENT}${recipient?.email ? ` (${recipient.email})` : ''}`;
    const notes = [
      // A draft is issued as it goes (issue 28): dated the day it leaves, frozen from then on.
      config.kind === 'invoice' && !document.number
        ? `La facture recevra son numéro définitif, sera datée d’aujourd’hui (${formatDate(parisToday())}) et ne pourra plus être modifiée.`
        : '',
      unsaved ? 'Les modifications non enregistrées ne seront pas prises en compte.' : '',
    ].filter(Boolean);
    dialog = (
      <SendEmailDialog
        templateKind={config.kind}
        willBeSentTo={config.labels.willBeSentTo}
        documentId={document.id}
        to={to}
        notes={notes}
        pending={state.isLoading}
        onCancel={() => close(null)}
        onSend={submit}
      />
    );
  }

  return { send, pending: state.isLoading, dialog };
}
