import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Dialect } from '../../db/database';
import { ApiError, badRequest } from '../../http/errors';
import { documentTotals, type Party, type RenderableDocument } from '../../documents/document-model';
import { renderPdf } from '../../documents/pdf-pool';
import { formatDate } from '../../documents/format';
import { addDays } from '../../../shared/dates';
import { MAX_B2B_PAYMENT_DAYS } from '../../../shared/documents';
import { fromHundredths } from '../../../shared/money';
import { issuerLegalLines } from '../../../shared/profile';
import { OPERATION_CATEGORIES, VAT_EXEMPTION_KEYS, type OperationCategory, type VatExemptionKey } from '../../../shared/vat';
import { lineCategory, vatGroups } from '../../documents/vat-treatment';
import { usersRepository, type UserRow } from '../auth/users.repository';
import { appendLedgerEntry } from '../ledger/ledger.repository';
import type { DocumentKindConfig } from './document-kinds';
import type { DocumentView } from './documents.repository';

/**
 * Issuing: what makes a document a legal record. Checks (EN 16931 rules our data can break,
 * chronology), then the frozen copy — the snapshot of everything printed and the PDF bytes with
 * their SHA-256 — and, for invoices and credit notes, the journal entry. All of it runs in the
 * transaction that numbers the document (CGI art. 242 nonies A, art. 289).
 */

const capitalized = (text: string) => text[0].toUpperCase() + text.slice(1);
/** 'Devis' / 'Facture' / 'Avoir'. */
export const documentNoun = (kind: DocumentKindConfig) => capitalized(kind.the.replace(/^(le |la |l’)/, ''));

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
  const [user, contact] = await Promise.all([
    usersRepository(db).findById(ownerId),
    db.selectFrom('contacts').selectAll().where('owner_id', '=', ownerId).where('id', '=', view.client!.id).executeTakeFirst(),
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
    paymentDate: (view.payment_date as string | null | undefined) ?? null,
    taxRate: Number(view.tax_rate),
    lines: (view.line_items ?? []).map((l) => ({
      title: l.title, description: l.description, quantity: l.quantity, unitPrice: l.unit_price,
      taxRate: Number((l as { tax_rate?: number }).tax_rate ?? view.tax_rate),
    })),
    vatRegime: user.vat_regime === 'assujetti' ? 'assujetti' : 'franchise',
    vatExemption: oneOf<VatExemptionKey | ''>(VAT_EXEMPTION_KEYS, view.vat_exemption, ''),
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
          country: contact.delivery_country || contact.country,
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
  };
  return { document, user, contactId: contact.id };
}

/** A deposit invoice's quote; a final invoice's quote and the deposits it deducts (issue 15). */
async function depositFields(db: Kysely<Database>, view: DocumentView): Promise<Partial<RenderableDocument>> {
  const depositOf = view.deposit_of_quote as { id: number } | null | undefined;
  const quoteId = depositOf?.id ?? (view.quote_id as number | null | undefined) ?? null;
  const quote = quoteId === null
    ? undefined
    : await db.selectFrom('quotes').select(['number', 'issue_date']).where('id', '=', quoteId).executeTakeFirst();
  const deposits = (view.deposits as { invoice_number: string; issue_date: string; amount: number }[] | undefined) ?? [];
  return {
    deposit: Boolean(view.is_deposit),
    quote: quote?.number ? { number: quote.number, issueDate: quote.issue_date } : null,
    deposits: deposits.map((d) => ({ number: d.invoice_number, issueDate: d.issue_date, amountCents: Math.round(d.amount * 100) })),
  };
}

export interface MissingInformation {
  message: string;
  /** The SPA page where it is filled in. */
  link: string;
}

/**
 * The EN 16931 rules an invoice or credit note built from our data can break, checked before it
 * is numbered, each as a French message naming the field and where to fill it.
 */
export function missingForEInvoice(doc: RenderableDocument, user: UserRow, contactId: number): MissingInformation[] {
  const missing: MissingInformation[] = [];
  const profile = (message: string) => missing.push({ message, link: '/profile' });
  const client = (message: string) => missing.push({ message, link: `/contacts/${contactId}` });
  const blank = (v: string) => !v.trim();
  if (blank(user.company_name) && blank(`${user.first_name}${user.last_name}`)) {
    profile('Renseignez le nom de votre entreprise (ou vos prénom et nom) dans votre profil (vendeur, BT-27).');
  }
  const sellerAddress = [['adresse', user.address], ['code postal', user.postal_code], ['ville', user.city]]
    .filter(([, v]) => blank(v)).map(([label]) => label);
  if (sellerAddress.length) profile(`Complétez l’adresse de votre profil : ${sellerAddress.join(', ')} (adresse du vendeur, BG-5).`);
  if (blank(user.siret) && blank(user.vat_number)) {
    profile('Renseignez votre SIRET ou votre numéro de TVA intracommunautaire dans votre profil (règle EN 16931 BR-CO-26).');
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
  if (doc.vatRegime === 'assujetti' && groups.some((g) => g.rate === 0) && !doc.vatExemption) {
    document(
      'Indiquez le motif d’exonération des lignes à 0 % (autoliquidation, livraison intracommunautaire, exportation ' +
        'ou exonération) : une facture sans TVA doit en citer la base légale (art. 242 nonies A du CGI).',
    );
  }
  // Reverse charge, intra-EU supplies and exports: the rules EN 16931 sets for each category.
  const categories = new Set(groups.map((g) => lineCategory(doc, g.rate)));
  if ((['AE', 'K', 'G'] as const).some((c) => categories.has(c)) && blank(user.vat_number)) {
    profile('Renseignez votre numéro de TVA intracommunautaire dans votre profil : une facture en autoliquidation, intracommunautaire ou à l’exportation doit le porter (BR-AE-02, BR-IC-02, BR-G-02).');
  }
  if (categories.has('AE') && blank(doc.client.vatNumber) && blank(doc.client.siren ?? '')) {
    client(`Renseignez le numéro de TVA ou le SIREN du client « ${doc.client.name} » : l’autoliquidation le requiert (art. 283-2 du CGI, BR-AE-02).`);
  }
  if (categories.has('K')) {
    if (blank(doc.client.vatNumber)) {
      client(`Renseignez le numéro de TVA intracommunautaire du client « ${doc.client.name} » : une livraison intracommunautaire le requiert (art. 262 ter I du CGI, BR-IC-02).`);
    }
    if (!doc.serviceDate) document('Indiquez la date de livraison ou la période de la prestation : une livraison intracommunautaire la requiert (BR-IC-11).');
  }
  const buyerAddress = [['adresse', doc.client.address], ['code postal', doc.client.postalCode], ['ville', doc.client.city]]
    .filter(([, v]) => blank(v)).map(([label]) => label);
  if (buyerAddress.length) {
    client(`Complétez l’adresse du client « ${doc.client.name} » : ${buyerAddress.join(', ')} (adresse de l’acheteur, BG-8).`);
  }
  if (!doc.lines.length) missing.push({ message: 'Le document doit contenir au moins une ligne (BG-25).', link: '' });
  return missing;
}

export function refuseIfMissing(kind: DocumentKindConfig, missing: MissingInformation[]) {
  if (!missing.length) return;
  const what = kind.kind === 'credit_note' ? 'L’avoir ne peut pas être émis' : 'La facture ne peut pas être émise';
  throw badRequest({ detail: `${what} : des informations obligatoires manquent.`, missing });
}

/**
 * Chronology of a legal series (CGI art. 242 nonies A: numbers follow the dates): not in the
 * future, not before the last issued document of the series; a due date not before the issue date,
 * at most 60 days after it between businesses (Code de commerce, art. L441-10).
 */
export async function checkChronology(
  trx: Kysely<Database>,
  kind: DocumentKindConfig,
  ownerId: number,
  dates: { issueDate: string; dueDate: string | null; today: string; excludeId?: number; clientType?: RenderableDocument['clientType'] },
) {
  const errors: Record<string, string[]> = {};
  if (dates.issueDate > dates.today) errors.issue_date = ['La date d’émission ne peut pas être postérieure à aujourd’hui.'];
  const last = await trx
    .selectFrom(kind.table as 'invoices')
    .select(['number', 'issue_date'])
    .where('owner_id', '=', ownerId)
    .where('number', 'is not', null)
    .$if(dates.excludeId !== undefined, (q) => q.where('id', '<>', dates.excludeId!))
    .orderBy('issue_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last && dates.issueDate < last.issue_date) {
    const what = kind.kind === 'credit_note' ? 'du dernier avoir émis' : 'de la dernière facture émise';
    errors.issue_date = [
      `La date d’émission ne peut pas précéder celle ${what} (${last.number}, ${formatDate(last.issue_date)}) : ` +
        'la numérotation suit l’ordre chronologique (art. 242 nonies A du CGI).',
    ];
  }
  if (dates.dueDate) checkDueDate(errors, dates.issueDate, dates.dueDate, dates.clientType);
  if (Object.keys(errors).length) throw badRequest(errors);
}

/**
 * Due date rules, also applied when a draft invoice is saved (nothing to wait for). The 60-day
 * limit binds businesses only (L441-10); a private client may be given longer.
 */
export function checkDueDate(
  errors: Record<string, string[]>,
  issueDate: string,
  dueDate: string,
  clientType: RenderableDocument['clientType'] = 'professionnel',
) {
  if (dueDate < issueDate) {
    errors.due_date = ['La date d’échéance ne peut pas précéder la date d’émission.'];
  } else if (clientType === 'professionnel' && dueDate > addDays(issueDate, MAX_B2B_PAYMENT_DAYS)) {
    errors.due_date = [
      `Entre professionnels, le délai de paiement ne peut pas dépasser ${MAX_B2B_PAYMENT_DAYS} jours après la date ` +
        'd’émission (art. L441-10 du Code de commerce).',
    ];
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Stores the frozen copy of `doc` (snapshot + PDF bytes + SHA-256) and, for invoices and credit
 * notes, appends the journal entry. Returns the PDF.
 */
export async function freezeDocument(
  trx: Kysely<Database>,
  dialect: Dialect,
  kind: DocumentKindConfig,
  ownerId: number,
  doc: RenderableDocument,
): Promise<Buffer> {
  const pdf = await renderPdf(doc);
  const digest = sha256(pdf);
  const totals = documentTotals(doc);
  await trx
    .insertInto('issued_documents')
    .values({
      kind: kind.kind,
      document_id: doc.id,
      owner_id: ownerId,
      snapshot: JSON.stringify({ document: doc, totals }),
      pdf,
      pdf_sha256: digest,
      created_at: new Date().toISOString(),
    })
    .execute();
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
      pdfSha256: digest,
    });
  }
  return pdf;
}

/** The archived PDF and snapshot of an issued document, if it has one. */
export async function archivedDocument(db: Kysely<Database>, kind: DocumentKindConfig, ownerId: number, id: number) {
  const row = await db
    .selectFrom('issued_documents')
    .select(['pdf', 'snapshot', 'pdf_sha256'])
    .where('kind', '=', kind.kind)
    .where('document_id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { document } = JSON.parse(row.snapshot) as { document: RenderableDocument };
  return { pdf: Buffer.from(row.pdf), document, sha256: row.pdf_sha256 };
}
