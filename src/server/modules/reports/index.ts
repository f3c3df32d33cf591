import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { reportsRoutes } from './reports.routes';
import { reportsService } from './reports.service';

/** The reports' routes (receipts book, URSSAF summary, sales journal). */
export async function reportsModule(app: FastifyInstance, ctx: AppContext) {
  await reportsRoutes(app, ctx, { reports: reportsService(ctx.db) });
}

/** A period's query (from, to, json or csv) and French CSV, for the other registers (issue 26: purchases). */
export { salesJournalQuery as periodQuery } from './reports.schemas';
export { csvAmount, csvText, frenchCsv } from './reports-csv';
