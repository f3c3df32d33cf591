import { CONTACT_FIELD_LABELS, CONTACT_IMPORT_MAX_ROWS } from '@/shared/contacts';
import type { MatchReason } from '@/shared/contact-import';
import { formatNumber } from '@/client/lib/format';
import { fieldErrorMessages, formatFieldErrors } from '@/client/kit/field-errors';
import { countLabel } from '@/client/kit/plural';

/** SPEC 5 and 8 texts for the contact screens, verbatim. */
export const CONTACT_MESSAGES = {
  empty: 'Aucun contact enregistré.',
  noMatch: 'Aucun contact ne correspond à votre recherche.',
  listLoadError: 'Impossible de charger les contacts.',
  nameRequired: 'Le nom du contact est requis.',
  loadError: 'Impossible de charger le contact.',
  saveError: "Erreur lors de l'enregistrement du contact. Veuillez réessayer.",
  deleteError: 'Erreur lors de la suppression du contact.',
  deleteConfirm: 'Voulez-vous vraiment supprimer ce contact ? Cette action est irréversible.',
  /** Added to the confirmation when the contact is the client of recurring invoices (deleted with it). */
  deleteRecurring: (count: number) =>
    count === 1 ? 'Sa facture récurrente sera supprimée.' : `Ses ${count} factures récurrentes seront supprimées.`,
  created: 'Contact créé avec succès !',
  updated: 'Contact mis à jour avec succès !',
  deleted: 'Contact supprimé.',
  copied: (value: string) => `« ${value} » copié dans le presse-papiers.`,
  copyError: 'Impossible de copier dans le presse-papiers.',
  exportError: "Impossible de préparer l'export CSV. Veuillez réessayer.",
} as const;

/** The tasks block of an unsaved contact (the tasks feature fills it once the contact exists). */
export const CONTACT_MESSAGES_SAVE_FIRST = "Veuillez d'abord enregistrer le contact pour ajouter des tâches.";

/**
 * SPEC 9: CSV import limits. The API takes CONTACT_IMPORT_MAX_ROWS rows a request: a longer file
 * (issue 18: files over 1,000 lines) is sent in batches of that size, with a progress bar.
 */
export const CSV_IMPORT_MAX_BYTES = 1024 * 1024;
export const CSV_IMPORT_MAX_ROWS = 10_000;
export const CSV_IMPORT_BATCH_ROWS = CONTACT_IMPORT_MAX_ROWS;

/** 'Ligne 3', the line of the file as a spreadsheet numbers it (the header is line 1) for contact `row`. */
export const fileLine = (row: number) => `Ligne ${formatNumber(row + 1)}`;

export const IMPORT_MESSAGES = {
  notCsv: 'Le fichier doit être au format .csv.',
  // Rounded up, so that a file just over the limit never reads '(1 Mo)'.
  tooLarge: (bytes: number) =>
    `Le fichier est trop volumineux (${formatNumber(Math.ceil((bytes / (1024 * 1024)) * 100) / 100)} Mo). Limite : 1 Mo.`,
  tooMany: (count: number) =>
    `Le fichier contient trop de contacts (${formatNumber(count)}). Limite : ${formatNumber(CSV_IMPORT_MAX_ROWS)}.`,
  success: (count: number) =>
    count === 0 ? 'Aucun nouveau contact importé.' : `${countLabel(count, 'contact importé', 'contacts importés')} avec succès.`,
  updated: (count: number) => `${countLabel(count, 'contact mis à jour', 'contacts mis à jour')}.`,
  skippedExisting: (count: number) => `${countLabel(count, 'contact déjà présent ignoré', 'contacts déjà présents ignorés')}.`,
  skippedInvalid: (count: number) => `${countLabel(count, 'ligne invalide ignorée', 'lignes invalides ignorées')}.`,
  unknown: "Erreur inconnue lors de l'import des contacts.",
  readError: (detail: string) => `Erreur lecture fichier CSV : ${detail}`,
  missingColumns: 'Le fichier doit contenir une colonne Nom et une colonne Email sur sa première ligne.',
  nothingToImport: 'Aucun contact à importer : chaque ligne doit avoir un nom et un email.',
  missing: (name: boolean, email: boolean) =>
    name && email ? 'Nom et email manquants.' : name ? 'Nom manquant.' : 'Email manquant.',
  existing: (contactName: string, match: MatchReason) =>
    `déjà présent : « ${contactName} » (même ${match === 'email' ? 'email' : 'nom'}).`,
  repeats: (row: number) => `même contact que la ${fileLine(row).toLowerCase()}.`,
  rowNote: (row: number, text: string) => `${fileLine(row)} : ${text}`,
  /** Issue 18: 'N nouveaux contacts, M déjà présents, K lignes invalides.' */
  preview: (fresh: number, existing: number, invalid: number) =>
    `${countLabel(fresh, 'nouveau contact', 'nouveaux contacts')}, ${countLabel(existing, 'déjà présent', 'déjà présents')}, ` +
    `${countLabel(invalid, 'ligne invalide', 'lignes invalides')}.`,
  nothingNew: 'Tous les contacts du fichier sont déjà présents : choisissez de les mettre à jour, ou annulez.',
  failed: "Aucun contact n'a été importé. Corrigez le fichier puis recommencez :",
  partlyFailed: (created: number) =>
    `${countLabel(created, 'contact importé', 'contacts importés')} avant l’erreur ; les lignes suivantes ne l’ont pas été :`,
  reading: 'Lecture du fichier...',
  checking: 'Analyse du fichier...',
  sending: (count: number) => `Import de ${countLabel(count, 'contact', 'contacts')} en cours...`,
} as const;

/**
 * SPEC 5: server field errors as 'Label : message' joined by ' | ' (French labels; a general
 * `detail` / `non_field_errors` shows its message alone). Null when the body holds no message.
 */
export function formatContactErrors(data: unknown): string | null {
  return formatFieldErrors(data, CONTACT_FIELD_LABELS) || null;
}

/**
 * SPEC 8 "CSV import": one line 'Ligne n : field : messages' per field in error, n being the line
 * of the file (`rowNumbers[k]`, the contact's place in the file, for the k-th row sent).
 */
export function formatImportErrors(errors: unknown, rowNumbers: readonly number[]): string[] {
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((rowErrors, index) =>
    fieldErrorMessages(rowErrors, CONTACT_FIELD_LABELS).map((text) => IMPORT_MESSAGES.rowNote(rowNumbers[index] ?? index + 1, text)),
  );
}
