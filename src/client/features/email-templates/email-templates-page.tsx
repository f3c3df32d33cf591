import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  composeMessage,
  EMAIL_PLACEHOLDER_HELP,
  EMAIL_PLACEHOLDERS,
  EMAIL_TEMPLATE_KINDS,
  EMAIL_TEMPLATE_LABELS,
  SAMPLE_PLACEHOLDER_VALUES,
  templateErrors,
  type EmailPlaceholder,
  type EmailTemplateKind,
  type EmailTemplateText,
  type MailSigner,
} from '@/shared/email-templates';
import { asApiError } from '@/client/app/api';
import { BackLink } from '@/client/kit/back-link';
import { mapFieldErrors } from '@/client/kit/field-errors';
import { UNSAVED_CHANGES_TEXT, UnsavedChangesGuard } from '@/client/kit/unsaved-changes-guard';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { useConfirm } from '@/client/ui/confirm-dialog';
import { FormActions, TextArea, TextField } from '@/client/ui/form-fields';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { useToast } from '@/client/ui/toast';
import { useGetProfileQuery } from '../profile';
import {
  useGetEmailTemplatesQuery,
  useResetEmailTemplateMutation,
  useSaveEmailTemplateMutation,
  type EmailTemplate,
} from './email-templates.api';

/** The text next to the placeholders: where the client's link goes (issue 27). */
export const LINK_NOTE =
  'Chaque e-mail de document ou de relance porte un lien personnel vers le document en ligne : placez {lien} où vous le voulez, sinon il est ajouté sous la signature.';

const StyledKinds = styled.nav`
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.spacing.sm};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  button[aria-current='true'] {
    background: ${({ theme }) => theme.colors.primarySoft};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const StyledLayout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xl};

  @media (min-width: 1000px) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};

  textarea {
    min-height: 16rem;
    font-family: inherit;
  }
`;

const StyledChips = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};

  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.spacing.sm};
    margin: 0;
    padding: 0;
    list-style: none;
  }

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.md};
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dt {
    font-family: monospace;
  }

  dd {
    margin: 0;
  }
`;

const StyledPreview = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};

  p {
    margin: 0;
  }

  pre {
    margin: 0;
    padding: ${({ theme }) => theme.spacing.md};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    font-family: inherit;
    background: ${({ theme }) => theme.colors.surfaceAlt};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
  }
`;

/**
 * « Modèles d’e-mails » (issue 28, /profile/emails): the subject and text of each kind of message
 * (quote, invoice, credit note, each reminder level), placeholders inserted at the cursor, a live
 * preview with sample values and the profile's signature, and « Rétablir le modèle par défaut ».
 */
export function EmailTemplatesPage() {
  const { data, isLoading, isError } = useGetEmailTemplatesQuery();
  let content;
  if (isLoading) content = <Spinner label="Chargement des modèles..." />;
  else if (isError || !data) content = <Alert tone="error">Impossible de charger les modèles d’e-mails.</Alert>;
  else content = <TemplatesEditor templates={data} />;
  return (
    <Page
      title="Modèles d’e-mails"
      description="Les messages qui accompagnent vos devis, factures, avoirs et relances. Vous pourrez encore modifier chaque message au moment de l’envoyer."
    >
      <div>
        <BackLink fallback={{ to: '/profile', label: 'Retour au profil' }} />
      </div>
      {content}
    </Page>
  );
}

type Field = 'subject' | 'body';

function TemplatesEditor({ templates }: { templates: EmailTemplate[] }) {
  const toast = useToast();
  const confirm = useConfirm();
  const [save, saveState] = useSaveEmailTemplateMutation();
  const [reset, resetState] = useResetEmailTemplateMutation();
  const { data: profile } = useGetProfileQuery();
  const [kind, setKind] = useState<EmailTemplateKind>('quote');
  const template = templates.find((t) => t.kind === kind) ?? templates[0];
  const [draft, setDraft] = useState<EmailTemplateText>({ subject: template.subject, body: template.body });
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [others, setOthers] = useState<string[]>([]);
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<Field>('body');

  const dirty = draft.subject !== template.subject || draft.body !== template.body;
  const local = templateErrors(draft, { placeholders: true });
  const errors = { subject: local.subject?.[0] ?? serverErrors.subject, body: local.body?.[0] ?? serverErrors.body };
  const busy = saveState.isLoading || resetState.isLoading;

  const edit = (field: Field, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const show = (next: EmailTemplate) => {
    setDraft({ subject: next.subject, body: next.body });
    setServerErrors({});
    setOthers([]);
  };

  const choose = async (next: EmailTemplateKind) => {
    if (next === kind) return;
    if (dirty) {
      const leave = await confirm({
        title: UNSAVED_CHANGES_TEXT.title,
        message: UNSAVED_CHANGES_TEXT.message,
        confirmLabel: UNSAVED_CHANGES_TEXT.leave,
        cancelLabel: UNSAVED_CHANGES_TEXT.stay,
      });
      if (!leave) return;
    }
    setKind(next);
    show(templates.find((t) => t.kind === next)!);
  };

  /** Writes `{name}` where the cursor was in the subject or the text last focused, and puts the cursor after it. */
  const insert = (name: EmailPlaceholder) => {
    const field = lastField.current;
    const element = field === 'subject' ? subjectRef.current : bodyRef.current;
    const value = draft[field];
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? start;
    const token = `{${name}}`;
    edit(field, value.slice(0, start) + token + value.slice(end));
    const caret = start + token.length;
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  };

  const refused = (err: unknown) => {
    const error = asApiError(err);
    if (error?.status === 400) {
      const mapped = mapFieldErrors(error.data, ['subject', 'body'] as const, { subject: 'Objet', body: 'Message' });
      setServerErrors(mapped.fields);
      setOthers(mapped.others);
    } else {
      setOthers(['Le modèle n’a pas pu être enregistré. Veuillez réessayer.']);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (local.subject || local.body) return;
    try {
      show(await save({ kind, ...draft }).unwrap());
      toast.success('Modèle enregistré.');
    } catch (err) {
      refused(err);
    }
  };

  const restore = async () => {
    const ok = await confirm({
      title: 'Rétablir le modèle par défaut ?',
      message: `Le texte d’origine remplacera votre modèle « ${EMAIL_TEMPLATE_LABELS[kind]} ».`,
      confirmLabel: 'Rétablir',
    });
    if (!ok) return;
    try {
      show(await reset(kind).unwrap());
      toast.success('Modèle par défaut rétabli.');
    } catch (err) {
      refused(err);
    }
  };

  const person = profile ? `${profile.first_name} ${profile.last_name}`.trim() : '';
  const signer: MailSigner = {
    person,
    company: profile?.company_name || person || profile?.email || '',
    email: profile?.email ?? '',
    signatureNotice: profile?.signature_notice ?? '',
  };
  const preview = composeMessage(draft, SAMPLE_PLACEHOLDER_VALUES, signer);

  return (
    <>
      <UnsavedChangesGuard dirty={dirty} />
      <StyledKinds aria-label="Modèles">
        <ul>
          {EMAIL_TEMPLATE_KINDS.map((k) => {
            const custom = !templates.find((t) => t.kind === k)?.is_default;
            return (
              <li key={k}>
                <Button variant="secondary" size="sm" aria-current={k === kind ? 'true' : undefined} onClick={() => void choose(k)}>
                  {EMAIL_TEMPLATE_LABELS[k]}
                  {custom ? ' (personnalisé)' : ''}
                </Button>
              </li>
            );
          })}
        </ul>
      </StyledKinds>
      <StyledLayout>
        <Card title={`Modèle « ${EMAIL_TEMPLATE_LABELS[kind]} »`} padded>
          <StyledForm onSubmit={submit} noValidate aria-label={`Modèle « ${EMAIL_TEMPLATE_LABELS[kind]} »`}>
            {template.is_default && !dirty && <p>Texte par défaut de Carnet.</p>}
            {others.length > 0 && <Alert tone="error">{others.join(' ')}</Alert>}
            <TextField
              ref={subjectRef}
              label="Objet"
              required
              maxLength={200}
              value={draft.subject}
              error={errors.subject}
              onFocus={() => (lastField.current = 'subject')}
              onChange={(e) => edit('subject', e.target.value)}
            />
            <TextArea
              ref={bodyRef}
              label="Message"
              required
              rows={14}
              value={draft.body}
              error={errors.body}
              hint="Votre nom, votre entreprise et la mention de signature du profil suivent le message."
              onFocus={() => (lastField.current = 'body')}
              onChange={(e) => edit('body', e.target.value)}
            />
            <StyledChips role="group" aria-label="Variables">
              <p>Insérer une variable à l’emplacement du curseur :</p>
              <ul>
                {EMAIL_PLACEHOLDERS.map((name) => (
                  <li key={name}>
                    <Button type="button" variant="ghost" size="sm" aria-label={`Insérer {${name}} (${EMAIL_PLACEHOLDER_HELP[name]})`} onClick={() => insert(name)}>
                      {`{${name}}`}
                    </Button>
                  </li>
                ))}
              </ul>
              <dl>
                {EMAIL_PLACEHOLDERS.filter((name) => name !== 'lien').map((name) => (
                  <div key={name} style={{ display: 'contents' }}>
                    <dt>{`{${name}}`}</dt>
                    <dd>{EMAIL_PLACEHOLDER_HELP[name]}</dd>
                  </div>
                ))}
              </dl>
              <p>{LINK_NOTE}</p>
            </StyledChips>
            <FormActions>
              <Button type="button" variant="secondary" onClick={() => void restore()} disabled={busy || (template.is_default && !dirty)}>
                Rétablir le modèle par défaut
              </Button>
              <Button type="submit" disabled={busy || !dirty}>
                {saveState.isLoading ? 'Enregistrement...' : 'Enregistrer'}
              </Button>
            </FormActions>
          </StyledForm>
        </Card>
        <Card title="Aperçu" padded>
          <StyledPreview aria-label="Aperçu du message" role="region">
            <p>Avec des valeurs d’exemple.</p>
            <p>
              <strong>Objet :</strong> <span data-testid="preview-subject">{preview.subject}</span>
            </p>
            <pre data-testid="preview-body">{preview.body}</pre>
          </StyledPreview>
        </Card>
      </StyledLayout>
    </>
  );
}
