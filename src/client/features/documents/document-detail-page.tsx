import { skipToken } from '@reduxjs/toolkit/query';
import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { parisToday } from '../../../shared/dates';
import { vatBreakdownJson } from '../../../shared/documents';
import type { OperationCategory, VatExemptionKey } from '../../../shared/vat';
import { formatDate } from '../../lib/format';
import { lazyWithPreload, preloadOn } from '../../lib/lazy-with-preload';
import { PRIORITIES, PRIORITY_LABELS } from '../../../shared/workflow';
import { asApiError, errorDetail } from '../../app/api';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { useConfirm } from '../../ui/confirm-dialog';
import {
  ChoiceField,
  FormActions,
  FormGrid,
  Select,
  StyledField,
  StyledFieldError,
  StyledHint,
  StyledLabel,
  TextArea,
  TextField,
} from '../../ui/form-fields';
import { IconUser } from '../../ui/icons';
import { Page } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast';
import { useGetProfileQuery } from '../profile';
import { RecurrenceOrigin } from './recurrence-origin';
import { InvoiceRemindersSection, RemindButton } from '../reminders';
import { DepositInvoiceDialog, DocumentDeposits } from './document-deposits';
import { useDocumentEmail } from './document-email';
import { EmailDeliveryStatus } from './email-delivery';
import {
  buildPayload,
  describeSaveErrors,
  duplicateForm,
  formErrorMessages,
  formFromRecord,
  formTotals,
  hasUntaxedLine,
  inFranchise,
  missingInformation,
  newDocumentForm,
  validateForm,
  withDocumentRate,
  type DocumentForm,
  type FormErrors,
  type FormLine,
  type MissingInformation,
} from './document-form';
import { BASE_DATA_ERROR, DOCUMENT_KINDS, UNKNOWN_CLIENT, type DocumentKind } from './document-kinds';
import { PdfPreview, useDocumentPdf } from './document-pdf';
import { DocumentTotals } from './document-totals';
import { DocumentStatusBadges } from './document-status';
import type { DocumentRecord } from './document.types';
import {
  useConvertQuoteToInvoiceMutation,
  useCreateDocumentMutation,
  useDeleteDocumentMutation,
  useGetDocumentQuery,
  useUpdateDocumentMutation,
} from './documents.api';
import { ErrorSummary } from './error-summary';
import { useDocumentOptions } from './use-document-options';
import { InvoiceLedgerPanel } from './invoice-ledger-panel';
import { LEDGER_MESSAGES, creditableAmount } from './invoice-ledger';
import { LineItemsEditor } from './line-items-editor';
import { StyledDocumentSubtitle, StyledDocumentToolbar } from './document-page-parts';
import { EXEMPTION_OPTIONS, OPERATION_OPTIONS, rateOptions } from './vat';

/** Opened by a button: downloaded when the pointer or the focus reaches it, not with the page (issue 18). */
const CreditNoteDialog = lazyWithPreload(() => import('./credit-note-dialog'), 'CreditNoteDialog');
const MakeRecurringDialog = lazyWithPreload(() => import('./make-recurring-dialog'), 'MakeRecurringDialog');

const PRIORITY_OPTIONS = PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }));

const UNSAVED_NOTE =
  'Modifications non enregistrées : le PDF, l\u2019e-mail et la duplication utilisent la dernière version enregistrée.';

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xl};
`;

const StyledWide = styled.div`
  grid-column: 1 / -1;
`;

const StyledExemption = styled.div`
  margin-top: ${({ theme }) => theme.spacing.lg};
  max-width: 32rem;
`;

const StyledLinesError = styled(StyledFieldError)`
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

const StyledStatus = styled.div`
  display: flex;
  align-items: center;
  min-height: 40px;
`;

const StyledClientChip = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  align-self: flex-start;
  margin-top: ${({ theme }) => theme.spacing.sm};
  padding: 4px 12px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.link};
  font-size: ${({ theme }) => theme.typography.size.sm};
  font-weight: ${({ theme }) => theme.typography.weight.medium};
  text-decoration: none;

  &:hover {
    text-decoration: underline;
  }
`;

type Mode = 'create' | 'edit' | 'duplicate';

const parseId = (value: string | null | undefined): number | null => {
  if (value === null || value === undefined) return null;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : Number.NaN;
};

export interface DocumentDetailPageProps {
  kind: DocumentKind;
}

/** /quotes/new, /quotes/{id}, /quotes/new?duplicate_id={id} and the same for invoices. */
export function DocumentDetailPage({ kind }: DocumentDetailPageProps) {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const duplicateParam = id ? null : searchParams.get('duplicate_id');
  // A new key per record and mode: leaving /new for /{id} after a creation starts afresh.
  return (
    <DocumentEditor
      key={`${kind}:${id ?? 'new'}:${duplicateParam ?? ''}`}
      kind={kind}
      id={parseId(id)}
      duplicateId={parseId(duplicateParam)}
    />
  );
}

interface DocumentEditorProps {
  kind: DocumentKind;
  /** NaN when the route's id is not a number. */
  id: number | null;
  duplicateId: number | null;
}

function DocumentEditor({ kind, id, duplicateId }: DocumentEditorProps) {
  const config = DOCUMENT_KINDS[kind];
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();
  const today = useMemo(() => parisToday(), []);
  const mode: Mode = id !== null ? 'edit' : duplicateId !== null ? 'duplicate' : 'create';
  const sourceId = id ?? duplicateId;
  const validSource = sourceId !== null && Number.isInteger(sourceId);

  const recordQuery = useGetDocumentQuery(validSource ? { kind, id: sourceId } : skipToken);
  // An invoice's own tasks are not billed elsewhere (issue 15): only another invoice's are held back.
  const { clients, clientsLoading, tasks, failed: optionsFailed } = useDocumentOptions(kind === 'invoice' ? id : null);
  // Its notices fill a new document; its VAT regime shapes every form (issue 14).
  const profileQuery = useGetProfileQuery();
  const vatRegime = profileQuery.data?.vat_regime;

  const [form, setForm] = useState<DocumentForm | null>(null);
  /** The form as last loaded or saved: tells whether there are unsaved changes. */
  const [baseline, setBaseline] = useState<DocumentForm | null>(null);
  /** The stored record (edit mode): id, number, status, client, payments and credit notes. */
  const [saved, setSaved] = useState<DocumentRecord | null>(null);
  const [formErrors, setFormErrors] = useState<FormErrors | null>(null);
  const [serverErrors, setServerErrors] = useState<{
    intro?: string;
    messages: string[];
    missing?: MissingInformation[];
  } | null>(null);
  const [creditNoteOpen, setCreditNoteOpen] = useState(false);
  const [recurringOpen, setRecurringOpen] = useState(false);
  const [depositOpen, setDepositOpen] = useState(false);
  const leaving = useRef(false);
  /** Number of save attempts: a new error summary (focused) per refused save. */
  const [attempt, setAttempt] = useState(0);

  const [createDocument, createState] = useCreateDocumentMutation();
  const [updateDocument, updateState] = useUpdateDocumentMutation();
  const [deleteDocument, deleteState] = useDeleteDocumentMutation();
  const [convertQuote, convertState] = useConvertQuoteToInvoiceMutation();
  const email = useDocumentEmail(config);
  const pdf = useDocumentPdf(config, saved);
  const statusLabelId = useId();

  const resetTo = useCallback((next: DocumentForm) => {
    setForm(next);
    setBaseline(next);
  }, []);

  // Initialise the form once: defaults (+ profile notices), the record, or the copy of a record.
  useEffect(() => {
    if (form) return;
    if (mode === 'create') {
      if (profileQuery.isLoading) return;
      resetTo(newDocumentForm(today, profileQuery.data));
      return;
    }
    const record = recordQuery.data;
    if (!record || recordQuery.isFetching) return;
    if (mode === 'edit') {
      resetTo(formFromRecord(record));
      setSaved(record);
    } else {
      resetTo(duplicateForm(record, today));
    }
  }, [form, mode, profileQuery.isLoading, profileQuery.data, recordQuery.data, recordQuery.isFetching, config, today, resetTo]);

  // The stored record follows each new answer of the server: a payment or a credit note changes
  // an invoice's status, balance and overdue flag. The form keeps what the user is typing.
  useEffect(() => {
    if (mode === 'edit' && recordQuery.data) setSaved(recordQuery.data);
  }, [mode, recordQuery.data]);

  // A record that cannot be loaded: say so and go to the dashboard (SPEC section 8).
  const loadFailed = (validSource && recordQuery.isError) || (sourceId !== null && !validSource);
  useEffect(() => {
    if (!loadFailed || leaving.current) return;
    leaving.current = true;
    toast.error(config.labels.loadError);
    navigate('/dashboard');
  }, [loadFailed, toast, config, navigate]);

  const baseDataFailed = optionsFailed || profileQuery.isError;

  // The record's own client when the picker does not list it.
  const sourceClient = saved?.client ?? (mode === 'duplicate' ? recordQuery.data?.client : null) ?? null;
  const clientName = (clientId: number | null) => {
    if (clientId === null) return null;
    return clients.find((c) => c.id === clientId)?.name || (sourceClient?.id === clientId ? sourceClient.name : '') || UNKNOWN_CLIENT;
  };
  const clientOptions = useMemo(() => {
    const options = clients.map((c) => ({ value: String(c.id), label: c.email ? `${c.name} (${c.email})` : c.name }));
    const selected = form?.client_id ?? null;
    if (selected !== null && !clients.some((c) => c.id === selected)) {
      const name = sourceClient?.id === selected ? sourceClient.name : '';
      options.unshift({ value: String(selected), label: name || UNKNOWN_CLIENT });
    }
    return options;
  }, [clients, form?.client_id, sourceClient]);

  // An issued invoice is frozen (art. 242 nonies A du CGI, DESIGN.md 7): everything printed is
  // read-only; only its priority and internal notes may change. It is corrected by credit notes.
  const locked = config.ledger && Boolean(saved?.is_issued);
  // A seller in the franchise charges no VAT: the VAT fields are hidden and every rate is 0 %. A
  // frozen document (an issued invoice, a sent quote: it has an archived PDF) is sent back as it was.
  const frozen = locked || Boolean(saved?.pdf_sha256);
  const franchise = vatRegime === 'franchise' && !frozen;
  const effective = useMemo(() => (form && franchise ? inFranchise(form) : form), [form, franchise]);
  const totals = useMemo(() => (effective ? formTotals(effective) : formTotals(newDocumentForm(today))), [effective, today]);
  const dirty = useMemo(() => {
    if (!form || !baseline) return false;
    const sent = (f: DocumentForm) => JSON.stringify(buildPayload(config, franchise ? inFranchise(f) : f));
    return sent(form) !== sent(baseline);
  }, [form, baseline, config, franchise]);

  const update = useCallback(<K extends keyof DocumentForm>(field: K, value: DocumentForm[K]) => {
    setForm((current) => (current ? { ...current, [field]: value } : current));
  }, []);
  const updateLines = useCallback((change: (lines: FormLine[]) => FormLine[]) => {
    setForm((current) => (current ? { ...current, line_items: change(current.line_items) } : current));
  }, []);

  const savedNumberLabel = saved ? (saved.number ?? `#${saved.id}`) : '';
  const title =
    mode === 'create'
      ? config.labels.createTitle
      : mode === 'duplicate'
        ? config.labels.duplicateTitle
        : `${config.labels.noun} ${savedNumberLabel}`.trim();

  if (loadFailed) return null;
  if (!form) {
    return (
      <Page title={mode === 'edit' ? config.labels.noun : title}>
        <Spinner label="Chargement..." />
      </Page>
    );
  }

  const saving = createState.isLoading || updateState.isLoading;
  const busy = saving || deleteState.isLoading || convertState.isLoading || email.pending || pdf.pending !== null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const sending = effective ?? form;
    // The VAT rules bind what is still a draft; a frozen document keeps what it was issued with.
    const errors = validateForm(config, sending, frozen ? undefined : vatRegime);
    setAttempt((n) => n + 1);
    setFormErrors(errors);
    setServerErrors(null);
    if (errors) return;
    // A frozen document's status follows its payments and credit notes: it is sent back as the
    // server last gave it (a payment may have changed it since the form was loaded).
    const body = locked && saved ? { ...buildPayload(config, sending), status: saved.status } : buildPayload(config, sending);
    try {
      if (mode === 'edit' && saved) {
        const record = await updateDocument({ kind, id: saved.id, body }).unwrap();
        // The server's answer (status, number, totals) replaces what was typed.
        resetTo(formFromRecord(record, form));
        setSaved(record);
        toast.success(config.labels.updated);
      } else {
        const record = await createDocument({ kind, body }).unwrap();
        toast.success(config.labels.created);
        navigate(`/${config.path}/${record.id}`);
      }
    } catch (err) {
      const data = asApiError(err)?.data;
      const messages = describeSaveErrors(config, data);
      const missing = missingInformation(data);
      setServerErrors(
        messages.length || missing.length
          ? { intro: config.labels.saveErrorIntro, messages, missing }
          : { messages: [config.labels.saveErrorFallback] },
      );
    }
  };

  const onDelete = async () => {
    if (!saved) return;
    const ok = await confirm({
      title: `Supprimer ${config.labels.the}`,
      message: config.labels.deleteConfirm,
      confirmLabel: 'Supprimer',
    });
    if (!ok) return;
    try {
      leaving.current = true;
      await deleteDocument({ kind, id: saved.id }).unwrap();
      toast.success(config.labels.deleted);
      navigate('/dashboard');
    } catch (err) {
      leaving.current = false;
      // e.g. an issued invoice: the server explains that it must be cancelled instead.
      toast.error(errorDetail(err) ?? config.labels.deleteError);
    }
  };

  const onSendEmail = async () => {
    if (!saved) return;
    const client = clients.find((c) => c.id === saved.client?.id) ?? saved.client;
    const result = await email.send({
      document: saved,
      recipient: form.client_id === null ? null : (client ?? { name: '', email: '' }),
      unsaved: dirty,
    });
    if (!result) return;
    // A draft becomes sent; the server's status and number win when it gives them.
    const status = result.status ?? (saved.status === 'draft' ? 'sent' : saved.status);
    const next = {
      ...saved,
      status,
      status_display: result.status_display ?? saved.status_display,
      number: result.number ?? saved.number,
      is_issued: saved.is_issued || (config.ledger && Boolean(result.number ?? saved.number)),
    };
    setSaved(next);
    setForm((current) => (current ? { ...current, status } : current));
    setBaseline((current) => (current ? { ...current, status } : current));
  };

  const onConvert = async () => {
    if (!saved) return;
    const ok = await confirm({
      title: 'Convertir en facture',
      message:
        'Une facture brouillon sera créée avec le même client, les mêmes lignes, la même TVA et les mêmes mentions ; le devis sera marqué comme accepté.',
      confirmLabel: 'Convertir',
      destructive: false,
    });
    if (!ok) return;
    try {
      const result = await convertQuote({ id: saved.id }).unwrap();
      toast.success('Le devis a été converti en facture.');
      navigate(`/invoices/${result.id}`);
    } catch (err) {
      const data = asApiError(err)?.data as { detail?: string; invoice_id?: number } | undefined;
      toast.error(data?.detail ?? 'Erreur lors de la conversion du devis en facture.');
      // Already converted: open the invoice made from it.
      if (typeof data?.invoice_id === 'number') navigate(`/invoices/${data.invoice_id}`);
    }
  };

  const errorsToShow = formErrors ? formErrorMessages(formErrors) : [];
  const selectedClientName = clientName(form.client_id);

  return (
    <Page
      title={title}
      description={
        <StyledDocumentSubtitle>
          <Link to={`/${config.path}`}>← {config.labels.listTitle}</Link>
          {saved && (
            <DocumentStatusBadges config={config} status={saved.status} label={saved.status_display} overdue={saved.is_overdue} />
          )}
          {saved && kind === 'invoice' && !saved.number && <span>Numéro attribué à l&apos;émission de la facture</span>}
          {saved && kind === 'invoice' && <RecurrenceOrigin invoiceId={saved.id} />}
        </StyledDocumentSubtitle>
      }
    >
      {baseDataFailed && <Alert tone="error">{BASE_DATA_ERROR}</Alert>}

      {saved && (
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
              {email.pending ? 'Envoi en cours...' : 'Envoyer par E-mail'}
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
      )}

      {/* Modal dialogs: nothing to show in the page while one's code arrives. */}
      <Suspense fallback={null}>
        {creditNoteOpen && saved && <CreditNoteDialog invoice={saved} onClose={() => setCreditNoteOpen(false)} />}
        {recurringOpen && saved && <MakeRecurringDialog invoice={saved} onClose={() => setRecurringOpen(false)} />}
      </Suspense>
      {depositOpen && saved && <DepositInvoiceDialog quote={saved} onClose={() => setDepositOpen(false)} />}
      {saved && <DocumentDeposits document={saved} />}

      {locked && saved && kind === 'invoice' && <InvoiceLedgerPanel invoice={saved} />}
      {locked && saved && kind === 'invoice' && <InvoiceRemindersSection invoiceId={saved.id} issued={Boolean(saved.number)} />}

      {pdf.previewUrl && saved && (
        <PdfPreview
          url={pdf.previewUrl}
          title={`Aperçu ${config.labels.ofThe} ${savedNumberLabel}`}
          onDownload={pdf.download}
          onClose={pdf.closePreview}
        />
      )}

      <StyledForm onSubmit={onSubmit} noValidate aria-label={title}>
        {errorsToShow.length > 0 && <ErrorSummary key={`form-${attempt}`} messages={errorsToShow} />}
        {serverErrors && (
          <ErrorSummary
            key={`server-${attempt}`}
            intro={serverErrors.intro}
            messages={serverErrors.messages}
            missing={serverErrors.missing}
          />
        )}

        <Card title="Informations">
          {locked && (
            <Alert tone="info" style={{ marginBottom: 16 }}>
              {LEDGER_MESSAGES.issuedNote}
            </Alert>
          )}
          <FormGrid>
            <StyledWide>
              <TextField
                label="Titre"
                required
                value={form.title}
                disabled={locked}
                error={formErrors?.title}
                onChange={(event) => update('title', event.target.value)}
              />
            </StyledWide>
            <StyledWide>
              <Select
                label="Client"
                required
                placeholderOption={clientsLoading ? 'Chargement des clients...' : 'Sélectionnez un client'}
                options={clientOptions}
                value={form.client_id === null ? '' : String(form.client_id)}
                disabled={locked}
                error={formErrors?.client}
                hint={
                  !clientsLoading && clients.length === 0 && !optionsFailed ? (
                    <>
                      Aucun contact enregistré : <Link to="/contacts/new">ajoutez d&apos;abord un contact</Link>.
                    </>
                  ) : undefined
                }
                onChange={(event) => update('client_id', event.target.value ? Number(event.target.value) : null)}
              />
              {form.client_id !== null && (
                <StyledClientChip to={`/contacts/${form.client_id}`} aria-label={`Voir la fiche client : ${selectedClientName}`}>
                  <IconUser size={16} />
                  {selectedClientName}
                </StyledClientChip>
              )}
            </StyledWide>
            {locked && saved ? (
              // Derived from payments and credit notes: shown, not chosen.
              <StyledField>
                <StyledLabel as="span" id={statusLabelId}>
                  Statut
                </StyledLabel>
                <StyledStatus role="group" aria-labelledby={statusLabelId}>
                  <DocumentStatusBadges config={config} status={saved.status} label={saved.status_display} overdue={saved.is_overdue} />
                </StyledStatus>
                <StyledHint>Suit les paiements et les avoirs enregistrés.</StyledHint>
              </StyledField>
            ) : (
              <Select
                label="Statut"
                options={config.formStatuses}
                value={form.status}
                hint={kind === 'invoice' ? '« Envoyée » émet la facture : elle reçoit son numéro et son contenu est figé.' : undefined}
                onChange={(event) => update('status', event.target.value)}
              />
            )}
            <Select
              label="Priorité"
              options={PRIORITY_OPTIONS}
              value={form.priority}
              onChange={(event) => update('priority', event.target.value)}
            />
            <TextField
              label="Date d'émission"
              type="date"
              required
              value={form.issue_date}
              disabled={locked}
              onChange={(event) => update('issue_date', event.target.value)}
            />
            <TextField
              label={config.labels.endDate}
              type="date"
              required={kind === 'invoice'}
              value={form.end_date}
              disabled={locked}
              onChange={(event) => update('end_date', event.target.value)}
            />
            {!franchise && (
              <Select
                label="Taux de TVA par défaut"
                options={rateOptions(form.tax_rate)}
                value={form.tax_rate}
                disabled={locked}
                hint="Celui des nouvelles lignes ; les lignes à ce taux le suivent."
                onChange={(event) => {
                  const rate = event.target.value;
                  setForm((current) => (current ? withDocumentRate(current, rate) : current));
                }}
              />
            )}
            <Select
              label="Opération"
              options={OPERATION_OPTIONS}
              value={form.operation_category}
              disabled={locked}
              onChange={(event) => update('operation_category', event.target.value as OperationCategory)}
            />
            <StyledWide>
              <ChoiceField
                type="checkbox"
                label="Prestation sur une période"
                checked={form.service_period}
                disabled={locked}
                onChange={(event) => update('service_period', event.target.checked)}
              />
            </StyledWide>
            <TextField
              label="Date de la prestation"
              type="date"
              value={form.service_date}
              disabled={locked}
              hint={
                form.service_period && form.service_date && form.service_end_date
                  ? `Période : du ${formatDate(form.service_date)} au ${formatDate(form.service_end_date)}`
                  : form.service_period
                    ? 'Début de la période.'
                    : 'Date de la prestation ou de la livraison, si elle diffère de la date d’émission.'
              }
              onChange={(event) => update('service_date', event.target.value)}
            />
            {form.service_period && (
              <TextField
                label="Fin de la période"
                type="date"
                value={form.service_end_date}
                disabled={locked}
                error={formErrors?.serviceDates}
                onChange={(event) => update('service_end_date', event.target.value)}
              />
            )}
            <StyledWide>
              <TextArea
                label="Notes / Description"
                rows={3}
                value={form.description}
                disabled={locked}
                onChange={(event) => update('description', event.target.value)}
              />
            </StyledWide>
            {kind === 'invoice' && (
              <StyledWide>
                <TextArea
                  label="Notes internes"
                  rows={3}
                  value={form.internal_notes}
                  hint="Pour vous seul : jamais imprimées sur la facture, modifiables à tout moment."
                  onChange={(event) => update('internal_notes', event.target.value)}
                />
              </StyledWide>
            )}
          </FormGrid>
        </Card>

        <Card title="Lignes">
          {/* Already announced by the summary above the form: shown here, not announced twice. */}
          {formErrors?.lines && <StyledLinesError>{formErrors.lines}</StyledLinesError>}
          <LineItemsEditor
            lines={form.line_items}
            lineTotals={totals.lines}
            tasks={tasks}
            billsTasks={kind === 'invoice'}
            showErrors={Boolean(formErrors?.invalidLines.length)}
            disabled={locked}
            defaultRate={form.tax_rate}
            showVat={!franchise}
            onChange={updateLines}
          />
          {/* A VAT-registered seller's 0 % lines need their legal basis (art. 242 nonies A du CGI). */}
          {!franchise && (hasUntaxedLine(form) || (locked && form.vat_exemption)) && (
            <StyledExemption>
              <Select
                label="Motif d'exonération"
                required
                placeholderOption="Choisissez le motif des lignes à 0 %"
                options={EXEMPTION_OPTIONS}
                value={form.vat_exemption}
                disabled={locked}
                error={formErrors?.vatExemption}
                onChange={(event) => update('vat_exemption', event.target.value as VatExemptionKey | '')}
              />
            </StyledExemption>
          )}
          <DocumentTotals
            subtotal={totals.subtotal / 100}
            tax={totals.tax / 100}
            total={totals.total / 100}
            breakdown={vatBreakdownJson(totals.breakdown)}
            franchise={franchise}
          />
        </Card>

        <Card title="Mentions">
          <FormGrid>
            <StyledWide>
              <TextArea
                label="Mentions légales"
                rows={4}
                value={form.legal_notice}
                disabled={locked}
                onChange={(event) => update('legal_notice', event.target.value)}
              />
            </StyledWide>
            <StyledWide>
              <TextArea
                label={config.labels.signatureNotice}
                rows={4}
                value={form.signature_notice}
                disabled={locked}
                onChange={(event) => update('signature_notice', event.target.value)}
              />
            </StyledWide>
          </FormGrid>
        </Card>

        <FormActions>
          <Button type="submit" variant="primary" disabled={busy}>
            {saving ? 'Enregistrement...' : mode === 'edit' ? 'Enregistrer' : config.labels.createButton}
          </Button>
        </FormActions>
      </StyledForm>
    </Page>
  );
}
