import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { reportsRoutes } from './reports.routes';
import { reportsService } from './reports.service';

/** The reports' routes (receipts book, URSSAF summary, sales journal). */
export async function reportsModule(app: FastifyInstance, ctx: AppContext) {
  await reportsRoutes(app, ctx, { reports: reportsService(ctx.db) });
}
