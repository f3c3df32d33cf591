/** The client portal's limits and French texts (issue 27), shared by the server and the client. */

export const SIGNER_NAME_MAX = 120;
export const DECLINE_REASON_MAX = 2000;

/** The French texts both sides show. */
export const PORTAL_TEXTS = {
  notFound: 'Ce lien n’existe pas. Vérifiez l’adresse reçue par e-mail.',
  revoked: 'Ce lien a été désactivé par son émetteur.',
  expired: 'Ce lien a expiré.',
  alreadyAnswered: 'Ce devis a déjà reçu une réponse.',
  quoteExpired: 'La date de validité de ce devis est dépassée : il ne peut plus être accepté.',
  notAnswerable: 'Ce document n’attend pas de réponse.',
  acceptedHistory: (signer: string) => `Devis accepté en ligne par ${signer}`,
  declinedHistory: 'Devis refusé en ligne',
  /** Written at most once per document and Paris day, when the client opens it (its link or their space). */
  viewedHistory: 'Consulté en ligne par le client',
} as const;

/** Deleting a quote accepted online (issue 27): its certificate is the client's signature, kept as evidence. */
export const QUOTE_SIGNED_ONLINE =
  'Ce devis a été accepté et signé en ligne par votre client : il ne peut pas être supprimé, son certificat d’acceptation fait preuve (art. 1366 du Code civil).';
