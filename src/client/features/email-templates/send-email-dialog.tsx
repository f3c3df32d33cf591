import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { parseCc, templateErrors, type EmailTemplateKind, type EmailTemplateText } from '@/shared/email-templates';
import { asApiError } from '@/client/app/api';
import { mapFieldErrors } from '@/client/kit/field-errors';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { Dialog, DialogActions } from '@/client/ui/dialog';
import { TextArea, TextField } from '@/client/ui/form-fields';
import { Spinner } from '@/client/ui/spinner';
import { usePreviewEmailMutation } from './email-templates.api';

/** What the send dialog sends: the subject and text as edited, and the copies. */
export interface EditedEmail extends EmailTemplateText {
  cc: string[];
}

/** The server's refusal of an edited message, by field (shown under each), or null when sent. */
export type SendRefusal = Partial<Record<'subject' | 'body' | 'cc', string>> | null;

const StyledRecipient = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
`;

const StyledNotes = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-bottom: ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.textMuted};

  p {
    margin: 0;
  }
`;

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};

  textarea {
    min-height: 14rem;
    font-family: inherit;
  }
`;

export interface SendEmailDialogProps {
  /** The template the message starts from: the document's kind, or a reminder's level. */
  templateKind: EmailTemplateKind;
  /** The document (for a reminder, the invoice) the server fills the template for. */
  documentId: number;
  /** 'Envoyer par e-mail' by default. */
  title?: string;
  /** 'La facture sera envoyée à': the start of the sentence naming the recipient. */
  willBeSentTo: string;
  /** 'Librairie Colette (colette@exemple.fr)'. */
  to: string;
  /** Sentences said before the form (a draft invoice is issued, unsaved changes are not sent). */
  notes: string[];
  /** Facts shown before the notes (a reminder's level, those already sent). */
  children?: ReactNode;
  /** 'Envoyer' by default. */
  submitLabel?: string;
  pending: boolean;
  onCancel: () => void;
  /** Sends; resolves with the server's refusal by field, or null. */
  onSend: (message: EditedEmail) => Promise<SendRefusal>;
}

/**
 * « Envoyer par e-mail » and « Relancer » (issue 28): the subject and text of the user's template,
 * already filled for this document by the server, to edit before sending, and copies (CC). The
 * recipient is the client's address; the PDF goes as an attachment.
 */
export function SendEmailDialog({
  templateKind, documentId, title = 'Envoyer par e-mail', willBeSentTo, to, notes, children, submitLabel = 'Envoyer', pending, onCancel, onSend,
}: SendEmailDialogProps) {
  const [preview, previewState] = usePreviewEmailMutation();
  const [text, setText] = useState<EmailTemplateText | null>(null);
  const [cc, setCc] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<SendRefusal>(null);
  const notesId = useId();

  useEffect(() => {
    let live = true;
    preview({ kind: templateKind, document_id: documentId })
      .unwrap()
      .then((answer) => {
        if (live) setText(answer);
      })
      .catch((err: unknown) => {
        if (!live) return;
        const data = asApiError(err)?.data as { detail?: unknown; error?: unknown } | undefined;
        const detail = typeof data?.detail === 'string' ? data.detail : typeof data?.error === 'string' ? data.error : null;
        setLoadError(detail ?? 'Impossible de préparer le message. Veuillez réessayer.');
      });
    return () => {
      live = false;
    };
  }, [preview, templateKind, documentId]);

  const local = text ? templateErrors(text, { placeholders: false }) : {};
  const ccParsed = parseCc(cc);
  const errors = {
    subject: local.subject?.[0] ?? refusal?.subject,
    body: local.body?.[0] ?? refusal?.body,
    cc: 'error' in ccParsed ? ccParsed.error : refusal?.cc,
  };
  const invalid = Boolean(errors.subject || errors.body || errors.cc);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!text || invalid || 'error' in ccParsed) return;
    setRefusal(await onSend({ ...text, cc: ccParsed.cc }));
  };

  const leftPlaceholders = text && /\{(numero|echeance)\}/.test(`${text.subject}\n${text.body}`);
  const shown = (message: string | undefined) => (submitted || refusal ? message : undefined);

  return (
    <Dialog open title={title} describedBy={notesId} width="640px" onClose={onCancel}>
      <div id={notesId}>
        <StyledRecipient>
          {willBeSentTo} <strong>{to}</strong> avec le PDF en pièce jointe.
        </StyledRecipient>
        {children}
        <StyledNotes>
          {notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
          {leftPlaceholders && <p>{'{numero}'} et {'{echeance}'} seront remplacés par le numéro et l’échéance donnés à l’envoi.</p>}
        </StyledNotes>
      </div>
      {loadError && <Alert tone="error">{loadError}</Alert>}
      {!text && !loadError && previewState.isLoading && <Spinner label="Préparation du message..." />}
      {text && (
        <StyledForm onSubmit={submit} noValidate aria-label="Message">
          <TextField
            label="Objet"
            value={text.subject}
            required
            maxLength={200}
            error={shown(errors.subject)}
            onChange={(e) => setText({ ...text, subject: e.target.value })}
          />
          <TextArea
            label="Message"
            value={text.body}
            required
            rows={12}
            error={shown(errors.body)}
            onChange={(e) => setText({ ...text, body: e.target.value })}
          />
          <TextField
            label="Copie (CC)"
            type="text"
            inputMode="email"
            autoComplete="off"
            value={cc}
            hint="Une ou plusieurs adresses, séparées par des virgules (5 au plus)."
            error={shown(errors.cc)}
            onChange={(e) => {
              setCc(e.target.value);
              setRefusal(null);
            }}
          />
          <DialogActions>
            <Button type="button" variant="secondary" onClick={onCancel}>
              Annuler
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Envoi en cours...' : submitLabel}
            </Button>
          </DialogActions>
        </StyledForm>
      )}
      {!text && (
        <DialogActions>
          <Button type="button" variant="secondary" onClick={onCancel}>
            Annuler
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}

/** A refusal's body mapped onto the dialog's fields (the rest: null, said by the caller). */
export function refusalOf(data: unknown): SendRefusal {
  const { fields } = mapFieldErrors(data, ['subject', 'body', 'cc'] as const);
  return Object.keys(fields).length ? fields : null;
}
