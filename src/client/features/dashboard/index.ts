/** The dashboard feature's public surface: what other features may import. */
export { RevenueChart, CHART_HEIGHT, formatMonthLong, type ChartMonth } from './revenue-chart';
export { ReceiptTotalsTable, type ReceiptTotalsRow } from './receipt-totals-table';
