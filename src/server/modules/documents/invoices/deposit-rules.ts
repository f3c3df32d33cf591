import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { Dialect } from '@/server/db/database';
import { badRequest } from '@/server/http/errors';
import { QUOTE_KIND } from '../document-kinds';
import { documentsRepository } from '../documents.repository';
import type { ResolvedDocument } from '../documents.schemas';
import {
  DEPOSIT_QUOTE_STATUS, depositAmountProblem, depositRateProblems, finalInvoiceProblem, isBillableQuote, lineRates, linesTotals, remainingOnQuote,
} from '../core';
import { invoiceLinksRepository } from './invoice-links.repository';
import { sellerAmountSuffix } from '../seller-words';

/**
 * The rules of a quote's deposit invoices and final invoice (issues 15 and 23, core/deposits.ts),
 * held on every write of their drafts, not only when they are made: a deposit bills the quote's
 * client, at the quote's rates, and all the quote's deposits (drafts included, credit notes
 * deducted) leave the final invoice a balance; a final invoice bills the quote's client at least
 * what its deposits prepaid.
 */

/**
 * What remains to bill on the quote once its deposit invoices other than `exceptId` are billed
 * (drafts count: money being asked for; each for its total less its credit notes).
 */
export async function remainingToBill(trx: Kysely<Database>, ownerId: number, quote: { id: number; total_cents: number }, exceptId: number | null) {
  return remainingOnQuote(Number(quote.total_cents), await invoiceLinksRepository(trx).depositInvoices(ownerId, quote.id, { exceptId }));
}

type InvoiceLinksRow = { id: number; is_deposit?: number; deposit_of_quote_id?: number | null; quote_id?: number | null; prepaid_cents?: number };

/**
 * Refuses a draft deposit or final invoice that `doc` (what a PUT would save) would take out of its
 * quote's rules, with the creation's messages, on the field that breaks them. A deposit locks its
 * quote's row (PostgreSQL; SQLite has a single writer) before reading the other deposits: deposits
 * of one quote are written one after the other, so that two concurrent saves each within the quote
 * can't together go beyond it.
 */
export async function checkQuoteInvoiceDraft(trx: Kysely<Database>, dialect: Dialect, ownerId: number, row: InvoiceLinksRow, doc: ResolvedDocument) {
  const total = linesTotals(doc.line_items, doc.tax_rate, doc.discount).total;
  const errors: Record<string, unknown> = {};
  if (row.is_deposit && row.deposit_of_quote_id) {
    const quotes = documentsRepository(trx, QUOTE_KIND);
    const quote = await quotes.findRow(ownerId, row.deposit_of_quote_id, dialect === 'postgres');
    // The quote can't be deleted while it has deposits (documents.service remove): always there.
    if (!quote) return;
    if (!isBillableQuote(quote.status)) throw badRequest({ detail: DEPOSIT_QUOTE_STATUS });
    if (doc.client_id !== quote.client_id) {
      errors.client_id = [`Une facture d’acompte est adressée au client de son devis ${quote.number} : son client ne peut pas être changé.`];
    }
    const lineErrors = depositRateProblems(doc.line_items, lineRates(await quotes.lineRows(quote.id)), quote.number);
    const amountProblem = depositAmountProblem(total, await remainingToBill(trx, ownerId, quote, row.id), await sellerAmountSuffix(trx, ownerId));
    if (lineErrors) errors.line_items = lineErrors;
    else if (amountProblem) errors.line_items = [amountProblem];
  } else if (row.quote_id) {
    const prepaid = Number(row.prepaid_cents ?? 0);
    if (prepaid > 0) {
      const quote = await documentsRepository(trx, QUOTE_KIND).findRow(ownerId, row.quote_id);
      if (quote && doc.client_id !== quote.client_id) {
        errors.client_id = [
          `La facture finale du devis ${quote.number} déduit les acomptes facturés à son client : son client ne peut pas être changé.`,
        ];
      }
      const problem = finalInvoiceProblem(total, prepaid, await sellerAmountSuffix(trx, ownerId));
      if (problem) errors.line_items = [problem];
    }
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}
