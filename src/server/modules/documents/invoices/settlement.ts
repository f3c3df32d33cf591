import type { Kysely, Selectable } from 'kysely';
import type { Database, InvoicesTable } from '@/server/db/schema';
import type { Dialect } from '@/server/db/database';
import { notFound } from '@/server/http/errors';
import { INVOICE_KIND } from '../document-kinds';
import { documentsRepository } from '../documents.repository';
import { settle, settledPaymentDate, settlementAmounts } from '../core';
import { paymentsRepository } from './payments.repository';

/** What payments and credit notes share: the invoice's lock and its new settlement (core/settlement.ts decides it). */

export type InvoiceRow = Selectable<InvoicesTable>;

/** The owner's invoice, its row locked on PostgreSQL (settlements of one invoice are written one after the other). */
export async function lockInvoice(trx: Kysely<Database>, dialect: Dialect, ownerId: number, invoiceId: number) {
  const row = (await documentsRepository(trx, INVOICE_KIND).findRow(ownerId, invoiceId, dialect === 'postgres')) as InvoiceRow | undefined;
  if (!row) throw notFound();
  return row;
}

/** Writes the new settlement of an invoice: amounts, derived status, payment date (last payment when paid). Returns the status. */
export async function settleInvoice(trx: Kysely<Database>, row: InvoiceRow, paid: number, credited: number) {
  const settled = settle(settlementAmounts(row), paid, credited);
  const payment_date = settledPaymentDate(settled.status, await paymentsRepository(trx).lastDate(row.id));
  await documentsRepository(trx, INVOICE_KIND).update(row.owner_id, row.id, { ...settled, payment_date, updated_at: new Date().toISOString() });
  return settled.status;
}

export const statusChange = (before: string, after: string) =>
  before === after ? '' : `; Statut: ${INVOICE_KIND.statusLabels[before] ?? before} → ${INVOICE_KIND.statusLabels[after] ?? after}`;

