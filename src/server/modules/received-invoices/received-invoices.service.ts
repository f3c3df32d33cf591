import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { inTransaction } from '@/server/db/database';
import type { Database } from '@/server/db/schema';
import { ApiError, badRequest, notFound } from '@/server/http/errors';
import { ReceivedInvoiceError, readReceivedInvoice, type ReceivedInvoice, type ReceivedParty } from '@/server/einvoicing/received-invoice';
import { recordActivity } from '@/server/modules/activity';
import { csvAmount, csvText, frenchCsv, periodQuery } from '@/server/modules/reports';
import type { ReportQueryParams } from '@/shared/contracts/reports';
import type { ReceivedInvoiceJson, ReceivedInvoiceRow, PurchasesRegister } from '@/shared/contracts/received-invoices';
import { fromHundredths, fromTenThousandths } from '@/shared/money';
import {
  RECEIVED_ANSWERS, RECEIVED_MESSAGES, RECEIVED_STATUS_LABELS, allowedAnswers, reasonDisplay, reasonLabel, receivedStatusOf, type ReceivedAnswer,
} from '@/shared/received-invoices';
import { normalizeSearch } from '@/shared/search';
import { receivedInvoicesRepository, type ReceivedInvoiceRecord } from './received-invoices.repository';

/** An answer to send back to the supplier through the platform (a buyer's lifecycle status). */
export interface AnswerToSend {
  statusId: number;
  code: number;
  /** The reason code the user chose (null: none, or an answer given before reason codes). */
  reasonCode: string | null;
  /** The user's details ('' when none). */
  reason: string;
  at: string;
  invoice: { number: string; typeCode: string; issueDate: string; receivedAt: string };
  supplier: { siren: string; name: string };
  buyer: { siren: string; name: string };
}

/** What `data` holds: what was read that has no column of its own. */
type StoredData = Pick<ReceivedInvoice, 'seller' | 'buyer' | 'lines' | 'vat' | 'totals' | 'payment' | 'notes' | 'problems'>;

/** BT-3 codes of a credit note (UNTDID 1001): it reduces what is owed, so the register counts it negative. */
const CREDIT_NOTE_TYPES = new Set(['381', '261', '262', '296', '308', '396', '420', '458', '532']);

/** One invoice per supplier and number: the supplier by its SIREN, else its VAT number, else its name. */
const supplierKey = (seller: ReceivedParty) =>
  seller.siren ? `siren:${seller.siren}` : seller.vatNumber ? `vat:${seller.vatNumber.toUpperCase()}` : `name:${normalizeSearch(seller.name)}`;

const partyJson = (p: ReceivedParty) => ({
  name: p.name, siren: p.siren, vat_number: p.vatNumber, email: p.email,
  address: { line1: p.address.line1, line2: p.address.line2, postal_code: p.address.postalCode, city: p.address.city, country: p.address.country },
});

function rowJson(row: ReceivedInvoiceRecord, data: StoredData): ReceivedInvoiceRow {
  const status = receivedStatusOf(row.status_code);
  return {
    id: row.id,
    number: row.number,
    type_code: row.type_code,
    is_credit_note: CREDIT_NOTE_TYPES.has(row.type_code),
    issue_date: row.issue_date,
    due_date: row.due_date,
    supplier_name: row.supplier_name,
    supplier_siren: row.supplier_siren,
    total_net: fromHundredths(row.net_cents),
    total_vat: fromHundredths(row.vat_cents),
    total_gross: fromHundredths(row.gross_cents),
    amount_due: fromHundredths(row.due_cents),
    status,
    status_display: RECEIVED_STATUS_LABELS[status],
    format: row.format as ReceivedInvoiceRow['format'],
    source: row.source as ReceivedInvoiceRow['source'],
    problems_count: data.problems.length,
    received_at: row.received_at,
  };
}

/** Whether an answer went back to the supplier (only those to invoices received through the platform do). */
const SENT_LABELS = {
  none: null,
  pending: 'En cours d’envoi au fournisseur',
  sent: 'Envoyé au fournisseur par la plateforme',
  error: 'Non envoyé : la plateforme l’a refusé',
} as const;

const percentLabel = (rate: number) => `${String(rate).replace('.', ',')} %`;

/** The register as French Excel opens it (see reports-csv.ts). */
function purchasesCsv(register: PurchasesRegister): string {
  const date = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  const cents = (euros: number) => csvAmount(Math.round(euros * 100));
  return frenchCsv([
    ['Date', 'Fournisseur', 'SIREN', 'Numéro', 'HT', ...register.rates.map((r) => `TVA ${percentLabel(r)}`), 'TTC'],
    ...register.rows.map((r) => [date(r.issue_date), csvText(r.supplier_name), r.supplier_siren ?? '', csvText(r.number), cents(r.net), ...r.vat_by_rate.map(cents), cents(r.gross)]),
    ['Total', '', '', '', cents(register.totals.net), ...register.totals.vat_by_rate.map(cents), cents(register.totals.gross)],
  ]);
}

/**
 * « Factures reçues » (issue 26): suppliers' e-invoices filed from an upload (an invoice received
 * by e-mail) or, once the platform is connected, from its flows. The file is read before any
 * database work (no transaction waits on a PDF being parsed); filing and its history entry commit
 * together.
 */
export function receivedInvoicesService(db: Kysely<Database>) {
  const repo = receivedInvoicesRepository(db);

  async function detail(ownerId: number, id: number): Promise<ReceivedInvoiceJson> {
    const row = await repo.find(ownerId, id);
    if (!row) throw notFound();
    const data = JSON.parse(row.data) as StoredData;
    const statuses = await repo.statuses(id);
    const status = receivedStatusOf(row.status_code);
    return {
      ...rowJson(row, data),
      currency: row.currency,
      seller: partyJson(data.seller),
      buyer: partyJson(data.buyer),
      lines: data.lines.map((l) => ({
        name: l.name, description: l.description, quantity: fromTenThousandths(l.quantity), unit_code: l.unitCode,
        unit_price: fromTenThousandths(l.unitPrice), total: fromHundredths(l.netAmountCents), vat_category: l.vatCategory, vat_rate: fromHundredths(l.vatRateBasisPoints),
      })),
      vat_breakdown: data.vat.map((v) => ({ category: v.category, rate: fromHundredths(v.rateBasisPoints), base: fromHundredths(v.baseCents), tax: fromHundredths(v.taxCents) })),
      total_lines: fromHundredths(data.totals.linesCents),
      total_prepaid: fromHundredths(data.totals.prepaidCents),
      payment: data.payment,
      notes: data.notes,
      problems: data.problems,
      has_pdf: row.format === 'factur-x',
      original_name: row.original_name,
      history: statuses.map((s) => {
        const answer = receivedStatusOf(s.code);
        return {
          status: answer, label: RECEIVED_STATUS_LABELS[answer], code: s.code, reason_code: s.reason_code, reason_label: reasonLabel(s.reason_code), reason: s.reason,
          at: s.at, sent: SENT_LABELS[s.platform_state ?? 'none'],
        };
      }),
      allowed_answers: [...allowedAnswers(status)],
    };
  }

  return {
    detail,

    async list(ownerId: number, query: { status?: keyof typeof RECEIVED_STATUS_LABELS; q?: string }): Promise<ReceivedInvoiceRow[]> {
      const statusCode = query.status === undefined ? undefined : query.status === 'received' ? null : RECEIVED_ANSWERS[query.status];
      const rows = await repo.list(ownerId, { statusCode, term: query.q });
      return rows.map((row) => rowJson(row, JSON.parse(row.data) as StoredData));
    },

    /** Files an uploaded file (`source` 'upload') or a platform's (`'platform'`); 409 when already filed. */
    async file(ownerId: number, file: Buffer, originalName: string, source: 'upload' | 'platform' = 'upload', platformFlowId: string | null = null): Promise<ReceivedInvoiceJson> {
      let invoice: ReceivedInvoice;
      try {
        invoice = await readReceivedInvoice(file);
      } catch (error) {
        if (error instanceof ReceivedInvoiceError) throw badRequest({ file: [error.message] });
        throw error;
      }
      const key = supplierKey(invoice.seller);
      const duplicate = () => new ApiError(409, { detail: RECEIVED_MESSAGES.duplicate(invoice.number, invoice.seller.name) });
      if (await repo.findDuplicate(ownerId, key, invoice.number)) throw duplicate();
      const { seller, buyer, lines, vat, totals, payment, notes, problems } = invoice;
      const id = await inTransaction(db, async (trx) => {
        const inserted = await receivedInvoicesRepository(trx).insert(ownerId, {
          source,
          format: invoice.format,
          number: invoice.number,
          type_code: invoice.typeCode,
          issue_date: invoice.issueDate,
          due_date: invoice.dueDate,
          currency: invoice.currency,
          supplier_key: key,
          supplier_name: seller.name,
          supplier_siren: seller.siren,
          net_cents: totals.netCents,
          vat_cents: totals.vatCents,
          gross_cents: totals.grossCents,
          due_cents: totals.dueCents,
          data: JSON.stringify({ seller, buyer, lines, vat, totals, payment, notes, problems } satisfies StoredData),
          original: file,
          original_name: originalName.slice(0, 200),
          original_sha256: createHash('sha256').update(file).digest('hex'),
          search_text: normalizeSearch(`${invoice.number} ${seller.name} ${seller.siren ?? ''}`),
          received_at: new Date().toISOString(),
          platform_flow_id: platformFlowId,
        });
        if (inserted === undefined) return undefined;
        await recordActivity(trx, { ownerId, objectType: 'received_invoice', objectId: inserted, label: `${invoice.number} de ${seller.name}`, action: 'créé' });
        return inserted;
      });
      if (id === undefined) throw duplicate();
      return detail(ownerId, id);
    },

    /**
     * The user's answer (205 Approuvée, 207 En litige, 210 Refusée, 211 Paiement effectué). For an
     * invoice that came through the platform it is also to be sent back to the supplier as a
     * lifecycle message: the einvoicing module's sync sends it (`answersToSend`, `recordAnswerSent`).
     * The body's reason code was checked against the answer by its schema (`receivedAnswerSchema`).
     */
    async answer(ownerId: number, id: number, body: { status: string; reason_code?: string | null; reason: string }): Promise<ReceivedInvoiceJson> {
      const row = await repo.find(ownerId, id);
      if (!row) throw notFound();
      const from = receivedStatusOf(row.status_code);
      const to = body.status as ReceivedAnswer;
      const notAllowed = () => badRequest({ status: [RECEIVED_MESSAGES.notAllowed(RECEIVED_STATUS_LABELS[from], RECEIVED_STATUS_LABELS[to])] });
      if (!allowedAnswers(from).includes(to)) throw notAllowed();
      const code = RECEIVED_ANSWERS[to];
      const answered = await inTransaction(db, async (trx) => {
        const repository = receivedInvoicesRepository(trx);
        // Conditional: of two answers sent at once, the second finds the status moved and is refused.
        if (!(await repository.answer(ownerId, id, row.status_code, code))) return false;
        const reasonCode = body.reason_code ?? null;
        await repository.addStatus(ownerId, id, { code, reasonCode, reason: body.reason }, new Date().toISOString(), row.source === 'platform');
        const reason = reasonDisplay(reasonCode, body.reason);
        const why = reason ? ` (${reason})` : '';
        await recordActivity(trx, {
          ownerId, objectType: 'received_invoice', objectId: id, label: `${row.number} de ${row.supplier_name}`, action: 'mis à jour',
          changes: `Statut : ${RECEIVED_STATUS_LABELS[from]} → ${RECEIVED_STATUS_LABELS[to]}${why}`,
        });
        return true;
      });
      if (!answered) throw new ApiError(409, { detail: 'Cette facture vient d’être traitée par ailleurs : rechargez la page.' });
      return detail(ownerId, id);
    },

    /** Answers to invoices received through the platform not sent back yet, with what their lifecycle message names. */
    async answersToSend(ownerId: number, limit = 100, only?: number): Promise<AnswerToSend[]> {
      const rows = await repo.answersToSend(ownerId, limit, only);
      return rows.map((row) => {
        const data = JSON.parse(row.data) as StoredData;
        return {
          statusId: row.id,
          code: row.code,
          reasonCode: row.reason_code,
          reason: row.reason,
          at: row.at,
          invoice: { number: row.number, typeCode: row.type_code, issueDate: row.issue_date, receivedAt: row.received_at },
          supplier: { siren: row.supplier_siren ?? '', name: row.supplier_name },
          buyer: { siren: data.buyer.siren ?? '', name: data.buyer.name },
        };
      });
    },

    recordAnswerSent: (statusId: number, state: 'sent' | 'error', message: string | null = null) => repo.markAnswer(statusId, state, message),

    /** The file as received (`pdf`: only a PDF, the supplier's own). */
    async original(ownerId: number, id: number, pdf: boolean) {
      const row = await repo.original(ownerId, id);
      if (!row) throw notFound();
      // 409, not 404: the invoice is there, it has no PDF (`has_pdf`); its page shows what the XML says.
      if (pdf && row.format !== 'factur-x') throw new ApiError(409, { detail: RECEIVED_MESSAGES.noPdf });
      return row;
    },

    /** GET reports/purchases/: the period's register, as JSON or as CSV. */
    async purchases(ownerId: number, query: ReportQueryParams) {
      const { from, to, format } = periodQuery(query);
      const register = await this.register(ownerId, from, to);
      return { from, to, format, register, csv: format === 'csv' ? purchasesCsv(register) : '' };
    },

    /** The purchases register of a period: date, supplier, SIREN, number, HT, VAT per rate, TTC (credit notes negative). */
    async register(ownerId: number, from: string, to: string): Promise<PurchasesRegister> {
      const rows = await repo.register(ownerId, from, to, RECEIVED_ANSWERS.refused);
      const parsed = rows.map((row) => {
        const sign = CREDIT_NOTE_TYPES.has(row.type_code) ? -1 : 1;
        const vat = new Map<number, number>();
        for (const group of (JSON.parse(row.data) as StoredData).vat) vat.set(group.rateBasisPoints, (vat.get(group.rateBasisPoints) ?? 0) + sign * group.taxCents);
        return { row, sign, vat };
      });
      const rates = [...new Set(parsed.flatMap((p) => [...p.vat.keys()]))].sort((a, b) => b - a);
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      const lines = parsed.map(({ row, sign, vat }) => ({
        id: row.id, issue_date: row.issue_date, supplier_name: row.supplier_name, supplier_siren: row.supplier_siren, number: row.number,
        netCents: sign * row.net_cents, vatCents: rates.map((r) => vat.get(r) ?? 0), grossCents: sign * row.gross_cents,
      }));
      return {
        from, to,
        rates: rates.map(fromHundredths),
        rows: lines.map((l) => ({
          id: l.id, issue_date: l.issue_date, supplier_name: l.supplier_name, supplier_siren: l.supplier_siren, number: l.number,
          net: fromHundredths(l.netCents), vat_by_rate: l.vatCents.map(fromHundredths), gross: fromHundredths(l.grossCents),
        })),
        totals: {
          net: fromHundredths(sum(lines.map((l) => l.netCents))),
          vat_by_rate: rates.map((_, i) => fromHundredths(sum(lines.map((l) => l.vatCents[i])))),
          gross: fromHundredths(sum(lines.map((l) => l.grossCents))),
        },
      };
    },
  };
}

export type ReceivedInvoicesService = ReturnType<typeof receivedInvoicesService>;
