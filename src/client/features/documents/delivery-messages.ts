import type { ApiError } from '@/client/app/api';
import type { DocumentKindConfig } from './document-kinds';

/** SPEC section 8, PDF errors. */
export const PDF_MESSAGES = {
  generic: 'Une erreur inattendue est survenue lors de la génération du PDF.',
  unexpectedResponse: "Réponse d'erreur inattendue du serveur.",
  unreadable: 'Erreur lors de la lecture de la réponse du serveur.',
  network: 'Erreur réseau ou serveur inaccessible.',
} as const;

/** SPEC section 8, e-mail errors (429 fixed: the SPEC notes the original showed nothing). */
export const EMAIL_MESSAGES = {
  server: 'Une erreur est survenue sur le serveur. Veuillez réessayer plus tard.',
  tooMany: 'Trop de tentatives. Veuillez réessayer plus tard.',
  network: 'Impossible de contacter le serveur. Veuillez vérifier votre connexion.',
  unexpected: 'Une erreur inattendue est survenue.',
  otherStatus: (status: number) => `Une erreur est survenue (${status}).`,
} as const;

function readBlobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(blob);
  });
}

const isBlob = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob;

const errorField = (data: unknown): string | undefined => {
  if (!data || typeof data !== 'object') return undefined;
  const { error } = data as { error?: unknown };
  return typeof error === 'string' && error.trim() ? error : undefined;
};

/**
 * The message for a failed PDF download. The PDF is requested as a blob, so an error body is
 * a blob holding JSON `{"error": "…"}` (SPEC section 7): read it, show its error text, else
 * the generic message; unparsable → unexpected response; unreadable → read error; no
 * response at all → network message.
 */
export async function pdfErrorMessage(error: ApiError | undefined): Promise<string> {
  if (!error || typeof error.status !== 'number') return PDF_MESSAGES.network;
  const { data } = error;
  if (isBlob(data)) {
    let text: string;
    try {
      text = await readBlobText(data);
    } catch {
      return PDF_MESSAGES.unreadable;
    }
    try {
      return errorField(JSON.parse(text)) ?? PDF_MESSAGES.generic;
    } catch {
      return PDF_MESSAGES.unexpectedResponse;
    }
  }
  // Already parsed (e.g. JSON) or empty body.
  if (data && typeof data === 'object') return errorField(data) ?? PDF_MESSAGES.generic;
  if (typeof data === 'string' && data) {
    try {
      return errorField(JSON.parse(data)) ?? PDF_MESSAGES.generic;
    } catch {
      return PDF_MESSAGES.unexpectedResponse;
    }
  }
  return PDF_MESSAGES.generic;
}

/** The message for a failed e-mail send (SPEC section 8), per status. */
export function emailErrorMessage(config: DocumentKindConfig, error: ApiError | undefined): string {
  if (!error) return EMAIL_MESSAGES.unexpected;
  if (typeof error.status !== 'number') {
    return error.status === 'FETCH_ERROR' ? EMAIL_MESSAGES.network : EMAIL_MESSAGES.unexpected;
  }
  const data = error.data as { error?: unknown; detail?: unknown } | undefined;
  const serverError = errorField(data);
  switch (error.status) {
    case 400:
      return serverError ? `Erreur : ${serverError}` : EMAIL_MESSAGES.otherStatus(400);
    case 403:
      return config.labels.emailForbidden;
    case 404:
      return config.labels.emailNotFound;
    case 429: {
      const detail = typeof data?.detail === 'string' && data.detail.trim() ? data.detail : undefined;
      return serverError ?? detail ?? EMAIL_MESSAGES.tooMany;
    }
    case 500:
      return EMAIL_MESSAGES.server;
    default:
      // e.g. 502 when the mail server refused the message: keep the server's explanation.
      return serverError ? `${EMAIL_MESSAGES.otherStatus(error.status)} ${serverError}` : EMAIL_MESSAGES.otherStatus(error.status);
  }
}

/** 'devis_DEV-2025-0001.pdf', or 'facture_12.pdf' for a draft invoice without a number. */
export function pdfFileName(config: DocumentKindConfig, document: { id: number; number: string | null }): string {
  return `${config.labels.filePrefix}_${document.number || document.id}.pdf`;
}
