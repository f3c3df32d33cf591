import styled from 'styled-components';
import type { DocumentKind, VatBreakdownJson } from '@/shared/documents';
import { documentTotalLabel } from '@/shared/amount-labels';
import { formatMoney } from '@/client/lib/format';
import { FRANCHISE_MENTION, rateLabel } from './vat';

const StyledTotals = styled.dl`
  display: grid;
  grid-template-columns: auto auto;
  justify-content: end;
  column-gap: ${({ theme }) => theme.spacing.xl};
  row-gap: ${({ theme }) => theme.spacing.xs};
  margin: ${({ theme }) => theme.spacing.lg} 0 0;
  font-variant-numeric: tabular-nums;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    text-align: right;
  }
  dt:last-of-type,
  dd:last-of-type {
    padding-top: ${({ theme }) => theme.spacing.xs};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.typography.weight.bold};
    font-size: ${({ theme }) => theme.typography.size.lg};
  }
`;

const StyledBreakdown = styled.table`
  margin: ${({ theme }) => theme.spacing.md} 0 0 auto;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.typography.size.sm};
  font-variant-numeric: tabular-nums;

  caption {
    text-align: right;
    color: ${({ theme }) => theme.colors.textMuted};
    padding-bottom: ${({ theme }) => theme.spacing.xs};
  }
  th,
  td {
    padding: 2px 0 2px ${({ theme }) => theme.spacing.lg};
    text-align: right;
  }
  th {
    font-weight: ${({ theme }) => theme.typography.weight.medium};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const StyledMention = styled.p`
  margin: ${({ theme }) => theme.spacing.sm} 0 0;
  text-align: right;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface DocumentTotalsProps {
  /** Euros. */
  subtotal: number;
  tax: number;
  total: number;
  /** VAT per rate (percent, euros), highest rate first: shown under the totals when there are several. */
  breakdown: VatBreakdownJson[];
  /** Issue 25: the document's discount in euros (BT-107), the lines' total before it (BT-106) and its label ('Remise fidélité 5 %'). */
  discount?: { amount: number; linesTotal: number; label: string } | null;
  /** A seller in the franchise (art. 293 B du CGI): no VAT row nor "HT"/"TTC", the mention instead. */
  franchise?: boolean;
  /** Names the total: 'Total TTC', or in the franchise 'Net à payer' (invoice), 'Montant total' (quote); 'Montant de l’avoir'. */
  kind?: DocumentKind;
  /** Test ids `${prefix}-ht`, `${prefix}-tva`, `${prefix}-ttc`. */
  testIdPrefix?: string;
  'aria-label'?: string;
}

/**
 * Total HT, TVA and Total TTC of a document, right-aligned, and the VAT per rate under them; in
 * the franchise, only the amount ('Net à payer' on an invoice) and 'TVA non applicable, art. 293
 * B du CGI' (shared/amount-labels.ts: the same words as the PDF).
 */
export function DocumentTotals({
  subtotal,
  tax,
  total,
  breakdown,
  discount,
  franchise = false,
  kind = 'invoice',
  testIdPrefix = 'total',
  'aria-label': label,
}: DocumentTotalsProps) {
  const single = breakdown.length === 1 ? breakdown[0] : null;
  return (
    <>
      <StyledTotals aria-label={label}>
        {discount && discount.amount > 0 && (
          <>
            <dt>{franchise ? 'Total des lignes' : 'Total des lignes HT'}</dt>
            <dd data-testid={`${testIdPrefix}-lines`}>{formatMoney(discount.linesTotal)}</dd>
            <dt>{discount.label}</dt>
            <dd data-testid={`${testIdPrefix}-discount`}>−{formatMoney(discount.amount)}</dd>
          </>
        )}
        {!franchise && (
          <>
            <dt>Total HT</dt>
            <dd data-testid={`${testIdPrefix}-ht`}>{formatMoney(subtotal)}</dd>
            <dt>{single ? `TVA (${rateLabel(single.rate)})` : 'TVA'}</dt>
            <dd data-testid={`${testIdPrefix}-tva`}>{formatMoney(tax)}</dd>
          </>
        )}
        <dt>{documentTotalLabel(kind, franchise ? 'franchise' : 'assujetti')}</dt>
        <dd data-testid={`${testIdPrefix}-ttc`}>{formatMoney(total)}</dd>
      </StyledTotals>
      {franchise && <StyledMention data-testid={`${testIdPrefix}-franchise`}>{FRANCHISE_MENTION}</StyledMention>}
      {!franchise && breakdown.length > 1 && (
        <StyledBreakdown data-testid={`${testIdPrefix}-breakdown`}>
          <caption>Détail de la TVA</caption>
          <thead>
            <tr>
              <th scope="col">Taux</th>
              <th scope="col">Base HT</th>
              <th scope="col">TVA</th>
            </tr>
          </thead>
          <tbody>
            {breakdown.map((row) => (
              <tr key={row.rate}>
                <th scope="row">{rateLabel(row.rate)}</th>
                <td>{formatMoney(row.base)}</td>
                <td>{formatMoney(row.tax)}</td>
              </tr>
            ))}
          </tbody>
        </StyledBreakdown>
      )}
    </>
  );
}
