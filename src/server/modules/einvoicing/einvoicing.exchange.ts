import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/server/db/schema';
import type { JobRun, JobRunner } from '@/server/jobs/runner';
import { ApiError } from '@/server/http/errors';
import { buildLifecycleMessage, CDAR_MAX_BYTES, LifecycleMessageError, parseLifecycleMessage } from '@/server/einvoicing/cdar';
import { RECEIVED_FILE_MAX_BYTES } from '@/server/einvoicing/received-invoice';
import { createPlatformClient, PlatformError, type Flow, type PlatformClient, type PlatformClientOptions } from '@/server/einvoicing/platform-client';
import type { EInvoicingRecord } from '@/server/modules/documents';
import type { AnswerToSend, ReceivedInvoicesService } from '@/server/modules/received-invoices';
import { isLifecycleStatusCode, type LifecycleStatusCode } from '@/shared/einvoicing-lifecycle';
import { flowRejectionMessage } from '@/shared/einvoicing';
import { RECEIVED_REASON_LABELS, isReceivedReasonCode } from '@/shared/received-invoices';
import type { EInvoicingSyncJson } from '@/shared/contracts/einvoicing';
import { einvoicingRepository } from './einvoicing.repository';
import type { EInvoicingService } from './einvoicing.service';

/**
 * What Carnet exchanges with the user's approved platform (issue 26; AFNOR XP Z12-013 Flow Service,
 * XP Z12-012 lifecycle messages). The platform is only ever called from here, and never inside a
 * database transaction: each step reads what it needs, calls the platform, then writes what came
 * back in a short transaction of its own.
 *
 * - **Sending** (job `einvoicing.submit`, one per document): an issued invoice or credit note for a
 *   French business goes as a `CustomerInvoice` flow — its archived Factur-X, `trackingId` = its
 *   number, the SHA-256 of the bytes — after the buyer's SIREN is looked up in the directory. The
 *   job runner retries it with backoff; a retry never makes a second flow (the platform refuses a
 *   known trackingId with `AlreadyExistingFlow`, which counts as sent).
 * - **Lifecycle messages out** (job `einvoicing.lifecycle`): 212 « Encaissée » for a payment (services,
 *   VAT on receipt), and the user's answers to suppliers' invoices received through the platform
 *   (205, 207, 210, 211), each a CDAR message valid against the D22B schema.
 * - **Sync** (`syncAccount`, periodic job `einvoicing.sync` and « Actualiser »): claims what is to
 *   send (and schedules it), then reads the flows updated since the cursor: lifecycle messages
 *   (each status recorded on the invoice it names), suppliers' invoices (filed in « Factures
 *   reçues »), and the platform's refusals of Carnet's flows.
 */

export const SUBMIT_JOB = 'einvoicing.submit';
export const LIFECYCLE_JOB = 'einvoicing.lifecycle';
export const SYNC_JOB = 'einvoicing.sync';
export const ACCOUNT_SYNC_JOB = 'einvoicing.account';

/** How often every connected account is synchronised. */
export const SYNC_INTERVAL_MS = 5 * 60_000;
/** The sync reads this far before its cursor: flows updated in the same instant are not missed (those seen are skipped). */
const CURSOR_OVERLAP_MS = 10 * 60_000;
/** With no cursor yet: since suppliers' e-invoices must be received (1 September 2026). */
const FIRST_SYNC_FROM = '2026-09-01T00:00:00.000Z';
const SEARCH_PAGE = 100;
const MAX_PAGES = 20;

type SubmitPayload = { ownerId: number; kind: 'invoice' | 'credit_note'; id: number };
type LifecyclePayload = { ownerId: number; payment?: number; answer?: number };

/** A platform answer that will not change by asking again (a refused request); others (network, 5xx, 429, token) are retried. */
const isPermanent = (error: PlatformError) =>
  error.kind === 'platform' && error.status !== undefined && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface EInvoicingExchangeDeps {
  db: Kysely<Database>;
  jobs: JobRunner;
  log: FastifyBaseLogger;
  einvoicing: EInvoicingService;
  platform: PlatformClientOptions;
  record: EInvoicingRecord;
  received: ReceivedInvoicesService;
}

export function einvoicingExchange({ db, jobs, log, einvoicing, platform, record, received }: EInvoicingExchangeDeps) {
  const settings = einvoicingRepository(db);

  /** The account's client when its platform is on; null when it is off (nothing is sent then). */
  async function clientOf(ownerId: number): Promise<PlatformClient | null> {
    const row = await settings.find(ownerId);
    if (!row?.enabled) return null;
    return createPlatformClient(await einvoicing.connection(ownerId), platform);
  }

  // ---- Sending an invoice or credit note

  async function submit({ ownerId, kind, id }: SubmitPayload, run: JobRun): Promise<void> {
    const found = await record.submission(ownerId, kind, id);
    if (!found || found.record.state === 'submitted') return;
    const { submission } = found;
    let client: PlatformClient | null;
    try {
      client = await clientOf(ownerId);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await record.recordSubmission(kind, id, { state: 'error', message: String(error.body.detail ?? 'Plateforme mal configurée.') });
      return;
    }
    if (!client) {
      await record.recordSubmission(kind, id, { state: 'error', message: 'La plateforme a été désactivée avant l’envoi : envoyez ce document par e-mail.' });
      return;
    }
    try {
      // The directory says whether the buyer receives e-invoices, and through which platform.
      if (!(await client.lookupSiren(submission.buyer.siren))) {
        await record.recordSubmission(kind, id, {
          state: 'not_in_directory',
          message: `Le client (SIREN ${submission.buyer.siren}) n’est pas dans l’annuaire de la facturation électronique : envoyez-lui ce document par e-mail.`,
        });
        return;
      }
      const name = `${submission.number}.pdf`;
      const flow = await client.submitFlow(
        { trackingId: submission.number, name, processingRule: 'B2B', flowSyntax: 'Factur-X', flowProfile: 'CIUS', sha256: submission.sha256 },
        { bytes: submission.pdf, name, contentType: 'application/pdf' },
      );
      await record.recordSubmission(kind, id, { state: 'submitted', flowId: flow.flowId ?? null });
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.code === 'AlreadyExistingFlow') {
        // A retry of a submission that went through (its answer was lost): the flow is there.
        const { results } = await client.searchFlows({ limit: 1, where: { trackingId: submission.number, flowDirection: ['Out'] } });
        await record.recordSubmission(kind, id, { state: 'submitted', flowId: results?.[0]?.flowId ?? null });
        return;
      }
      if (isPermanent(error)) {
        await record.recordSubmission(kind, id, { state: 'error', message: error.message });
        return;
      }
      await record.recordSubmission(
        kind,
        id,
        run.finalAttempt
          ? { state: 'error', message: `Envoi abandonné après ${run.job.attempts} essais : ${error.message} Envoyez ce document par e-mail, ou contactez votre plateforme.`, attempt: true }
          : { state: 'pending', message: `Envoi en attente (essai ${run.job.attempts}, nouvel essai prévu) : ${error.message}`, attempt: true },
      );
      throw error;
    }
  }

  // ---- Lifecycle messages Carnet states

  /** The CDAR message of a job, and what to record once it is sent; null when there is nothing to send any more. */
  async function lifecycleMessage(payload: LifecyclePayload) {
    const { ownerId } = payload;
    const now = new Date();
    if (payload.payment !== undefined) {
      const paymentId = payload.payment;
      const report = await record.paymentReport(ownerId, paymentId);
      if (!report) return null;
      const xml = buildLifecycleMessage({
        code: 212,
        invoice: { number: report.invoice.number, typeCode: report.invoice.typeCode, issueDate: report.invoice.issueDate, receivedAt: new Date(report.invoice.receivedAt) },
        issuer: { ...report.seller, role: 'SE' },
        recipient: { ...report.buyer, role: 'BY' },
        at: new Date(`${report.date}T12:00:00Z`),
        createdAt: now,
        cashed: report.cashed.map((c) => ({ amountCents: c.amountCents, vatRate: (c.rate / 100).toFixed(2) })),
      });
      return {
        trackingId: `carnet-212-${paymentId}`,
        xml,
        async done(state: 'sent' | 'error', message: string | null) {
          await record.recordPaymentReport(paymentId, { state, message });
          // Carnet states 212 itself: the invoice reads « Encaissée » once the message is out. The
          // message carries the payment's date; the record is dated when it went out, after every
          // status before it (dated noon of the payment's day, a payment of the day sat before a
          // deposit of the afternoon, and the invoice kept reading « Déposée »).
          if (state === 'sent') {
            await record.recordStatus(ownerId, {
              invoiceNumber: report.invoice.number, invoiceTypeCode: report.invoice.typeCode, code: 212, at: new Date().toISOString(), reason: null, reasonCode: null,
            });
          }
        },
      };
    }
    const [answer] = payload.answer === undefined ? [] : await received.answersToSend(ownerId, 1, payload.answer);
    if (!answer || !isLifecycleStatusCode(answer.code)) return null;
    const xml = buildLifecycleMessage({
      code: answer.code as LifecycleStatusCode,
      invoice: { number: answer.invoice.number, typeCode: answer.invoice.typeCode, issueDate: answer.invoice.issueDate, receivedAt: new Date(answer.invoice.receivedAt) },
      issuer: { ...answer.buyer, role: 'BY' },
      recipient: { ...answer.supplier, role: 'SE' },
      at: new Date(answer.at),
      createdAt: now,
      ...answerReason(answer),
    });
    return { trackingId: `carnet-answer-${answer.statusId}`, xml, done: (state: 'sent' | 'error', message: string | null) => received.recordAnswerSent(answer.statusId, state, message) };
  }

  /**
   * The reason of an answer (MDT-113 code, MDT-114 text): the code the user chose, with the user's
   * details or else the code's French label. An answer without a code was given before reason codes
   * (migration 0036), or is an approval or a payment with a note: it keeps being sent as it was then,
   * its words under the generic AUTRE — even a 210, for which the rule BR-FR-CDV-CL-09 of XP Z12-012
   * no longer admits AUTRE (those answers were stored before Carnet applied it; the platform may refuse
   * such a message, and the answer's history then says so).
   */
  function answerReason(answer: AnswerToSend): { reason?: { code: string; text: string } } {
    if (answer.reasonCode) return { reason: { code: answer.reasonCode, text: answer.reason || (isReceivedReasonCode(answer.reasonCode) ? RECEIVED_REASON_LABELS[answer.reasonCode] : answer.reasonCode) } };
    return answer.reason ? { reason: { code: 'AUTRE', text: answer.reason } } : {};
  }

  async function sendLifecycle(payload: LifecyclePayload): Promise<void> {
    const message = await lifecycleMessage(payload);
    if (!message) return;
    const client = await clientOf(payload.ownerId).catch(() => null);
    if (!client) {
      await message.done('error', 'La plateforme n’est pas activée : le message n’a pas été envoyé.');
      return;
    }
    const bytes = new TextEncoder().encode(message.xml);
    const name = `${message.trackingId}.xml`;
    try {
      await client.submitFlow({ trackingId: message.trackingId, name, processingRule: 'B2B', flowSyntax: 'CDAR', sha256: sha256(bytes) }, { bytes, name, contentType: 'application/xml' });
      await message.done('sent', null);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.code === 'AlreadyExistingFlow') return void (await message.done('sent', null));
      if (isPermanent(error)) return void (await message.done('error', error.message));
      throw error;
    }
  }

  // ---- Sync

  /** Claims what is to send and schedules it (each in the transaction of its claim). */
  async function scheduleOutgoing(ownerId: number, since: string) {
    const documents = await record.claimIssued(ownerId, since, (trx, doc) =>
      jobs.schedule(trx, { kind: SUBMIT_JOB, key: `${SUBMIT_JOB}:${doc.kind}:${doc.id}`, payload: { ownerId, kind: doc.kind, id: doc.id } satisfies SubmitPayload }),
    );
    const payments = await record.claimPayments(ownerId, (trx, paymentId) =>
      jobs.schedule(trx, { kind: LIFECYCLE_JOB, key: `${LIFECYCLE_JOB}:payment:${paymentId}`, payload: { ownerId, payment: paymentId } satisfies LifecyclePayload }),
    );
    let answers = 0;
    for (const answer of await received.answersToSend(ownerId)) {
      // Scheduled once per answer (the key); an answer whose sending failed for good is marked 'error' and leaves the list.
      if (await jobs.schedule(db, { kind: LIFECYCLE_JOB, key: `${LIFECYCLE_JOB}:answer:${answer.statusId}`, payload: { ownerId, answer: answer.statusId } satisfies LifecyclePayload })) answers++;
    }
    jobs.kick();
    return { documents: documents.length, payments: payments.length, answers };
  }

  /**
   * One incoming flow: a lifecycle message on one of the user's invoices, or a supplier's invoice. A
   * file beyond its size limit is reported and skipped (asking again would only fail again).
   */
  async function handleIncoming(ownerId: number, client: PlatformClient, flow: Flow, report: EInvoicingSyncJson) {
    try {
      await readIncoming(ownerId, client, flow, report);
    } catch (error) {
      if (!(error instanceof PlatformError && error.status === 413)) throw error;
      report.problems.push(error.message);
    }
  }

  async function readIncoming(ownerId: number, client: PlatformClient, flow: Flow, report: EInvoicingSyncJson) {
    const flowId = flow.flowId!;
    if (flow.flowType === 'CustomerInvoiceLC') {
      const bytes = await client.downloadFlow(flowId, 'Original', CDAR_MAX_BYTES);
      try {
        const message = parseLifecycleMessage(new TextDecoder().decode(bytes));
        for (const status of message.statuses) {
          const outcome = await record.recordStatus(ownerId, status);
          if (outcome === 'recorded') report.statuses++;
          if (outcome === 'unknown') report.problems.push(`Statut ${status.code} reçu pour ${status.invoiceNumber}, que Carnet n’a pas envoyée : ignoré.`);
        }
      } catch (error) {
        if (!(error instanceof LifecycleMessageError)) throw error;
        report.problems.push(`Message de cycle de vie illisible (flux ${flowId}) : ${error.message}`);
      }
    } else if (flow.flowType === 'SupplierInvoice') {
      const bytes = await client.downloadFlow(flowId, 'Original', RECEIVED_FILE_MAX_BYTES);
      try {
        await received.file(ownerId, Buffer.from(bytes), `${flow.trackingId ?? flowId}${flow.flowSyntax === 'Factur-X' ? '.pdf' : '.xml'}`, 'platform', flowId);
        report.received++;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // 409: already filed (the same invoice delivered twice); 400: unreadable, said in the report.
        if (error.statusCode !== 409) report.problems.push(`Facture fournisseur illisible (flux ${flowId}) : ${Object.values(error.body).flat().join(' ')}`);
      }
    }
  }

  /**
   * Synchronises one account with its platform: claims and schedules what is to send, then reads the
   * flows updated since the cursor. The cursor moves only past flows handled: a flow whose download
   * fails is read again next time. Two syncs of one account at once do no harm (every step is idempotent).
   */
  async function syncAccount(ownerId: number): Promise<EInvoicingSyncJson> {
    const row = await settings.find(ownerId);
    if (!row?.enabled) throw new ApiError(400, { detail: 'Activez d’abord la plateforme de facturation électronique (Profil, « Facturation électronique »).' });
    const report: EInvoicingSyncJson = { ok: true, message: '', scheduled: 0, statuses: 0, received: 0, problems: [] };
    const startedAt = new Date().toISOString();
    const outgoing = await scheduleOutgoing(ownerId, row.enabled_at ?? row.updated_at);
    report.scheduled = outgoing.documents + outgoing.payments + outgoing.answers;
    let cursor: string | null = null;
    try {
      const client = createPlatformClient(await einvoicing.connection(ownerId), platform);
      const from = row.sync_cursor ? new Date(Date.parse(row.sync_cursor) - CURSOR_OVERLAP_MS).toISOString() : FIRST_SYNC_FROM;
      // Incoming flows (lifecycle messages, suppliers' invoices), then the platform's refusals of Carnet's flows.
      for (const where of [{ flowDirection: ['In' as const] }, { flowDirection: ['Out' as const], ackStatus: 'Error' as const }]) {
        let after = from;
        for (let page = 0; page < MAX_PAGES; page++) {
          const { results = [] } = await client.searchFlows({ limit: SEARCH_PAGE, where: { ...where, updatedAfter: after } });
          const seen = await settings.seen(ownerId, results.map((f) => f.flowId!).filter(Boolean));
          for (const flow of results) {
            if (!flow.flowId || !flow.updatedAt) continue;
            if (!seen.has(flow.flowId)) {
              if (flow.flowDirection === 'In') await handleIncoming(ownerId, client, flow, report);
              else if (flow.trackingId && (await record.recordRefusedFlow(ownerId, flow.trackingId, flowRejectionMessage(flow.acknowledgement?.details ?? [])))) report.statuses++;
              await settings.markSeen(ownerId, flow.flowId, new Date().toISOString());
            }
            if (where.flowDirection[0] === 'In' && (!cursor || flow.updatedAt > cursor)) cursor = flow.updatedAt;
            after = flow.updatedAt > after ? flow.updatedAt : after;
          }
          if (results.length < SEARCH_PAGE) break;
        }
      }
    } catch (error) {
      if (!(error instanceof PlatformError) && !(error instanceof ApiError)) throw error;
      report.ok = false;
      report.message = error instanceof PlatformError ? error.message : String(error.body.detail ?? 'Synchronisation impossible.');
    }
    await settings.recordSync(ownerId, startedAt, cursor, report.ok ? null : report.message);
    if (report.ok) report.message = syncSummary(report);
    return report;
  }

  /** The periodic sync: one job per connected account and period, so that one slow platform holds up only its own account's sync. */
  async function scheduleAccountSyncs(run: JobRun) {
    const period = Math.floor(run.now.getTime() / SYNC_INTERVAL_MS);
    for (const ownerId of await settings.enabledOwners()) {
      await jobs.schedule(db, { kind: ACCOUNT_SYNC_JOB, key: `${ACCOUNT_SYNC_JOB}:${ownerId}:${period}`, payload: { ownerId } });
    }
  }

  return {
    syncAccount,
    /** Registers the job handlers on the runner (once per app). */
    register() {
      jobs.register<SubmitPayload>(SUBMIT_JOB, submit);
      jobs.register<LifecyclePayload>(LIFECYCLE_JOB, sendLifecycle);
      jobs.register<{ ownerId: number }>(ACCOUNT_SYNC_JOB, async ({ ownerId }) => {
        const report = await syncAccount(ownerId).catch((error: unknown) => {
          // Switched off since it was scheduled: nothing to do.
          if (error instanceof ApiError) return null;
          throw error;
        });
        if (report && !report.ok) log.warn({ ownerId, message: report.message }, 'E-invoicing: sync failed');
      });
      jobs.every(SYNC_JOB, SYNC_INTERVAL_MS, (_payload, run) => scheduleAccountSyncs(run));
    },
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

function syncSummary(report: EInvoicingSyncJson): string {
  const parts = [
    report.scheduled ? plural(report.scheduled, 'envoi programmé', 'envois programmés') : '',
    report.statuses ? plural(report.statuses, 'nouveau statut', 'nouveaux statuts') : '',
    report.received ? plural(report.received, 'facture reçue', 'factures reçues') : '',
  ].filter(Boolean);
  return parts.length ? `Synchronisé : ${parts.join(', ')}.` : 'Synchronisé : rien de nouveau.';
}

export type EInvoicingExchange = ReturnType<typeof einvoicingExchange>;
