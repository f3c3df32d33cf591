import type { OutgoingMail } from '@/server/mail/mailer';
import type { LedgerCheckpoint } from '@/shared/contracts/ledger';
import { checkpointDay } from './ledger.repository';

/**
 * The monthly e-mail that gives the user a signed checkpoint of their journal (issue 23): kept
 * outside Carnet (their mailbox), it lets a later verification see entries removed since. The
 * checkpoint is in the text, as JSON, so that any mail client keeps it as it is.
 */
export function checkpointEmail(to: string, checkpoint: LedgerCheckpoint, appUrl: string): OutgoingMail {
  const day = checkpointDay(checkpoint.created_at);
  return {
    to,
    subject: `Point de contrôle de votre journal des factures au ${day}`,
    text: [
      'Bonjour,',
      '',
      `Votre journal des factures et avoirs émis compte ${checkpoint.seq} entrée(s) au ${day}. Voici son point de contrôle signé :`,
      'conservez ce message (ou son contenu entre les lignes, enregistré dans un fichier .json).',
      'Il permet de prouver plus tard qu’aucune facture n’a été retirée du journal (art. 289 VII du CGI : intégrité des factures) :',
      `Rapports › Intégrité du journal › « Vérifier avec un point de contrôle » (${appUrl}/reports).`,
      '',
      '-----',
      JSON.stringify(checkpoint, null, 2),
      '-----',
      '',
      'Carnet',
    ].join('\n'),
  };
}
