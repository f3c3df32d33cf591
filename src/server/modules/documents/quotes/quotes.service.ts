import { NO_DISCOUNT } from '@/shared/documents';
import { toHundredths, toTenThousandths } from '@/shared/money';
import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { inTransaction, type Dialect } from '@/server/db/database';
import { ApiError, badRequest, notFound, parseBody } from '@/server/http/errors';
import { depositWriteSchema } from '@/shared/contracts/documents';
import { parisToday } from '@/shared/dates';
import { paymentTermsOf } from '@/shared/payment-terms';
import { exemptionKeyOf, type OperationCategory } from '@/shared/vat';
import { recordActivity } from '@/server/modules/activity';
import { INVOICE_KIND, QUOTE_KIND } from '../document-kinds';
import { documentsRepository } from '../documents.repository';
import type { DocumentInput } from '../documents.schemas';
import { documentsService, tasksBilledElsewhere } from '../documents.service';
import { invoiceLinksRepository } from '../invoices/invoice-links.repository';
import { remainingToBill } from '../invoices/deposit-rules';
import { sellerAmountSuffix } from '../seller-words';
import {
  DEPOSIT_QUOTE_STATUS, deductedDeposits, depositAmountProblem, depositLines, depositTarget, isBillableQuote, linesTotals, prepaidCents,
  splitByTreatment, storedDiscount, storedTerms, unreachableDeposit, frozenStatusProblem,
} from '../core';

/**
 * What only quotes do: take deposit invoices and become their final invoice. The rest of a quote's
 * life (drafts, sending, archive) is the shared documents service's.
 */

/**
 * Deposit invoices (factures d'acompte, issue 15): from a sent or accepted quote, a draft invoice
 * of the FAC- series for a share of the quote's total, split across its VAT rates in proportion
 * (Factur-X type 386). The quote's final invoice (convert_to_invoice) then deducts the issued ones.
 */

export type DepositInput = { percent: number; amount?: undefined } | { amount: number; percent?: undefined };

export function parseDeposit(body: unknown): DepositInput {
  const { percent: share, amount } = parseBody(depositWriteSchema, body ?? {});
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

async function createDepositInvoice(db: Kysely<Database>, dialect: Dialect, ownerId: number, quoteId: number, body: unknown) {
  return inTransaction(db, async (trx) => {
    // The quote's row lock (PostgreSQL) serialises its deposits and its conversion: the check of
    // what remains to bill holds until this deposit is stored.
    const quote = await documentsRepository(trx, QUOTE_KIND).findRow(ownerId, quoteId, dialect === 'postgres');
    if (!quote) throw notFound();
    const input = parseDeposit(body);
    if (!isBillableQuote(quote.status)) {
      throw badRequest({ detail: DEPOSIT_QUOTE_STATUS });
    }
    const final = await invoiceLinksRepository(trx).finalInvoice(ownerId, quoteId);
    if (final) throw new ApiError(400, { detail: 'Ce devis a déjà sa facture finale : plus d’acompte possible.', invoice_id: final.id });

    // Drafts count: a deposit being prepared is money asked for too. The same rules hold on every
    // later save of the draft (deposit-rules.ts).
    const remaining = await remainingToBill(trx, ownerId, quote, null);
    const suffix = await sellerAmountSuffix(trx, ownerId);
    const field = input.percent !== undefined ? 'percent' : 'amount';
    const target = depositTarget(Number(quote.total_cents), input);
    // Nothing to bill (a percent of a tiny quote) is refused before anything is split.
    if (target <= 0) throw badRequest({ [field]: [depositAmountProblem(target, remaining, suffix)] });

    const quoteLines = await documentsRepository(trx, QUOTE_KIND).lineRows(quoteId);
    const lines = depositLines(quote, splitByTreatment(target, quoteLines, quote.tax_rate, storedDiscount(quote)), input.percent, suffix);
    const total = linesTotals(lines, quote.tax_rate).total;
    if (total !== target && input.amount !== undefined) throw badRequest({ amount: [unreachableDeposit(target, total)] });
    const problem = depositAmountProblem(total, remaining, suffix);
    if (problem) throw badRequest({ [field]: [problem] });

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
        // The terms the quote offered (issue 25).
        terms: storedTerms(quote),
        tax_rate: quote.tax_rate,
        operation_category: quote.operation_category as OperationCategory,
        service_date: quote.service_date,
        service_end_date: quote.service_end_date,
        vat_exemption: exemptionKeyOf(quote.vat_exemption),
        legal_notice: quote.legal_notice,
        signature_notice: quote.signature_notice,
        // The quote's discount is in the amounts split between its rates.
        discount: NO_DISCOUNT,
        discount_reason: '',
        internal_notes: '',
        line_items: lines,
      },
      { is_deposit: 1, deposit_of_quote_id: quoteId },
      // The quote's rates, as the client accepted them (as convert_to_invoice does).
      { enforceVat: false },
    );
  });
}

/**
 * Quote → draft invoice with the same client, lines, VAT and notices; the quote becomes accepted.
 * At most once per quote: the check runs in the transaction, and the unique index on
 * invoices.quote_id (migration 0009) stops a concurrent twin. The quote's issued deposit invoices
 * are deducted (`prepaid_cents`): this is its final invoice; a deposit still in draft must be
 * issued or deleted first.
 */
async function convertQuoteToInvoice(db: Kysely<Database>, dialect: Dialect, ownerId: number, quoteId: number) {
  const alreadyConverted = (invoiceId: number | undefined) =>
    new ApiError(400, { detail: 'Ce devis a déjà été converti en facture.', invoice_id: invoiceId ?? null });
  const existingInvoice = (trx: Kysely<Database>) => invoiceLinksRepository(trx).finalInvoice(ownerId, quoteId);
  try {
    return await inTransaction(db, async (trx) => {
      // The quote's row lock (PostgreSQL) keeps a deposit invoice from being made meanwhile.
      if (!(await documentsRepository(trx, QUOTE_KIND).findRow(ownerId, quoteId, dialect === 'postgres'))) throw notFound();
      const quotes = documentsService(trx, dialect, QUOTE_KIND);
      const quote = await quotes.get(ownerId, quoteId);
      if (!isBillableQuote(quote.status)) {
        throw badRequest({ detail: 'Seul un devis envoyé ou accepté peut être converti en facture.' });
      }
      const existing = await existingInvoice(trx);
      if (existing) throw alreadyConverted(existing.id);
      const draftDeposit = (quote.deposit_invoices as { id: number; invoice_number: string | null }[]).find((d) => d.invoice_number === null);
      if (draftDeposit) {
        throw new ApiError(400, {
          detail: 'Une facture d’acompte de ce devis est encore en brouillon : émettez-la ou supprimez-la avant de créer la facture finale.',
          invoice_id: draftDeposit.id,
        });
      }
      // A line's task already billed by an invoice (its time invoiced meanwhile): converting would bill it twice.
      const billed = await tasksBilledElsewhere(trx, ownerId, null, quote.line_items!);
      if (billed.size) {
        throw badRequest({ detail: `Ce devis ne peut pas être converti en facture : ${[...billed.values()].join(' ; ')}.` });
      }
      const prepaid = prepaidCents(deductedDeposits(await invoiceLinksRepository(trx).depositInvoices(ownerId, quoteId, { issued: true })));
      const today = parisToday();
      const invoice = await documentsService(trx, dialect, INVOICE_KIND).create(
        ownerId,
        {
          title: quote.title,
          description: String(quote.description ?? ''),
          client_id: quote.client!.id,
          status: 'draft',
          priority: String(quote.priority),
          issue_date: today,
          end_date: null,
          payment_date: null,
          // The terms the client accepted (issue 25): they give the invoice its due date.
          terms: quote.payment_terms ? paymentTermsOf(quote.payment_terms, quote.payment_days) : null,
          tax_rate: Math.round(Number(quote.tax_rate) * 100),
          operation_category: quote.operation_category as DocumentInput['operation_category'],
          service_date: (quote.service_date as string | null) ?? null,
          service_end_date: (quote.service_end_date as string | null) ?? null,
          vat_exemption: quote.vat_exemption,
          legal_notice: String(quote.legal_notice ?? ''),
          signature_notice: String(quote.signature_notice ?? ''),
          // The discounts the client accepted (issue 25).
          discount: { percent: toHundredths(quote.discount_percent) ?? 0, cents: toHundredths(quote.discount_amount) ?? 0 },
          discount_reason: quote.discount_reason,
          internal_notes: '',
          line_items: quote.line_items!.map((l) => ({
            id: null,
            title: l.title,
            description: l.description,
            quantity: toTenThousandths(l.quantity) ?? 0,
            unit_price: toTenThousandths(l.unit_price) ?? 0,
            tax_rate: Math.round(l.tax_rate * 100),
            unit: l.unit,
            discount_percent: toHundredths(l.discount_percent) ?? 0,
            discount_cents: toHundredths(l.discount_amount) ?? 0,
            vat_exemption: l.vat_exemption,
            task_id: l.task_id,
          })),
        },
        { quote_id: quoteId, prepaid_cents: prepaid },
        // What the client accepted is converted as it is: a rule the seller's profile breaks since
        // (a new regime, a removed VAT number) is refused when the draft invoice is saved or issued.
        { enforceVat: false },
      );
      if (quote.status !== 'accepted') {
        await documentsRepository(trx, QUOTE_KIND).update(ownerId, quoteId, { status: 'accepted', updated_at: new Date().toISOString() });
        await recordActivity(trx, {
          ownerId, objectType: 'quote', objectId: quoteId, label: quote.title, action: 'mis à jour',
          changes: `(Statut: ${quote.status_display} → Accepté)`, clientName: quote.client?.name ?? null,
        });
      }
      return invoice;
    });
  } catch (err) {
    // A concurrent conversion committed first: the unique index refused this one.
    if (isUniqueViolation(err)) throw alreadyConverted((await existingInvoice(db))?.id);
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed: invoices\.quote_id/.test(e?.message ?? '');
}

/**
 * The client's answer to a sent quote, given through its portal link (issue 27), in the caller's
 * transaction: the quote becomes accepted or rejected under the rules of the app's own status
 * change (frozenStatusProblem), and the history says who answered (`history`, e.g. « Devis accepté
 * en ligne par … »). Only a quote still 'sent' can be answered: returns false, changing nothing,
 * for any other (answered meanwhile, by hand or online; a draft; expired).
 */
async function answerQuote(
  trx: Kysely<Database>,
  dialect: Dialect,
  answer: { ownerId: number; quoteId: number; status: 'accepted' | 'rejected'; history: string },
): Promise<boolean> {
  const { ownerId, quoteId, status } = answer;
  const row = await documentsRepository(trx, QUOTE_KIND).findRow(ownerId, quoteId, dialect === 'postgres');
  if (!row) throw notFound();
  if (row.status !== 'sent') return false;
  const problem = frozenStatusProblem('quote', row.status, status);
  if (problem) throw badRequest({ status: [problem] });
  await documentsRepository(trx, QUOTE_KIND).update(ownerId, quoteId, { status, updated_at: new Date().toISOString() });
  const view = await documentsService(trx, dialect, QUOTE_KIND).get(ownerId, quoteId);
  const labels = QUOTE_KIND.statusLabels;
  await recordActivity(trx, {
    ownerId, objectType: 'quote', objectId: quoteId, label: row.title, action: 'mis à jour',
    changes: `${answer.history} (Statut: ${labels[row.status] ?? row.status} → ${labels[status]})`, clientName: view.client?.name ?? null,
  });
  return true;
}

/** A quote's own operations, built once per app (routes) or per transaction (a caller's `trx`). */
export function quotesService(db: Kysely<Database>, dialect: Dialect) {
  return {
    /** POST /quotes/:id/deposit_invoice/: the body is read once the quote is found (another user's quote is a 404 whatever the body). */
    createDepositInvoice: (ownerId: number, quoteId: number, body: unknown) => createDepositInvoice(db, dialect, ownerId, quoteId, body),
    convertToInvoice: (ownerId: number, quoteId: number) => convertQuoteToInvoice(db, dialect, ownerId, quoteId),
    /** The client's online answer, in `db`'s transaction (answerQuote). */
    answer: (answer: { ownerId: number; quoteId: number; status: 'accepted' | 'rejected'; history: string }) => answerQuote(db, dialect, answer),
  };
}

export type QuotesService = ReturnType<typeof quotesService>;
