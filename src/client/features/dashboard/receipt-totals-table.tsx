import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
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

/** At most this wide, each period is a card of labelled figures (issue 28): no sideways scrolling. */
export const STACK_BELOW_PX = 600;

/**
 * On a phone the table stacks: its header row is read by screen readers only, each period becomes
 * a card (its name, then one line per figure: the column's name, `data-label`, and the figure).
 * The explicit roles (on the elements) keep it a table for assistive technologies whatever its CSS
 * display; the generated labels have an empty alternative text, the column headers already name
 * the cells.
 */
const stacked = css`
  @media (max-width: ${STACK_BELOW_PX}px) {
    overflow-x: visible;

    table,
    tbody,
    tr,
    th,
    td {
      display: block;
    }
    thead {
      ${visuallyHidden}
    }
    tbody tr {
      padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    tbody tr:last-child {
      border-bottom: none;
    }
    tbody th,
    tbody td {
      padding: 2px 0;
      border-bottom: none;
    }
    tbody td {
      display: flex;
      justify-content: space-between;
      align-items: baseline;
      gap: ${({ theme }) => theme.spacing.md};
    }
    tbody td[data-label]::before {
      content: attr(data-label);
      content: attr(data-label) / '';
      color: ${({ theme }) => theme.colors.textMuted};
      font-size: ${({ theme }) => theme.typography.size.xs};
      font-weight: ${({ theme }) => theme.typography.weight.regular};
      text-align: left;
      white-space: normal;
    }
  }
`;

const StyledStackingWrapper = styled(StyledTableWrapper)`
  ${stacked}
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
  const columns = [
    { label: 'Prestations de services (HT)', value: (row: ReceiptTotalsRow) => money(row.services) },
    { label: 'Ventes (HT)', value: (row: ReceiptTotalsRow) => money(row.goods) },
    { label: DECLARED_TURNOVER_LABEL, value: (row: ReceiptTotalsRow) => money(row.total) },
    ...(showCount ? [{ label: 'Encaissements', value: (row: ReceiptTotalsRow) => row.count }] : []),
  ];
  return (
    // Between a phone and a wide screen it may scroll sideways, so the keyboard must reach it too
    // (axe, issue 18); on a phone it stacks (issue 28).
    <StyledStackingWrapper tabIndex={0} role="region" aria-label={caption}>
      <StyledTable role="table">
        <StyledHiddenCaption>{caption}</StyledHiddenCaption>
        <thead role="rowgroup">
          <tr role="row">
            <StyledTh scope="col" role="columnheader">
              Période
            </StyledTh>
            {columns.map((column) => (
              <StyledAmountTh key={column.label} scope="col" role="columnheader">
                {column.label}
              </StyledAmountTh>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <StyledRow key={row.key} role="row" $emphasis={row.emphasis}>
              <StyledTd as="th" scope="row" role="rowheader">
                {row.label}
                {row.detail && <StyledDetail>{row.detail}</StyledDetail>}
              </StyledTd>
              {columns.map((column) => (
                <StyledAmount key={column.label} role="cell" data-label={column.label}>
                  {column.value(row)}
                </StyledAmount>
              ))}
            </StyledRow>
          ))}
        </tbody>
      </StyledTable>
    </StyledStackingWrapper>
  );
}
