import { useId, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { formatMoney } from '@/client/lib/format';
import { once } from '@/shared/once';
import { visuallyHidden } from '@/client/ui/global-style';
import { niceScale } from './monthly-revenue';

// Built once, on first use (Intl objects are costly). Months are 'YYYY-MM', read as UTC dates.
const shortMonth = once(() => new Intl.DateTimeFormat('fr-FR', { month: 'short', timeZone: 'UTC' }));
const narrowMonth = once(() => new Intl.DateTimeFormat('fr-FR', { month: 'narrow', timeZone: 'UTC' }));
const longMonth = once(() => new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' }));
const compactMoney = once(
  () => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', notation: 'compact', maximumFractionDigits: 1 }),
);

const monthDate = (month: string) => new Date(`${month}-01T00:00:00Z`);
export const formatMonthLong = (month: string) => longMonth().format(monthDate(month));

/** Height of the drawing (the loading placeholder takes the same). */
export const CHART_HEIGHT = 220;
const HEIGHT = CHART_HEIGHT;
const PAD = { top: 20, right: 8, bottom: 26, left: 60 };
const DEFAULT_WIDTH = 640;

const StyledFigure = styled.figure`
  margin: 0;
  min-width: 0;

  svg {
    display: block;
    width: 100%;
    height: ${HEIGHT}px;
    overflow: visible;
  }
  text {
    fill: ${({ theme }) => theme.colors.textMuted};
    font-size: 11px;
    font-family: inherit;
  }
  .value {
    fill: ${({ theme }) => theme.colors.text};
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
  }
  .grid {
    stroke: ${({ theme }) => theme.colors.border};
  }
  .bar {
    fill: ${({ theme }) => theme.colors.primary};
  }
`;

// A table ignores width/overflow, so the hiding is done by a wrapper (else it widens the page).
const StyledHiddenData = styled.div`
  ${visuallyHidden}
`;

/** Width of an element, followed as it resizes (the chart draws at its real pixel size). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const w = element.getBoundingClientRect().width;
      if (w > 0) setWidth(w);
    };
    // ResizeObserver reports the first size itself, once the page is laid out: measuring here
    // would force a layout of the whole page in the middle of the render (a long task on a phone).
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** One bar: a month ('YYYY-MM'), its amount in euros, and how many payments made it. */
export interface ChartMonth {
  month: string;
  value: number;
  count: number;
}

export interface RevenueChartProps {
  /** One entry per month, oldest first. */
  months: readonly ChartMonth[];
  /** The chart's and the hidden table's title. */
  title?: string;
  /** After each amount, e.g. ' HT'. */
  unit?: string;
  /** Header of the hidden table's count column. */
  countLabel?: string;
  /** The last month is the current one (its tooltip says 'en cours'). */
  lastIsCurrent?: boolean;
}

/**
 * Monthly amounts (by default the paid revenue HT of the dashboard) as plain SVG bars. Screen
 * readers get a title, a summary and the figures as a (visually hidden) table; sighted users get
 * values on the bars when they fit and a tooltip on each bar. A negative month (refunds) draws no bar.
 */
export function RevenueChart({
  months,
  title = "Chiffre d'affaires encaissé par mois (HT)",
  unit = ' HT',
  // The count is of payments (a partly paid invoice's payment too): not « Factures payées » (issue 28).
  countLabel = 'Paiements reçus',
  lastIsCurrent = true,
}: RevenueChartProps) {
  const [ref, width] = useWidth<HTMLElement>();
  const ids = useId().replace(/:/g, '');
  const titleId = `${ids}-title`;
  const descId = `${ids}-desc`;

  const max = Math.max(0, ...months.map((m) => m.value));
  const { top, step } = niceScale(max);
  const plotWidth = Math.max(width - PAD.left - PAD.right, 1);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(months.length, 1);
  const barWidth = Math.min(slot * 0.62, 40);
  const y = (value: number) => PAD.top + plotHeight * (1 - value / top);
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const labelFormat = slot >= 34 ? shortMonth() : narrowMonth();
  const showValues = slot >= 52;

  const first = months[0]?.month;
  const last = months[months.length - 1]?.month;
  const total = months.reduce((sum, m) => sum + Math.round(m.value * 100), 0) / 100;
  const best = months.reduce<ChartMonth | null>((b, m) => (m.value > (b?.value ?? 0) ? m : b), null);
  const summary =
    first && last
      ? `De ${formatMonthLong(first)} à ${formatMonthLong(last)} : ${formatMoney(total)}${unit} encaissés au total` +
        (best ? `, meilleur mois ${formatMonthLong(best.month)} (${formatMoney(best.value)}${unit}).` : '.')
      : '';

  return (
    <StyledFigure ref={ref}>
      <svg role="img" aria-labelledby={`${titleId} ${descId}`} width={width} height={HEIGHT}>
        <title id={titleId}>{title}</title>
        <desc id={descId}>{summary}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line className="grid" x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text x={PAD.left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
              {compactMoney().format(tick)}
            </text>
          </g>
        ))}
        {months.map((m, index) => {
          const cx = PAD.left + slot * index + slot / 2;
          const value = Math.max(m.value, 0);
          const height = Math.max(PAD.top + plotHeight - y(value), value > 0 ? 1 : 0);
          const current = lastIsCurrent && index === months.length - 1;
          return (
            <g key={m.month} data-month={m.month}>
              <rect
                className="bar"
                x={cx - barWidth / 2}
                y={PAD.top + plotHeight - height}
                width={barWidth}
                height={height}
                rx={3}
              >
                <title>
                  {`${formatMonthLong(m.month)}${current ? ' (en cours)' : ''} : ${formatMoney(m.value)}${unit}`}
                </title>
              </rect>
              {showValues && m.value > 0 && (
                <text className="value" x={cx} y={PAD.top + plotHeight - height - 6} textAnchor="middle">
                  {compactMoney().format(m.value)}
                </text>
              )}
              <text x={cx} y={HEIGHT - 8} textAnchor="middle">
                {labelFormat.format(monthDate(m.month))}
              </text>
            </g>
          );
        })}
      </svg>
      <StyledHiddenData>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Mois</th>
              <th scope="col">Montant{unit}</th>
              <th scope="col">{countLabel}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{formatMonthLong(m.month)}</th>
                <td>{formatMoney(m.value)}</td>
                <td>{m.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </StyledHiddenData>
    </StyledFigure>
  );
}
