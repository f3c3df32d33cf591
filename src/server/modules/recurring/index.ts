import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { recurringServiceFor, registerRecurringJobs } from './recurring.jobs';
import { recurringRoutes } from './recurring.routes';

/** Recurring invoices: routes, and the job that generates the occurrences. */
export async function recurringModule(app: FastifyInstance, ctx: AppContext) {
  const recurring = recurringServiceFor(ctx);
  const { scanIfDue } = registerRecurringJobs(ctx, recurring);
  await recurringRoutes(app, ctx, { recurring, scanIfDue });
}
