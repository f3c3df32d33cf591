import { useCallback, useId, type SetStateAction } from 'react';
import styled from 'styled-components';
import { DEFAULT_DISCOUNT_REASON, vatBreakdownJson } from '@/shared/documents';
import type { OperationCategory } from '@/shared/vat';
import { PRIORITIES, PRIORITY_LABELS } from '@/shared/projects-tasks';
import {
  MAX_B2B_END_OF_MONTH_DAYS, MAX_B2B_NET_DAYS, MAX_PAYMENT_DAYS, PAYMENT_TERMS, PAYMENT_TERMS_LABELS, type PaymentTermsKind,
} from '@/shared/payment-terms';
import { formatDate } from '@/client/lib/format';
import { Alert } from '@/client/ui/alert';
import { Card } from '@/client/ui/card';
import {
  ChoiceField,
  FormGrid,
  Select,
  StyledField,
  StyledFieldError,
  StyledHint,
  StyledLabel,
  TextArea,
  TextField,
} from '@/client/ui/form-fields';
import {
  discountAmounts,
  discountLabel,
  followTerms,
  hasUntaxedLine,
  needsDocumentExemption,
  withDocumentRate,
  withPaymentTerms,
  type DocumentForm,
  type FormErrors,
  type FormLine,
  type formTotals,
} from './document-form';
import { ClientSelect } from './client-select';
import type { DocumentKindConfig } from './document-kinds';
import { DocumentStatusBadges } from './document-status';
import { DiscountField } from './discount-field';
import { DocumentTotals } from './document-totals';
import type { DocumentRecord } from './document.types';
import { LEDGER_MESSAGES } from './invoice-ledger';
import { LineItemsEditor } from './line-items-editor';
import type { DocumentOptions } from './use-document-options';
import { EXEMPTION_OPTIONS, exemptionOf, OPERATION_OPTIONS, rateOptions } from './vat';

/** A sent quote (issue 28): shown as it was sent; the server refuses any change of what it prints (core/frozen.ts). */
export const FROZEN_QUOTE_NOTE = 'Devis envoyé : son contenu est figé. Seul son statut change encore (accepté, refusé) ; pour proposer une nouvelle version, dupliquez-le.';

const PRIORITY_OPTIONS = PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }));
const PAYMENT_TERMS_OPTIONS = PAYMENT_TERMS.map((value) => ({ value, label: PAYMENT_TERMS_LABELS[value] }));

const StyledWide = styled.div`
  grid-column: 1 / -1;
`;

const StyledExemption = styled.div`
  margin-top: ${({ theme }) => theme.spacing.lg};
  max-width: 32rem;
`;

const StyledDocumentDiscount = styled.div`
  margin-top: ${({ theme }) => theme.spacing.lg};
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: minmax(0, 1fr);
  max-width: 40rem;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;

const StyledLinesError = styled(StyledFieldError)`
  margin-bottom: ${({ theme }) => theme.spacing.md};
`;

const StyledStatus = styled.div`
  display: flex;
  align-items: center;
  min-height: 40px;
`;

export interface DocumentFormFieldsProps {
  config: DocumentKindConfig;
  form: DocumentForm;
  setForm: (change: SetStateAction<DocumentForm>) => void;
  errors: FormErrors | null;
  /** The stored record (an existing document). */
  saved: DocumentRecord | null;
  /** The client of the document edited or copied: named even when the picker does not list it. */
  sourceClient: { id: number; name: string } | null;
  options: DocumentOptions;
  /** An issued invoice: everything printed is read-only, its status follows its payments and credit notes. */
  locked: boolean;
  /**
   * Everything printed is read-only: an issued invoice, or a sent quote (its PDF archived, issue 28),
   * whose status alone still moves (accepted, refused). Default: `locked`.
   */
  readOnly?: boolean;
  /** No VAT charged (the franchise, or a frozen document issued in it): no VAT fields, amounts without "HT" nor "TTC". */
  vatFree: boolean;
  totals: ReturnType<typeof formTotals>;
  /** The server's messages on lines' own exemption reasons, by line key (a refused save). */
  lineExemptionErrors?: Readonly<Record<string, string>>;
}

/** The quote and invoice fields: « Informations », « Lignes » and « Mentions ». */
export function DocumentFormFields({
  config,
  form,
  setForm,
  errors: formErrors,
  saved,
  sourceClient,
  options: { invoiceId },
  locked,
  readOnly = locked,
  vatFree,
  totals,
  lineExemptionErrors,
}: DocumentFormFieldsProps) {
  const { kind } = config;
  // Issue 25: the document's reason covers the 0 % lines without their own; none left, it is optional.
  const documentExemptionNeeded = needsDocumentExemption(form);
  const statusLabelId = useId();

  const update = <K extends keyof DocumentForm>(field: K, value: DocumentForm[K]) =>
    setForm((current) => ({ ...current, [field]: value }));
  // Stable: each memoised line keeps its callbacks while another is typed in.
  const updateLines = useCallback(
    (change: (lines: FormLine[]) => FormLine[]) => setForm((current) => ({ ...current, line_items: change(current.line_items) })),
    [setForm],
  );

  return (
    <>
      <Card title="Informations">
        {readOnly && (
          <Alert tone="info" style={{ marginBottom: 16 }}>
            {locked ? LEDGER_MESSAGES.issuedNote : FROZEN_QUOTE_NOTE}
          </Alert>
        )}
        <FormGrid>
          <StyledWide>
            <TextField
              label="Titre"
              required
              value={form.title}
              disabled={readOnly}
              error={formErrors?.title}
              onChange={(event) => update('title', event.target.value)}
            />
          </StyledWide>
          <StyledWide>
            <ClientSelect
              value={form.client_id}
              onChange={(id) => update('client_id', id)}
              known={sourceClient}
              disabled={readOnly}
              error={formErrors?.client}
              withChip
            />
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
              // A sent quote never goes back to draft (the server refuses it).
              options={readOnly ? config.formStatuses.filter((option) => option.value !== 'draft') : config.formStatuses}
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
            disabled={readOnly}
            onChange={(event) => {
              const issued = event.target.value;
              setForm((current) => followTerms(config, { ...current, issue_date: issued }));
            }}
          />
          <TextField
            label={config.labels.endDate}
            type="date"
            required={kind === 'invoice'}
            // An invoice is due when its payment terms say (issue 25): shown, not typed.
            value={form.end_date}
            disabled={readOnly || kind === 'invoice'}
            hint={kind === 'invoice' && !readOnly ? 'Suit les conditions de paiement et la date d’émission.' : undefined}
            onChange={(event) => update('end_date', event.target.value)}
          />
          <Select
            label="Conditions de paiement"
            options={PAYMENT_TERMS_OPTIONS}
            value={form.payment_terms}
            disabled={readOnly}
            error={form.payment_terms === 'reception' ? formErrors?.paymentTerms : undefined}
            onChange={(event) => {
              const terms = event.target.value as PaymentTermsKind;
              setForm((current) => followTerms(config, withPaymentTerms(current, terms)));
            }}
          />
          {form.payment_terms !== 'reception' && (
            <TextField
              label="Nombre de jours (N)"
              type="number"
              min={1}
              max={MAX_PAYMENT_DAYS}
              step={1}
              inputMode="numeric"
              value={form.payment_days}
              disabled={readOnly}
              error={formErrors?.paymentTerms}
              hint={`Entre professionnels : au plus ${MAX_B2B_NET_DAYS} jours, ou ${MAX_B2B_END_OF_MONTH_DAYS} jours fin de mois (art. L441-10 du Code de commerce).`}
              onChange={(event) => {
                const typed = event.target.value;
                setForm((current) => followTerms(config, { ...current, payment_days: typed }));
              }}
            />
          )}
          {!vatFree && (
            <Select
              label="Taux de TVA par défaut"
              options={rateOptions(form.tax_rate)}
              value={form.tax_rate}
              disabled={readOnly}
              hint="Celui des nouvelles lignes ; les lignes à ce taux le suivent."
              onChange={(event) => {
                const rate = event.target.value;
                setForm((current) => withDocumentRate(current, rate));
              }}
            />
          )}
          <Select
            label="Opération"
            options={OPERATION_OPTIONS}
            value={form.operation_category}
            disabled={readOnly}
            onChange={(event) => update('operation_category', event.target.value as OperationCategory)}
          />
          <StyledWide>
            <ChoiceField
              type="checkbox"
              label="Prestation sur une période"
              checked={form.service_period}
              disabled={readOnly}
              onChange={(event) => update('service_period', event.target.checked)}
            />
          </StyledWide>
          <TextField
            label="Date de la prestation"
            type="date"
            value={form.service_date}
            disabled={readOnly}
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
              disabled={readOnly}
              error={formErrors?.serviceDates}
              onChange={(event) => update('service_end_date', event.target.value)}
            />
          )}
          <StyledWide>
            <TextArea
              label="Notes / Description"
              rows={3}
              value={form.description}
              disabled={readOnly}
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
          invoiceId={invoiceId}
          billsTasks={kind === 'invoice'}
          showErrors={Boolean(formErrors?.invalidLines.length)}
          disabled={readOnly}
          defaultRate={form.tax_rate}
          showVat={!vatFree}
          vatFree={vatFree}
          exemptionErrors={lineExemptionErrors}
          onChange={updateLines}
        />
        {/* A VAT-registered seller's 0 % lines need their legal basis (art. 242 nonies A du CGI); frozen, the reason it has. */}
        {!vatFree && (readOnly ? form.vat_exemption !== '' : hasUntaxedLine(form)) && (
          <StyledExemption>
            <Select
              label="Motif d'exonération"
              required={documentExemptionNeeded}
              placeholderOption="Choisissez le motif des lignes à 0 %"
              options={EXEMPTION_OPTIONS}
              value={form.vat_exemption}
              disabled={readOnly}
              // Gone once every 0 % line has its own reason (the check is made again at the next save).
              error={documentExemptionNeeded ? formErrors?.vatExemption : undefined}
              hint={readOnly || documentExemptionNeeded ? undefined : 'Facultatif : chaque ligne à 0 % a son propre motif.'}
              onChange={(event) => update('vat_exemption', exemptionOf(event.target.value))}
            />
          </StyledExemption>
        )}
        {/* Issue 25: a discount on the whole document (EN 16931 BG-20), VAT computed after it. */}
        {(!readOnly || totals.discount > 0) && (
          <StyledDocumentDiscount>
            <DiscountField
              label="Remise globale"
              value={form}
              disabled={readOnly}
              error={formErrors?.discount}
              onChange={({ discount, discount_type }) => setForm((current) => ({ ...current, discount, discount_type }))}
            />
            <TextField
              label="Motif de la remise"
              placeholder={DEFAULT_DISCOUNT_REASON}
              maxLength={200}
              value={form.discount_reason}
              disabled={readOnly}
              onChange={(event) => update('discount_reason', event.target.value)}
            />
          </StyledDocumentDiscount>
        )}
        <DocumentTotals
          subtotal={totals.subtotal / 100}
          tax={totals.tax / 100}
          total={totals.total / 100}
          breakdown={vatBreakdownJson(totals.breakdown)}
          discount={{ amount: totals.discount / 100, linesTotal: totals.linesTotal / 100, label: discountLabel(form.discount_reason, discountAmounts(form).discount_percent) }}
          franchise={vatFree}
          kind={kind}
        />
      </Card>

      <Card title="Mentions">
        <FormGrid>
          <StyledWide>
            <TextArea
              label="Mentions légales"
              rows={4}
              value={form.legal_notice}
              disabled={readOnly}
              onChange={(event) => update('legal_notice', event.target.value)}
            />
          </StyledWide>
          <StyledWide>
            <TextArea
              label={config.labels.signatureNotice}
              rows={4}
              value={form.signature_notice}
              disabled={readOnly}
              onChange={(event) => update('signature_notice', event.target.value)}
            />
          </StyledWide>
        </FormGrid>
      </Card>
    </>
  );
}
