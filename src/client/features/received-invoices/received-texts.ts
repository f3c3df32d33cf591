import type { ReceivedStatus } from '@/shared/received-invoices';
import type { BadgeTone } from '@/client/ui/theme';

/** The inbox's words (issue 26), in one place for its pages and tests. */
export const RECEIVED_TEXTS = {
  title: 'Factures reçues',
  description:
    'Les factures électroniques de vos fournisseurs (Factur-X, CII ou UBL). Depuis le 1er septembre 2026, toute entreprise doit pouvoir les recevoir par une plateforme agréée ; importez ici celles reçues par e-mail.',
  import: 'Importer une facture',
  importing: 'Import en cours…',
  imported: (number: string, supplier: string) => `Facture ${number} de ${supplier} importée.`,
  importError: 'La facture n’a pas pu être importée.',
  register: 'Registre des achats (CSV)',
  registerError: 'Le registre des achats n’a pas pu être téléchargé. Réessayez.',
  loading: 'Chargement des factures reçues…',
  loadError: 'Impossible de charger les factures reçues.',
  empty: 'Aucune facture reçue',
  emptyHint: 'Importez le PDF Factur-X ou le fichier XML d’une facture reçue d’un fournisseur.',
  noMatch: 'Aucune facture ne correspond à ces critères.',
  problems: (n: number) => `${n} incohérence${n > 1 ? 's' : ''}`,
  back: 'Retour aux factures reçues',
  problemsTitle: 'Ce qui ne s’additionne pas',
  problemsHint: 'Vérifiez ces points avec le fournisseur avant d’approuver la facture.',
  downloadPdf: 'Télécharger le PDF',
  downloadXml: 'Télécharger le fichier XML',
  downloadError: 'Le fichier n’a pas pu être téléchargé. Réessayez.',
  answerError: 'La réponse n’a pas pu être enregistrée.',
  answered: (label: string) => `Facture marquée « ${label} ».`,
  /** The dispute or refusal dialog: a reason code of the reform, and the user's details. */
  reasonCodeLabel: 'Motif',
  reasonCodePlaceholder: 'Choisissez un motif',
  reasonCodeHint: {
    disputed: 'Le motif est transmis au fournisseur avec vos précisions.',
    refused: 'Un refus ne peut porter que sur l’un de ces motifs (règles de la facturation électronique).',
  },
  detailsLabel: 'Précisions',
  detailsHint: 'Facultatives : sans précisions, le libellé du motif est transmis au fournisseur.',
  detailsRequiredHint: 'Obligatoires avec « Autre (précisez) » : dites au fournisseur pourquoi.',
  /** Where the answer goes: back to the supplier through the platform, or only into Carnet (an invoice uploaded by hand). */
  answerGoesBack: 'Votre réponse est transmise au fournisseur par votre plateforme agréée (message de cycle de vie).',
  answerStaysHere: 'Facture importée à la main : votre réponse est enregistrée dans Carnet ; prévenez le fournisseur par vos moyens habituels.',
} as const;

export const ANSWER_BUTTONS = {
  approved: { label: 'Approuver', dialog: null },
  disputed: { label: 'Contester', dialog: { title: 'Contester la facture', confirm: 'Contester' } },
  refused: { label: 'Refuser', dialog: { title: 'Refuser la facture', confirm: 'Refuser' } },
  paid: { label: 'Paiement effectué', dialog: null },
} as const;

export const RECEIVED_STATUS_TONES: Record<ReceivedStatus, BadgeTone> = {
  received: 'blue',
  approved: 'green',
  disputed: 'orange',
  refused: 'red',
  paid: 'darkgrey',
};
