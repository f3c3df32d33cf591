import { asApiError, errorDetail, isNetworkError } from '@/client/app/api';

/** Texts of SPEC sections 5 and 8 for the login, registration and password reset screens. */
export const MESSAGES = {
  requiredFields: 'Merci de remplir tous les champs.',
  passwordMismatch: 'Les mots de passe ne correspondent pas.',
  badCredentials:
    "Vos identifiants sont incorrects ou votre compte n'est pas encore activé. Veuillez vérifier votre email.",
  loginFallback: 'Erreur lors de la connexion.',
  loginNoResponse: 'Impossible de contacter le serveur.',
  registrationSuccess: "Votre compte a été créé ! Veuillez vérifier votre email pour l'activer.",
  registrationFallback: "Une erreur est survenue lors de l'inscription.",
  registrationNoResponse: 'Impossible de contacter le serveur ou erreur inconnue.',
  resetRequestSuccess: 'Un email de réinitialisation a été envoyé si ce compte existe.',
  resetRequestNotFound: "L'adresse email n'a pas été trouvée.",
  resetRequestTooMany: 'Trop de tentatives. Veuillez réessayer plus tard.',
  resetRequestOtherStatus: 'Une erreur est survenue lors de la demande. Veuillez réessayer.',
  resetRequestNoResponse: 'Pas de réponse du serveur. Vérifiez votre connexion internet.',
  resetRequestUnexpected: 'Erreur inattendue. Veuillez réessayer.',
  resetConfirmSuccess: 'Mot de passe réinitialisé avec succès.',
  resetConfirmFallback: 'Une erreur est survenue.',
  resetConfirmNoData: 'Lien invalide ou expiré.',
  /** Issue 18: the activation link followed again once the account is active. */
  alreadyActive: 'Votre compte est déjà activé. Connectez-vous.',
} as const;

const BAD_CREDENTIAL_DETAILS = [
  'No active account found with the given credentials',
  'Unable to log in with provided credentials.',
];

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  return [];
}

function dataOf(error: unknown): Record<string, unknown> | undefined {
  const data = asApiError(error)?.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
}

export function loginErrorMessage(error: unknown): string {
  if (!asApiError(error) || isNetworkError(error)) return MESSAGES.loginNoResponse;
  const detail = errorDetail(error);
  if (detail && BAD_CREDENTIAL_DETAILS.includes(detail)) return MESSAGES.badCredentials;
  if (detail) return detail;
  return MESSAGES.loginFallback;
}

const REGISTRATION_ERROR_FIELDS = ['password', 'email', 'password2', 'non_field_errors'] as const;

export function registrationErrorMessage(error: unknown): string {
  if (!asApiError(error) || isNetworkError(error)) return MESSAGES.registrationNoResponse;
  const data = dataOf(error);
  const messages = data ? REGISTRATION_ERROR_FIELDS.flatMap((field) => messagesOf(data[field])) : [];
  if (messages.length > 0) return messages.join(' ');
  const detail = errorDetail(error);
  return detail ?? MESSAGES.registrationFallback;
}

export function resetRequestErrorMessage(error: unknown): string {
  const apiError = asApiError(error);
  if (!apiError) return MESSAGES.resetRequestUnexpected;
  if (isNetworkError(apiError)) return MESSAGES.resetRequestNoResponse;
  if (typeof apiError.status !== 'number') return MESSAGES.resetRequestUnexpected;
  if (apiError.status === 400) {
    const first = messagesOf(dataOf(apiError)?.email)[0];
    if (first) return `Erreur : ${first}`;
  }
  if (apiError.status === 404) return MESSAGES.resetRequestNotFound;
  if (apiError.status === 429) return MESSAGES.resetRequestTooMany;
  return MESSAGES.resetRequestOtherStatus;
}

export function resetConfirmErrorMessage(error: unknown): string {
  const data = asApiError(error)?.data;
  if (data === undefined || data === null || data === '') return MESSAGES.resetConfirmNoData;
  const field = data && typeof data === 'object' ? (data as Record<string, unknown>).error : undefined;
  const messages = messagesOf(field);
  return messages.length > 0 ? messages.join(' ') : MESSAGES.resetConfirmFallback;
}
