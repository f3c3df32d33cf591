import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { inTransaction, type Dialect } from '@/server/db/database';
import { ApiError, badRequest, notFound, parseBody } from '@/server/http/errors';
import { hundredths } from '@/server/http/fields';
import { formatDate } from '@/server/pdf/format';
import type { OperationCategory, VatExemptionKey } from '@/shared/vat';
import { INVOICE_KIND, QUOTE_KIND } from './document-kinds';
import { documentsRepository, linesTotals } from './documents.repository';
import { percent } from './documents.schemas';
import { documentsService } from './documents.service';
import { euros, splitByRate } from './settlement.service';
import { DEPOSIT_QUOTE_STATUS, depositsBilled, depositTooBig } from './deposit-rules';

/**
 * Deposit invoices (factures d'acompte, issue 15): from a sent or accepted quote, a draft invoice
 * of the FAC- series for a share of the quote's total, split across its VAT rates in proportion
 * (Factur-X type 386). The quote's final invoice (convert_to_invoice) then deducts the issued ones.
 */

const depositSchema = z.strictObject({
  /** Percent of the quote's total TTC, two decimals at most. */
  percent: hundredths(100).optional(),
  /** Euros TTC. */
  amount: hundredths().optional(),
});

export type DepositInput = { percent: number; amount?: undefined } | { amount: number; percent?: undefined };

export function parseDeposit(body: unknown): DepositInput {
  const { percent: share, amount } = parseBody(depositSchema, body ?? {});
  if (share === undefined && amount === undefined) {
    throw badRequest({ non_field_errors: ['Indiquez le pourcentage (percent) ou le montant TTC (amount) de l’acompte.'] });
  }
  if (share !== undefined && amount !== undefined) {
    throw badRequest({ non_field_errors: ['Indiquez un pourcentage ou un montant, pas les deux.'] });
  }
  if (share !== undefined) {
    if (share <= 0 || share >= 10000) throw badRequest({ percent: ['Indiquez un pourcentage supérieur à 0 et inférieur à 100.'] });
    return { percent: share };
  }
  if (amount! <= 0) throw badRequest({ amount: ['Le montant doit être supérieur à 0.'] });
  return { amount: amount! };
}

export async function createDepositInvoice(db: Kysely<Database>, dialect: Dialect, ownerId: number, quoteId: number, body: unknown) {
  return inTransaction(db, async (trx) => {
    // The quote's row lock (PostgreSQL) serialises its deposits and its conversion: the check of
    // what remains to bill holds until this deposit is stored.
    const quote = await documentsRepository(trx, QUOTE_KIND).findRow(ownerId, quoteId, dialect === 'postgres');
    if (!quote) throw notFound();
    const input = parseDeposit(body);
    if (!['sent', 'accepted'].includes(quote.status)) {
      throw badRequest({ detail: DEPOSIT_QUOTE_STATUS });
    }
    const final = await trx.selectFrom('invoices').select('id').where('owner_id', '=', ownerId).where('quote_id', '=', quoteId).executeTakeFirst();
    if (final) throw new ApiError(400, { detail: 'Ce devis a déjà sa facture finale : plus d’acompte possible.', invoice_id: final.id });

    // Drafts count: a deposit being prepared is money asked for too. The same rules hold on every
    // later save of the draft (deposit-rules.ts).
    const quoteTotal = Number(quote.total_cents);
    const remaining = quoteTotal - (await depositsBilled(trx, ownerId, quoteId, null));
    const field = input.percent !== undefined ? 'percent' : 'amount';
    const target = input.percent !== undefined ? Math.round((quoteTotal * input.percent) / 10000) : input.amount;
    if (target <= 0) throw badRequest({ [field]: ['L’acompte doit être d’au moins 0,01 €.'] });

    const quoteLines = await documentsRepository(trx, QUOTE_KIND).lineRows(quoteId);
    const split = splitByRate(target, quoteLines, quote.tax_rate);
    const label = input.percent !== undefined ? `Acompte de ${percent(input.percent)} sur le devis ${quote.number}` : `Acompte sur le devis ${quote.number}`;
    const lines = split.map(({ rate, ht }) => ({
      id: null,
      title: `${label}${split.length > 1 ? ` (TVA ${percent(rate)})` : ''}`,
      description: `Devis ${quote.number} du ${formatDate(quote.issue_date)} : ${euros(quoteTotal)} TTC`,
      quantity: 100,
      unit_price: ht,
      tax_rate: rate,
      task_id: null,
    }));
    const total = linesTotals(lines, quote.tax_rate).total;
    if (total !== target && input.amount !== undefined) {
      // A rate's TTC skips some cents (999,99 € at 20 % has no HT amount): say what can be billed.
      throw badRequest({
        amount: [`Avec les taux de TVA du devis, ${euros(target)} TTC ne correspond à aucun montant HT au centime près : indiquez ${euros(total)}.`],
      });
    }
    if (total >= remaining) {
      throw badRequest({
        [field]: [depositTooBig(total, remaining)],
      });
    }

    return documentsService(trx, dialect, INVOICE_KIND).create(
      ownerId,
      {
        title: `Facture d’acompte — ${quote.title}`.slice(0, 300),
        description: '',
        client_id: quote.client_id,
        status: 'draft',
        priority: quote.priority,
        issue_date: null,
        end_date: null,
        payment_date: null,
        tax_rate: quote.tax_rate,
        operation_category: quote.operation_category as OperationCategory,
        service_date: quote.service_date,
        service_end_date: quote.service_end_date,
        vat_exemption: quote.vat_exemption as VatExemptionKey | '',
        legal_notice: quote.legal_notice,
        signature_notice: quote.signature_notice,
        internal_notes: '',
        line_items: lines,
      },
      { is_deposit: 1, deposit_of_quote_id: quoteId },
      // The quote's rates, as the client accepted them (as convert_to_invoice does).
      { enforceVat: false },
    );
  });
}
