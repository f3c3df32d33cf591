import {
  CREDIT_NOTE_STATUSES,
  CREDIT_NOTE_STATUS_LABELS,
  INVOICE_STATUS_LABELS,
  QUOTE_STATUSES,
  QUOTE_STATUS_LABELS,
  WRITABLE_INVOICE_STATUSES,
  type DocumentKind,
} from '@/shared/documents';
import type { SelectOption } from '@/client/ui/form-fields';
import type { BadgeTone } from '@/client/ui/theme';
import { INVOICE_STATUS_TONES, QUOTE_STATUS_TONES } from '@/client/kit/workflow-badges';

export type { DocumentKind };

/**
 * Everything that differs between quotes, invoices and credit notes (avoirs) on the client: API
 * paths and field names, routes, statuses and every French text. The pages, the API endpoints
 * and the helpers are written once and read this table.
 */
export interface DocumentKindConfig {
  kind: DocumentKind;
  /** API path segment and route segment. */
  path: 'quotes' | 'invoices' | 'credit-notes';
  tag: 'Quote' | 'Invoice' | 'CreditNote';
  numberField: 'quote_number' | 'invoice_number' | 'credit_note_number';
  endDateField: 'expiration_date' | 'due_date';
  /** Date column of the list ('Date Création' / 'Date'). */
  createdField: 'created_at' | 'issue_date';
  createdHeader: string;
  /** Header of the end date column of the list; null: no such column (credit notes). */
  endDateHeader: string | null;
  /**
   * Legal records (invoices, credit notes): once issued (numbered) their printed content is
   * frozen, they are never deleted and corrections go through credit notes (DESIGN.md 7).
   */
  ledger: boolean;
  /** Made from the list's 'new' link (quotes, invoices); credit notes are issued from an invoice. */
  creatable: boolean;
  /** Has a priority (list filter and form field). */
  hasPriority: boolean;
  /** Default sort of the list (SPEC section 9). */
  defaultSort: { key: string; direction: 'asc' | 'desc' };
  /**
   * The list's columns the server sorts (issue 29), column key → its `ordering`; the other columns
   * sort the loaded rows. `defaultOrdering` is what the list asks for until a server column is
   * clicked (the server's default: the default sort's column when the server sorts it).
   */
  listOrderings: Record<string, string>;
  defaultOrdering: string;
  /** Statuses offered by the list filter. */
  filterStatuses: SelectOption[];
  /** Statuses the user may set in the form (invoices: draft, or sent to issue it; the rest derive). */
  formStatuses: SelectOption[];
  statusTones: Record<string, BadgeTone>;
  /** End date shown plainly (closed document): no red/orange highlight. */
  closedStatuses: readonly string[];
  labels: {
    /** 'Devis' / 'Facture' / 'Avoir'. */
    noun: string;
    /** Counted in the list: ['facture', 'factures']. */
    countNouns: readonly [one: string, many: string];
    /** 'le devis' / 'la facture' / 'l’avoir'. */
    the: string;
    /** 'Le devis sera envoyé à' … (e-mail confirmation). */
    willBeSentTo: string;
    listTitle: string;
    newLabel: string;
    createTitle: string;
    duplicateTitle: string;
    createButton: string;
    emptyList: string;
    endDate: string;
    signatureNotice: string;
    clientRequired: string;
    linesRequired: string;
    saveErrorIntro: string;
    saveErrorFallback: string;
    loadError: string;
    loadListError: string;
    deleteConfirm: string;
    deleteError: string;
    deleted: string;
    created: string;
    updated: string;
    emailGuard: string;
    emailSent: string;
    emailForbidden: string;
    emailNotFound: string;
    /** 'devis' / 'facture' / 'avoir' — PDF file name prefix. */
    filePrefix: string;
    /** 'du devis' / 'de la facture' / 'de l’avoir'. */
    ofThe: string;
  };
}

const options = (statuses: readonly string[], labels: Record<string, string>): SelectOption[] =>
  statuses.map((value) => ({ value, label: labels[value] ?? value }));

export const QUOTE_CONFIG: DocumentKindConfig = {
  kind: 'quote',
  path: 'quotes',
  tag: 'Quote',
  numberField: 'quote_number',
  endDateField: 'expiration_date',
  createdField: 'created_at',
  createdHeader: 'Date Création',
  endDateHeader: 'Date Expiration',
  ledger: false,
  creatable: true,
  hasPriority: true,
  defaultSort: { key: 'created_at', direction: 'desc' },
  // No server sort by creation: the server's newest issue date first, which for a quote is its creation day.
  listOrderings: { expiration_date: 'end_date', total_amount: 'total_amount' },
  defaultOrdering: '-issue_date',
  filterStatuses: options(QUOTE_STATUSES, QUOTE_STATUS_LABELS),
  formStatuses: options(QUOTE_STATUSES, QUOTE_STATUS_LABELS),
  statusTones: QUOTE_STATUS_TONES,
  closedStatuses: ['accepted', 'rejected', 'expired'],
  labels: {
    noun: 'Devis',
    countNouns: ['devis', 'devis'],
    the: 'le devis',
    willBeSentTo: 'Le devis sera envoyé à',
    listTitle: 'Liste des devis',
    newLabel: 'Faire un devis',
    createTitle: 'Nouveau devis',
    duplicateTitle: 'Dupliquer un devis',
    createButton: 'Créer le devis',
    emptyList: 'Aucun devis à afficher.',
    endDate: "Date d'expiration",
    signatureNotice: 'Signature',
    clientRequired: 'Veuillez sélectionner un client pour le devis.',
    linesRequired: 'Le devis doit contenir au moins une ligne.',
    saveErrorIntro: "Une erreur est survenue lors de l'enregistrement du devis :",
    saveErrorFallback: "Erreur lors de l'enregistrement du devis. Vérifiez les champs et réessayez.",
    loadError: 'Impossible de charger le devis.',
    loadListError: 'Impossible de charger la liste des devis.',
    deleteConfirm: 'Voulez-vous vraiment supprimer ce devis ? Cette action est irréversible.',
    deleteError: 'Erreur lors de la suppression du devis.',
    deleted: 'Devis supprimé.',
    created: 'Devis créé avec succès !',
    updated: 'Devis mis à jour avec succès !',
    emailGuard: "Associez un client et enregistrez le devis avant de l'envoyer.",
    emailSent: 'Le devis a été envoyé par e-mail avec succès !',
    emailForbidden: "Vous n'êtes pas autorisé à envoyer ce devis.",
    emailNotFound: 'Devis introuvable. Veuillez recharger la page.',
    filePrefix: 'devis',
    ofThe: 'du devis',
  },
};

/** The list filter: stored statuses, then overdue (derived: `is_overdue`). */
const INVOICE_FILTER_STATUSES = ['draft', 'sent', 'partially_paid', 'paid', 'cancelled', 'overdue'] as const;

export const INVOICE_CONFIG: DocumentKindConfig = {
  kind: 'invoice',
  path: 'invoices',
  tag: 'Invoice',
  numberField: 'invoice_number',
  endDateField: 'due_date',
  createdField: 'issue_date',
  createdHeader: 'Date Création',
  endDateHeader: 'Date Échéance',
  ledger: true,
  creatable: true,
  hasPriority: true,
  defaultSort: { key: 'due_date', direction: 'asc' },
  listOrderings: { due_date: 'end_date', issue_date: 'issue_date', total_amount: 'total_amount' },
  defaultOrdering: 'end_date',
  filterStatuses: options(INVOICE_FILTER_STATUSES, INVOICE_STATUS_LABELS),
  formStatuses: options(WRITABLE_INVOICE_STATUSES, INVOICE_STATUS_LABELS),
  statusTones: INVOICE_STATUS_TONES,
  closedStatuses: ['paid', 'cancelled'],
  labels: {
    noun: 'Facture',
    countNouns: ['facture', 'factures'],
    the: 'la facture',
    willBeSentTo: 'La facture sera envoyée à',
    listTitle: 'Liste des factures',
    newLabel: 'Faire une facture',
    createTitle: 'Nouvelle facture',
    duplicateTitle: 'Dupliquer une facture',
    createButton: 'Créer la facture',
    emptyList: 'Aucune facture à afficher.',
    endDate: "Date d'échéance",
    signatureNotice: 'Informations de paiement',
    clientRequired: 'Veuillez sélectionner un client pour la facture.',
    linesRequired: 'La facture doit contenir au moins une ligne.',
    saveErrorIntro: "Une erreur est survenue lors de l'enregistrement de la facture :",
    saveErrorFallback: "Erreur lors de l'enregistrement de la facture. Vérifiez les champs et réessayez.",
    loadError: 'Impossible de charger la facture.',
    loadListError: 'Impossible de charger la liste des factures.',
    deleteConfirm: 'Voulez-vous vraiment supprimer cette facture ? Cette action est irréversible.',
    deleteError: 'Erreur lors de la suppression de la facture.',
    deleted: 'Facture supprimée.',
    created: 'Facture créée avec succès !',
    updated: 'Facture mise à jour avec succès !',
    emailGuard: "Associez un client et enregistrez la facture avant de l'envoyer.",
    emailSent: 'La facture a été envoyée par e-mail avec succès !',
    emailForbidden: "Vous n'êtes pas autorisé à envoyer cette facture.",
    emailNotFound: 'Facture introuvable. Veuillez recharger la page.',
    filePrefix: 'facture',
    ofThe: 'de la facture',
  },
};

/**
 * Avoirs (issue 13): issued in one step from an invoice (numbered AV-…, frozen), never edited
 * nor deleted; listed, viewed, downloaded and sent by e-mail like the others.
 */
export const CREDIT_NOTE_CONFIG: DocumentKindConfig = {
  kind: 'credit_note',
  path: 'credit-notes',
  tag: 'CreditNote',
  numberField: 'credit_note_number',
  endDateField: 'due_date',
  createdField: 'issue_date',
  createdHeader: 'Date',
  endDateHeader: null,
  ledger: true,
  creatable: false,
  hasPriority: false,
  defaultSort: { key: 'issue_date', direction: 'desc' },
  listOrderings: { issue_date: 'issue_date', total_amount: 'total_amount' },
  defaultOrdering: '-issue_date',
  filterStatuses: options(CREDIT_NOTE_STATUSES, CREDIT_NOTE_STATUS_LABELS),
  formStatuses: [],
  statusTones: { issued: 'purple', sent: 'blue' },
  closedStatuses: CREDIT_NOTE_STATUSES,
  labels: {
    noun: 'Avoir',
    countNouns: ['avoir', 'avoirs'],
    the: 'l’avoir',
    willBeSentTo: 'L’avoir sera envoyé à',
    listTitle: 'Liste des avoirs',
    newLabel: 'Émettre un avoir',
    createTitle: 'Nouvel avoir',
    duplicateTitle: 'Nouvel avoir',
    createButton: 'Émettre l’avoir',
    emptyList: 'Aucun avoir à afficher. Un avoir s’émet depuis une facture émise.',
    endDate: 'Date d’échéance',
    signatureNotice: 'Informations de paiement',
    clientRequired: 'Veuillez sélectionner un client pour l’avoir.',
    linesRequired: 'L’avoir doit contenir au moins une ligne.',
    saveErrorIntro: 'Une erreur est survenue lors de l’émission de l’avoir :',
    saveErrorFallback: 'Erreur lors de l’émission de l’avoir. Vérifiez les champs et réessayez.',
    loadError: 'Impossible de charger l’avoir.',
    loadListError: 'Impossible de charger la liste des avoirs.',
    deleteConfirm: 'Un avoir émis ne peut pas être supprimé.',
    deleteError: 'Un avoir émis ne peut pas être supprimé.',
    deleted: 'Avoir supprimé.',
    created: 'Avoir émis avec succès !',
    updated: 'Avoir mis à jour avec succès !',
    emailGuard: 'L’avoir n’a pas de client à qui l’envoyer.',
    emailSent: 'L’avoir a été envoyé par e-mail avec succès !',
    emailForbidden: 'Vous n’êtes pas autorisé à envoyer cet avoir.',
    emailNotFound: 'Avoir introuvable. Veuillez recharger la page.',
    filePrefix: 'avoir',
    ofThe: 'de l’avoir',
  },
};

export const DOCUMENT_KINDS: Record<DocumentKind, DocumentKindConfig> = {
  quote: QUOTE_CONFIG,
  invoice: INVOICE_CONFIG,
  credit_note: CREDIT_NOTE_CONFIG,
};

/** Base data of the form (SPEC section 8). */
export const BASE_DATA_ERROR = 'Impossible de charger les données de base (contacts/tâches/profil).';
export const UNKNOWN_CLIENT = 'Client inconnu';
export const LINES_INVALID = 'Veuillez remplir correctement toutes les lignes (titre, quantité > 0, prix >= 0).';
