import { NO_DISCOUNT } from '@/shared/documents';
import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { inTransaction, type Dialect } from '@/server/db/database';
import { ApiError, badRequest, notFound } from '@/server/http/errors';
import type { InvoiceTime } from '@/shared/contracts/projects';
import { assertOwned } from '@/server/http/owned-refs';
import { documentsService, INVOICE_KIND } from '@/server/modules/documents';
import { projectsRepository } from './projects.repository';
import { TIME_LINE_UNIT } from '@/shared/units';
import { timeBillingRepository } from './time-billing.repository';

type TimeBillingRepository = ReturnType<typeof timeBillingRepository>;

/**
 * "Facturer le temps" (issue 15): a project's billable tasks not yet billed, with time spent (else
 * estimated), become the lines of a draft invoice to the project's client, which then bills them
 * (`tasks.invoice_id`). A task is billed once: its row is locked while it is read (PostgreSQL; on
 * SQLite, the single writer), and it is claimed by a conditional update (`where invoice_id is
 * null`) that two invoices can never both win. Deleting the draft, or its line, frees it.
 */

export const TIME_BILLING_MESSAGES = {
  nothingBillable:
    'Rien à facturer sur ce projet : aucune tâche facturable avec du temps passé (ou estimé) qui ne soit déjà facturée.',
  noClient: 'Ce projet n’a pas de client : ajoutez-en un au projet, ou indiquez le client à facturer.',
  severalClients: 'Ce projet a plusieurs clients : choisissez celui à facturer.',
  raced: 'Certaines de ces tâches viennent d’être facturées par ailleurs : réessayez.',
} as const;

const hoursOf = (t: { actual_centihours: number; estimated_centihours: number }) =>
  t.actual_centihours > 0 ? t.actual_centihours : t.estimated_centihours;

async function invoiceProjectTime(db: Kysely<Database>, dialect: Dialect, ownerId: number, projectId: number, input: InvoiceTime) {
  return inTransaction(db, async (trx) => {
    const project = await projectsRepository(trx).find(ownerId, projectId);
    if (!project) throw notFound();
    const chosen = input.task_ids;
    if (chosen?.length) await assertOwned(trx, 'tasks', ownerId, chosen, 'task_ids');

    let clientId: number;
    if (input.client_id) {
      await assertOwned(trx, 'contacts', ownerId, [input.client_id], 'client_id');
      clientId = input.client_id;
    } else if (project.contacts.length === 1) {
      clientId = project.contacts[0].id;
    } else {
      throw badRequest({ client_id: [project.contacts.length ? TIME_BILLING_MESSAGES.severalClients : TIME_BILLING_MESSAGES.noClient] });
    }

    const billing = timeBillingRepository(trx, dialect);
    const tasks = await billing.billableTasks(ownerId, projectId, chosen);
    if (chosen?.length) await refuseUnbillable(billing, projectId, chosen, new Set(tasks.map((t) => t.id)));
    if (!tasks.length) throw badRequest({ detail: TIME_BILLING_MESSAGES.nothingBillable });

    const invoice = await documentsService(trx, dialect, INVOICE_KIND).create(ownerId, {
      title: `Temps passé — ${project.name}`.slice(0, 300),
      description: '',
      client_id: clientId,
      status: 'draft',
      priority: 'normale',
      issue_date: null,
      end_date: null,
      payment_date: null,
      // The seller's default rate (0 % in the franchise).
      tax_rate: null,
      operation_category: 'services',
      service_date: null,
      service_end_date: null,
      vat_exemption: '',
      // The default terms (30 days).
      terms: null,
      legal_notice: '',
      signature_notice: '',
      discount: NO_DISCOUNT,
      discount_reason: '',
      internal_notes: '',
      line_items: tasks.map((t) => ({
        id: null,
        title: t.title,
        description: '',
        // Hundredths of an hour and cents → ten-thousandths (issue 25).
        quantity: hoursOf(t) * 100,
        unit_price: t.hourly_rate_cents * 100,
        tax_rate: null,
        // Tracked time is billed by the hour (BT-130 HUR).
        unit: TIME_LINE_UNIT,
        discount_percent: 0,
        discount_cents: 0,
        vat_exemption: '',
        task_id: t.id,
      })),
    });
    // Saving the invoice claimed its tasks where none was billed yet: all of them, or this call lost a race.
    const claimed = await billing.invoiceTasks(invoice.id);
    if (claimed.length !== tasks.length) throw new ApiError(409, { detail: TIME_BILLING_MESSAGES.raced });
    return invoice;
  });
}

/** Chosen tasks that cannot be billed: each named with why. */
async function refuseUnbillable(billing: TimeBillingRepository, projectId: number, chosen: number[], billable: Set<number>) {
  const refused = chosen.filter((id) => !billable.has(id));
  if (!refused.length) return;
  const rows = await billing.billingStates(refused);
  throw badRequest({
    task_ids: rows.map((t) => {
      if (t.project_id !== projectId) return `La tâche « ${t.title} » n’appartient pas à ce projet.`;
      if (t.invoice_id !== null) {
        return `La tâche « ${t.title} » est déjà facturée${t.invoice_number ? ` (${t.invoice_number})` : ' (facture brouillon)'}.`;
      }
      if (!t.billable) return `La tâche « ${t.title} » n’est pas facturable.`;
      return `La tâche « ${t.title} » n’a ni temps passé ni temps estimé.`;
    }),
  });
}

/** "Facturer le temps" on the module's database (routes get this, not the handle). */
export const timeBillingService = (db: Kysely<Database>, dialect: Dialect) => ({
  invoiceProjectTime: (ownerId: number, projectId: number, input: InvoiceTime) => invoiceProjectTime(db, dialect, ownerId, projectId, input),
});
export type TimeBillingService = ReturnType<typeof timeBillingService>;
