import type { OutgoingMail } from '@/server/mail/mailer';
import type { RenderableDocument } from '@/server/pdf/document-model';
import { formatCents, formatDate } from '@/server/pdf/format';
import { amountLabels } from '@/shared/amount-labels';
import { daysText, REMINDER_LEVEL_LABELS, type ReminderLevel } from '@/shared/reminders';

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
}

const signer = (doc: RenderableDocument) => doc.issuer.contactName || doc.issuer.name || doc.issuer.email;

const joinDates = (dates: string[]) => {
  const texts = dates.map(formatDate);
  return texts.length > 1 ? `${texts.slice(0, -1).join(', ')} et ${texts[texts.length - 1]}` : texts[0];
};

/**
 * A reminder of an overdue invoice, in French, increasingly firm (issue 15): it names the invoice,
 * the amount still due, the due date and the days late, and carries the invoice's archived PDF.
 * The final one announces the formal notice (mise en demeure) and recalls what lateness costs: for
 * a professional client, the late penalties and the 40 € recovery indemnity (Code de commerce,
 * art. L441-10 and D441-5); for a consumer, the legal interest after a formal notice (Code civil,
 * art. 1231-6).
 */
export function reminderEmail(facts: ReminderFacts): OutgoingMail {
  const { document: doc, level } = facts;
  const from = doc.issuer.name || signer(doc);
  const number = doc.number ?? `n° ${doc.id}`;
  const amount = formatCents(facts.amountDueCents);
  // No "TTC" for a seller in the franchise (art. 293 B du CGI): no VAT is charged.
  const { suffix } = amountLabels(doc.vatRegime);
  const due = formatDate(facts.dueDate);
  const late = daysText(facts.daysLate);
  const invoice = `la facture ${number} « ${doc.title} » du ${formatDate(doc.issueDate)}`;
  const professional = doc.clientType !== 'particulier';
  const bank = doc.bank ? [`Coordonnées bancaires pour le virement : IBAN ${doc.bank.iban}${doc.bank.bic ? ` — BIC ${doc.bank.bic}` : ''}.`, ''] : [];
  const alreadyPaid = 'Si votre règlement a été effectué entre-temps, nous vous remercions de ne pas tenir compte de ce message.';
  const previous = facts.previousDates.length ? joinDates(facts.previousDates) : null;

  let body: string[];
  if (level === 1) {
    body = [
      `Sauf erreur ou omission de notre part, ${invoice}, arrivée à échéance le ${due}, n’a pas encore été réglée : elle est en retard de ${late}.`,
      '',
      `Montant restant dû : ${amount}${suffix}.`,
      '',
      'Il s’agit sans doute d’un simple oubli : nous vous remercions de bien vouloir procéder à son règlement dans les meilleurs délais. Vous trouverez la facture en pièce jointe.',
      '',
      ...bank,
      alreadyPaid,
    ];
  } else if (level === 2) {
    body = [
      `${previous ? `Malgré notre relance du ${previous}, nous` : 'Nous'} constatons que ${invoice}, échue le ${due}, reste impayée à ce jour, soit ${late} de retard.`,
      '',
      `Montant restant dû : ${amount}${suffix}.`,
      '',
      'Nous vous prions de bien vouloir procéder à son règlement sous huit jours. Si une difficulté vous empêche de la régler, n’hésitez pas à nous contacter afin que nous trouvions ensemble une solution.',
      '',
      'Vous trouverez de nouveau la facture en pièce jointe.',
      '',
      ...bank,
      alreadyPaid,
    ];
  } else {
    const consequences = professional
      ? [
          'Nous vous rappelons que tout retard de paiement entraîne de plein droit, sans qu’un rappel soit nécessaire, des pénalités de retard au taux indiqué sur la facture, exigibles dès le lendemain de la date d’échéance (article L441-10 du Code de commerce), ainsi qu’une indemnité forfaitaire pour frais de recouvrement de 40 € (articles L441-10 et D441-5 du Code de commerce).',
        ]
      : [
          'Nous vous rappelons qu’à compter de la mise en demeure, les sommes dues porteront intérêts au taux légal (article 1231-6 du Code civil).',
        ];
    body = [
      `${previous ? `Malgré ${facts.previousDates.length > 1 ? 'nos relances des' : 'notre relance du'} ${previous}, ${invoice}` : `${invoice[0].toUpperCase()}${invoice.slice(1)}`}, échue le ${due}, demeure impayée : elle est en retard de ${late}.`,
      '',
      `Montant restant dû : ${amount}${suffix}.`,
      '',
      'Nous vous demandons de procéder à son règlement sous huit jours à compter de la réception de ce message. À défaut, nous nous verrons contraints de vous adresser une mise en demeure de payer, puis d’engager une procédure de recouvrement.',
      '',
      ...consequences,
      '',
      'Vous trouverez la facture en pièce jointe.',
      '',
      ...bank,
      alreadyPaid,
    ];
  }

  return {
    to: facts.to,
    replyTo: facts.sender.replyTo,
    senderName: `${from} via ${facts.sender.appName}`,
    subject: `${REMINDER_LEVEL_LABELS[level]} — Facture ${number} — ${amount} restant dû`,
    text: [
      `Bonjour ${doc.client.name},`,
      '',
      ...body,
      '',
      level === 3 ? 'Veuillez agréer l’expression de nos salutations distinguées.' : 'Cordialement,',
      signer(doc),
      from !== signer(doc) ? from : '',
    ]
      .join('\n')
      .trimEnd(),
    attachments: [{ ...facts.pdf, contentType: 'application/pdf' }],
  };
}
