/**
 * VAT rules shared by the API, the form, the PDF and the Factur-X XML (issue 14): the seller's
 * regime, the rates, the reasons a line carries no VAT, the category of operation.
 */

/** 'franchise': franchise en base, art. 293 B du CGI (no VAT charged); 'assujetti': VAT-registered. */
export const VAT_REGIMES = ['franchise', 'assujetti'] as const;
export type VatRegime = (typeof VAT_REGIMES)[number];
export const VAT_REGIME_LABELS: Record<VatRegime, string> = {
  franchise: 'Franchise en base de TVA (art. 293 B du CGI)',
  assujetti: 'Assujetti à la TVA',
};

/** French VAT rates (CGI art. 278 to 281 nonies), in percent. */
export const VAT_RATES = [20, 10, 5.5, 2.1, 0] as const;

export const OPERATION_CATEGORIES = ['services', 'goods', 'mixed'] as const;
export type OperationCategory = (typeof OPERATION_CATEGORIES)[number];
export const OPERATION_CATEGORY_LABELS: Record<OperationCategory, string> = {
  services: 'Prestation de services',
  goods: 'Livraison de biens',
  mixed: 'Opération mixte (biens et services)',
};

/**
 * Why a line of an `assujetti` seller is at 0 %: each with its EN 16931 VAT category (BT-151),
 * its VATEX code (BT-121) and the mention printed on the invoice (BT-120).
 */
export const VAT_EXEMPTIONS = {
  autoliquidation: {
    label: 'Autoliquidation (art. 283-2 du CGI)',
    category: 'AE',
    vatex: 'VATEX-EU-AE',
    mention: 'Autoliquidation : TVA due par le preneur, art. 283-2 du CGI',
  },
  intracommunautaire: {
    label: 'Livraison intracommunautaire (art. 262 ter I du CGI)',
    category: 'K',
    vatex: 'VATEX-EU-IC',
    mention: 'Exonération de TVA, art. 262 ter I du CGI (livraison intracommunautaire)',
  },
  exportation: {
    label: 'Exportation hors UE (art. 262 I du CGI)',
    category: 'G',
    vatex: 'VATEX-EU-G',
    mention: 'Exonération de TVA, art. 262 I du CGI (exportation)',
  },
  exoneration: {
    label: 'Exonération (art. 261 du CGI)',
    category: 'E',
    vatex: 'VATEX-EU-132',
    mention: 'Exonération de TVA, art. 261 du CGI',
  },
} as const;
export type VatExemptionKey = keyof typeof VAT_EXEMPTIONS;
export const VAT_EXEMPTION_KEYS = Object.keys(VAT_EXEMPTIONS) as VatExemptionKey[];

/** A franchise seller's only VAT treatment: category E, VATEX-FR-FRANCHISE. */
export const VAT_FRANCHISE = {
  category: 'E',
  vatex: 'VATEX-FR-FRANCHISE',
  mention: 'TVA non applicable, art. 293 B du CGI',
} as const;

/** Printed when the seller opted for paying VAT on debits (CGI art. 269-2-c; art. 242 nonies A, 13°). */
export const VAT_ON_DEBITS_MENTION = "Option pour le paiement de la taxe d'après les débits";
