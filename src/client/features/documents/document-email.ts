import { asApiError } from '@/client/app/api';
import { formatDate } from '@/client/lib/format';
import { parisToday } from '@/shared/dates';
import { useConfirm } from '@/client/ui/confirm-dialog';
import { useToast } from '@/client/ui/toast';
import { emailErrorMessage } from './delivery-messages';
import { UNKNOWN_CLIENT, type DocumentKindConfig } from './document-kinds';
import type { ClientRef, SendEmailResult } from './document.types';
import { useSendDocumentEmailMutation } from './documents.api';

export interface SendEmailRequest {
  document: { id: number; number: string | null };
  /** Who receives it; null when the document has no client (the send is refused). */
  recipient: Pick<ClientRef, 'name' | 'email'> | null;
  /** The form holds changes the e-mail will not carry. */
  unsaved?: boolean;
  /** Sending again after a failed delivery ('Réessayer l’envoi'): asked for already, no confirmation. */
  retry?: boolean;
}

/**
 * 'Envoyer par E-mail' of a saved quote, invoice or credit note: refuses without a client, asks
 * for a confirmation naming the recipient, sends, and says how it went (SPEC section 8
 * messages). The server queues the message; its delivery shows in email-delivery.tsx. Resolves
 * with the server's answer, or null when nothing was sent.
 */
export function useDocumentEmail(config: DocumentKindConfig) {
  const toast = useToast();
  const confirm = useConfirm();
  const [sendEmail, state] = useSendDocumentEmailMutation();

  const send = async ({ document, recipient, unsaved = false, retry = false }: SendEmailRequest): Promise<SendEmailResult | null> => {
    if (!recipient) {
      toast.error(config.labels.emailGuard);
      return null;
    }
    const to = `${recipient.name || UNKNOWN_CLIENT}${recipient.email ? ` (${recipient.email})` : ''}`;
    const ok = retry || (await confirm({
      title: 'Envoyer par e-mail',
      message: [
        `${config.labels.willBeSentTo} ${to} avec le PDF en pièce jointe.`,
        // A draft is issued as it goes (issue 28): dated the day it leaves, frozen from then on.
        config.kind === 'invoice' && !document.number
          ? `La facture recevra son numéro définitif, sera datée d’aujourd’hui (${formatDate(parisToday())}) et ne pourra plus être modifiée.`
          : '',
        unsaved ? 'Les modifications non enregistrées ne seront pas prises en compte.' : '',
      ]
        .filter(Boolean)
        .join(' '),
      confirmLabel: 'Envoyer',
      destructive: false,
    }));
    if (!ok) return null;
    try {
      const result = await sendEmail({ kind: config.kind, id: document.id }).unwrap();
      toast.success(result.message || config.labels.emailSent);
      return result;
    } catch (err) {
      toast.error(emailErrorMessage(config, asApiError(err)));
      return null;
    }
  };

  return { send, pending: state.isLoading };
}
