import styled from 'styled-components';
import { formatMoney, formatNumber } from '../../lib/format';

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

export interface DocumentTotalsProps {
  /** Euros. */
  subtotal: number;
  tax: number;
  total: number;
  taxRate: number | string;
  /** Test ids `${prefix}-ht`, `${prefix}-tva`, `${prefix}-ttc`. */
  testIdPrefix?: string;
  'aria-label'?: string;
}

/** Total HT, TVA (rate %) and Total TTC of a document, right-aligned. */
export function DocumentTotals({ subtotal, tax, total, taxRate, testIdPrefix = 'total', 'aria-label': label }: DocumentTotalsProps) {
  return (
    <StyledTotals aria-label={label}>
      <dt>Total HT</dt>
      <dd data-testid={`${testIdPrefix}-ht`}>{formatMoney(subtotal)}</dd>
      <dt>TVA ({formatNumber(taxRate || 0)} %)</dt>
      <dd data-testid={`${testIdPrefix}-tva`}>{formatMoney(tax)}</dd>
      <dt>Total TTC</dt>
      <dd data-testid={`${testIdPrefix}-ttc`}>{formatMoney(total)}</dd>
    </StyledTotals>
  );
}
