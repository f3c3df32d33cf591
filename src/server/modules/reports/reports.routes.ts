import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '@/server/context';
import type { Unchecked } from '@/server/http/api-types';
import type { ReceiptsQuery, SalesJournalQuery } from '@/shared/reports';
import { attachmentDisposition } from '@/server/http/attachment';
import { receiptsCsv, salesJournalCsv } from './reports-csv';
import { receiptsQuery, salesJournalQuery } from './reports.schemas';
import type { ReportsService } from './reports.service';

/** A download: never kept by a cache (the figures change with every payment). */
function sendFile(reply: FastifyReply, type: string, filename: string, body: string | Buffer) {
  return reply
    .type(type)
    .header('content-disposition', attachmentDisposition(filename))
    .header('cache-control', 'private, no-store')
    .send(body);
}

/**
 * Reports (issue 15): the receipts book (livre des recettes) in JSON, CSV or PDF, the URSSAF
 * summary of the dashboard, and the sales journal for the accountant in JSON or CSV.
 */
export async function reportsRoutes(app: FastifyInstance, ctx: AppContext, { reports }: { reports: ReportsService }) {
  app.addHook('onRequest', ctx.requireUser);

  app.get<{ Querystring: Unchecked<ReceiptsQuery> }>('/reports/receipts/', async (request, reply) => {
    const { year, format } = receiptsQuery(request.query);
    if (format === 'json') return reports.receiptsBookJson(request.userId, year);
    const book = await reports.receiptsBook(request.userId, year);
    if (format === 'csv') return sendFile(reply, 'text/csv; charset=utf-8', `livre-des-recettes-${year}.csv`, receiptsCsv(book));
    const pdf = await reports.receiptsBookPdf(book, request.userId);
    return sendFile(reply, 'application/pdf', `livre-des-recettes-${year}.pdf`, pdf);
  });

  app.get('/reports/urssaf/', (request) => reports.urssafSummary(request.userId));

  app.get<{ Querystring: Unchecked<SalesJournalQuery> }>('/reports/sales-journal/', async (request, reply) => {
    const { from, to, format } = salesJournalQuery(request.query);
    if (format === 'json') return reports.salesJournalJson(request.userId, from, to);
    const journal = await reports.salesJournal(request.userId, from, to);
    return sendFile(reply, 'text/csv; charset=utf-8', `journal-des-ventes-${from}_${to}.csv`, salesJournalCsv(journal));
  });
}
