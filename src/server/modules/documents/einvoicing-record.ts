import type { Kysely } from 'kysely';
import { inTransaction } from '@/server/db/database';
import type { Database } from '@/server/db/schema';
import type { RenderableDocument } from '@/server/pdf/document-model';
import { invoiceTypeCode } from '@/server/pdf/factur-x';
import { recordActivity } from '@/server/modules/activity';
import { isLifecycleStatusCode, LIFECYCLE_PROBLEMS, LIFECYCLE_STATUS_LABELS, type LifecycleStatusCode } from '@/shared/einvoicing-lifecycle';
import { reasonDisplay } from '@/shared/received-invoices';
import type { EInvoicingRecordJson } from '@/shared/contracts/documents';
import { cashedPerVatRate } from './core';
import { CREDIT_NOTE_KIND, INVOICE_KIND } from './document-kinds';
import { archivedDocument, issuedSnapshot } from './issuing';
import { einvoicingRecordRepository, type EInvoicedKind, type EInvoicingDocumentRow } from './einvoicing-record.repository';

/**
 * The documents' side of e-invoicing (issue 26): which issued invoices and credit notes go through
 * the user's approved platform, what happened to each (its flow, the lifecycle statuses the
 * platform reports), and the 212 « Encaissée » of each payment. The platform itself is the
 * einvoicing module's: it asks this record what to send and tells it what came back. An issued
 * document is never changed by any of it (CGI art. 242 nonies A): this is a record beside it.
 */

const STATE_LABELS: Record<EInvoicingDocumentRow['state'], string> = {
  pending: 'En cours d’envoi à la plateforme',
  submitted: 'Transmise à la plateforme',
  not_in_directory: 'Client absent de l’annuaire : à envoyer par e-mail',
  not_applicable: 'Hors facturation électronique',
  error: 'Refusée par la plateforme',
};

/** A list row's badge: the latest status, and whether the seller must act. */
export function lifecycleStatusView(code: number | null | undefined) {
  if (code === null || code === undefined || !isLifecycleStatusCode(code)) return null;
  return { code, label: LIFECYCLE_STATUS_LABELS[code], problem: code in LIFECYCLE_PROBLEMS };
}

/** What the platform is sent for one document: its archived Factur-X and who it is from and for. */
export interface Submission {
  kind: EInvoicedKind;
  id: number;
  number: string;
  /** UNTDID 1001 (380, 381, 386). */
  typeCode: string;
  issueDate: string;
  pdf: Buffer;
  sha256: string;
  seller: { siren: string; name: string };
  buyer: { siren: string; name: string };
}

/** What a 212 « Encaissée » message says of one payment. */
export interface PaymentReport {
  paymentId: number;
  date: string;
  /** `receivedAt`: when the invoice went through the platform (its record's time). */
  invoice: { number: string; typeCode: string; issueDate: string; receivedAt: string };
  seller: { siren: string; name: string };
  buyer: { siren: string; name: string };
  /** Cashed per VAT rate, in cents; rates in hundredths of a percent. */
  cashed: { rate: number; amountCents: number }[];
}

const KIND_CONFIG = { invoice: INVOICE_KIND, credit_note: CREDIT_NOTE_KIND } as const;
const sirenOf = (siretOrSiren: string | undefined) => (siretOrSiren ?? '').replace(/\s/g, '').slice(0, 9);
const isFrench = (country: string | undefined) => !country || /^(fr|france)$/i.test(country.trim());

/**
 * Art. 289 bis du CGI: e-invoicing concerns sales between businesses established in France. A
 * professional client with a SIREN in France is sent through the platform (processing rule B2B);
 * any other stays on e-mail (and, for B2C and international sales, e-reporting: not built).
 */
export const goesThroughPlatform = (doc: Pick<RenderableDocument, 'clientType' | 'client'>) =>
  doc.clientType !== 'particulier' && /^\d{9}$/.test(sirenOf(doc.client.siren)) && isFrench(doc.client.country);

export function einvoicingRecord(db: Kysely<Database>) {
  const repo = einvoicingRecordRepository(db);
  const now = () => new Date().toISOString();

  return {
    /**
     * Claims the account's documents issued since `since` that have no record yet: those for a
     * French business get a 'pending' record and `schedule(trx, …)` (the caller's job, in the same
     * transaction: a document is never claimed without its sending being scheduled), the others a
     * 'not_applicable' one. Returns the documents to send.
     */
    async claimIssued(
      ownerId: number,
      since: string,
      schedule: (trx: Kysely<Database>, doc: { kind: EInvoicedKind; id: number }) => Promise<unknown>,
      limit = 100,
    ): Promise<{ kind: EInvoicedKind; id: number; number: string }[]> {
      const claimed: { kind: EInvoicedKind; id: number; number: string }[] = [];
      for (const row of await repo.unconsidered(ownerId, since, limit)) {
        const { document } = JSON.parse(row.snapshot) as { document: RenderableDocument };
        const eligible = goesThroughPlatform(document);
        const at = now();
        await inTransaction(db, async (trx) => {
          const stored = await einvoicingRecordRepository(trx).claim({
            document_kind: row.kind, document_id: row.document_id, owner_id: ownerId, number: document.number ?? '',
            state: eligible ? 'pending' : 'not_applicable', flow_id: null, message: null, created_at: at, updated_at: at,
          });
          if (stored && eligible) {
            await schedule(trx, { kind: row.kind, id: row.document_id });
            claimed.push({ kind: row.kind, id: row.document_id, number: document.number ?? '' });
          }
        });
      }
      return claimed;
    },

    /** The archived Factur-X of a claimed document and its parties; undefined when it has no record or no archive. */
    async submission(ownerId: number, kind: EInvoicedKind, id: number): Promise<{ record: EInvoicingDocumentRow; submission: Submission } | undefined> {
      const record = await repo.find(kind, id);
      if (!record || record.owner_id !== ownerId) return undefined;
      const archived = await archivedDocument(db, KIND_CONFIG[kind], ownerId, id);
      if (!archived) return undefined;
      const doc = archived.document;
      return {
        record,
        submission: {
          kind, id, number: doc.number ?? record.number, typeCode: invoiceTypeCode(doc), issueDate: doc.issueDate,
          pdf: archived.pdf, sha256: archived.sha256,
          seller: { siren: sirenOf(doc.issuer.siret), name: doc.issuer.name },
          buyer: { siren: sirenOf(doc.client.siren), name: doc.client.name },
        },
      };
    },

    /** What the sending did: submitted (with the flow's id), or why not. */
    async recordSubmission(kind: EInvoicedKind, id: number, outcome: { state: EInvoicingDocumentRow['state']; flowId?: string | null; message?: string | null; attempt?: boolean }) {
      const record = await repo.find(kind, id);
      if (!record) return;
      await repo.update(kind, id, {
        state: outcome.state,
        flow_id: outcome.flowId ?? record.flow_id,
        message: outcome.message ?? null,
        attempts: outcome.attempt ? record.attempts + 1 : record.attempts,
        updated_at: now(),
      });
    },

    /**
     * A lifecycle status the platform reported for one of the account's documents, named by its
     * number and type (BT-1, BT-3). 'unknown': no document of this account was sent with that
     * number; 'known': already recorded (a message delivered twice). A dispute, refusal or rejection
     * is written in the document's history with what to do.
     */
    async recordStatus(
      ownerId: number,
      status: { invoiceNumber: string; invoiceTypeCode: string; code: LifecycleStatusCode; at: string; reason: string | null; reasonCode: string | null },
    ): Promise<'recorded' | 'known' | 'unknown'> {
      const kind: EInvoicedKind = status.invoiceTypeCode === '381' ? 'credit_note' : 'invoice';
      const record = await repo.byNumber(ownerId, kind, status.invoiceNumber);
      if (!record) return 'unknown';
      // The buyer's reason code (XP Z12-012) said in French when Carnet knows it.
      const reason = reasonDisplay(status.reasonCode, status.reason).slice(0, 500);
      return inTransaction(db, async (trx) => {
        const rows = einvoicingRecordRepository(trx);
        const added = await rows.addStatus({
          owner_id: ownerId, document_kind: kind, document_id: record.document_id, code: status.code, at: status.at, reason, created_at: now(),
        });
        if (!added) return 'known' as const;
        await rows.setLatest(kind, record.document_id, status.code, status.at);
        if (status.code in LIFECYCLE_PROBLEMS) {
          await recordActivity(trx, {
            ownerId, objectType: kind, objectId: record.document_id, label: record.number, action: 'mis à jour',
            changes: `Facturation électronique : ${LIFECYCLE_STATUS_LABELS[status.code]}${reason ? ` (motif : ${reason})` : ''}. ${LIFECYCLE_PROBLEMS[status.code]}`,
          });
        }
        return 'recorded' as const;
      });
    },

    /**
     * Claims the payments on invoices sent through the platform that have no 212 record yet. The
     * 212 is due for services whose VAT is due on receipt (CGI art. 269-2-c: no option for VAT on
     * debits); other payments get a 'not_applicable' record. `schedule` as in claimIssued.
     */
    async claimPayments(ownerId: number, schedule: (trx: Kysely<Database>, paymentId: number) => Promise<unknown>, limit = 100): Promise<number[]> {
      const claimed: number[] = [];
      for (const payment of await repo.unreportedPayments(ownerId, limit)) {
        // The frozen snapshot says what the invoice is for; its PDF is not needed here.
        const doc = (await issuedSnapshot(db, 'invoice', ownerId, payment.invoice_id))?.document;
        const due = !!doc && doc.operationCategory === 'services' && !doc.vatOnDebits;
        const at = now();
        await inTransaction(db, async (trx) => {
          const stored = await einvoicingRecordRepository(trx).claimPaymentReport({
            payment_id: payment.id, owner_id: ownerId, invoice_id: payment.invoice_id, state: due ? 'pending' : 'not_applicable', message: null, created_at: at, updated_at: at,
          });
          if (stored && due) {
            await schedule(trx, payment.id);
            claimed.push(payment.id);
          }
        });
      }
      return claimed;
    },

    /** What the 212 of a payment says; undefined when the payment or its invoice's archive is gone. */
    async paymentReport(ownerId: number, paymentId: number): Promise<PaymentReport | undefined> {
      const payment = await repo.payment(ownerId, paymentId);
      if (!payment) return undefined;
      const [issued, record] = await Promise.all([issuedSnapshot(db, 'invoice', ownerId, payment.invoice_id), repo.find('invoice', payment.invoice_id)]);
      if (!issued || !record) return undefined;
      const doc = issued.document;
      // The totals frozen with the invoice: what it billed at each rate, TTC.
      const groups = issued.totals.breakdown.map((row) => ({ rate: row.rate, grossCents: row.base + row.tax }));
      return {
        paymentId,
        date: payment.date,
        invoice: { number: doc.number ?? '', typeCode: invoiceTypeCode(doc), issueDate: doc.issueDate, receivedAt: record.created_at },
        seller: { siren: sirenOf(doc.issuer.siret), name: doc.issuer.name },
        buyer: { siren: sirenOf(doc.client.siren), name: doc.client.name },
        cashed: cashedPerVatRate(Number(payment.amount_cents), groups),
      };
    },

    recordPaymentReport: (paymentId: number, outcome: { state: 'sent' | 'error'; flowId?: string | null; message?: string | null }) =>
      repo.updatePaymentReport(paymentId, { state: outcome.state, flow_id: outcome.flowId ?? null, message: outcome.message ?? null, updated_at: now() }),

    /** The platform refused a flow Carnet submitted (its acknowledgement `Error`): the document named by its tracking id (its number). */
    async recordRefusedFlow(ownerId: number, trackingId: string, message: string): Promise<boolean> {
      for (const kind of ['invoice', 'credit_note'] as const) {
        const record = await repo.byNumber(ownerId, kind, trackingId);
        if (!record) continue;
        if (record.state === 'error' && record.message === message) return false;
        await inTransaction(db, async (trx) => {
          await einvoicingRecordRepository(trx).update(kind, record.document_id, { state: 'error', message, updated_at: now() });
          await recordActivity(trx, { ownerId, objectType: kind, objectId: record.document_id, label: record.number, action: 'mis à jour', changes: `Facturation électronique : ${message}` });
        });
        return true;
      }
      return false;
    },

    /** The `einvoicing` field of a document's JSON: null when it was never considered for the platform. */
    async view(kind: EInvoicedKind, id: number): Promise<EInvoicingRecordJson | null> {
      const [record] = await repo.records(kind, [id]);
      if (!record || record.state === 'not_applicable') return null;
      const [history, reports] = await Promise.all([repo.statuses(kind, [id]), kind === 'invoice' ? repo.paymentReports(id) : Promise.resolve([])]);
      const latest = lifecycleStatusView(record.status_code);
      return {
        state: record.state,
        state_label: STATE_LABELS[record.state],
        message: record.message,
        flow_id: record.flow_id,
        status_code: latest?.code ?? null,
        status_label: latest?.label ?? null,
        problem: latest && latest.code in LIFECYCLE_PROBLEMS ? LIFECYCLE_PROBLEMS[latest.code as LifecycleStatusCode]! : null,
        history: history.map((h) => ({
          code: h.code, label: isLifecycleStatusCode(h.code) ? LIFECYCLE_STATUS_LABELS[h.code] : String(h.code), at: h.at, reason: h.reason,
        })),
        ...(kind === 'invoice' ? { payment_reports: reports.filter((r) => r.state !== 'not_applicable').map((r) => ({ payment_id: r.payment_id, state: r.state, message: r.message })) } : {}),
      };
    },
  };
}

export type EInvoicingRecord = ReturnType<typeof einvoicingRecord>;
