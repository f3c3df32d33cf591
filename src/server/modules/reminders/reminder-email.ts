import type { OutgoingMail } from '@/server/mail/mailer';
import type { RenderableDocument } from '@/server/pdf/document-model';
import { documentPlaceholderValues, documentSigner, editedWithLink, portalLinkLines } from '@/server/mail/document-emails';
import { composeMessage, type EmailTemplateText } from '@/shared/email-templates';
import type { ReminderLevel } from '@/shared/reminders';

export interface ReminderFacts {
  level: ReminderLevel;
  /** The invoice as it was issued (its archived snapshot). */
  document: RenderableDocument;
  /** Where it goes: the client's address now. */
  to: string;
  /** Still due: total less payments, credit notes and deposits. */
  amountDueCents: number;
  dueDate: string;
  daysLate: number;
  /** The dates (YYYY-MM-DD) of the reminders sent before this one. */
  previousDates: string[];
  pdf: { filename: string; content: Buffer };
  sender: { replyTo: string; appName: string };
  /** The client's personal link to the invoice, to pay it (issue 27), minted with the reminder. */
  link?: string;
  /** The subject and text as edited in the send dialog (its `{lien}` filled here); absent: the template. */
  edited?: EmailTemplateText;
}

/**
 * A reminder of an overdue invoice, in French, increasingly firm (issue 15), in the words of the
 * user's template of its level (issue 28; the built-in ones by default): it names the invoice, the
 * amount still due and the due date, and carries the invoice's archived PDF. Under the signature the
 * server always adds the bank details when the profile has them and, to the final one, what lateness
 * costs: for a professional client, the late penalties and the 40 € recovery indemnity (Code de
 * commerce, art. L441-10 and D441-5); for a consumer, the legal interest after a formal notice (Code
 * civil, art. 1231-6).
 */
export function reminderEmail(facts: ReminderFacts & { template: EmailTemplateText }): OutgoingMail {
  const { document: doc } = facts;
  const from = doc.issuer.name || doc.issuer.contactName || doc.issuer.email;
  const message = facts.edited
    ? editedWithLink(facts.edited, documentPlaceholderValues(doc, { amountCents: facts.amountDueCents, dueDate: facts.dueDate, link: facts.link }), facts.link)
    : reminderMessage(facts.level, doc, facts.amountDueCents, facts.dueDate, facts.template, facts.link);
  return {
    to: facts.to,
    replyTo: facts.sender.replyTo,
    senderName: `${from} via ${facts.sender.appName}`,
    subject: message.subject,
    text: message.body,
    attachments: [{ ...facts.pdf, contentType: 'application/pdf' }],
  };
}

/** A reminder's subject and text: the template filled for the invoice, the signature, what the server adds. */
export function reminderMessage(
  level: ReminderLevel,
  doc: RenderableDocument,
  amountDueCents: number,
  dueDate: string | null,
  template: EmailTemplateText,
  /** The client's link (issue 27); absent (the send dialog's draft), `{lien}` stays, filled at sending. */
  link?: string,
): EmailTemplateText {
  const professional = doc.clientType !== 'particulier';
  const bank = doc.bank ? [`Coordonnées bancaires pour le virement : IBAN ${doc.bank.iban}${doc.bank.bic ? ` — BIC ${doc.bank.bic}` : ''}.`] : [];
  const consequences =
    level === 3
      ? [
          professional
            ? 'Nous vous rappelons que tout retard de paiement entraîne de plein droit, sans qu’un rappel soit nécessaire, des pénalités de retard au taux indiqué sur la facture, exigibles dès le lendemain de la date d’échéance (article L441-10 du Code de commerce), ainsi qu’une indemnité forfaitaire pour frais de recouvrement de 40 € (articles L441-10 et D441-5 du Code de commerce).'
            : 'Nous vous rappelons qu’à compter de la mise en demeure, les sommes dues porteront intérêts au taux légal (article 1231-6 du Code civil).',
        ]
      : [];
  const payment = [...portalLinkLines(template.body, link), ...bank];
  const footer = [...payment, ...(payment.length && consequences.length ? [''] : []), ...consequences];
  const values = documentPlaceholderValues(doc, { amountCents: amountDueCents, dueDate, link, unknownLeft: link === undefined });
  return composeMessage(template, values, documentSigner(doc), footer);
}
