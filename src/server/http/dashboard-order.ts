import { sql, type RawBuilder } from 'kysely';
import { DASHBOARD_ORDERING } from '@/shared/dashboard';
import { CLOSED_TASK_STATUSES, PRIORITY_RANK } from '@/shared/projects-tasks';

/**
 * SPEC 9 dashboard orders, in SQL (`ordering=dashboard` on the project and task lists), so
 * the dashboard downloads only the rows it shows. The same SQL on SQLite and PostgreSQL; dates
 * are 'YYYY-MM-DD' text, so comparing them as text compares the days.
 */
export const DASHBOARD_ORDERINGS = [DASHBOARD_ORDERING] as const;

type OrderKey = RawBuilder<unknown>;
const column = (table: string, name: string) => sql.ref(`${table}.${name}`);
const literals = (values: readonly (string | number)[]) => sql.join(values.map((v) => sql.lit(v)));

/** Rank of a priority as PRIORITY_RANK says (urgent 0 … basse 3); an unknown one after them all. */
const priorityRank = (table: string): OrderKey =>
  sql`case ${column(table, 'priority')} ${sql.join(
    Object.entries(PRIORITY_RANK).map(([priority, rank]) => sql`when ${sql.lit(priority)} then ${sql.lit(rank)}`),
    sql` `,
  )} else ${sql.lit(Object.keys(PRIORITY_RANK).length)} end`;

/** Earliest due date first, no date last (NULLS LAST spelled for both databases). */
const dueDate = (table: string): OrderKey[] => [
  sql`case when ${column(table, 'due_date')} is null then 1 else 0 end`,
  column(table, 'due_date'),
];

/** Projects: priority urgent → basse, then the earliest due date (none last), then id. */
export const dashboardProjectOrder = (table: string): OrderKey[] => [priorityRank(table), ...dueDate(table), column(table, 'id')];

/**
 * Tasks: overdue first (open, due before `today`, a Paris day), then priority, then due date
 * (none last), then id. Excluding termine/annule is the request's status filter, not the order.
 */
export const dashboardTaskOrder = (table: string, today: string): OrderKey[] => [
  sql`case when ${column(table, 'status')} not in (${literals(CLOSED_TASK_STATUSES)}) and ${column(table, 'due_date')} < ${today} then 0 else 1 end`,
  priorityRank(table),
  ...dueDate(table),
  column(table, 'id'),
];
