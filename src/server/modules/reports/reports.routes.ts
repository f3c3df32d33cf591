import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/server/context';
import {
  csvFile,
  pdfFile,
  receiptsBookSchema,
  receiptsQuerySchema,
  salesJournalQuerySchema,
  salesJournalSchema,
  urssafSummarySchema,
  type ReportQueryParams,
} from '@/shared/contracts/reports';
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
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The JSON is serialised by its schema; a CSV or a PDF (text, a Buffer) is sent as it is.
  const receipts = {
    querystring: receiptsQuerySchema,
    response: {
      200: {
        content: {
          'application/json': { schema: receiptsBookSchema },
          'text/csv': { schema: csvFile },
          'application/pdf': { schema: pdfFile },
        },
      },
    },
  };
  const salesJournalRoute = {
    querystring: salesJournalQuerySchema,
    response: { 200: { content: { 'application/json': { schema: salesJournalSchema }, 'text/csv': { schema: csvFile } } } },
  };

  app.get<{ Querystring: ReportQueryParams }>('/reports/receipts/', { schema: receipts }, async (request, reply) => {
    const { year, format } = receiptsQuery(request.query);
    if (format === 'json') return reports.receiptsBookJson(request.userId, year);
    const book = await reports.receiptsBook(request.userId, year);
    if (format === 'csv') return sendFile(reply, 'text/csv; charset=utf-8', `livre-des-recettes-${year}.csv`, receiptsCsv(book));
    const pdf = await reports.receiptsBookPdf(book, request.userId);
    return sendFile(reply, 'application/pdf', `livre-des-recettes-${year}.pdf`, pdf);
  });

  api.get('/reports/urssaf/', { schema: { response: { 200: urssafSummarySchema } } }, (request) => reports.urssafSummary(request.userId));

  app.get<{ Querystring: ReportQueryParams }>('/reports/sales-journal/', { schema: salesJournalRoute }, async (request, reply) => {
    const { from, to, format } = salesJournalQuery(request.query);
    if (format === 'json') return reports.salesJournalJson(request.userId, from, to);
    const journal = await reports.salesJournal(request.userId, from, to);
    return sendFile(reply, 'text/csv; charset=utf-8', `journal-des-ventes-${from}_${to}.csv`, salesJournalCsv(journal));
  });
}
