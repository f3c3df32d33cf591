import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { parisToday } from '@/shared/dates';
import { Alert } from '@/client/ui/alert';
import type { ConfirmOptions } from '@/client/ui/confirm-dialog';
import { formatDate } from '@/client/lib/format';
import { Button } from '@/client/ui/button';
import { FormActions } from '@/client/ui/form-fields';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { UnsavedChangesGuard } from '@/client/kit/unsaved-changes-guard';
import { useRecordEditor } from '@/client/kit/use-record-editor';
import { asApiError } from '@/client/app/api';
import { NotFoundPage } from '../not-found';
import { ShareLinkCard } from '../portal';
import { useGetProfileQuery } from '../profile';
import { DocumentActions } from './document-actions';
import { AutosaveStatus, useDraftAutosave } from './document-autosave';
import { DocumentDeposits } from './document-deposits';
import { useDocumentEmail } from './document-email';
import {
  buildPayload,
  describeSaveErrors,
  duplicateForm,
  followTerms,
  formErrorMessages,
  formFromRecord,
  formTotals,
  inFranchise,
  missingInformation,
  newDocumentForm,
  serverLineErrors,
  validateForm,
  type DocumentForm,
  type FormErrors,
} from './document-form';
import { DocumentFormFields } from './document-form-fields';
import { BASE_DATA_ERROR, DOCUMENT_KINDS, type DocumentKind, type DocumentKindConfig } from './document-kinds';
import { StyledDocumentSubtitle } from './document-page-parts';
import { PdfPreview, useDocumentPdf } from './document-pdf';
import { DocumentStatusBadges } from './document-status';
import type { DocumentRecord, DocumentWritePayload } from './document.types';
import {
  useCreateDocumentMutation,
  useDeleteDocumentMutation,
  useGetDocumentQuery,
  useUpdateDocumentMutation,
} from './documents.api';
import { ErrorSummary } from './error-summary';
import { useDocumentOptions } from './use-document-options';

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xl};
`;

type Mode = 'create' | 'edit' | 'duplicate';

const parseId = (value: string | null | undefined): number | null => {
  if (value === null || value === undefined) return null;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : Number.NaN;
};

/** What the stored document's kind-specific parts are given. */
export interface StoredDocumentContext {
  saved: DocumentRecord;
  /** A request of the page is under way: the kind's buttons wait too. */
  busy: boolean;
  /** An issued invoice: frozen (art. 242 nonies A du CGI), corrected by credit notes only. */
  locked: boolean;
}

/**
 * Saving a draft under another status issues it (issue 28): asked on this path as « Envoyer par
 * e-mail » asks on its own. An invoice gets its number and is frozen (CGI art. 242 nonies A); a
 * quote is frozen as sent. Null when nothing is issued.
 */
function issueQuestion(config: DocumentKindConfig, form: DocumentForm, saved: DocumentRecord | null): ConfirmOptions | null {
  if (form.status === 'draft' || (saved !== null && saved.status !== 'draft')) return null;
  if (config.kind === 'invoice') {
    return {
      title: 'Émettre la facture ?',
      message:
        `La facture recevra son numéro définitif, sera datée du ${formatDate(form.issue_date || parisToday())} et ne pourra plus être modifiée ` +
        '(art. 242 nonies A du CGI) : une erreur se corrigera par un avoir.',
      confirmLabel: 'Émettre la facture',
      destructive: false,
    };
  }
  return {
    title: 'Figer le devis ?',
    message: 'Une fois envoyé, le devis ne pourra plus être modifié : pour proposer une nouvelle version, vous le dupliquerez.',
    confirmLabel: 'Enregistrer',
    destructive: false,
  };
}

/** A quote converted into an invoice says so (issue 28): « Facturé (FAC-2026-0003) », not « Accepté ». */
const statusLabel = (saved: DocumentRecord) =>
  saved.final_invoice ? `Facturé (${saved.final_invoice.invoice_number ?? 'brouillon'})` : saved.status_display;

/**
 * What a kind adds to the shared page (quotes/, invoices/): notes beside the status, buttons (and
 * the dialogs they open) in the « Actions » card, panels under it.
 */
export interface DocumentKindParts {
  subtitle?: (context: StoredDocumentContext) => ReactNode;
  actions?: (context: StoredDocumentContext) => ReactNode;
  panels?: (context: StoredDocumentContext) => ReactNode;
}

export interface DocumentDetailPageProps {
  kind: DocumentKind;
  parts: DocumentKindParts;
}

/** /quotes/new, /quotes/{id}, /quotes/new?duplicate_id={id} and the same for invoices. */
export function DocumentDetailPage({ kind, parts }: DocumentDetailPageProps) {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const duplicateParam = id ? null : searchParams.get('duplicate_id');
  // A new key per record and mode: leaving /new for /{id} after a creation starts afresh.
  return (
    <DocumentEditor
      key={`${kind}:${id ?? 'new'}:${duplicateParam ?? ''}`}
      kind={kind}
      parts={parts}
      id={parseId(id)}
      duplicateId={parseId(duplicateParam)}
    />
  );
}

interface DocumentEditorProps {
  kind: DocumentKind;
  parts: DocumentKindParts;
  /** NaN when the route's id is not a number. */
  id: number | null;
  duplicateId: number | null;
}

function DocumentEditor({ kind, parts, id, duplicateId }: DocumentEditorProps) {
  const config = DOCUMENT_KINDS[kind];
  const today = useMemo(() => parisToday(), []);
  const mode: Mode = id !== null ? 'edit' : duplicateId !== null ? 'duplicate' : 'create';
  const sourceId = id ?? duplicateId;
  const validSource = sourceId !== null && Number.isInteger(sourceId);

  const recordQuery = useGetDocumentQuery(validSource ? { kind, id: sourceId } : skipToken);
  // An id that is no record (not a number, or answered 404 before any answer): the app's 404 page
  // (issue 28). Another failure says so and goes to the dashboard (SPEC section 8). A record
  // deleted from this page keeps its last answer until the page is left: no 404 then.
  const notFound =
    mode === 'edit' && (!validSource || (recordQuery.isError && recordQuery.data === undefined && asApiError(recordQuery.error)?.status === 404));
  // An invoice's own tasks are not billed elsewhere (issue 15): only another invoice's are held back.
  const options = useDocumentOptions(kind === 'invoice' ? id : null);
  // Its notices fill a new document; its VAT regime shapes every form (issue 14).
  const profileQuery = useGetProfileQuery();
  const vatRegime = profileQuery.data?.vat_regime;

  const [createDocument, createState] = useCreateDocumentMutation();
  const [updateDocument, updateState] = useUpdateDocumentMutation();
  // Its own request state: a background save does not show as « Enregistrement... ».
  const [autosaveDocument] = useUpdateDocumentMutation();
  const [deleteDocument, deleteState] = useDeleteDocumentMutation();
  const email = useDocumentEmail(config);
  /** The keys of the lines last sent: a refusal's line messages go under the lines they were about. */
  const [sentLineKeys, setSentLineKeys] = useState<readonly string[]>([]);

  // The checks and the body read the form as it will be sent (the franchise's 0 %), at submit time.
  const editor = useRecordEditor<DocumentRecord, DocumentForm, FormErrors>({
    load:
      mode === 'create'
        ? null
        : { data: recordQuery.data, fetching: recordQuery.isFetching, failed: !notFound && (!validSource || recordQuery.isError) },
    newForm: () => (profileQuery.isLoading ? undefined : newDocumentForm(today, profileQuery.data)),
    // A copy is dated today: an invoice's due date follows its terms from then.
    toForm: mode === 'duplicate' ? (record) => followTerms(config, duplicateForm(record, today)) : formFromRecord,
    // A record that cannot be loaded: say so and go to the dashboard (SPEC section 8).
    leave: { message: config.labels.loadError, to: '/dashboard' },
    // The VAT rules bind what is still a draft; a frozen document keeps what it was issued with.
    validate: (form) => validateForm(config, sendable(form), frozen ? undefined : vatRegime),
    save: {
      send: (form) => {
        setSentLineKeys(form.line_items.map((line) => line.key));
        return id !== null
          ? updateDocument({ kind, id, body: payloadOf(form) })
              .unwrap()
              .then((answer) => {
                autosave.noteSaved();
                return answer;
              })
          : createDocument({ kind, body: payloadOf(form) }).unwrap();
      },
      confirm: (form) => issueQuestion(config, form, saved),
      createdPath: mode === 'edit' ? undefined : (record) => `/${config.path}/${record.id}`,
      created: config.labels.created,
      updated: config.labels.updated,
    },
    remove:
      id === null
        ? undefined
        : {
            confirm: () => ({ title: `Supprimer ${config.labels.the}`, message: config.labels.deleteConfirm, confirmLabel: 'Supprimer' }),
            send: () => deleteDocument({ kind, id }).unwrap(),
            deleted: config.labels.deleted,
            to: '/dashboard',
            // e.g. an issued invoice: the server explains that it must be cancelled instead.
            failed: config.labels.deleteError,
          },
  });
  const { form, baseline, refusal } = editor;
  /** The stored record (edit mode): id, number, status, client, payments and credit notes. */
  const saved: DocumentRecord | null = mode === 'edit' ? (editor.record ?? null) : null;
  const pdf = useDocumentPdf(config, saved);

  // An issued invoice is frozen (art. 242 nonies A du CGI, DESIGN.md 7): everything printed is
  // read-only; only its priority and internal notes may change. It is corrected by credit notes.
  const locked: boolean = config.ledger && Boolean(saved?.is_issued);
  // A seller in the franchise charges no VAT: the VAT fields are hidden and every rate is 0 %. A
  // frozen document (an issued invoice, a sent quote: it has an archived PDF) is sent back as it was.
  const frozen: boolean = locked || Boolean(saved?.pdf_sha256);
  // A sent quote too (issue 28): read-only like an issued invoice, its status alone still moving.
  const readOnly: boolean = locked || (kind === 'quote' && frozen);
  const franchise: boolean = vatRegime === 'franchise' && !frozen;
  const sendable = (f: DocumentForm): DocumentForm => (franchise ? inFranchise(f) : f);
  // A frozen document's status follows its payments and credit notes: it is sent back as the
  // server last gave it (a payment may have changed it since the form was loaded).
  const payloadOf = (f: DocumentForm): DocumentWritePayload =>
    locked && saved ? { ...buildPayload(config, sendable(f)), status: saved.status } : buildPayload(config, sendable(f));

  const effective = useMemo(() => (form && franchise ? inFranchise(form) : form), [form, franchise]);
  const totals = useMemo(() => formTotals(effective ?? newDocumentForm(today)), [effective, today]);
  // The words of the amounts (no "HT" nor "TTC" without VAT, art. 293 B du CGI): a frozen document
  // of a seller in the franchise that charged no VAT was issued in it.
  const vatFree = franchise || (frozen && vatRegime === 'franchise' && totals.tax === 0);
  const dirty = useMemo(() => {
    if (!form || !baseline) return false;
    const sent = (f: DocumentForm) => JSON.stringify(buildPayload(config, franchise ? inFranchise(f) : f));
    return sent(form) !== sent(baseline);
  }, [form, baseline, config, franchise]);

  const saving = createState.isLoading || updateState.isLoading;
  // Issue 28: a stored draft is saved in the background once the user stops typing, as it is: never
  // a new document, an issued invoice or a sent quote (frozen), nor a draft whose status is being changed.
  const autosave = useDraftAutosave<DocumentForm>({
    form,
    enabled: id !== null && saved?.status === 'draft' && !frozen && form?.status === 'draft',
    dirty,
    valid: form !== null && validateForm(config, sendable(form), vatRegime) === null,
    busy: saving || deleteState.isLoading || email.pending,
    save: (f) =>
      id === null
        ? Promise.reject(new Error('Pas de brouillon enregistré.'))
        : autosaveDocument({ kind, id, body: { ...payloadOf(f), status: 'draft' } }).unwrap(),
    onSaved: editor.markSaved,
  });

  const savedNumberLabel = saved ? (saved.number ?? `#${saved.id}`) : '';
  const title =
    mode === 'create'
      ? config.labels.createTitle
      : mode === 'duplicate'
        ? config.labels.duplicateTitle
        : `${config.labels.noun} ${savedNumberLabel}`.trim();

  if (notFound) return <NotFoundPage />;
  if (editor.loadFailed) return null;
  if (!form) {
    return (
      <Page title={mode === 'edit' ? config.labels.noun : title}>
        <Spinner label="Chargement..." />
      </Page>
    );
  }

  const busy = saving || autosave.pending || deleteState.isLoading || email.pending || pdf.pending !== null;

  const onSendEmail = async () => {
    if (!saved) return;
    const result = await email.send({
      document: saved,
      // The record names its client with its e-mail (refetched when the contact changes).
      recipient: form.client_id === null ? null : (saved.client ?? { name: '', email: '' }),
      unsaved: dirty,
    });
    if (!result) return;
    // A draft becomes sent; the server's status and number win when it gives them.
    const status = result.status ?? (saved.status === 'draft' ? 'sent' : saved.status);
    editor.setRecord({
      ...saved,
      status,
      status_display: result.status_display ?? saved.status_display,
      number: result.number ?? saved.number,
      is_issued: saved.is_issued || (config.ledger && Boolean(result.number ?? saved.number)),
    });
    editor.reset((current) => ({ ...current, status }));
  };

  const stored: StoredDocumentContext | null = saved ? { saved, busy, locked } : null;
  const errorsToShow = editor.errors ? formErrorMessages(editor.errors) : [];
  const refused = refusal?.during === 'save' ? describeSaveErrors(config, refusal.body, vatFree) : [];
  const missing = refusal?.during === 'save' ? missingInformation(refusal.body) : [];
  // Issue 25: a line's own exemption reason refused (place rules, category O alone) is said under its select too.
  const lineExemptionErrors = refusal?.during === 'save' ? serverLineErrors(refusal.body, 'vat_exemption', sentLineKeys) : undefined;
  // The record's own client (or the copied one's) when the picker does not list it.
  const sourceClient = saved?.client ?? (mode === 'duplicate' ? recordQuery.data?.client : null) ?? null;

  return (
    <Page
      title={title}
      description={
        <StyledDocumentSubtitle>
          <Link to={`/${config.path}`}>← {config.labels.listTitle}</Link>
          {saved && (
            <DocumentStatusBadges config={config} status={saved.status} label={statusLabel(saved)} overdue={saved.is_overdue} einvoicing={saved.einvoicing_status} />
          )}
          {stored && parts.subtitle?.(stored)}
        </StyledDocumentSubtitle>
      }
    >
      {(options.failed || profileQuery.isError) && <Alert tone="error">{BASE_DATA_ERROR}</Alert>}
      {email.dialog}

      {saved && (
        <DocumentActions
          config={config}
          saved={saved}
          busy={busy}
          locked={locked}
          dirty={dirty}
          pdf={pdf}
          emailPending={email.pending}
          onSendEmail={onSendEmail}
          onDelete={editor.remove}
          kindActions={stored && parts.actions?.(stored)}
        />
      )}
      {/* Issued or sent (frozen): the client's personal link (issue 27). */}
      {saved && frozen && <ShareLinkCard kind={kind} id={saved.id} />}
      {saved && <DocumentDeposits document={saved} vatFree={vatFree} />}
      {stored && parts.panels?.(stored)}

      {pdf.previewUrl && saved && (
        <PdfPreview
          url={pdf.previewUrl}
          title={`Aperçu ${config.labels.ofThe} ${savedNumberLabel}`}
          onDownload={pdf.download}
          onClose={pdf.closePreview}
        />
      )}

      <StyledForm onSubmit={editor.submit} noValidate aria-label={title}>
        {errorsToShow.length > 0 && <ErrorSummary key={`form-${editor.attempt}`} messages={errorsToShow} />}
        {refusal && (
          <ErrorSummary
            key={`server-${editor.attempt}`}
            {...(refused.length || missing.length
              ? { intro: config.labels.saveErrorIntro, messages: refused, missing }
              : { messages: [config.labels.saveErrorFallback] })}
          />
        )}

        <DocumentFormFields
          config={config}
          form={form}
          setForm={editor.setForm}
          errors={editor.errors}
          saved={saved}
          sourceClient={sourceClient}
          options={options}
          locked={locked}
          readOnly={readOnly}
          vatFree={vatFree}
          totals={totals}
          lineExemptionErrors={lineExemptionErrors}
        />

        <FormActions>
          {mode === 'edit' && <AutosaveStatus savedAt={autosave.savedAt} failed={autosave.failed} />}
          <Button type="submit" variant="primary" disabled={busy}>
            {saving ? 'Enregistrement...' : mode === 'edit' ? 'Enregistrer' : config.labels.createButton}
          </Button>
        </FormActions>
      </StyledForm>
      <UnsavedChangesGuard dirty={dirty} />
    </Page>
  );
}
