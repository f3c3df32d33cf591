import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { inTransaction, type Dialect } from '@/server/db/database';
import { ApiError, badRequest, notFound } from '@/server/http/errors';
import { enqueueAccountMail } from '@/server/mail/outbox';
import { documentFileName } from '@/server/pdf/document-model';
import { renderAcceptanceCertificate } from '@/server/pdf/pdf-pool';
import { recordActivity } from '@/server/modules/activity';
import { usersRepository, type UserRow } from '@/server/modules/auth';
import { sha256 } from '@/server/modules/ledger';
import {
  archivedDocument, CREDIT_NOTE_KIND, documentsService, INVOICE_KIND, issuedSnapshot, mintPortalLink, portalTokenHash, QUOTE_KIND,
  quotesService, type DocumentKindConfig, type DocumentView,
} from '@/server/modules/documents';
import { addDays, parisToday } from '@/shared/dates';
import { PORTAL_TEXTS } from '@/shared/portal';
import {
  type PortalAcceptBody, type PortalClientSpace, type PortalDeclineBody, type PortalDocument, type PortalGone, type PortalKind,
  type PortalLinkKind, type PortalSpaceDocument, type PortalView, type ShareLink, type ShareState,
} from '@/shared/contracts/portal';
import { portalRepository } from './portal.repository';
import { answerRefusal, portalDocument, shownAnswerOf, type LiveState, type StoredAnswer } from './portal-view';
import { acceptedEmail, declinedEmail } from './portal-emails';

const KINDS: Record<PortalKind, DocumentKindConfig> = { quote: QUOTE_KIND, invoice: INVOICE_KIND, credit_note: CREDIT_NOTE_KIND };

/** A token as minted (documents/portal-links.ts): 32 random bytes, base64url. Anything else is unknown without a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
export const isWellFormedToken = (token: string) => TOKEN_SHAPE.test(token);

/** How long a link lives after its document no longer needs it (issue 27). */
const QUOTE_LINK_DAYS_AFTER_VALIDITY = 30;

/** The same day a year later (29 February → 28 February). */
function oneYearAfter(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const next = new Date(Date.UTC(y + 1, m - 1, d));
  if (next.getUTCMonth() !== m - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

/** The Paris day of an instant (YYYY-MM-DD). */
const parisDayOf = (iso: string) => parisToday(new Date(iso));

/** A client space's link works for a year after it was made (README, « Client portal »). */
export const clientSpaceExpiry = (createdAt: string) => oneYearAfter(parisDayOf(createdAt));

/** The earlier of two end days (null: no end). */
const earliest = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);

const str = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * The day a document's links stop working (YYYY-MM-DD, Europe/Paris), from the document as it is
 * now: a quote's 30 days after its validity date; an invoice's a year after it was fully paid (none
 * while anything is due; an invoice cancelled by credit notes, a year after its issue); a credit
 * note's a year after its issue. Null: no end yet.
 */
export function linkExpiry(kind: PortalKind, view: DocumentView): string | null {
  const v = view as unknown as Record<string, unknown>;
  if (kind === 'quote') {
    const validity = str(v.expiration_date);
    return validity ? addDays(validity, QUOTE_LINK_DAYS_AFTER_VALIDITY) : null;
  }
  const issued = str(v.issue_date);
  if (kind === 'credit_note') return issued ? oneYearAfter(issued) : null;
  if (Number(v.balance_due ?? 0) > 0) return null;
  const settled = str(v.payment_date) ?? issued;
  return settled ? oneYearAfter(settled) : null;
}

const isExpired = (expiresAt: string | null, today: string) => expiresAt !== null && today >= expiresAt;

function liveState(kind: PortalKind, view: DocumentView): LiveState {
  const v = view as unknown as Record<string, unknown>;
  return {
    status: String(v.status),
    status_display: String(v.status_display ?? v.status),
    dueCents: kind === 'invoice' ? Math.round(Number(v.balance_due ?? 0) * 100) : null,
    validUntil: kind === 'quote' ? str(v.expiration_date) : null,
  };
}

const portalNotFound = () => new ApiError(404, { detail: PORTAL_TEXTS.notFound });

/** How the seller is reached, from the profile (a client space has no one snapshot to read it from). */
const sellerOf = (user: UserRow | undefined) => ({
  name: user ? user.company_name || `${user.first_name} ${user.last_name}`.trim() || user.email : '',
  email: user?.email ?? '',
  phone: user?.phone ?? '',
});

/** What a request tells of its sender, kept as the evidence of an answer. */
export interface AnswerEvidence {
  ip: string;
  userAgent: string;
}

export const USER_AGENT_MAX = 500;

/** A document a public request names: its link's token, and its number within a client space. */
export interface PortalTarget {
  token: string;
  number?: string;
}

/**
 * The client portal (issue 27): the owner's share links, and what a token opens — its document's
 * public view, its archived PDF, a quote's answer and certificate. A token is looked up by its
 * SHA-256 (the unique index: no scan, no comparison of secrets in SQL) and compared again in
 * constant time; one token opens its own document and nothing else.
 */
export function portalService(db: Kysely<Database>, dialect: Dialect, appUrl: string) {
  const repo = portalRepository(db);
  const services = {
    quote: documentsService(db, dialect, QUOTE_KIND),
    invoice: documentsService(db, dialect, INVOICE_KIND),
    credit_note: documentsService(db, dialect, CREDIT_NOTE_KIND),
  };

  // ---- The owner's side

  async function owned(ownerId: number, kind: PortalKind, id: number) {
    return services[kind].get(ownerId, id);
  }

  /** The owner's contact, else the same 404 as any unknown record. */
  async function ownedContact(ownerId: number, id: number) {
    const contact = await repo.contactOf(ownerId, id);
    if (!contact) throw notFound();
    return contact;
  }

  async function share(ownerId: number, kind: PortalLinkKind, id: number): Promise<ShareLink> {
    if (kind === 'contact') {
      await ownedContact(ownerId, id);
      const url = await mintPortalLink(db, appUrl, { ownerId, kind, documentId: id });
      return { url, expires_at: clientSpaceExpiry(new Date().toISOString()) };
    }
    const view = await owned(ownerId, kind, id);
    if (!(await issuedSnapshot(db, kind, ownerId, id))) {
      const detail =
        kind === 'quote'
          ? 'Envoyez d’abord le devis : seul un document émis peut être consulté en ligne par le client.'
          : 'Émettez d’abord la facture : seul un document émis peut être consulté en ligne par le client.';
      throw badRequest({ detail });
    }
    const url = await mintPortalLink(db, appUrl, { ownerId, kind, documentId: id });
    return { url, expires_at: linkExpiry(kind, view) };
  }

  async function state(ownerId: number, kind: PortalLinkKind, id: number): Promise<ShareState> {
    const view = kind === 'contact' ? await ownedContact(ownerId, id).then(() => null) : await owned(ownerId, kind, id);
    const links = await repo.linksOf(ownerId, kind, id);
    const today = parisToday();
    // A document's links end together (its rule); a client space's each a year after it was made.
    const ends = links
      .filter((l) => l.revoked_at === null)
      .map((l) => (view === null ? clientSpaceExpiry(l.created_at) : linkExpiry(kind as PortalKind, view)))
      .filter((end) => !isExpired(end, today));
    const live = ends.length > 0;
    const expiresAt = ends.includes(null) ? null : ((ends as string[]).sort().at(-1) ?? null);
    const firsts = links.map((l) => l.first_viewed_at).filter((d): d is string => d !== null).sort();
    const lasts = links.map((l) => l.last_viewed_at).filter((d): d is string => d !== null).sort();
    return {
      active: live,
      expires_at: live ? expiresAt : null,
      first_viewed_at: firsts[0] ?? null,
      last_viewed_at: lasts.at(-1) ?? null,
      view_count: links.reduce((sum, l) => sum + Number(l.view_count), 0),
      answer: kind === 'quote' ? shownAnswerOf(await repo.answerOf(id)) : null,
    };
  }

  async function revoke(ownerId: number, kind: PortalLinkKind, id: number): Promise<void> {
    if (kind === 'contact') await ownedContact(ownerId, id);
    else await owned(ownerId, kind, id);
    await repo.revokeAll(ownerId, kind, id, new Date().toISOString());
  }

  /** The certificate of the owner's accepted quote (rendered and stored now if it is missing); 404 when none. */
  async function ownerCertificate(ownerId: number, quoteId: number) {
    await owned(ownerId, 'quote', quoteId);
    return certificate(ownerId, quoteId);
  }

  // ---- What a token opens

  /** The link a token names: 404 for an unknown or malformed token (nothing tells it from one never made). */
  async function linkOf(token: string) {
    if (!isWellFormedToken(token)) throw portalNotFound();
    const hash = portalTokenHash(token);
    const link = await repo.linkByHash(hash);
    if (!link || !timingSafeEqual(Buffer.from(link.token_hash, 'hex'), Buffer.from(hash, 'hex'))) throw portalNotFound();
    return link;
  }

  type Link = Awaited<ReturnType<typeof linkOf>>;

  /** A client space's link, live: 410 (with only how to reach the seller) once revoked or a year old. */
  async function liveSpace(link: Link) {
    const end = clientSpaceExpiry(link.created_at);
    const today = parisToday();
    if (link.revoked_at !== null || isExpired(end, today)) {
      const seller = sellerOf(await usersRepository(db).findById(link.owner_id));
      throw new ApiError(410, { detail: link.revoked_at !== null ? PORTAL_TEXTS.revoked : PORTAL_TEXTS.expired, seller } satisfies PortalGone);
    }
    return { end, today };
  }

  /**
   * The document a token opens — a document link's own (`number` absent), or the document numbered
   * `number` of a client space's client — with its snapshot and live view. 404 for an unknown
   * token, a number on a document link or none on a space, or a number that is not this client's
   * issued document of this owner (the same answer for all); 410 for a revoked or expired link (with
   * only how to reach the seller). Through a space, a document past its own link's end is not
   * listed, and answers 404.
   */
  const resolve = async (token: string, number?: string) => resolveLink(await linkOf(token), number);

  async function resolveLink(link: Link, number?: string) {
    let target: { kind: PortalKind; id: number } | undefined;
    let spaceEnd: string | null = null;
    if (link.kind === 'contact') {
      if (number === undefined) throw portalNotFound();
      spaceEnd = (await liveSpace(link)).end;
      target = await repo.clientDocument(link.owner_id, link.document_id, number);
      if (!target) throw portalNotFound();
    } else {
      if (number !== undefined) throw portalNotFound();
      target = { kind: link.kind, id: link.document_id };
    }
    const { kind, id: documentId } = target;
    const snapshot = await issuedSnapshot(db, kind, link.owner_id, documentId);
    if (!snapshot) throw portalNotFound();
    const issuer = snapshot.document.issuer;
    const gone = (detail: string): PortalGone => ({ detail, seller: { name: issuer.name, email: issuer.email, phone: issuer.phone } });
    if (link.revoked_at !== null) throw new ApiError(410, gone(PORTAL_TEXTS.revoked));
    const view = await services[kind].get(link.owner_id, documentId).catch((err: unknown) => {
      if (err instanceof ApiError && err.statusCode === 404) throw portalNotFound();
      throw err;
    });
    const documentEnd = linkExpiry(kind, view);
    const today = parisToday();
    if (isExpired(documentEnd, today)) throw link.kind === 'contact' ? portalNotFound() : new ApiError(410, gone(PORTAL_TEXTS.expired));
    return { link, kind, documentId, snapshot, view, expiresAt: earliest(documentEnd, spaceEnd), today };
  }

  type Resolved = Awaited<ReturnType<typeof resolve>>;

  const storedAnswer = async (r: Resolved): Promise<StoredAnswer | undefined> =>
    r.kind === 'quote' ? await repo.answerOf(r.documentId) : undefined;

  const shown = async (r: Resolved) =>
    portalDocument({
      kind: r.kind, doc: r.snapshot.document, totals: r.snapshot.totals, live: liveState(r.kind, r.view),
      answer: await storedAnswer(r), expiresAt: r.expiresAt, today: r.today,
    });

  /**
   * One opening of a document by the client: its link's counts (a document link; a client space
   * counts the openings of its list) and the history entry « Consulté en ligne par le client », at
   * most one per document and Paris day (its dedupe key: one insert, nothing read first), in one
   * transaction.
   */
  async function recordOpening(r: Resolved) {
    const at = new Date().toISOString();
    await inTransaction(db, async (trx) => {
      if (r.link.kind !== 'contact') await portalRepository(trx).recordView(r.link.id, at);
      await recordActivity(trx, {
        ownerId: r.link.owner_id, objectType: r.kind, objectId: r.documentId, label: r.view.title, action: 'mis à jour',
        changes: PORTAL_TEXTS.viewedHistory, clientName: r.view.client?.name ?? null,
        dedupeKey: `portal-view:${r.kind}:${r.documentId}:${r.today}`,
      });
    });
  }

  /** A client space: the client's issued documents still within their own link's rule, newest first; counts one opening. */
  async function clientSpace(link: Link): Promise<PortalClientSpace> {
    const { end, today } = await liveSpace(link);
    const [contact, owner] = await Promise.all([repo.contactOf(link.owner_id, link.document_id), usersRepository(db).findById(link.owner_id)]);
    if (!contact) throw portalNotFound();
    const listed: PortalSpaceDocument[] = [];
    for (const kind of Object.keys(services) as PortalKind[]) {
      for (const row of await services[kind].forClient(link.owner_id, link.document_id)) {
        const v = row as unknown as Record<string, unknown>;
        const number = str(v[KINDS[kind].numberField]);
        // Never a draft: only what was issued (numbered) and not drafted again.
        if (!number || row.status === 'draft' || isExpired(linkExpiry(kind, row as unknown as DocumentView), today)) continue;
        listed.push({
          kind,
          kind_display: kind === 'quote' ? 'Devis' : kind === 'credit_note' ? 'Avoir' : v.is_deposit ? 'Facture d’acompte' : 'Facture',
          number,
          title: row.title,
          issue_date: row.issue_date ?? '',
          end_date: kind === 'credit_note' ? null : str(v[KINDS[kind].endDateField]),
          status: row.status,
          status_display: row.status_display,
          total: row.total_amount,
          amount_due: kind === 'invoice' ? Number(v.balance_due ?? 0) : null,
        });
      }
    }
    listed.sort((a, b) => b.issue_date.localeCompare(a.issue_date) || b.number.localeCompare(a.number));
    await repo.recordView(link.id, new Date().toISOString());
    return { kind: 'client_space', seller: sellerOf(owner), client_name: contact.name, documents: listed, expires_at: end };
  }

  /** What a token opens: a document link's document (one opening), or a client space's list. */
  async function view(token: string): Promise<PortalView> {
    const link = await linkOf(token);
    if (link.kind === 'contact') return clientSpace(link);
    return opened(await resolveLink(link));
  }

  /** The document as issued with its live state; counts one opening. */
  async function opened(r: Resolved): Promise<PortalDocument> {
    await recordOpening(r);
    return shown(r);
  }

  /** The archived PDF: exactly the bytes issued and sent. */
  async function pdf(token: string, number?: string) {
    const { link, kind, documentId } = await resolve(token, number);
    const archived = await archivedDocument(db, KINDS[kind], link.owner_id, documentId);
    if (!archived) throw portalNotFound();
    return { pdf: archived.pdf, fileName: documentFileName(archived.document) };
  }

  /**
   * The client's answer to a quote, in one short transaction: the answer row (its primary key lets
   * one answer in), the quote's status (the quotes service: only a sent quote), the history entry and
   * the freelancer's e-mail (outbox). Returns the link for what follows the commit.
   */
  async function answer(
    at: PortalTarget,
    body: { kind: 'accepted'; accept: PortalAcceptBody } | { kind: 'declined'; decline: PortalDeclineBody },
    evidence: AnswerEvidence,
  ) {
    const r = await resolve(at.token, at.number);
    const refusal = answerRefusal(r.kind, liveState(r.kind, r.view), await storedAnswer(r), r.today);
    if (refusal === PORTAL_TEXTS.alreadyAnswered) throw new ApiError(409, { detail: refusal });
    if (refusal !== null) throw badRequest({ detail: refusal });
    const { link: { owner_id: ownerId }, documentId: quoteId } = r;
    // The digest of the archived PDF the client was shown, read (rendered if still pending) before the transaction.
    const archived = await archivedDocument(db, QUOTE_KIND, ownerId, quoteId);
    const answeredAt = new Date().toISOString();
    const accepted = body.kind === 'accepted';
    const signerName = accepted ? body.accept.signer_name.trim() : '';
    const reason = accepted ? '' : (body.decline.reason ?? '').trim();
    const doc = r.snapshot.document;
    await inTransaction(db, async (trx) => {
      const stored = await portalRepository(trx).insertAnswer({
        quote_id: quoteId, owner_id: ownerId, answer: body.kind, signer_name: signerName,
        signer_email: accepted ? (body.accept.signer_email ?? '').trim() : '', reason, answered_at: answeredAt,
        ip: evidence.ip, user_agent: evidence.userAgent.slice(0, USER_AGENT_MAX), pdf_sha256: archived?.sha256 ?? null,
        certificate: null, certificate_sha256: null,
      });
      if (!stored) throw new ApiError(409, { detail: PORTAL_TEXTS.alreadyAnswered });
      const history = accepted ? PORTAL_TEXTS.acceptedHistory(signerName) : PORTAL_TEXTS.declinedHistory;
      const changed = await quotesService(trx, dialect).answer({ ownerId, quoteId, status: accepted ? 'accepted' : 'rejected', history });
      // Answered by hand meanwhile: this answer is not stored either (the transaction rolls back).
      if (!changed) throw new ApiError(409, { detail: PORTAL_TEXTS.alreadyAnswered });
      const owner = await usersRepository(trx).findById(ownerId);
      if (owner?.email) {
        const quote = { number: doc.number ?? '', title: doc.title, client: doc.client.name };
        const mail = accepted
          ? acceptedEmail(owner.email, quote, signerName, `${appUrl}/quotes/${quoteId}`)
          : declinedEmail(owner.email, quote, reason, `${appUrl}/quotes/${quoteId}`);
        await enqueueAccountMail(trx, { ownerId, mail });
      }
    });
    return { ownerId, quoteId, accepted };
  }

  /**
   * The certificat d'acceptation of an accepted quote: the stored one, else rendered now from the
   * stored evidence (in the pool, outside any transaction) and stored with its digest. Undefined
   * when the quote has no online acceptance.
   */
  async function certificate(ownerId: number, quoteId: number): Promise<{ pdf: Buffer; fileName: string } | undefined> {
    const stored = await repo.certificateOf(ownerId, quoteId);
    if (!stored) return undefined;
    const evidence = (await repo.answerOf(quoteId))!;
    const snapshot = await issuedSnapshot(db, 'quote', ownerId, quoteId);
    const number = snapshot?.document.number ?? '';
    const fileName = `certificat-acceptation_${number || quoteId}.pdf`;
    if (stored.certificate) return { pdf: Buffer.from(stored.certificate), fileName };
    const pdf = await renderAcceptanceCertificate(
      {
        quoteNumber: number,
        quoteTitle: snapshot?.document.title ?? '',
        seller: snapshot?.document.issuer.name ?? '',
        client: snapshot?.document.client.name ?? '',
        pdfSha256: evidence.pdf_sha256 ?? '',
        signerName: evidence.signer_name,
        signerEmail: evidence.signer_email,
        answeredAt: evidence.answered_at,
        ip: evidence.ip,
        userAgent: evidence.user_agent,
      },
      ownerId,
    );
    await repo.storeCertificate(quoteId, pdf, sha256(pdf));
    // Two renders at once: the first stored wins, and both serve it.
    const kept = await repo.certificateOf(ownerId, quoteId);
    return { pdf: kept?.certificate ? Buffer.from(kept.certificate) : pdf, fileName };
  }

  return {
    share,
    state,
    revoke,
    ownerCertificate,
    view,
    /** A document a token opens: `at.number` names it within a client space, absent for a document link. */
    document: async (at: PortalTarget) => opened(await resolve(at.token, at.number)),
    pdf: (at: PortalTarget) => pdf(at.token, at.number),
    /** Accepts the quote; the certificate is rendered after the commit (a failure there leaves the acceptance standing). */
    async accept(at: PortalTarget, body: PortalAcceptBody, evidence: AnswerEvidence, afterCommit: () => void): Promise<PortalDocument> {
      const done = await answer(at, { kind: 'accepted', accept: body }, evidence);
      afterCommit();
      await certificate(done.ownerId, done.quoteId).catch(() => undefined);
      return shown(await resolve(at.token, at.number));
    },
    async decline(at: PortalTarget, body: PortalDeclineBody, evidence: AnswerEvidence, afterCommit: () => void): Promise<PortalDocument> {
      await answer(at, { kind: 'declined', decline: body }, evidence);
      afterCommit();
      return shown(await resolve(at.token, at.number));
    },
    /** The certificate of the quote; 404 when it has none. */
    async publicCertificate(at: PortalTarget) {
      const { link, kind, documentId } = await resolve(at.token, at.number);
      const found = kind === 'quote' ? await certificate(link.owner_id, documentId) : undefined;
      if (!found) throw new ApiError(404, { detail: 'Ce devis n’a pas de certificat d’acceptation.' });
      return found;
    },
  };
}

export type PortalService = ReturnType<typeof portalService>;
