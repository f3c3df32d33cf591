import type { Kysely } from 'kysely';

/**
 * What the dashboard asks since it fetches only what it shows (issue 8), index-only:
 * - the next tasks (`status__in=…&ordering=dashboard&limit=5`) at 20,000 tasks: with priority and
 *   due date in the index, the count and the choice of the five never read the table (the
 *   order's CASE expressions are computed from index entries). Supersedes (owner, status).
 * - the monthly revenue (`invoices/monthly_revenue/`) sums HT and TTC: the paid-invoices index
 *   of 0006 gets the HT subtotal too (the same name, so that it is still the one index).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tasks_owner_idx').execute();
  await db.schema.createIndex('tasks_owner_status_order_idx').on('tasks').columns(['owner_id', 'status', 'priority', 'due_date']).execute();
  await db.schema.dropIndex('invoices_owner_status_totals_idx').execute();
  await db.schema
    .createIndex('invoices_owner_status_totals_idx')
    .on('invoices')
    .columns(['owner_id', 'status', 'payment_date', 'total_cents', 'subtotal_cents'])
    .execute();
}
