/**
 * The approved e-invoicing platform (issue 26): what both sides say about its settings. The
 * 2026 reform: every business receives e-invoices through an approved platform (plateforme agréée)
 * from 1 September 2026; small businesses and micro-entrepreneurs send theirs through one from
 * 1 September 2027.
 */

export const EINVOICING_URL_FIELDS = ['flow_service_url', 'directory_service_url', 'token_url'] as const;
export type EInvoicingUrlField = (typeof EINVOICING_URL_FIELDS)[number];

export const EINVOICING_MESSAGES = {
  required: 'Ce champ est obligatoire pour activer la plateforme.',
  secretRequired: 'Le secret client est obligatoire pour activer la plateforme.',
  invalidUrl: 'Adresse invalide : saisissez une adresse complète (https://…).',
  notHttps: 'L’adresse doit commencer par https:// (http:// n’est accepté que pour localhost, pour la plateforme de test).',
  credentialsInUrl: 'L’adresse ne doit contenir ni identifiant ni mot de passe.',
  notConfigured: 'Renseignez et enregistrez d’abord les adresses et les identifiants de votre plateforme.',
  ok: 'Connexion réussie : la plateforme a délivré un jeton et répond.',
} as const;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The French refusal of a platform URL, or null when it is acceptable (https; http on localhost only). */
export function platformUrlError(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return EINVOICING_MESSAGES.invalidUrl;
  }
  if (url.username || url.password) return EINVOICING_MESSAGES.credentialsInUrl;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') return LOCAL_HOSTS.has(url.hostname) ? null : EINVOICING_MESSAGES.notHttps;
  return EINVOICING_MESSAGES.invalidUrl;
}

/**
 * The platform's reasons for refusing a flow (XP Z12-013 `ReasonCodeEnum`, with the DGFiP codes the
 * standard maps them to), in French for the invoice's page.
 */
export const FLOW_REJECTION_REASONS: Record<string, string> = {
  EmptyAttachement: 'une pièce jointe est vide (IRR_VID_PJ)',
  AttachmentTypeError: 'le type ou l’extension d’une pièce jointe n’est pas accepté (IRR_EXT_DOC)',
  EmptyFlow: 'le fichier envoyé est vide (IRR_VID_F)',
  OtherTechnicalError: 'erreur technique de la plateforme (AUTRE)',
  InvalidSchema: 'le XML ne respecte pas le schéma attendu (IRR_SYNTAX)',
  FileSizeExceeded: 'le fichier dépasse la taille acceptée (IRR_TAILLE_F)',
  FlowTypeError: 'le type de flux ou l’extension du fichier ne convient pas (IRR_TYPE_F)',
  AlreadyExistingFlow: 'ce flux a déjà été reçu',
  VirusFound: 'un virus a été détecté (IRR_ANTIVIRUS)',
  ChecksumMismatch: 'l’empreinte du fichier ne correspond pas',
  InvoiceLCInvalidStatus: 'un ou plusieurs statuts sont incohérents',
  InvoiceLCStatusError: 'un ou plusieurs statuts sont incorrects ou non autorisés',
  InvoiceLCRuleError: 'une ou plusieurs règles ne sont pas respectées',
  InvoiceLCAccessDenied: 'une demande n’est pas autorisée',
  InvoiceLCAmountError: 'un ou plusieurs montants sont incohérents avec la TVA',
};

/** An acknowledgement's details as one French sentence (unknown codes kept as the platform gave them). */
export function flowRejectionMessage(details: { reasonCode: string; reasonMessage?: string; item?: string }[]): string {
  const reasons = details.map((d) => FLOW_REJECTION_REASONS[d.reasonCode] ?? `${d.reasonCode}${d.reasonMessage ? ` : ${d.reasonMessage}` : ''}`);
  return `La plateforme a refusé le flux : ${reasons.length ? reasons.join(' ; ') : 'sans motif précisé'}. Corrigez ce qu’elle indique, puis annulez la facture par un avoir et émettez-en une nouvelle si son contenu doit changer.`;
}
