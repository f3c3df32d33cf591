import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../db/database';
import { ApiError, notFound } from '../../http/errors';
import { idParam } from '../../http/params';
import { MailDeliveryError } from '../../mail/mailer';
import { documentEmail } from '../../mail/document-emails';
import { documentFileName, type Party, type RenderableDocument } from '../../documents/document-model';
import { renderDocumentPdf } from '../../documents/pdf-renderer';
import { parisToday } from '../../../shared/dates';
import { describeChanges, recordActivity } from '../activity/activity.recorder';
import { usersRepository, type UserRow } from '../auth/users.repository';
import { INVOICE_KIND, QUOTE_KIND, type DocumentKindConfig } from './document-kinds';
import { documentSearchText, documentsRepository, type DocumentView } from './documents.repository';
import { documentsService } from './documents.service';
import { nextDocumentNumber } from './numbering';

/**
 * `generate_pdf` and `send_email` for quotes and invoices (SPEC sections 5, 7, 8). Errors are
 * `{"error": "…"}`: the client reads them, from a blob for the PDF.
 */

/** Per user: sending is slow and reaches third parties. */
export const SEND_EMAIL_LIMIT = { name: 'send-email:user', max: 20, windowSeconds: 3600 };
const TOO_MANY_SENDS = 'Trop d’envois. Veuillez réessayer plus tard.';
const SMTP_FAILED =
  'L’envoi de l’e-mail a échoué : le serveur de messagerie n’a pas accepté le message. Rien n’a été modifié ; veuillez réessayer plus tard.';

const SENT = {
  quote: 'Le devis a été envoyé par e-mail avec succès !',
  invoice: 'La facture a été envoyée par e-mail avec succès !',
};

type IdRequest = { Params: { id: string } };

const capitalized = (text: string) => text[0].toUpperCase() + text.slice(1);
/** 'Devis' / 'Facture'. */
const noun = (kind: DocumentKindConfig) => capitalized(kind.the.replace(/^(le|la) /, ''));

/** RFC 6266 / 5987: an ASCII fallback plus the exact UTF-8 name. */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\w.\-]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

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
  };
}

/** The document with its issuer (the user's profile) and full client, ready to render. */
async function renderable(db: Kysely<Database>, kind: DocumentKindConfig, ownerId: number, view: DocumentView) {
  const [user, contact] = await Promise.all([
    usersRepository(db).findById(ownerId),
    db.selectFrom('contacts').selectAll().where('owner_id', '=', ownerId).where('id', '=', view.client!.id).executeTakeFirst(),
  ]);
  if (!user || !contact) throw new ApiError(404, { error: `${noun(kind)} introuvable.` });
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
    })),
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
      vatNumber: '',
    },
  };
  return { document, user };
}

/** Any failure answered as `{"error": "…"}`; a foreign or missing id is a 404 like the others. */
function asErrorField(kind: DocumentKindConfig, request: FastifyRequest, err: unknown): never {
  if (err instanceof ApiError) {
    if (typeof err.body.error === 'string') throw err;
    if (err.statusCode === 404) throw new ApiError(404, { error: `${noun(kind)} introuvable.` });
    const message = typeof err.body.detail === 'string' ? err.body.detail : 'Requête invalide.';
    throw new ApiError(err.statusCode, { error: message, ...err.body }, err.headers);
  }
  if (err instanceof MailDeliveryError) throw new ApiError(502, { error: SMTP_FAILED });
  request.log.error({ err }, 'Document PDF or e-mail failed');
  throw new ApiError(500, { error: 'Une erreur est survenue lors de la génération du document. Veuillez réessayer plus tard.' });
}

function deliveryRoutes(app: FastifyInstance, ctx: AppContext, kind: DocumentKindConfig) {
  const documents = documentsService(ctx.db, ctx.dialect, kind);
  const base = `/${kind.path}/:id`;
  const statusLabel = (status: string) => kind.statusLabels[status] ?? status;

  app.get<IdRequest>(`${base}/generate_pdf/`, async (request, reply) => {
    try {
      const view = await documents.get(request.userId, idParam(request.params.id));
      const { document } = await renderable(ctx.db, kind, request.userId, view);
      const pdf = await renderDocumentPdf(document);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentDisposition(documentFileName(document)))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    } catch (err) {
      asErrorField(kind, request, err);
    }
  });

  /** Writes the draft → sent change and its history entry; a document no longer in draft is left as is. */
  async function markSent(db: Kysely<Database>, ownerId: number, before: RenderableDocument, number: string | null) {
    await inTransaction(db, async (trx) => {
      const table = kind.table as 'invoices';
      const updated = await trx
        .updateTable(table)
        .set({ status: 'sent', number, search_text: documentSearchText({ title: before.title, number }), updated_at: new Date().toISOString() })
        .where('owner_id', '=', ownerId)
        .where('id', '=', before.id)
        .where('status', '=', 'draft')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return;
      const changes = describeChanges(
        { number: 'Numéro', status: 'Statut' },
        { number: before.number, status: statusLabel(before.status) },
        { number, status: statusLabel('sent') },
      );
      await recordActivity(trx, {
        ownerId, objectType: kind.objectType, objectId: before.id, label: before.title, action: 'mis à jour', changes,
        clientName: before.client.name,
      });
    });
  }

  app.post<IdRequest>(`${base}/send_email/`, async (request) => {
    const ownerId = request.userId;
    try {
      try {
        await ctx.rateLimit(SEND_EMAIL_LIMIT, String(ownerId));
      } catch (err) {
        if (err instanceof ApiError && err.statusCode === 429) {
          throw new ApiError(429, { error: TOO_MANY_SENDS, detail: TOO_MANY_SENDS }, err.headers);
        }
        throw err;
      }
      const view = await documents.get(ownerId, idParam(request.params.id));
      const { document, user } = await renderable(ctx.db, kind, ownerId, view);
      if (!document.client.email.trim()) {
        throw new ApiError(400, {
          error: `Le client « ${document.client.name} » n’a pas d’adresse e-mail : ajoutez-la à sa fiche avant d’envoyer ${kind.the}.`,
        });
      }

      // A draft becomes sent only once the mail server has accepted the message. A draft invoice
      // takes its legal number in the transaction that sends it, so a failed send rolls the
      // number back: no gap. (That transaction stays open while sending: on PostgreSQL it holds
      // the counter row, on SQLite the single connection.) Other documents send, then record.
      const issuing = document.status === 'draft';
      const needsNumber = issuing && kind === INVOICE_KIND && document.number === null;
      const deliver = async (db: Kysely<Database>) => {
        let { number } = document;
        if (needsNumber) {
          const row = await documentsRepository(db, kind).findRow(ownerId, document.id, ctx.dialect === 'postgres');
          if (!row) throw notFound();
          number = row.number ?? (await nextDocumentNumber(db, kind, ownerId, Number(parisToday().slice(0, 4))));
        }
        const sent: RenderableDocument = { ...document, number, status: issuing ? 'sent' : document.status };
        const pdf = await renderDocumentPdf(sent);
        await ctx.mailer.send(documentEmail(sent, { filename: documentFileName(sent), content: pdf }, user.email));
        if (issuing) await markSent(db, ownerId, document, number);
        return sent;
      };
      const sent = needsNumber ? await ctx.db.transaction().execute(deliver) : await deliver(ctx.db);

      const after = await documents.get(ownerId, document.id);
      return {
        message: SENT[kind.kind],
        id: document.id,
        [kind.numberField]: after[kind.numberField] ?? sent.number,
        status: after.status,
        status_display: after.status_display,
      };
    } catch (err) {
      asErrorField(kind, request, err);
    }
  });
}

export function documentDeliveryRoutes(app: FastifyInstance, ctx: AppContext) {
  deliveryRoutes(app, ctx, QUOTE_KIND);
  deliveryRoutes(app, ctx, INVOICE_KIND);
}
