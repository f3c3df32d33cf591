import { sql } from 'kysely';
import { OUTSTANDING_INVOICE_STATUSES } from '@/shared/documents';

/**
 * `<column> in ('unpaid', …)` with the statuses written out, not bound: a query may use the
 * partial index `invoices_open_due_idx` (migration 0009) only when its condition is this
 * one (dashboard-totals.test.ts checks the plan). Should the statuses change, that index needs a
 * new migration.
 */
export const outstandingStatus = (column: 'status' | 'd.status') =>
  sql<boolean>`${sql.ref(column)} in (${sql.join(OUTSTANDING_INVOICE_STATUSES.map((s) => sql.lit(s)))})`;
