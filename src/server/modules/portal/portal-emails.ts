import type { OutgoingMail } from '@/server/mail/mailer';

/** The freelancer's notices of a client's online answer to a quote (issue 27), sent through the outbox. */

interface AnsweredQuote {
  number: string;
  title: string;
  client: string;
}

export function acceptedEmail(to: string, quote: AnsweredQuote, signer: string, quoteUrl: string): OutgoingMail {
  return {
    to,
    subject: `Devis ${quote.number} accepté en ligne par ${signer}`.replace(/[\r\n]+/g, ' '),
    text: [
      'Bonjour,',
      '',
      `Le devis ${quote.number} (« ${quote.title} », client : ${quote.client}) a été accepté en ligne par ${signer}.`,
      'Le certificat d’acceptation (signature électronique simple) est joint au devis dans Carnet.',
      '',
      `Voir le devis : ${quoteUrl}`,
      '',
      'L’équipe Carnet',
    ].join('\n'),
  };
}

export function declinedEmail(to: string, quote: AnsweredQuote, reason: string, quoteUrl: string): OutgoingMail {
  return {
    to,
    subject: `Devis ${quote.number} refusé en ligne`,
    text: [
      'Bonjour,',
      '',
      `Le devis ${quote.number} (« ${quote.title} », client : ${quote.client}) a été refusé en ligne par le client.`,
      reason ? `Motif indiqué : ${reason}` : 'Aucun motif n’a été indiqué.',
      '',
      `Voir le devis : ${quoteUrl}`,
      '',
      'L’équipe Carnet',
    ].join('\n'),
  };
}
