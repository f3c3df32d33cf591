import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { inTransaction, type Dialect } from '@/server/db/database';
import { ApiError, badRequest, notFound } from '@/server/http/errors';
import type { InvoiceTime, TimeToBill } from '@/shared/contracts/projects';
import { fromHundredths } from '@/shared/money';
import { lineNetCents, NO_DISCOUNT } from '@/shared/documents';
import { assertOwned } from '@/server/http/owned-refs';
import { documentsService, INVOICE_KIND } from '@/server/modules/documents';
import { projectsRepository } from './projects.repository';
import { TIME_LINE_UNIT } from '@/shared/units';
import { roundedSeconds, secondsToTenThousandthHours } from '@/shared/time-entries';
import { timeBillingRepository } from './time-billing.repository';

type TimeBillingRepository = ReturnType<typeof timeBillingRepository>;

/**
 * "Facturer le temps" (issue 15): a project's billable tasks not yet billed, with time spent (else
 * estimated), become the lines of a draft invoice to the project's client, which then bills them
 * (`tasks.invoice_id`). A task is billed once: its row is locked while it is read (PostgreSQL; on
 * SQLite, the single writer), and it is claimed by a conditional update (`where invoice_id is
 * null`) that two invoices can never both win. Deleting the draft, or its line, frees it. Since
 * issue 28 a task with time entries bills its entries instead, each once, each by its own line.
 */

export const TIME_BILLING_MESSAGES = {
  nothingBillable:
    'Rien à facturer sur ce projet : aucune tâche facturable avec du temps passé (ou estimé) qui ne soit déjà facturée.',
  noClient: 'Ce projet n’a pas de client : ajoutez-en un au projet, ou indiquez le client à facturer.',
  severalClients: 'Ce projet a plusieurs clients : choisissez celui à facturer.',
  raced: 'Certaines de ces tâches viennent d’être facturées par ailleurs : réessayez.',
} as const;

const DAY = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' });

const hoursOf = (t: { actual_centihours: number; estimated_centihours: number }) =>
  t.actual_centihours > 0 ? t.actual_centihours : t.estimated_centihours;

/** A line "Facturer le temps" bills: a task's estimate (no entries), or one time entry. */
interface TimeLine {
  taskId: number;
  taskTitle: string;
  /** The entry it bills; null for a task billed on its own hours. */
  entryId: number | null;
  description: string;
  /** Ten-thousandths of an hour (rounded up to the user's step for an entry). */
  quantity: number;
  rateCents: number;
  /** The task the invoice line names (and so bills), unless another invoice bills it already. */
  taskLink: number | null;
}

/**
 * What "Facturer le temps" bills, in `trx` (one rule for the preview and the draft): the chosen
 * tasks (else all) of the project, the client billed (null: the project has several or none and
 * none was given; billing refuses it then), and the lines in task order. `purpose`: 'bill' also locks what it reads.
 */
async function timeToBill(trx: Kysely<Database>, dialect: Dialect, ownerId: number, projectId: number, input: InvoiceTime, purpose: 'preview' | 'bill') {
  const project = await projectsRepository(trx).find(ownerId, projectId);
  if (!project) throw notFound();
  const chosen = input.task_ids;
  if (chosen?.length) await assertOwned(trx, 'tasks', ownerId, chosen, 'task_ids');

  let clientId: number | null = null;
  if (input.client_id) {
    await assertOwned(trx, 'contacts', ownerId, [input.client_id], 'client_id');
    clientId = input.client_id;
  } else if (project.contacts.length === 1) {
    clientId = project.contacts[0].id;
  } else if (purpose === 'bill') {
    throw badRequest({ client_id: [project.contacts.length ? TIME_BILLING_MESSAGES.severalClients : TIME_BILLING_MESSAGES.noClient] });
  }

  // Billing claims what it reads (its transaction locks the rows); the preview only reads.
  const billing = timeBillingRepository(trx, dialect, { lock: purpose === 'bill' });
  const tasks = await billing.billableTasks(ownerId, projectId, chosen);
  const entries = await billing.billableEntries(ownerId, projectId, chosen);
  if (chosen?.length) await refuseUnbillable(billing, projectId, chosen, new Set([...tasks.map((t) => t.id), ...entries.map((e) => e.task_id)]));
  const rates = await billing.rates(ownerId, projectId, clientId);
  // A task's rate: its own, else its project's, else the billed client's (issue 28).
  const rateOf = (own: number) => Number(own) || rates.project || rates.client;
  const lines: TimeLine[] = [
    // Tasks without time entries (time estimated only, or typed before issue 28): their total.
    ...tasks.map((t) => ({
      taskId: t.id, taskTitle: t.title, entryId: null, description: '', quantity: hoursOf(t) * 100, rateCents: rateOf(t.hourly_rate_cents), taskLink: t.id,
    })),
    // One line per entry, its duration rounded up to the user's step now, never stored rounded.
    ...entries.map((e) => ({
      taskId: e.task_id,
      taskTitle: e.title,
      entryId: e.id,
      description: [DAY.format(new Date(e.started_at)), e.note].filter(Boolean).join(' — ').slice(0, 2000),
      quantity: secondsToTenThousandthHours(roundedSeconds(Number(e.duration_seconds), rates.rounding)),
      rateCents: rateOf(e.hourly_rate_cents),
      // Names its task unless another invoice already bills the task (an invoice line names a task once billed).
      taskLink: e.task_invoice_id === null ? e.task_id : null,
    })),
  ].sort((a, b) => a.taskId - b.taskId);
  return { project, clientId, tasks, entries, lines, billing };
}

/** A line's amount HT in cents, as the invoice computes it (quantity × unit price in ten-thousandths). */
const lineCents = (line: TimeLine) => lineNetCents(line.quantity, line.rateCents * 100);

/** GET projects/{id}/invoice_time/: what "Facturer le temps" would bill now, for the dialog (nothing written). */
async function previewProjectTime(db: Kysely<Database>, dialect: Dialect, ownerId: number, projectId: number, input: InvoiceTime): Promise<TimeToBill> {
  const { clientId, lines } = await timeToBill(db, dialect, ownerId, projectId, input, 'preview');
  return {
    client_id: clientId,
    lines: lines.map((line) => ({
      task_id: line.taskId,
      task_title: line.taskTitle,
      entry_id: line.entryId,
      description: line.description,
      hours: line.quantity / 10_000,
      hourly_rate: fromHundredths(line.rateCents),
      total: fromHundredths(lineCents(line)),
    })),
    total: fromHundredths(lines.reduce((sum, line) => sum + lineCents(line), 0)),
  };
}

async function invoiceProjectTime(db: Kysely<Database>, dialect: Dialect, ownerId: number, projectId: number, input: InvoiceTime) {
  return inTransaction(db, async (trx) => {
    const { project, clientId, tasks, entries, lines, billing } = await timeToBill(trx, dialect, ownerId, projectId, input, 'bill');
    if (!lines.length) throw badRequest({ detail: TIME_BILLING_MESSAGES.nothingBillable });

    const invoice = await documentsService(trx, dialect, INVOICE_KIND).create(ownerId, {
      title: `Temps passé — ${project.name}`.slice(0, 300),
      description: '',
      client_id: clientId!,
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
      line_items: lines.map((line) => ({
        id: null,
        title: line.taskTitle,
        description: line.description,
        // Ten-thousandths of an hour, and cents → ten-thousandths of a euro (issue 25).
        quantity: line.quantity,
        unit_price: line.rateCents * 100,
        tax_rate: null,
        // Tracked time is billed by the hour (BT-130 HUR).
        unit: TIME_LINE_UNIT,
        discount_percent: 0,
        discount_cents: 0,
        vat_exemption: '',
        task_id: line.taskLink,
      })),
    });
    // Saving the invoice claimed its tasks where none was billed yet: all of them, or this call lost a race.
    const claimed = await billing.invoiceTasks(invoice.id);
    if (claimed.filter((c) => tasks.some((t) => t.id === c.id)).length !== tasks.length) throw new ApiError(409, { detail: TIME_BILLING_MESSAGES.raced });
    // Each entry is billed once, by its line (removing the line from the draft frees it): claimed
    // only where no invoice bills it yet. The invoice's lines come back in the order sent.
    const billed = lines.flatMap((line, position) => (line.entryId === null ? [] : [{ entryId: line.entryId, lineId: invoice.line_items[position].id }]));
    if ((await billing.claimEntries(invoice.id, billed)) !== entries.length) {
      throw new ApiError(409, { detail: TIME_BILLING_MESSAGES.raced });
    }
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
  previewProjectTime: (ownerId: number, projectId: number, input: InvoiceTime) => previewProjectTime(db, dialect, ownerId, projectId, input),
  invoiceProjectTime: (ownerId: number, projectId: number, input: InvoiceTime) => invoiceProjectTime(db, dialect, ownerId, projectId, input),
});
export type TimeBillingService = ReturnType<typeof timeBillingService>;
