import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { inTransaction, type Dialect } from '@/server/db/database';
import { ApiError } from '@/server/http/errors';
import { documentEmail, documentPlaceholderValues, documentSigner, editedWithLink, portalLinkLines } from '@/server/mail/document-emails';
import { enqueueMail } from '@/server/mail/outbox';
import { documentFileName, type RenderableDocument } from '@/server/pdf/document-model';
import { renderPdf } from '@/server/pdf/pdf-pool';
import { describeChanges, recordActivity } from '@/server/modules/activity';
import { editedMessage, emailTemplatesService, type EditedMessage } from '@/server/modules/email-templates';
import { composeMessage, type EmailTemplateText } from '@/shared/email-templates';
import { CREDIT_NOTE_KIND, type DocumentKindConfig } from './document-kinds';
import type { DocumentView } from './document-views';
import { documentsRepository } from './documents.repository';
import { documentsService } from './documents.service';
import { archivedDocument, issueThenArchive, liveRenderable, type IssueGuard } from './issuing';
import { mintPortalLink } from './portal-links';

/**
 * The one path that sends a document by e-mail, used by `send_email` (sendDocument) and by
 * recurring invoices (issue 15): in the caller's transaction, a draft is issued (number, frozen copy and journal
 * entry: documentsService.issue), the message with its PDF is stored in the outbox, the status
 * changes and the history records it, together or not at all. The mail server is not waited for:
 * the caller kicks the outbox after the commit.
 */

/** Refuses a client without an e-mail address (nothing to send to). */
export function requireClientEmail(kind: DocumentKindConfig, live: RenderableDocument) {
  if (!live.client.email.trim()) {
    throw new ApiError(400, {
      error: `Le client « ${live.client.name} » n’a pas d’adresse e-mail : ajoutez-la à sa fiche avant d’envoyer ${kind.the}.`,
    });
  }
}

export interface SendInTransaction {
  dialect: Dialect;
  kind: DocumentKindConfig;
  ownerId: number;
  /** The document as it was before (a draft is issued). */
  view: DocumentView;
  /** Its live rendering (liveRenderable): client, number before. */
  live: RenderableDocument;
  /** The freelancer's address (Reply-To) and the app's name (sender 'X via Carnet'). */
  replyTo: string;
  appName: string;
  /** A re-send: the archived document and PDF, sent again as they are. */
  archived?: { document: RenderableDocument; pdf: Buffer } | null;
  /** The issue date of a draft (today by default). */
  issueDate?: string;
  /** Sees the document as issued (issueThenArchive's XML check). */
  guard?: IssueGuard;
  /** The subject, text and copies edited in the send dialog; absent, the user's template (issue 28). */
  edited?: EditedMessage | null;
  /**
   * The app's address (config.appUrl): the message then carries the client's personal link to the
   * document (issue 27), where the text says `{lien}`, else on a line « Consulter en ligne : … ».
   */
  appUrl?: string;
}

export async function sendInTransaction(trx: Kysely<Database>, args: SendInTransaction): Promise<RenderableDocument> {
  const { dialect, kind, ownerId, view, live } = args;
  const statusLabel = (status: string) => kind.statusLabels[status] ?? status;
  const wasDraft = view.status === 'draft';
  const becomesSent = wasDraft || (kind === CREDIT_NOTE_KIND && view.status === 'issued');
  const { document, pdf } = args.archived ?? {
    ...(await documentsService(trx, dialect, kind).issue(trx, ownerId, view.id, args.issueDate, args.guard)),
    // Rendered after the commit: the message takes the archived PDF when it is delivered.
    pdf: null,
  };
  const attachment = { filename: documentFileName(document), content: pdf };
  // Issue 27: a new personal link for the client, minted with the message (the document is issued by now).
  const link = args.appUrl ? await mintPortalLink(trx, args.appUrl, { ownerId, kind: kind.kind, documentId: view.id }) : undefined;
  const values = documentPlaceholderValues(document, { link });
  const template = args.edited?.text ?? (await emailTemplatesService(trx).current(ownerId, kind.kind));
  const text = args.edited?.text
    ? editedWithLink(args.edited.text, values, link)
    : composeMessage(template, values, documentSigner(document), portalLinkLines(template.body, link));
  const mail = documentEmail(document, attachment, { replyTo: args.replyTo, appName: args.appName }, { ...text, cc: args.edited?.cc });
  await enqueueMail(trx, { ownerId, documentKind: kind.kind, documentId: view.id, mail });
  if (becomesSent) {
    if (kind === CREDIT_NOTE_KIND) {
      await documentsRepository(trx, kind).update(ownerId, view.id, { status: 'sent', updated_at: new Date().toISOString() });
    }
    const changes = describeChanges(
      { number: 'Numéro', status: 'Statut' },
      { number: live.number, status: statusLabel(view.status) },
      { number: document.number, status: statusLabel('sent') },
    );
    await recordActivity(trx, {
      ownerId, objectType: kind.objectType, objectId: view.id, label: view.title, action: 'mis à jour', changes,
      clientName: live.client.name,
    });
  }
  return document;
}

/**
 * The document as it is printed: an issued document's archived PDF (exactly what was sent, whatever
 * changed since in the profile, the contact or a task), else a live render (drafts, unsent quotes).
 */
export async function printedDocument(db: Kysely<Database>, kind: DocumentKindConfig, ownerId: number, view: DocumentView) {
  // Only a document out of draft can have an archive (its PDF may still be pending): a draft costs no second look.
  const archived = view.status === 'draft' ? undefined : await archivedDocument(db, kind, ownerId, view.id);
  if (archived) return { document: archived.document, pdf: archived.pdf };
  const { document } = await liveRenderable(db, kind, ownerId, view);
  return { document, pdf: await renderPdf(document, { userId: ownerId }) };
}

/**
 * POST {kind}/{id}/send_email/: the number, the snapshot and journal entry (a draft: the
 * service's one issue path), the status and the message commit together, or not at all
 * (sendInTransaction); a draft's PDF is then rendered and archived, and the message takes it from
 * the archive. A re-send reads the archived bytes first, and its transaction only writes. The mail server is not waited for: the caller kicks the outbox after the commit, and
 * the page follows the delivery in `email_delivery`. Returns the document as it is now.
 */
export async function sendDocument(
  db: Kysely<Database>,
  args: { dialect: Dialect; kind: DocumentKindConfig; ownerId: number; id: number; appName: string; edited?: EditedMessage | null; appUrl?: string },
): Promise<DocumentView> {
  const { dialect, kind, ownerId, appName, edited, appUrl } = args;
  const documents = documentsService(db, dialect, kind);
  const view = await documents.get(ownerId, args.id);
  const { document: live, user } = await liveRenderable(db, kind, ownerId, view);
  requireClientEmail(kind, live);
  const send = (guard?: IssueGuard) =>
    inTransaction(db, (trx) => sendInTransaction(trx, { dialect, kind, ownerId, view, live, replyTo: user.email, appName, archived, guard, edited, appUrl }));
  const archived = view.status === 'draft' ? null : await printedDocument(db, kind, ownerId, view);
  if (archived) await send();
  else await issueThenArchive(db, ownerId, send, { checkXml: kind.ledger });
  return documents.get(ownerId, view.id);
}

/** What the delivery routes ask of one kind of document: its printed PDF and its sending, on the app's database. */
export function documentDelivery(db: Kysely<Database>, dialect: Dialect, kind: DocumentKindConfig, appUrl?: string) {
  const documents = documentsService(db, dialect, kind);
  return {
    /** The owner's document as printed, with the name its file is given. */
    async printed(ownerId: number, id: number) {
      const { document, pdf } = await printedDocument(db, kind, ownerId, await documents.get(ownerId, id));
      return { pdf, fileName: documentFileName(document) };
    },
    /** The send dialog's body (`{subject, body, cc}`, all optional) checked: 400 by field in French. */
    edited: (raw: unknown) => editedMessage(raw),
    send: (ownerId: number, id: number, appName: string, edited?: EditedMessage | null) =>
      sendDocument(db, { dialect, kind, ownerId, id, appName, edited, appUrl }),
    /** The message this document would be sent with now (the send dialog's text, issue 28). */
    draft: (ownerId: number, id: number, template?: EmailTemplateText) => documentMessageDraft(db, dialect, kind, ownerId, id, template),
  };
}

export type DocumentDelivery = ReturnType<typeof documentDelivery>;

/**
 * The message a document would be sent with: `template` (being edited), else the user's template
 * of its kind, filled for it with the signature; a draft invoice's number and due date stay as
 * placeholders, filled when it is issued. A document without a client is refused (400).
 */
export async function documentMessageDraft(
  db: Kysely<Database>,
  dialect: Dialect,
  kind: DocumentKindConfig,
  ownerId: number,
  id: number,
  template?: EmailTemplateText,
): Promise<EmailTemplateText> {
  const view = await documentsService(db, dialect, kind).get(ownerId, id);
  const document = await shownDocument(db, kind, ownerId, view);
  const text = template ?? (await emailTemplatesService(db).current(ownerId, kind.kind));
  return composeMessage(text, documentPlaceholderValues(document, { unknownLeft: true }), documentSigner(document));
}

/** The document as its messages name it (its archive once issued, else live); 400 without a client. */
export async function shownDocument(db: Kysely<Database>, kind: DocumentKindConfig, ownerId: number, view: DocumentView) {
  if (!view.client) throw new ApiError(400, { detail: `Associez un client à ${kind.the} avant de préparer son e-mail.` });
  const archived = view.status === 'draft' ? undefined : await archivedDocument(db, kind, ownerId, view.id);
  return archived ? archived.document : (await liveRenderable(db, kind, ownerId, view)).document;
}
