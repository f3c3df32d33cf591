import { amountLabels } from '@/shared/amount-labels';
import { fillEdited, type EmailPlaceholderValues, type EmailTemplateText, type MailSigner } from '@/shared/email-templates';
import type { QueuedMail } from './outbox';
import { documentTotals, type DocumentBranding, type RenderableDocument } from '../pdf/document-model';
import { formatCents, formatDate } from '../pdf/format';

/** Who signs the document's messages: the person of the profile, the company, the signature notice. */
export function documentSigner(doc: RenderableDocument): MailSigner {
  return { person: doc.issuer.contactName, company: doc.issuer.name, email: doc.issuer.email, signatureNotice: doc.signatureNotice };
}

/** The amount as messages write it: 'TTC' unless the seller is in the VAT franchise (art. 293 B du CGI). */
export function mailAmount(doc: RenderableDocument, cents: number): string {
  return `${formatCents(cents)}${amountLabels(doc.vatRegime).suffix}`;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The HTML part (issue 28): the logo embedded (a PNG made by the server, as a data URI), the
 * document's name in the accent colour, then the text's paragraphs, escaped.
 */
function brandedHtml(branding: DocumentBranding, seller: string, heading: string, text: string): string {
  const color = /^#[0-9a-f]{6}$/i.test(branding.accentColor) ? branding.accentColor : '#1e4e8c';
  const logo = branding.logoPng
    ? `<p><img src="data:image/png;base64,${branding.logoPng}" alt="${escapeHtml(seller)}" style="max-height:60px;max-width:200px"></p>`
    : '';
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return (
    `<!DOCTYPE html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#1f2933;font-size:14px;line-height:1.5">` +
    `${logo}<h1 style="font-size:18px;color:${color};border-bottom:2px solid ${color};padding-bottom:6px;margin:0 0 16px">${escapeHtml(heading)}</h1>` +
    `${paragraphs}</body></html>`
  );
}

/**
 * The placeholders' values for a document (issue 28). `unknownLeft`: a draft invoice's number and
 * due date are given when it is issued, so they stay as placeholders, filled at sending.
 */
export function documentPlaceholderValues(
  doc: RenderableDocument,
  options: { amountCents?: number; dueDate?: string | null; unknownLeft?: boolean; link?: string } = {},
): EmailPlaceholderValues {
  const draftInvoice = options.unknownLeft && doc.kind === 'invoice' && !doc.number;
  const due = options.dueDate !== undefined ? options.dueDate : doc.endDate;
  return {
    client: doc.client.name,
    numero: draftInvoice ? '{numero}' : (doc.number ?? `n° ${doc.id}`),
    montant: mailAmount(doc, options.amountCents ?? documentTotals(doc).total),
    echeance: draftInvoice ? '{echeance}' : due ? formatDate(due) : '',
    // Issue 27: the client's personal link to the document (minted when it is sent); a draft of
    // the message keeps the placeholder, filled at sending.
    lien: options.link ?? (options.unknownLeft ? '{lien}' : ''),
  };
}

/** The line a document's message carries when its text does not place `{lien}` itself (issue 27). */
export const portalLinkLine = (url: string) => `Consulter en ligne : ${url}`;

/** The lines to add under a message whose text is `body`: the link's, unless the text places `{lien}` itself. */
export const portalLinkLines = (body: string, link: string | undefined): string[] =>
  link && !/\{lien\}/.test(body) ? [portalLinkLine(link)] : [];

/** A message edited in a send dialog, its placeholders filled, with the link's line under it when its text does not place it. */
export function editedWithLink(edited: EmailTemplateText, values: EmailPlaceholderValues, link: string | undefined): EmailTemplateText {
  const filled = fillEdited(edited, values);
  const lines = portalLinkLines(edited.body, link);
  return lines.length ? { ...filled, body: [filled.body.trimEnd(), '', ...lines].join('\n') } : filled;
}

/**
 * The message that carries a quote, invoice or credit note PDF to the client, with the text of the
 * user's template (or the built-in one) filled for it, or as edited in the send dialog. It comes
 * from the freelancer as the client sees it ('Marie Dupont Conseil via Carnet', the app's address),
 * and replies go to the freelancer (issue 18).
 */
export function documentEmail(
  doc: RenderableDocument,
  /** `content` null: the document's archived PDF, read when the message is delivered (outbox.ts). */
  attachment: { filename: string; content: Buffer | null },
  sender: { replyTo: string; appName: string },
  message: EmailTemplateText & { cc?: string[] },
): QueuedMail {
  const from = doc.issuer.name || doc.issuer.contactName || doc.issuer.email;
  const heading = `${{ quote: 'Devis', invoice: 'Facture', credit_note: 'Avoir' }[doc.kind]} ${doc.number ?? `n° ${doc.id}`}`;
  return {
    to: doc.client.email,
    ...(message.cc?.length ? { cc: message.cc } : {}),
    replyTo: sender.replyTo,
    senderName: `${from} via ${sender.appName}`,
    subject: message.subject,
    text: message.body,
    // Issue 28: the same words in HTML, with the seller's logo and accent colour (as on the PDF).
    ...(doc.branding ? { html: brandedHtml(doc.branding, from, heading, message.body) } : {}),
    attachments: [{ ...attachment, contentType: 'application/pdf' }],
  };
}
