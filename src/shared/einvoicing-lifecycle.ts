/**
 * The lifecycle statuses of an e-invoice (2026 reform: XP Z12-012, DGFiP external specifications),
 * as ../shared/einvoicing/README.md lists them. A platform or the buyer sets each one and says so in
 * a CDAR message (`ProcessConditionCode`); Carnet shows them on the invoice with these labels.
 */
export const LIFECYCLE_STATUS_LABELS = {
  200: 'Déposée',
  201: 'Émise par la plateforme',
  202: 'Reçue',
  203: 'Mise à disposition',
  204: 'Prise en charge',
  205: 'Approuvée',
  206: 'Approuvée partiellement',
  207: 'En litige',
  208: 'Suspendue',
  209: 'Complétée',
  210: 'Refusée',
  211: 'Paiement transmis',
  212: 'Encaissée',
  213: 'Rejetée',
} as const;

export type LifecycleStatusCode = keyof typeof LIFECYCLE_STATUS_LABELS;

export const isLifecycleStatusCode = (code: number): code is LifecycleStatusCode =>
  Object.prototype.hasOwnProperty.call(LIFECYCLE_STATUS_LABELS, code);

/**
 * The statuses that need the seller to act: the buyer disputes (207) or refuses (210) the invoice,
 * or the platform rejects it (213). An issued invoice is never changed (art. 242 nonies A du CGI,
 * annexe II): it is cancelled by a credit note and billed again.
 */
export const LIFECYCLE_PROBLEMS: Partial<Record<LifecycleStatusCode, string>> = {
  207: 'Le client conteste cette facture. Voyez avec lui ce qui doit être corrigé : si la facture doit changer, annulez-la par un avoir et émettez une nouvelle facture.',
  210: 'Le client a refusé cette facture. Une facture émise ne se modifie pas : annulez-la par un avoir, puis émettez une nouvelle facture corrigée.',
  213: 'La plateforme a rejeté cette facture. Corrigez ce qu’indique le motif, annulez-la par un avoir et émettez une nouvelle facture.',
};
