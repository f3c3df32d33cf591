import { CONTACT_FIELD_LABELS, CONTACT_IMPORT_MAX_ROWS } from '../../../shared/contacts';
import { formatNumber } from '../../lib/format';

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
  created: 'Contact créé avec succès !',
  updated: 'Contact mis à jour avec succès !',
  deleted: 'Contact supprimé.',
  copied: (value: string) => `« ${value} » copié dans le presse-papiers.`,
  copyError: 'Impossible de copier dans le presse-papiers.',
  exportError: "Impossible de préparer l'export CSV. Veuillez réessayer.",
} as const;

/** The tasks block of an unsaved contact (the tasks feature fills it once the contact exists). */
export const CONTACT_MESSAGES_SAVE_FIRST = "Veuillez d'abord enregistrer le contact pour ajouter des tâches.";

/** SPEC 9: CSV import limits. */
export const CSV_IMPORT_MAX_BYTES = 1024 * 1024;
export const CSV_IMPORT_MAX_ROWS = CONTACT_IMPORT_MAX_ROWS;

export const IMPORT_MESSAGES = {
  notCsv: 'Le fichier doit être au format .csv.',
  // Rounded up, so that a file just over the limit never reads '(1 Mo)'.
  tooLarge: (bytes: number) =>
    `Le fichier est trop volumineux (${formatNumber(Math.ceil((bytes / (1024 * 1024)) * 100) / 100)} Mo). Limite : 1 Mo.`,
  tooMany: (count: number) => `Le fichier contient trop de contacts (${count}). Limite : ${CSV_IMPORT_MAX_ROWS}.`,
  success: (count: number) =>
    count === 1 ? '1 contact importé avec succès.' : `${count} contacts importés avec succès.`,
  unknown: "Erreur inconnue lors de l'import des contacts.",
  readError: (detail: string) => `Erreur lecture fichier CSV: ${detail}`,
  missingColumns: 'Le fichier doit contenir une colonne Nom et une colonne Email sur sa première ligne.',
  nothingToImport: 'Aucun contact à importer : chaque ligne doit avoir un nom et un email.',
  rowError: (row: number, field: string, messages: string) => `Contact ${row} : ${field} : ${messages}`,
  failed: "Aucun contact n'a été importé. Corrigez le fichier puis recommencez :",
  skipped: (count: number) =>
    count === 1
      ? '1 ligne sans nom ou sans email a été ignorée.'
      : `${count} lignes sans nom ou sans email ont été ignorées.`,
  reading: 'Lecture du fichier...',
  sending: (count: number) => `Import de ${count} contact${count > 1 ? 's' : ''} en cours...`,
} as const;

const GENERAL_KEYS = new Set(['detail', 'non_field_errors']);

function messagesOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(messagesOf).filter(Boolean).join(' ');
  return '';
}

function fieldLabel(field: string): string {
  return (CONTACT_FIELD_LABELS as Record<string, string>)[field] ?? field;
}

/**
 * SPEC 5: server field errors as 'Label : message' joined by ' | ' (French labels; a general
 * `detail` / `non_field_errors` shows its message alone). Null when the body holds no message.
 */
export function formatContactErrors(data: unknown): string | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const parts: string[] = [];
  for (const [field, value] of Object.entries(data as Record<string, unknown>)) {
    const messages = messagesOf(value);
    if (!messages) continue;
    parts.push(GENERAL_KEYS.has(field) ? messages : `${fieldLabel(field)} : ${messages}`);
  }
  return parts.length ? parts.join(' | ') : null;
}

/**
 * SPEC 8 "CSV import": one line 'Contact i : field : messages' per field in error, where i is
 * the contact's position in the file (`rowNumbers[k]` for the k-th row sent).
 */
export function formatImportErrors(errors: unknown, rowNumbers: readonly number[]): string[] {
  if (!Array.isArray(errors)) return [];
  const lines: string[] = [];
  errors.forEach((rowErrors, index) => {
    if (!rowErrors || typeof rowErrors !== 'object') return;
    for (const [field, value] of Object.entries(rowErrors as Record<string, unknown>)) {
      const messages = messagesOf(value);
      if (messages) lines.push(IMPORT_MESSAGES.rowError(rowNumbers[index] ?? index + 1, fieldLabel(field), messages));
    }
  });
  return lines;
}
