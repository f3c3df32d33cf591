import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { Dialect } from '@/server/db/database';
import { badRequest } from '@/server/http/errors';
import { QUOTE_KIND } from './document-kinds';
import { documentsRepository, linesTotals } from './documents.repository';
import { percent, rateList, type ResolvedDocument } from './documents.schemas';
import { euros } from './settlement.service';

/**
 * The rules of a quote's deposit invoices and final invoice (issues 15 and 23), held on every write
 * of their drafts, not only when they are made: a deposit bills the quote's client, at the quote's
 * rates, and all the quote's deposits (drafts included, credit notes deducted) leave the final
 * invoice a balance; a final invoice bills the quote's client at least what its deposits prepaid.
 */

export const DEPOSIT_QUOTE_STATUS = 'Seul un devis envoyé ou accepté peut donner lieu à une facture d’acompte.';

export const depositTooBig = (total: number, remaining: number) =>
  `L’acompte (${euros(total)} TTC) doit laisser un solde à la facture finale : il reste ${euros(remaining)} TTC à facturer sur ce devis.`;

export const finalBelowDeposits = (total: number, prepaid: number) =>
  `Le total de la facture finale (${euros(total)} TTC) est inférieur aux acomptes déjà facturés (${euros(prepaid)} TTC) : corrigez ses lignes.`;

/**
 * What the quote's deposit invoices other than `exceptId` bill, in cents TTC: drafts count (money
 * being asked for), each for its total less its credit notes.
 */
export async function depositsBilled(trx: Kysely<Database>, ownerId: number, quoteId: number, exceptId: number | null) {
  const rows = await trx
    .selectFrom('invoices')
    .select(['total_cents', 'credited_cents'])
    .where('owner_id', '=', ownerId)
    .where('deposit_of_quote_id', '=', quoteId)
    .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId!))
    .execute();
  return rows.reduce((sum, d) => sum + Number(d.total_cents) - Number(d.credited_cents), 0);
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
  const total = linesTotals(doc.line_items, doc.tax_rate).total;
  const errors: Record<string, unknown> = {};
  if (row.is_deposit && row.deposit_of_quote_id) {
    const quotes = documentsRepository(trx, QUOTE_KIND);
    const quote = await quotes.findRow(ownerId, row.deposit_of_quote_id, dialect === 'postgres');
    // The quote can't be deleted while it has deposits (documents.service remove): always there.
    if (!quote) return;
    if (!['sent', 'accepted'].includes(quote.status)) throw badRequest({ detail: DEPOSIT_QUOTE_STATUS });
    if (doc.client_id !== quote.client_id) {
      errors.client_id = [`Une facture d’acompte est adressée au client de son devis ${quote.number} : son client ne peut pas être changé.`];
    }
    const rates = [...new Set((await quotes.lineRows(quote.id)).map((l) => Number(l.tax_rate)))].sort((a, b) => b - a);
    const lineErrors = doc.line_items.map((l) =>
      rates.includes(l.tax_rate)
        ? {}
        : { tax_rate: [`Le taux de TVA d’une ligne d’acompte doit être l’un de ceux du devis ${quote.number} : ${rateList(rates)} (pas ${percent(l.tax_rate)}).`] },
    );
    const remaining = Number(quote.total_cents) - (await depositsBilled(trx, ownerId, quote.id, row.id));
    if (lineErrors.some((e) => 'tax_rate' in e)) errors.line_items = lineErrors;
    else if (total <= 0) errors.line_items = ['L’acompte doit être d’au moins 0,01 €.'];
    else if (total >= remaining) errors.line_items = [depositTooBig(total, remaining)];
  } else if (row.quote_id) {
    const prepaid = Number(row.prepaid_cents ?? 0);
    if (prepaid > 0) {
      const quote = await documentsRepository(trx, QUOTE_KIND).findRow(ownerId, row.quote_id);
      if (quote && doc.client_id !== quote.client_id) {
        errors.client_id = [
          `La facture finale du devis ${quote.number} déduit les acomptes facturés à son client : son client ne peut pas être changé.`,
        ];
      }
      if (total < prepaid) errors.line_items = [finalBelowDeposits(total, prepaid)];
    }
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}
