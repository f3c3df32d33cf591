import {
  INVOICE_STATUSES,
  INVOICE_STATUS_LABELS,
  QUOTE_STATUSES,
  QUOTE_STATUS_LABELS,
  type DocumentKind,
} from '../../../shared/documents';
import type { SelectOption } from '../../ui/form-fields';
import type { BadgeTone } from '../../ui/theme';

export type { DocumentKind };

/**
 * Everything that differs between quotes and invoices on the client: API paths and field names,
 * routes, statuses and every French text. The pages, the API endpoints and the helpers are
 * written once and read this table.
 */
export interface DocumentKindConfig {
  kind: DocumentKind;
  /** API path segment and route segment. */
  path: 'quotes' | 'invoices';
  tag: 'Quote' | 'Invoice';
  numberField: 'quote_number' | 'invoice_number';
  endDateField: 'expiration_date' | 'due_date';
  /** Column shown as 'Date Création' in the list. */
  createdField: 'created_at' | 'issue_date';
  /** Default sort of the list (SPEC section 9). */
  defaultSort: { key: string; direction: 'asc' | 'desc' };
  /** Statuses offered by the list filter. */
  filterStatuses: SelectOption[];
  /** Statuses offered by the form (invoices: 'partial' is the form's reading of partially_paid). */
  formStatuses: SelectOption[];
  statusTones: Record<string, BadgeTone>;
  /** End date shown plainly (closed document): no red/orange highlight. */
  closedStatuses: readonly string[];
  labels: {
    /** 'Devis' / 'Facture'. */
    noun: string;
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
    /** 'devis' / 'facture' — PDF file name prefix. */
    filePrefix: string;
    /** 'du devis' / 'de la facture'. */
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
  defaultSort: { key: 'created_at', direction: 'desc' },
  filterStatuses: options(QUOTE_STATUSES, QUOTE_STATUS_LABELS),
  formStatuses: options(QUOTE_STATUSES, QUOTE_STATUS_LABELS),
  statusTones: { draft: 'grey', sent: 'blue', accepted: 'green', rejected: 'red', expired: 'darkgrey' },
  closedStatuses: ['accepted', 'rejected', 'expired'],
  labels: {
    noun: 'Devis',
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

/** The form offers 'partial' for a partially paid invoice; the API answers 'partially_paid'. */
const INVOICE_FORM_STATUSES = INVOICE_STATUSES.map((s) => (s === 'partially_paid' ? 'partial' : s));

export const INVOICE_CONFIG: DocumentKindConfig = {
  kind: 'invoice',
  path: 'invoices',
  tag: 'Invoice',
  numberField: 'invoice_number',
  endDateField: 'due_date',
  createdField: 'issue_date',
  defaultSort: { key: 'due_date', direction: 'asc' },
  filterStatuses: options(INVOICE_STATUSES, INVOICE_STATUS_LABELS),
  formStatuses: options(INVOICE_FORM_STATUSES, { ...INVOICE_STATUS_LABELS, partial: INVOICE_STATUS_LABELS.partially_paid }),
  statusTones: {
    draft: 'grey',
    sent: 'blue',
    unpaid: 'red',
    partially_paid: 'orange',
    partial: 'orange',
    overdue: 'darkred',
    paid: 'green',
    cancelled: 'darkgrey',
  },
  closedStatuses: ['paid', 'cancelled'],
  labels: {
    noun: 'Facture',
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

export const DOCUMENT_KINDS: Record<DocumentKind, DocumentKindConfig> = {
  quote: QUOTE_CONFIG,
  invoice: INVOICE_CONFIG,
};

/** Base data of the form (SPEC section 8). */
export const BASE_DATA_ERROR = 'Impossible de charger les données de base (contacts/tâches/profil).';
export const UNKNOWN_CLIENT = 'Client inconnu';
export const LINES_INVALID = 'Veuillez remplir correctement toutes les lignes (titre, quantité > 0, prix >= 0).';
