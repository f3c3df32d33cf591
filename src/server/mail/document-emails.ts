import { amountLabels } from '@/shared/amount-labels';
import type { QueuedMail } from './outbox';
import { documentTotals, type RenderableDocument } from '../pdf/document-model';
import { formatCents, formatDate } from '../pdf/format';

/** Display name of the user as signer: 'Jeanne Dupont', else the company, else the e-mail. */
function senderName(doc: RenderableDocument): string {
  return doc.issuer.contactName || doc.issuer.name || doc.issuer.email;
}

/**
 * The French message that carries a quote or invoice PDF to the client: names the document,
 * its number, amount (TTC unless in the VAT franchise) and validity or due date; the signature notice closes it. It comes from
 * the freelancer as the client sees it ('Marie Dupont Conseil via Carnet', the app's address),
 * and replies go to the freelancer (issue 18).
 */
export function documentEmail(
  doc: RenderableDocument,
  /** `content` null: the document's archived PDF, read when the message is delivered (outbox.ts). */
  attachment: { filename: string; content: Buffer | null },
  sender: { replyTo: string; appName: string },
): QueuedMail {
  const invoice = doc.kind === 'invoice';
  const creditNote = doc.kind === 'credit_note';
  const noun = { quote: 'Devis', invoice: 'Facture', credit_note: 'Avoir' }[doc.kind];
  const reference = doc.number ?? `n° ${doc.id}`;
  const amount = formatCents(documentTotals(doc).total);
  // No "TTC" for a seller in the franchise (art. 293 B du CGI): no VAT is charged.
  const { suffix } = amountLabels(doc.vatRegime);
  const date = formatDate(doc.endDate);
  const from = doc.issuer.name || senderName(doc);

  const what = { quote: `le devis ${reference}`, invoice: `la facture ${reference}`, credit_note: `l’avoir ${reference}` }[doc.kind];
  const terms = creditNote
    ? doc.creditedInvoice
      ? ` Il porte sur la facture ${doc.creditedInvoice.number} du ${formatDate(doc.creditedInvoice.issueDate)}.`
      : ''
    : date
      ? invoice
        ? ` Elle est payable au plus tard le ${date}.`
        : ` Il est valable jusqu’au ${date}.`
      : '';
  const closing = doc.signatureNotice.trim();

  return {
    to: doc.client.email,
    replyTo: sender.replyTo,
    senderName: `${from} via ${sender.appName}`,
    subject: `${noun} ${reference} — ${from} — ${amount}${suffix}`,
    text: [
      `Bonjour ${doc.client.name},`,
      '',
      `Veuillez trouver ci-joint ${what} « ${doc.title} », d’un montant de ${amount}${suffix}.${terms}`,
      '',
      invoice || creditNote
        ? `Nous restons à votre disposition pour toute question concernant ${invoice ? 'cette facture' : 'cet avoir'}.`
        : 'N’hésitez pas à nous contacter pour toute question ; pour l’accepter, il suffit de nous le retourner signé avec la mention « Bon pour accord ».',
      '',
      'Cordialement,',
      senderName(doc),
      ...(closing ? ['', closing] : []),
    ].join('\n'),
    attachments: [{ ...attachment, contentType: 'application/pdf' }],
  };
}
