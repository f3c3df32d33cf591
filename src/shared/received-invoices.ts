/**
 * « Factures reçues » (issue 26): the answers a buyer gives a supplier's e-invoice, each a lifecycle
 * status of the reform (XP Z12-012), and which may follow which.
 */

export const RECEIVED_ANSWERS = {
  approved: 205,
  disputed: 207,
  refused: 210,
  paid: 211,
} as const;
export type ReceivedAnswer = keyof typeof RECEIVED_ANSWERS;
export const RECEIVED_ANSWER_KEYS = Object.keys(RECEIVED_ANSWERS) as ReceivedAnswer[];

/** The list's statuses: `received` until the user answers. */
export const RECEIVED_STATUS_LABELS = {
  received: 'À traiter',
  approved: 'Approuvée',
  disputed: 'En litige',
  refused: 'Refusée',
  paid: 'Paiement effectué',
} as const;
export type ReceivedStatus = keyof typeof RECEIVED_STATUS_LABELS;

export const receivedStatusOf = (code: number | null): ReceivedStatus =>
  (Object.entries(RECEIVED_ANSWERS).find(([, c]) => c === code)?.[0] as ReceivedAnswer | undefined) ?? 'received';

/**
 * What may follow what: a dispute is settled by approving or refusing; a refusal and a payment are
 * final (a refused invoice is cancelled by the supplier's credit note, not answered again).
 */
const NEXT: Record<ReceivedStatus, readonly ReceivedAnswer[]> = {
  received: ['approved', 'disputed', 'refused', 'paid'],
  disputed: ['approved', 'refused'],
  approved: ['paid', 'disputed'],
  refused: [],
  paid: [],
};
export const allowedAnswers = (status: ReceivedStatus): readonly ReceivedAnswer[] => NEXT[status];

/** A dispute and a refusal say why (the supplier receives the reason code, and its label or the user's details). */
export const answerNeedsReason = (answer: ReceivedAnswer) => answer === 'disputed' || answer === 'refused';

/**
 * The status reason codes (MDT-113, `ram:ReasonCode`) of the lifecycle messages of the reform (XP
 * Z12-012), with the French labels shown to the user and sent as the reason's text (MDT-114,
 * `ram:Reason`) when the user adds no details. In the order the answer's dialog lists them.
 *
 * - 210 Refusée: only these 13 codes (CDV schematron rule BR-FR-CDV-CL-09): `AUTRE` is not one of them.
 * - 207 En litige: the buyer's business codes of the general list — the 13 above, then `AUTRE` and
 *   the finer ones.
 * - A reason code is mandatory for 207 and 210 (BR-FR-CDV-15); Carnet's 205 and 211 carry none.
 */
export const REFUSAL_REASON_CODES = [
  'TX_TVA_ERR', 'MONTANTTOTAL_ERR', 'CALCUL_ERR', 'NON_CONFORME', 'DOUBLON', 'DEST_ERR', 'TRANSAC_INC', 'EMMET_INC',
  'CONTRAT_TERM', 'DOUBLE_FACT', 'CMD_ERR', 'ADR_ERR', 'REF_CT_ABSENT',
] as const;
export const DISPUTE_REASON_CODES = [
  ...REFUSAL_REASON_CODES,
  'AUTRE', 'COORD_BANC_ERR', 'SIRET_ERR', 'CODE_ROUTAGE_ERR', 'REF_ERR', 'PU_ERR', 'REM_ERR', 'QTE_ERR', 'ART_ERR', 'MODPAI_ERR',
  'QUALITE_ERR', 'LIVR_INCOMP', 'JUSTIF_ABS',
] as const;
export type ReceivedReasonCode = (typeof DISPUTE_REASON_CODES)[number];

export const RECEIVED_REASON_LABELS: Record<ReceivedReasonCode, string> = {
  TX_TVA_ERR: 'Taux de TVA erroné',
  MONTANTTOTAL_ERR: 'Montant total erroné',
  CALCUL_ERR: 'Erreur de calcul de la facture',
  NON_CONFORME: 'Mention légale manquante',
  DOUBLON: 'Facture en doublon (déjà émise ou reçue)',
  DEST_ERR: 'Erreur de destinataire',
  TRANSAC_INC: 'Transaction inconnue',
  EMMET_INC: 'Émetteur inconnu',
  CONTRAT_TERM: 'Contrat terminé',
  DOUBLE_FACT: 'Double facture',
  CMD_ERR: 'Numéro de commande erroné ou absent',
  ADR_ERR: 'Adresse de facturation électronique erronée',
  REF_CT_ABSENT: 'Référence contractuelle absente',
  AUTRE: 'Autre (précisez)',
  COORD_BANC_ERR: 'Erreur de coordonnées bancaires',
  SIRET_ERR: 'SIRET erroné ou absent',
  CODE_ROUTAGE_ERR: 'Code de routage absent ou erroné',
  REF_ERR: 'Référence erronée',
  PU_ERR: 'Prix unitaire erroné',
  REM_ERR: 'Remise erronée',
  QTE_ERR: 'Quantité facturée erronée',
  ART_ERR: 'Article facturé erroné',
  MODPAI_ERR: 'Modalités de paiement erronées',
  QUALITE_ERR: 'Qualité de l’article livré non conforme',
  LIVR_INCOMP: 'Livraison incomplète ou non effectuée',
  JUSTIF_ABS: 'Justificatif absent ou insuffisant',
};

/** Every code Carnet knows (the API's enum). */
export const RECEIVED_REASON_CODES: readonly ReceivedReasonCode[] = DISPUTE_REASON_CODES;

const REASON_CODES_OF: Record<ReceivedAnswer, readonly ReceivedReasonCode[]> = {
  approved: [],
  disputed: DISPUTE_REASON_CODES,
  refused: REFUSAL_REASON_CODES,
  paid: [],
};
/** The reason codes an answer admits, in the order to offer them ([]: the answer takes none). */
export const reasonCodesOf = (answer: ReceivedAnswer): readonly ReceivedReasonCode[] => REASON_CODES_OF[answer];

export const isReceivedReasonCode = (code: string): code is ReceivedReasonCode => Object.prototype.hasOwnProperty.call(RECEIVED_REASON_LABELS, code);

/** « Autre (précisez) » says nothing by itself: the user's details are then required. */
export const reasonNeedsDetails = (code: string | null | undefined) => code === 'AUTRE';

/**
 * The label of a stored code as the history and the activity name it (null: an answer given before
 * codes, or none); « Autre », its details following.
 */
export const reasonLabel = (code: string | null): string | null =>
  code === 'AUTRE' ? 'Autre' : code && isReceivedReasonCode(code) ? RECEIVED_REASON_LABELS[code] : null;

/**
 * What a history entry and an activity say of a reason: « Taux de TVA erroné — détails ». A code
 * Carnet does not know (a platform's own) is shown as sent; details that only repeat the label are
 * said once (a buyer's software may send the label as its text).
 */
export const reasonDisplay = (code: string | null, details: string | null) => {
  const label = code ? (reasonLabel(code) ?? code) : null;
  return [label, details !== label ? details : null].filter(Boolean).join(' — ');
};

export const RECEIVED_REASON_MAX = 1000;

export const RECEIVED_MESSAGES = {
  duplicate: (number: string, supplier: string) => `La facture ${number} de ${supplier} est déjà dans vos factures reçues.`,
  notAllowed: (from: string, to: string) => `Une facture « ${from} » ne peut pas passer à « ${to} ».`,
  /** The details of « Autre (précisez) » (and, before reason codes, any dispute or refusal). */
  reasonRequired: 'Dites au fournisseur pourquoi.',
  reasonCodeRequired: 'Choisissez un motif.',
  reasonCodeUnknown: 'Motif inconnu : choisissez un motif de la liste.',
  reasonCodeNotAllowed: (reason: string, answer: string) => `« ${reason} » n’est pas un motif admis pour une facture « ${answer} » : choisissez un motif de la liste.`,
  reasonCodeNotExpected: (answer: string) => `Une facture « ${answer} » ne prend pas de motif.`,
  noPdf: 'Cette facture a été reçue en XML, sans PDF : son contenu est affiché sur sa page.',
  tooBig: 'Fichier trop volumineux (10 Mo au plus).',
  fileType: 'Envoyez le fichier de la facture : un PDF Factur-X ou un XML (CII ou UBL).',
} as const;

/** What an uploaded file may weigh (a Factur-X PDF is usually well under 1 Mo). */
export const RECEIVED_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
