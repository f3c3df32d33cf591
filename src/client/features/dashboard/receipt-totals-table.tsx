import type { ReactNode } from 'react';
import styled from 'styled-components';
import { formatMoney } from '@/client/lib/format';
import { visuallyHidden } from '@/client/ui/global-style';
import { StyledTable, StyledTableWrapper, StyledTd, StyledTh, StyledTr } from '@/client/ui/table';
import type { ReceiptTotals } from '@/shared/contracts/reports';
import { DECLARED_TURNOVER_LABEL } from '@/shared/reports';
import { SkeletonText } from './dashboard-skeleton';

/** One period of a receipts summary: its name (and a detail under it) and its totals. */
export interface ReceiptTotalsRow extends ReceiptTotals {
  key: string;
  label: ReactNode;
  detail?: ReactNode;
  /** A quarter or the year: set apart. */
  emphasis?: boolean;
}

const StyledHiddenCaption = styled.caption`
  ${visuallyHidden}
`;

const StyledAmountTh = styled(StyledTh)`
  text-align: right;
`;

const StyledAmount = styled(StyledTd)`
  text-align: right;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const StyledRow = styled(StyledTr)<{ $emphasis?: boolean }>`
  th {
    text-align: left;
    font-weight: ${({ theme }) => theme.typography.weight.medium};
    white-space: nowrap;
  }
  &:last-child th {
    border-bottom: none;
  }
  ${({ $emphasis, theme }) =>
    $emphasis ? `background: ${theme.colors.surfaceAlt}; &, th { font-weight: ${theme.typography.weight.semibold}; }` : ''}
`;

const StyledDetail = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.xs};
  font-weight: ${({ theme }) => theme.typography.weight.regular};
`;

export interface ReceiptTotalsTableProps {
  caption: string;
  rows: readonly ReceiptTotalsRow[];
  /** Adds the number of receipts. */
  showCount?: boolean;
  /** Loading: the figures are grey bars of their usual width. */
  placeholder?: boolean;
}

/**
 * The declared turnover (HT) per period, split services / sales, under its one label: the URSSAF
 * card and the receipts book's totals show the same figure, computed by the server.
 */
export function ReceiptTotalsTable({ caption, rows, showCount, placeholder }: ReceiptTotalsTableProps) {
  const money = (value: number) => (placeholder ? <SkeletonText>00 000,00 €</SkeletonText> : formatMoney(value));
  return (
    // Wider than a phone: it scrolls sideways, so the keyboard must reach it too (axe, issue 18).
    <StyledTableWrapper tabIndex={0} role="region" aria-label={caption}>
      <StyledTable>
        <StyledHiddenCaption>{caption}</StyledHiddenCaption>
        <thead>
          <tr>
            <StyledTh scope="col">Période</StyledTh>
            <StyledAmountTh scope="col">Prestations de services (HT)</StyledAmountTh>
            <StyledAmountTh scope="col">Ventes (HT)</StyledAmountTh>
            <StyledAmountTh scope="col">{DECLARED_TURNOVER_LABEL}</StyledAmountTh>
            {showCount && <StyledAmountTh scope="col">Encaissements</StyledAmountTh>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <StyledRow key={row.key} $emphasis={row.emphasis}>
              <StyledTd as="th" scope="row">
                {row.label}
                {row.detail && <StyledDetail>{row.detail}</StyledDetail>}
              </StyledTd>
              <StyledAmount>{money(row.services)}</StyledAmount>
              <StyledAmount>{money(row.goods)}</StyledAmount>
              <StyledAmount>{money(row.total)}</StyledAmount>
              {showCount && <StyledAmount>{row.count}</StyledAmount>}
            </StyledRow>
          ))}
        </tbody>
      </StyledTable>
    </StyledTableWrapper>
  );
}
