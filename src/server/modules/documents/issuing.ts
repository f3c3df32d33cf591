import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { Dialect } from '@/server/db/database';
import { ApiError, badRequest, OperatorAlertError } from '@/server/http/errors';
import { documentTotals, type Party, type RenderableDocument } from '@/server/pdf/document-model';
import { pdfWorkerCount, renderPdf, reserveRender, type RenderReservation } from '@/server/pdf/pdf-pool';
import { facturXmlProblems } from '@/server/pdf/factur-x-check';
import { fromHundredths } from '@/shared/money';
import { paymentTermsOf } from '@/shared/payment-terms';
import { issuerLegalLines } from '@/shared/profile';
import { exemptionKeyOf, exemptionRequired, exemptionPlaceProblem, OPERATION_CATEGORIES, OUTSIDE_SCOPE_OTHER_EXEMPTION, OUTSIDE_SCOPE_TAXED_LINE, type OperationCategory } from '@/shared/vat';
import { isCountryCode } from '@/shared/countries';
import { vatGroups } from '@/server/pdf/vat-treatment';
import { countryCode } from '@/server/pdf/countries';
import { usersRepository, type UserRow } from '@/server/modules/auth';
import { logosRepository } from '@/server/modules/profile';
import { appendLedgerEntry } from '@/server/modules/ledger';
import { pdfSealParts, seal, sealMatches, sha256 } from '@/server/modules/ledger';
import { CREDIT_NOTE_KIND, documentNoun, INVOICE_KIND, QUOTE_KIND, type DocumentKindConfig } from './document-kinds';
import type { ArchivedPdfReader } from '@/server/mail/outbox';
import type { DocumentView } from './document-views';
import { documentsRepository } from './documents.repository';
import { issuedDocumentsRepository } from './issued-documents.repository';
import { partiesRepository } from './parties.repository';
import { invoiceLinksRepository } from './invoices/invoice-links.repository';
import { lineUnitOf } from '@/shared/units';
import { chronologyProblems } from './core';

/**
 * Issuing: what makes a document a legal record. Checks (EN 16931 rules our data can break,
 * chronology), then, in the transaction that numbers the document (CGI art. 242 nonies A, art.
 * 289), the snapshot of everything printed and, for invoices and credit notes, the journal entry
 * (`recordIssued`); after the commit, the PDF rendered from the snapshot in the pool and stored
 * with its digest and seal in a second short transaction (`archivePendingPdfs`).
 */


function issuerParty(user: UserRow): Party {
  const person = `${user.first_name} ${user.last_name}`.trim();
  return {
    name: user.company_name || person || user.email,
    secondaryName: user.business_type,
    contactName: person,
    address: user.address,
    postalCode: user.postal_code,
    city: user.city,
    country: user.country,
    email: user.email,
    phone: user.phone,
    website: user.website,
    siret: user.siret,
    vatNumber: user.vat_number,
    legalLines: issuerLegalLines({
      ...user,
      share_capital: user.share_capital_cents === null ? null : fromHundredths(Number(user.share_capital_cents)),
    }),
  };
}

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** The document with its issuer (the user's profile) and full client, from live data, ready to render. */
export async function liveRenderable(db: Kysely<Database>, kind: DocumentKindConfig, ownerId: number, view: DocumentView) {
  const [user, contact, logo] = await Promise.all([
    usersRepository(db).findById(ownerId),
    partiesRepository(db).contact(ownerId, view.client!.id),
    logosRepository(db).find(ownerId),
  ]);
  if (!user || !contact) throw new ApiError(404, { error: `${documentNoun(kind)} introuvable.` });
  const invoice = view.invoice as { invoice_number: string | null; issue_date: string | null } | undefined;
  const document: RenderableDocument = {
    kind: kind.kind,
    number: (view[kind.numberField] as string | null) ?? null,
    id: view.id,
    status: view.status,
    title: view.title,
    description: String(view.description ?? ''),
    issueDate: String(view.issue_date),
    endDate: (view[kind.endDateField] as string | null) ?? null,
    ...(view.payment_terms ? { paymentTerms: paymentTermsOf(view.payment_terms, view.payment_days) } : {}),
    paymentDate: (view.payment_date as string | null | undefined) ?? null,
    taxRate: Number(view.tax_rate),
    lines: (view.line_items ?? []).map((l) => ({
      title: l.title, description: l.description, quantity: l.quantity, unitPrice: l.unit_price,
      taxRate: Number((l as { tax_rate?: number }).tax_rate ?? view.tax_rate),
      unit: lineUnitOf(l.unit),
      ...(l.discount_percent ? { discountPercent: l.discount_percent } : {}),
      ...(l.discount_amount ? { discountAmount: l.discount_amount } : {}),
      ...(l.vat_exemption ? { vatExemption: l.vat_exemption } : {}),
    })),
    discount:
      view.discount_percent || view.discount_amount
        ? { percent: view.discount_percent, amount: view.discount_amount, reason: view.discount_reason }
        : null,
    vatRegime: user.vat_regime === 'assujetti' ? 'assujetti' : 'franchise',
    vatExemption: exemptionKeyOf(view.vat_exemption),
    vatOnDebits: user.vat_regime === 'assujetti' && Boolean(user.vat_on_debits),
    clientType: contact.client_type === 'particulier' ? 'particulier' : 'professionnel',
    operationCategory: oneOf<OperationCategory>(OPERATION_CATEGORIES, view.operation_category, 'services'),
    serviceDate: (view.service_date as string | null | undefined) ?? null,
    serviceEndDate: (view.service_end_date as string | null | undefined) ?? null,
    delivery: contact.delivery_address.trim()
      ? {
          address: contact.delivery_address,
          postalCode: contact.delivery_postal_code,
          city: contact.delivery_city,
          // A code since migration 0021 ('' only when it could not be read: issuing asks for it).
          country: contact.delivery_country,
        }
      : null,
    bank: user.iban ? { iban: user.iban, bic: user.bic } : null,
    // The document's notices; the profile's defaults when the document has none.
    legalNotice: String(view.legal_notice ?? '') || user.legal_notice,
    signatureNotice: String(view.signature_notice ?? '') || user.signature_notice,
    issuer: issuerParty(user),
    client: {
      name: contact.name,
      secondaryName: contact.company && contact.company !== contact.name ? contact.company : '',
      contactName: '',
      address: contact.address,
      postalCode: contact.postal_code,
      city: contact.city,
      country: contact.country,
      email: contact.email,
      phone: '',
      website: '',
      siret: '',
      vatNumber: contact.vat_number,
      siren: contact.siren,
    },
    creditedInvoice: invoice?.invoice_number
      ? { number: invoice.invoice_number, issueDate: String(invoice.issue_date), reason: String(view.reason ?? '') }
      : null,
    ...(kind.kind === 'invoice' ? await depositFields(db, view) : {}),
    // Issue 28: the look of now, frozen with the rest in an issued document's snapshot.
    branding: { accentColor: user.accent_color, logoPng: logo ? logo.png.toString('base64') : null },
    // Issue 27: an invoice made from now on carries the EPC QR code of its transfer (frozen too).
    ...(kind.kind === 'invoice' ? { paymentQr: true } : {}),
  };
  return { document, user, contactId: contact.id };
}

/** A deposit invoice's quote; a final invoice's quote and the deposits it deducts (issue 15). */
async function depositFields(db: Kysely<Database>, view: DocumentView): Promise<Partial<RenderableDocument>> {
  const depositOf = view.deposit_of_quote as { id: number } | null | undefined;
  const quoteId = depositOf?.id ?? (view.quote_id as number | null | undefined) ?? null;
  const quote = quoteId === null
    ? undefined
    : await invoiceLinksRepository(db).quoteNumber(quoteId);
  const deposits = (view.deposits as { invoice_number: string; issue_date: string; amount: number; paid_amount: number }[] | undefined) ?? [];
  return {
    deposit: Boolean(view.is_deposit),
    quote: quote?.number ? { number: quote.number, issueDate: quote.issue_date } : null,
    deposits: deposits.map((d) => ({
      number: d.invoice_number, issueDate: d.issue_date, amountCents: Math.round(d.amount * 100), paidCents: Math.round(d.paid_amount * 100),
    })),
  };
}

/**
 * A credit note as printed: seller, buyer, VAT regime and exemption, operation, delivery, bank and
 * mentions as the credited invoice was issued (its snapshot); only its number, date, reason and
 * lines are its own. After the seller joins the franchise (CGI art. 293 B), renames a client or
 * drops VAT on debits, the credit note still regularises what the invoice charged (CGI art. 272-1).
 */
export async function creditNoteRenderable(trx: Kysely<Database>, ownerId: number, invoiceId: number, view: DocumentView) {
  const own = await liveRenderable(trx, CREDIT_NOTE_KIND, ownerId, view);
  const stored = await issuedDocumentsRepository(trx).snapshot('invoice', ownerId, invoiceId);
  if (!stored) return own;
  const invoice = (JSON.parse(stored.snapshot) as Snapshot).document;
  const document: RenderableDocument = {
    ...own.document,
    issuer: invoice.issuer,
    client: invoice.client,
    vatRegime: invoice.vatRegime,
    vatExemption: invoice.vatExemption,
    vatOnDebits: invoice.vatOnDebits,
    clientType: invoice.clientType,
    operationCategory: invoice.operationCategory,
    serviceDate: invoice.serviceDate,
    serviceEndDate: invoice.serviceEndDate,
    delivery: invoice.delivery,
    bank: invoice.bank,
    legalNotice: invoice.legalNotice,
    signatureNotice: invoice.signatureNotice,
  };
  return { ...own, document };
}

/**
 * What a credit note can miss: lines. Everything else is the credited invoice's, checked when it
 * was issued (missingForEInvoice) and copied from its snapshot.
 */
export function missingForCreditNote(doc: RenderableDocument): MissingInformation[] {
  return doc.lines.length ? [] : [{ message: NO_LINE, link: '' }]; // BG-25
}

/**
 * Established in France, where businesses have a SIREN: mainland France and the overseas
 * departments (whose businesses INSEE registers too). An empty country is France (the default).
 */
const SIREN_COUNTRIES = new Set(['FR', 'GP', 'MQ', 'GF', 'RE', 'YT']);
const isFrench = (country: string) => SIREN_COUNTRIES.has(countryCode(country));

/** EN 16931 BG-25: at least one line. */
const NO_LINE = 'Le document doit contenir au moins une ligne.';

export interface MissingInformation {
  message: string;
  /** The SPA page where it is filled in. */
  link: string;
}

/**
 * The EN 16931 rules an invoice or credit note built from our data can break, checked before it
 * is numbered, each as a French message naming the field, why it is needed and where to fill it
 * (issue 28: the user's text says it in French; the rule's code stays in a comment beside it).
 */
export function missingForEInvoice(doc: RenderableDocument, user: UserRow, contactId: number): MissingInformation[] {
  const missing: MissingInformation[] = [];
  const profile = (message: string) => missing.push({ message, link: '/profile' });
  const client = (message: string) => missing.push({ message, link: `/contacts/${contactId}` });
  const blank = (v: string) => !v.trim();
  if (blank(user.company_name) && blank(`${user.first_name}${user.last_name}`)) {
    // BT-27 (seller name).
    profile('Renseignez le nom de votre entreprise (ou vos prénom et nom) dans votre profil : il figure sur chaque facture.');
  }
  // Issue 25: countries are ISO codes, never France by default (BT-40, BT-55, BT-80).
  if (!isCountryCode(user.country)) {
    // BT-40 (seller country).
    missing.push({ message: 'Choisissez le pays de votre adresse dans la liste de votre profil.', link: '/profile#country' });
  }
  if (!isCountryCode(doc.client.country)) {
    // BT-55 (buyer country).
    missing.push({ message: `Choisissez dans la liste le pays de l’adresse du client « ${doc.client.name} ».`, link: `/contacts/${contactId}#country` });
  }
  if (doc.delivery && !isCountryCode(doc.delivery.country)) {
    // BT-80 (deliver-to country).
    missing.push({ message: `Choisissez dans la liste le pays de l’adresse de livraison du client « ${doc.client.name} ».`, link: `/contacts/${contactId}#delivery_country` });
  }
  const sellerAddress = [['adresse', user.address], ['code postal', user.postal_code], ['ville', user.city]]
    .filter(([, v]) => blank(v)).map(([label]) => label);
  // BG-5 (seller postal address).
  if (sellerAddress.length) profile(`Complétez l’adresse de votre profil, qui figure sur chaque facture : ${sellerAddress.join(', ')}.`);
  if (isFrench(user.country) && blank(user.siret)) {
    // A business registered in France prints its SIRET (C. com. R123-237; CGI art. 242 nonies A):
    // a VAT number alone does not stand for it.
    missing.push({
      message: 'Renseignez votre numéro SIRET dans votre profil : toute facture d’une entreprise établie en France doit le mentionner (art. R123-237 du Code de commerce).',
      link: '/profile#siret',
    });
  } else if (blank(user.siret) && blank(user.vat_number)) {
    // BR-CO-26: the seller identified by a legal registration or a VAT number.
    profile('Renseignez votre SIRET ou votre numéro de TVA intracommunautaire dans votre profil : une facture électronique doit identifier son vendeur par l’un des deux.');
  }
  const groups = vatGroups(doc);
  const charged = groups.some((g) => g.rate > 0);
  const document = (message: string) => missing.push({ message, link: '' });
  if (charged && doc.vatRegime === 'franchise') {
    document(
      'Vous relevez de la franchise en base de TVA (art. 293 B du CGI) : aucune ligne ne peut porter de TVA. ' +
        'Passez les lignes à 0 %, ou changez de régime de TVA dans votre profil.',
    );
  } else if (charged && blank(user.vat_number)) {
    profile(
      'Sans numéro de TVA intracommunautaire dans votre profil, la facture ne peut pas porter de TVA : renseignez-le, ' +
        'ou appliquez un taux de 0 % si vous relevez de la franchise en base (art. 293 B du CGI).',
    );
  }
  // Each 0 % line needs a reason, its own or the document's (issue 25: one per VAT category).
  if (doc.vatRegime === 'assujetti' && groups.some((g) => g.rate === 0 && !g.exemptionKey)) {
    document(exemptionRequired(' : une facture sans TVA doit en citer la base légale (art. 242 nonies A du CGI)'));
  }
  // Reverse charge, intra-EU supplies and exports: the rules EN 16931 sets for each category.
  const categories = new Set(groups.map((g) => g.category));
  if ((['AE', 'K', 'G'] as const).some((c) => categories.has(c)) && blank(user.vat_number)) {
    // BR-AE-02, BR-IC-02, BR-G-02.
    profile('Renseignez votre numéro de TVA intracommunautaire dans votre profil : une facture en autoliquidation, intracommunautaire ou à l’exportation doit le porter.');
  }
  // Services outside the scope of French VAT (art. 259-1° CGI, category O): nothing else on the
  // invoice (BR-O-11, BR-O-12), as at each save; a draft made from an accepted quote may not be.
  if (categories.has('O') && categories.size > 1) document(categories.has('S') ? OUTSIDE_SCOPE_TAXED_LINE : OUTSIDE_SCOPE_OTHER_EXEMPTION);
  // Issue 25: each exemption only where the buyer (or the goods) are: intra-community supply to
  // another member state, export outside the EU, reverse charge in France or the EU (shared/vat.ts).
  if (doc.vatRegime === 'assujetti') {
    for (const { exemptionKey } of groups) {
      const problem = exemptionKey && exemptionPlaceProblem(exemptionKey, buyerPlace(doc), doc.operationCategory);
      if (problem) client(problem);
    }
  }
  if (categories.has('AE') && blank(doc.client.vatNumber) && blank(doc.client.siren ?? '')) {
    // BR-AE-02.
    client(`Renseignez le numéro de TVA ou le SIREN du client « ${doc.client.name} » : l’autoliquidation le requiert (art. 283-2 du CGI).`);
  }
  if (categories.has('K') && !doc.serviceDate) {
    // BR-IC-11.
    document('Indiquez la date de livraison ou la période de la prestation : une livraison intracommunautaire la requiert.');
  }
  if (doc.clientType === 'professionnel' && isFrench(doc.client.country) && blank(doc.client.siren ?? '')) {
    // Since the 2026 reform an invoice to a French business names its SIREN (CGI art. 242 nonies A,
    // as amended by décret 2022-1299); a private client or a business abroad has none to give.
    missing.push({
      message: `Renseignez le SIREN du client « ${doc.client.name} » : une facture à une entreprise établie en France doit le mentionner (art. 242 nonies A du CGI).`,
      link: `/contacts/${contactId}#siren`,
    });
  }
  const buyerAddress = [['adresse', doc.client.address], ['code postal', doc.client.postalCode], ['ville', doc.client.city]]
    .filter(([, v]) => blank(v)).map(([label]) => label);
  if (buyerAddress.length) {
    // BG-8 (buyer postal address).
    client(`Complétez l’adresse du client « ${doc.client.name} », qui figure sur la facture : ${buyerAddress.join(', ')}.`);
  }
  if (!doc.lines.length) missing.push({ message: NO_LINE, link: '' }); // BG-25
  return missing;
}

/** Where the buyer of `doc` is, as the exemption rules read it. */
export const buyerPlace = (doc: RenderableDocument) => ({
  name: doc.client.name,
  clientType: doc.clientType,
  country: doc.client.country,
  delivered: doc.delivery !== null,
  deliveryCountry: doc.delivery?.country ?? '',
  vatNumber: doc.client.vatNumber,
});

/** The start of a refusal to issue: 'La facture ne peut pas être émise' / 'L’avoir ne peut pas être émis'. */
const cannotIssue = (kind: RenderableDocument['kind']) =>
  kind === 'credit_note' ? 'L’avoir ne peut pas être émis' : 'La facture ne peut pas être émise';

export function refuseIfMissing(kind: DocumentKindConfig, missing: MissingInformation[]) {
  if (!missing.length) return;
  throw badRequest({ detail: `${cannotIssue(kind.kind)} : des informations obligatoires manquent.`, missing });
}

/**
 * Chronology of a legal series (CGI art. 242 nonies A: numbers follow the dates), against the last
 * issued document of the series (core/numbering.ts: the rules).
 */
export async function checkChronology(
  trx: Kysely<Database>,
  kind: DocumentKindConfig,
  ownerId: number,
  dates: { issueDate: string; today: string; excludeId?: number },
) {
  const last = await documentsRepository(trx, kind).lastIssued(ownerId, dates.excludeId);
  const errors = chronologyProblems(kind.kind, dates, last);
  if (Object.keys(errors).length) throw badRequest(errors);
}

/** What is stored as the legal record: everything printed, its totals, the client's id, the render date. */
interface Snapshot {
  document: RenderableDocument;
  totals: ReturnType<typeof documentTotals>;
  /** The contact billed (checked by the journal's verification against the document's row). */
  clientId?: number;
  /** The date the PDF carries: a render repaired after a crash gives the same bytes. */
  renderedAt?: string;
  /**
   * An invoice archived at the upgrade (ledger/backfill.ts) that counted as credited before credit
   * notes existed (migration 0009: cancelled by hand): that amount, sealed with the rest.
   */
  creditedBeforeCreditNotes?: number;
}


/**
 * Issuing, first transaction (the caller's, which numbers the document): stores the snapshot of
 * `doc` — the legal record (CGI art. 242 nonies A, art. 289) — and, for invoices and credit notes,
 * appends the journal entry sealing its digest. No PDF is rendered here: no request holds a database
 * lock or connection while it renders. The caller then calls `archivePendingPdfs` after the commit.
 */
export async function recordIssued(
  trx: Kysely<Database>,
  dialect: Dialect,
  kind: DocumentKindConfig,
  ownerId: number,
  doc: RenderableDocument,
  clientId: number,
  legacy: Pick<Snapshot, 'creditedBeforeCreditNotes'> = {},
): Promise<void> {
  const totals = documentTotals(doc);
  const now = new Date().toISOString();
  const snapshot = JSON.stringify({ document: doc, totals, clientId, renderedAt: now, ...legacy } satisfies Snapshot);
  const snapshotSha256 = sha256(snapshot);
  await issuedDocumentsRepository(trx).insert({
    kind: kind.kind, document_id: doc.id, owner_id: ownerId, snapshot, snapshot_sha256: snapshotSha256, pdf: null, pdf_sha256: null,
    pdf_seal: null, client_name: doc.client.name, client_siren: doc.client.siren ?? '', created_at: now,
  });
  if (kind.ledger && doc.number && kind.kind !== 'quote') {
    await appendLedgerEntry(trx, dialect, ownerId, {
      kind: kind.kind,
      documentId: doc.id,
      number: doc.number,
      issueDate: doc.issueDate,
      clientName: doc.client.name,
      subtotalCents: totals.subtotal,
      taxCents: totals.tax,
      totalCents: totals.total,
      snapshotSha256,
    });
  }
}

type PendingRow = { kind: 'quote' | 'invoice' | 'credit_note'; document_id: number; owner_id: number; snapshot: string; snapshot_sha256: string | null };

/** Renders a stored snapshot (deterministic: same document, same date) and stores the sealed PDF, in its own short transaction. */
async function archivePdf(db: Kysely<Database>, row: PendingRow, render: (doc: RenderableDocument, now: Date) => Promise<Buffer>) {
  const snapshot = JSON.parse(row.snapshot) as Snapshot;
  const pdf = await render(snapshot.document, new Date(snapshot.renderedAt ?? Date.now()));
  const pdfSha256 = sha256(pdf);
  await issuedDocumentsRepository(db).storePdf(row.kind, row.document_id, {
    pdf, pdf_sha256: pdfSha256, pdf_seal: seal(pdfSealParts(row.kind, row.document_id, row.snapshot_sha256, pdfSha256)),
  });
}

/**
 * Issuing, second step, after the numbering transaction committed: renders the owner's documents
 * numbered but not archived yet (normally the one just issued) in the PDF pool and stores each PDF
 * with its digest and seal. `reservation` is the render place the request took before numbering
 * (so that issuing counts against the account's render limits, like downloads). A render that
 * fails leaves its document pending — still issued, its snapshot the record — to be archived by
 * the next download, e-mail or start-up; never an error for a request whose write has committed.
 */
export async function archivePendingPdfs(
  db: Kysely<Database>,
  ownerId: number,
  reservation?: RenderReservation,
  /** Only these documents (those the request issued): others pending are another request's, or a crash's. */
  only?: { kind: RenderableDocument['kind']; id: number }[],
): Promise<void> {
  let place = reservation;
  try {
    const pending = only?.length === 0 ? [] : await issuedDocumentsRepository(db).pending({ ownerId, only });
    for (const row of pending) {
      const mine = place;
      place = undefined;
      await archivePdf(db, row, (doc, now) => (mine ? mine.render(doc, { now }) : renderPdf(doc, { userId: ownerId, now }))).catch(() => undefined);
    }
  } finally {
    place?.release();
  }
}

/** Sees the document as it will be issued, in the numbering transaction, just before it is recorded. */
export interface IssueGuard {
  issued(doc: RenderableDocument): void;
}

export const UNGUARDED: IssueGuard = { issued: () => undefined };

/** Ends a preview transaction (rolled back) once the document it would issue is known. */
class PreviewDone extends Error {
  constructor(readonly doc: RenderableDocument) {
    super('Issue preview done');
  }
}

/** What the checked preview and the real issue must share: all but the number, dates and id given in the transaction. */
const issuedContent = (doc: RenderableDocument) => JSON.stringify({ ...doc, id: 0, number: null, issueDate: null, endDate: null });

/**
 * Issues through `write` — a numbering transaction that calls `guard.issued(doc)` just before it
 * records the document — without holding the database while anything slow runs:
 * 1. with `checkXml` (invoices, credit notes), a preview: `write` runs in a transaction rolled back as
 *    soon as the document is known; its Factur-X XML is then parsed and validated against the
 *    EN 16931 XSD outside any transaction (factur-x-check.ts: what the official kit would refuse
 *    never gets a number); a document whose content changed meanwhile (a payment deleted beside a
 *    credit note changes its refund, a draft edited) is previewed and checked again, up to
 *    ISSUE_ATTEMPTS times, then refused (409): what is numbered is always what was checked;
 * 2. the account's render place is taken (a full queue answers 429 before anything is numbered:
 *    issuing counts against the render limits like downloads);
 * 3. the real transaction; then the PDF is rendered and archived after the commit.
 */
export async function issueThenArchive<T>(
  db: Kysely<Database>,
  ownerId: number,
  write: (guard: IssueGuard) => Promise<T>,
  /** `reserve: false`: background work (recurring invoices) takes no render place; its PDF waits its turn. */
  options: IssueOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await issueOnce(db, ownerId, write, options);
    } catch (err) {
      if (!(err instanceof ContentChangedSinceCheck)) throw err;
      if (attempt === ISSUE_ATTEMPTS) {
        throw new ApiError(409, { detail: 'Le document a été modifié pendant son émission : vérifiez-le et émettez-le de nouveau.' });
      }
    }
  }
}

type IssueOptions = { checkXml?: boolean; reserve?: boolean };

/** Previews, checks and issues until the checked content is what the transaction would number. */
const ISSUE_ATTEMPTS = 3;

/** Thrown inside the real transaction (rolling it back) when the document no longer matches its checked preview. */
class ContentChangedSinceCheck extends Error {
  constructor() {
    super('Document changed between its checked preview and its issue');
  }
}

async function issueOnce<T>(db: Kysely<Database>, ownerId: number, write: (guard: IssueGuard) => Promise<T>, options: IssueOptions): Promise<T> {
  // What the real run issues: its PDF, and only its, is rendered after the commit.
  const issued: { kind: RenderableDocument['kind']; id: number }[] = [];
  let check: (doc: RenderableDocument) => void = () => undefined;
  if (options.checkXml) {
    let previewed: RenderableDocument | undefined;
    try {
      await write({ issued: (doc) => { throw new PreviewDone(doc); } });
    } catch (err) {
      if (!(err instanceof PreviewDone)) throw err;
      previewed = err.doc;
    }
    if (previewed) await refuseInvalidXml(previewed);
    const checked = previewed ? issuedContent(previewed) : null;
    check = (doc) => {
      if (issuedContent(doc) !== checked) throw new ContentChangedSinceCheck();
    };
  }
  const guard: IssueGuard = {
    issued(doc) {
      check(doc);
      issued.push({ kind: doc.kind, id: doc.id });
    },
  };
  const reservation = options.reserve === false ? undefined : reserveRender(ownerId);
  let written: T;
  try {
    written = await write(guard);
  } catch (err) {
    reservation?.release();
    throw err;
  }
  await archivePendingPdfs(db, ownerId, reservation, issued);
  return written;
}

/** Refuses a document whose Factur-X XML a real parser and the EN 16931 XSD would refuse (400, French, before numbering). */
async function refuseInvalidXml(doc: RenderableDocument) {
  const problems = await facturXmlProblems(doc).catch(() => {
    // The check could not run (its thread, its XSD files): never a pass.
    throw new ApiError(503, { detail: 'La vérification de la facture électronique est momentanément indisponible : réessayez dans un instant.' }, { 'retry-after': '5' });
  });
  if (!problems.length) return;
  throw badRequest({
    detail: `${cannotIssue(doc.kind)} : sa version électronique (XML Factur-X, norme EN 16931) ne serait pas conforme. Rien n’a été numéroté.`,
    missing: problems.map((message) => ({ message, link: '' })),
  });
}

/**
 * How many pending PDFs the server renders at start-up, newest first. A crash leaves one per issuing
 * request in flight; a longer backlog comes from a backfill (the bench's 100k seed with `--lazy-pdfs`),
 * whose PDFs are rendered from their snapshot at their first read (archivedDocument), like any other
 * still pending: the server opens in seconds instead of rendering 150,000 PDFs first.
 */
export const REPAIRED_AT_START = 100;

/**
 * Archives the newest pending PDFs, `limit` at most (the start-up repair; the bench seed renders them
 * all); returns how many. As many renders at a time as the pool has threads (PDF_WORKERS): one after
 * the other left all but one idle — the bench seed, whose thousands of issued documents come here,
 * waited on it (≈ 2× on 2 cores). Read a hundred at a time: the snapshots of 150,000 would not fit.
 */
export async function repairPendingPdfs(db: Kysely<Database>, limit = REPAIRED_AT_START): Promise<number> {
  let repaired = 0;
  while (repaired < limit) {
    const pending = await issuedDocumentsRepository(db).newestPending(Math.min(100, limit - repaired));
    if (!pending.length) break;
    let next = 0;
    const oneAtATime = async () => {
      while (next < pending.length) await archivePdf(db, pending[next++], (doc, now) => renderPdf(doc, { now }));
    };
    await Promise.all(Array.from({ length: pdfWorkerCount() }, oneAtATime));
    repaired += pending.length;
  }
  return repaired;
}

/**
 * At start-up, once: seals the PDFs archived before migration 0018 whose digest still matches
 * (trust on first use, written in the README); from then on every PDF served must carry its seal.
 */
export async function sealLegacyPdfs(db: Kysely<Database>): Promise<number> {
  const archives = issuedDocumentsRepository(db);
  const rows = await archives.unsealed();
  let sealed = 0;
  for (const row of rows) {
    if (!row.pdf || !row.pdf_sha256 || sha256(row.pdf) !== row.pdf_sha256) continue;
    await archives.setSeal(row.kind, row.document_id, seal(pdfSealParts(row.kind, row.document_id, row.snapshot_sha256, row.pdf_sha256)));
    sealed++;
  }
  return sealed;
}

/**
 * The archived PDF and snapshot of an issued document, if it has one: exactly what was issued and
 * sent. A PDF not stored yet (its render pending) is rendered from the snapshot and stored first.
 * Bytes whose digest or seal no longer match are never served: a French refusal (no 500) and a
 * log line at error level for the operator.
 */
export async function archivedDocument(db: Kysely<Database>, kind: DocumentKindConfig, ownerId: number, id: number) {
  const read = () => issuedDocumentsRepository(db).read(kind.kind, ownerId, id);
  let row = await read();
  if (!row) return undefined;
  if (row.pdf === null) {
    await archivePdf(db, row, (doc, now) => renderPdf(doc, { userId: ownerId, now }));
    row = (await read())!;
  }
  const { document } = JSON.parse(row.snapshot) as Snapshot;
  const pdf = Buffer.from(row.pdf!);
  const digest = sha256(pdf);
  const intact =
    digest === row.pdf_sha256 &&
    (row.snapshot_sha256 === null || sha256(row.snapshot) === row.snapshot_sha256) &&
    sealMatches(pdfSealParts(kind.kind, id, row.snapshot_sha256, digest), row.pdf_seal);
  if (!intact) {
    const label = `${kind.the} ${document.number ?? `n° ${id}`}`;
    throw new OperatorAlertError(
      409,
      {
        detail:
          `Le PDF archivé de ${label} ne correspond plus à son empreinte : il a été modifié en dehors de Carnet et n’est pas servi ` +
          '(art. 289 VII du CGI : intégrité des factures). Lancez la vérification du journal et restaurez une sauvegarde.',
      },
      { ownerId, kind: kind.kind, documentId: id, storedSha256: row.pdf_sha256, actualSha256: digest },
    );
  }
  return { pdf, document, sha256: digest };
}

/**
 * An issued document as it was frozen (its snapshot: everything printed and its totals), without
 * reading its PDF; undefined when it was never issued (a draft, an unsent quote).
 */
export async function issuedSnapshot(db: Kysely<Database>, kind: RenderableDocument['kind'], ownerId: number, id: number) {
  const row = await issuedDocumentsRepository(db).snapshot(kind, ownerId, id);
  if (!row) return undefined;
  const { document, totals } = JSON.parse(row.snapshot) as Snapshot;
  return { document, totals };
}

const KINDS = { quote: QUOTE_KIND, invoice: INVOICE_KIND, credit_note: CREDIT_NOTE_KIND } as const;

/** The outbox's reader of archived PDFs: a message committed with a document's issue takes its archive when delivered. */
export const archivedPdfReader =
  (db: Kysely<Database>): ArchivedPdfReader =>
  async (message) => {
    const archived = await archivedDocument(db, KINDS[message.document_kind], message.owner_id, message.document_id);
    if (!archived) throw new ApiError(404, { detail: 'Le document de ce message n’a pas de copie archivée : il n’est pas envoyé.' });
    return archived.pdf;
  };
