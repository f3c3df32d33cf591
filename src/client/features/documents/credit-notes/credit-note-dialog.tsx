import { useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { asApiError } from '@/client/app/api';
import { vatBreakdownJson } from '@/shared/documents';
import { formatMoney } from '@/client/lib/format';
import { Button } from '@/client/ui/button';
import { Dialog, DialogActions, DialogFieldset, DialogIntro } from '@/client/ui/dialog';
import { DecimalField } from '@/client/ui/decimal-field';
import { ChoiceField, TextArea } from '@/client/ui/form-fields';
import { useToast } from '@/client/ui/toast';
import { describeSaveErrors } from '../document-form';
import { CREDIT_NOTE_CONFIG } from '../document-kinds';
import { DocumentTotals } from '../document-totals';
import { ErrorSummary } from '../error-summary';
import type { DocumentRecord } from '../document.types';
import { useIssueCreditNoteMutation } from '../documents.api';
import {
  creditLinesFrom,
  creditLinesTotals,
  creditNotePayload,
  creditableAmount,
  validateCreditNote,
  type CreditLine,
  type CreditNoteMode,
} from '../invoice-ledger';
import { rateLabel, useVatFree } from '../vat';
import { amountLabels } from '@/shared/amount-labels';
import { VAT_EXEMPTIONS } from '@/shared/vat';

const StyledLine = styled.fieldset<{ $selected: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  margin: 0;
  min-width: 0;
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};

  legend {
    float: left;
    grid-column: 1 / -1;
    padding: 0;
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
  }
  > :first-of-type,
  p {
    grid-column: 1 / -1;
  }
  p {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

const StyledRate = styled.span`
  grid-column: 1 / -1;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

const StyledErrors = styled.div`
  margin-top: ${({ theme }) => theme.spacing.lg};
`;

export interface CreditNoteDialogProps {
  /** The issued invoice to credit. */
  invoice: DocumentRecord;
  onClose: () => void;
}

/**
 * « Émettre un avoir »: the whole balance due (a paid invoice: all of it, refunded), or chosen lines of the invoice (quantity and unit
 * price editable, each at its line's VAT rate), with a reason. The credit note is issued at once
 * (numbered, frozen) and its page opens.
 */
export function CreditNoteDialog({ invoice, onClose }: CreditNoteDialogProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const formId = useId();
  const [issueCreditNote, issueState] = useIssueCreditNoteMutation();
  const balanceDue = invoice.balance_due;
  // Opened only while something is creditable (the invoice page's button). A paid invoice is
  // cancelled whole, what was paid owed back (issue 28): no need to tick every line.
  const creditable = creditableAmount(invoice);
  const [mode, setMode] = useState<CreditNoteMode>(balanceDue > 0 ? 'total' : 'partial');
  const [lines, setLines] = useState<CreditLine[]>(() => creditLinesFrom(invoice.line_items));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ intro?: string; messages: string[] } | null>(null);
  /** A new (focused) summary per refused attempt. */
  const [attempt, setAttempt] = useState(0);
  const totals = useMemo(() => creditLinesTotals(lines, invoice.tax_rate), [lines, invoice.tax_rate]);
  // A seller in the franchise credits no VAT: no VAT row, nor rates, on an untaxed invoice.
  const franchise = useVatFree(invoice.tax_amount);
  const invoiceLabel = invoice.number ?? `#${invoice.id}`;
  const labels = amountLabels(franchise ? 'franchise' : 'assujetti');

  const changeLine = (key: string, change: Partial<CreditLine>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    const invalid = validateCreditNote(mode, lines);
    if (invalid) {
      setErrors({ messages: [invalid] });
      return;
    }
    setErrors(null);
    try {
      const note = await issueCreditNote({
        invoiceId: invoice.id,
        body: creditNotePayload(mode, reason, lines),
      }).unwrap();
      toast.success(note.number ? `Avoir ${note.number} émis avec succès !` : CREDIT_NOTE_CONFIG.labels.created);
      navigate(`/${CREDIT_NOTE_CONFIG.path}/${note.id}`);
    } catch (err) {
      const messages = describeSaveErrors(CREDIT_NOTE_CONFIG, asApiError(err)?.data, franchise);
      setErrors(
        messages.length
          ? { intro: CREDIT_NOTE_CONFIG.labels.saveErrorIntro, messages }
          : { messages: [CREDIT_NOTE_CONFIG.labels.saveErrorFallback] },
      );
    }
  };

  return (
    <Dialog open title="Émettre un avoir" width="720px" onClose={onClose}>
      <form id={formId} onSubmit={onSubmit} noValidate aria-label="Émettre un avoir">
        <DialogIntro>
          L’avoir annule tout ou partie de la facture {invoiceLabel}. Il reçoit son propre numéro et ne pourra plus être
          modifié. Il reste au plus {formatMoney(creditable)}
          {labels.suffix} à créditer.
        </DialogIntro>

        <DialogFieldset>
          <legend>Type d’avoir</legend>
          <ChoiceField
            type="radio"
            name="credit-note-mode"
            label="Avoir total"
            hint={
              balanceDue > 0
                ? `Crédite tout le solde restant dû : ${formatMoney(balanceDue)}${labels.suffix}.`
                : `Annule la facture, réglée : ${formatMoney(creditable)}${labels.suffix} à rembourser au client.`
            }
            checked={mode === 'total'}
            onChange={() => setMode('total')}
          />
          <ChoiceField
            type="radio"
            name="credit-note-mode"
            label="Avoir partiel"
            hint="Crédite les lignes choisies, pour la quantité et le prix indiqués."
            checked={mode === 'partial'}
            onChange={() => setMode('partial')}
          />
        </DialogFieldset>

        {mode === 'partial' && (
          <DialogFieldset>
            <legend>Lignes à créditer{franchise ? '' : ' (montants HT, au taux de TVA de chaque ligne)'}</legend>
            {lines.map((line, index) => (
              <StyledLine key={line.key} $selected={line.selected} data-testid="credit-line">
                <legend>
                  Ligne {index + 1} : {line.title}
                </legend>
                <ChoiceField
                  type="checkbox"
                  label="Créditer cette ligne"
                  checked={line.selected}
                  onChange={(event) => changeLine(line.key, { selected: event.target.checked })}
                />
                {!franchise && (
                  <StyledRate data-testid="credit-line-rate">
                    TVA {rateLabel(line.tax_rate)}
                    {/* Issue 25: the line's own exemption reason, credited with it. */}
                    {line.vat_exemption ? ` · ${VAT_EXEMPTIONS[line.vat_exemption].label}` : ''}
                  </StyledRate>
                )}
                <DecimalField
                  label="Quantité"
                  format="quantity"
                  decimals={4}
                  value={line.quantity}
                  disabled={!line.selected}
                  onChange={(quantity) => changeLine(line.key, { quantity })}
                />
                <DecimalField
                  label={`${labels.unitPrice} (€)`}
                  decimals={4}
                  value={line.unit_price}
                  disabled={!line.selected}
                  onChange={(unit_price) => changeLine(line.key, { unit_price })}
                />
              </StyledLine>
            ))}
            <DocumentTotals
              aria-label="Montant de l’avoir"
              subtotal={totals.subtotal / 100}
              tax={totals.tax / 100}
              total={totals.total / 100}
              breakdown={vatBreakdownJson(totals.breakdown)}
              franchise={franchise}
              kind="credit_note"
              testIdPrefix="credit-total"
            />
          </DialogFieldset>
        )}

        <TextArea
          label="Motif"
          rows={2}
          value={reason}
          hint="Imprimé sur l’avoir, par exemple « Remise commerciale » ou « Prestation annulée »."
          onChange={(event) => setReason(event.target.value)}
        />

        {errors && (
          <StyledErrors>
            <ErrorSummary key={attempt} intro={errors.intro} messages={errors.messages} />
          </StyledErrors>
        )}

        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" variant="primary" disabled={issueState.isLoading}>
            {issueState.isLoading ? 'Émission...' : 'Émettre l’avoir'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
