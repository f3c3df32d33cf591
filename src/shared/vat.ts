/**
 * VAT rules shared by the API, the form, the PDF and the Factur-X XML (issue 14): the seller's
 * regime, the rates, the reasons a line carries no VAT, the category of operation.
 */
import { EU_MEMBER_STATES, FRENCH_VAT_TERRITORY, isCountryCode } from './countries';
import { vatNumberError } from './identifiers';

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
 * its VATEX code (BT-121), the mention printed on the invoice (BT-120) and a short name for
 * messages and line titles.
 */
export const VAT_EXEMPTIONS = {
  autoliquidation: {
    short: 'autoliquidation',
    label: 'Autoliquidation (client en France : art. 283-2 du CGI ; dans l’UE : art. 196 de la directive 2006/112/CE)',
    category: 'AE',
    vatex: 'VATEX-EU-AE',
    /** A buyer in France (domestic reverse charge); a buyer in another member state: REVERSE_CHARGE_EU_MENTION. */
    mention: 'Autoliquidation : TVA due par le preneur, art. 283-2 du CGI',
  },
  intracommunautaire: {
    short: 'livraison intracommunautaire',
    label: 'Livraison intracommunautaire (art. 262 ter I du CGI)',
    category: 'K',
    vatex: 'VATEX-EU-IC',
    mention: 'Exonération de TVA, art. 262 ter I du CGI et art. 138 de la directive 2006/112/CE (livraison intracommunautaire)',
  },
  /** Goods only (and a mixed operation whose goods leave the EU): see exemptionPlaceProblem. */
  exportation: {
    short: 'exportation',
    label: 'Exportation hors UE (art. 262 I du CGI)',
    category: 'G',
    vatex: 'VATEX-EU-G',
    mention: 'Exonération de TVA, art. 262 I du CGI (exportation)',
  },
  /**
   * Services to a business established outside the EU (issue 25): not an export (art. 262 I is
   * for goods) but outside the scope of French VAT, the place of supply being where the buyer is
   * established (CGI art. 259-1°, B2B general rule; directive 2006/112/CE art. 44). EN 16931 category
   * O "not subject to VAT", VATEX-EU-O; such an invoice has no other VAT category (BR-O-11…14).
   */
  hors_ue_services: {
    short: 'prestation de services hors UE',
    label: 'Prestation de services hors UE (art. 259-1° du CGI)',
    category: 'O',
    vatex: 'VATEX-EU-O',
    mention: 'TVA non applicable, art. 259-1° du CGI (prestation de services à un preneur établi hors de l’Union européenne)',
  },
  /**
   * The same to a private person established outside the EU (issue 25): a private person's services
   * are taxed in France (CGI art. 259-2°), except those art. 259 B lists (intellectual property,
   * advertising, consultancy, engineering, accounting, legal work, data processing and information,
   * staff supply…), taxed where the private person outside the EU is. Category O, as above.
   */
  hors_ue_particulier: {
    short: 'service de l’art. 259 B à un particulier hors UE',
    label: 'Service de l’art. 259 B à un particulier hors UE (conseil, informatique, publicité…)',
    category: 'O',
    vatex: 'VATEX-EU-O',
    mention: 'TVA non applicable, art. 259 B du CGI (prestation de services à un preneur non assujetti établi hors de l’Union européenne)',
  },
  exoneration: {
    short: 'exonération',
    label: 'Exonération (art. 261 du CGI)',
    category: 'E',
    vatex: 'VATEX-EU-132',
    mention: 'Exonération de TVA, art. 261 du CGI',
  },
} as const;
export type VatExemptionKey = keyof typeof VAT_EXEMPTIONS;
export const VAT_EXEMPTION_KEYS = Object.keys(VAT_EXEMPTIONS) as VatExemptionKey[];

/** A stored reason read back: a VAT_EXEMPTIONS key, or '' (none, or the document's for a line). */
export const exemptionKeyOf = (value: unknown): VatExemptionKey | '' =>
  VAT_EXEMPTION_KEYS.includes(value as VatExemptionKey) ? (value as VatExemptionKey) : '';

/** Whether `key` puts the operation outside the scope of French VAT (EN 16931 category O). */
export const isOutsideScope = (key: VatExemptionKey | '') => key !== '' && VAT_EXEMPTIONS[key].category === 'O';

/**
 * Services outside the scope of French VAT (CGI art. 259-1°) bear no French VAT: every line of the
 * invoice is at 0 %, and EN 16931 allows no other category beside O on it (BR-O-11, BR-O-12).
 * Something taxable in France is billed on another invoice.
 */
export const OUTSIDE_SCOPE_TAXED_LINE =
  'Une prestation de services à un client établi hors de l’UE est hors du champ de la TVA française (art. 259-1° du CGI) : ' +
  'toutes les lignes doivent être à 0 %. Facturez à part ce qui est taxable en France.';

/** What a VAT-registered seller's 0 % lines lack without a reason (and why): one message for the form, the save and the issue. */
export const exemptionRequired = (why = '') =>
  `Indiquez le motif d’exonération des lignes à 0 % (${VAT_EXEMPTION_KEYS.map((key) => VAT_EXEMPTIONS[key].short).join(', ')})${why}.`;

/** The reason a line at 0 % carries no VAT (issue 25): its own, else the document's ('' : none given). */
export const effectiveExemption = (line: { vat_exemption?: VatExemptionKey | '' }, documentKey: VatExemptionKey | '') =>
  line.vat_exemption || documentKey;

/**
 * EN 16931 allows nothing beside category O on an invoice (BR-O-11): services outside the scope of
 * French VAT are billed alone, without another exemption either.
 */
export const OUTSIDE_SCOPE_OTHER_EXEMPTION =
  'Une prestation de services hors du champ de la TVA française (art. 259-1° du CGI) se facture seule : ' +
  'aucune ligne de la facture ne peut avoir un autre motif d’exonération. Facturez les autres lignes à part.';

/** A franchise seller's only VAT treatment: category E, VATEX-FR-FRANCHISE. */
export const VAT_FRANCHISE = {
  category: 'E',
  vatex: 'VATEX-FR-FRANCHISE',
  mention: 'TVA non applicable, art. 293 B du CGI',
} as const;

/** Printed when the seller opted for paying VAT on debits (CGI art. 269-2-c; art. 242 nonies A, 13°). */
export const VAT_ON_DEBITS_MENTION = "Option pour le paiement de la taxe d'après les débits";

/**
 * Services to a business established in another member state (issue 25): taxed where the buyer is
 * established (CGI art. 259-1°), the buyer pays the VAT (directive 2006/112/CE art. 196).
 */
export const REVERSE_CHARGE_EU_MENTION =
  'Autoliquidation : TVA due par le preneur, art. 259-1° du CGI et art. 196 de la directive 2006/112/CE';

/** Where the buyer is, as the exemption rules read it: ISO codes ('' when unknown), its VAT number, whether it is a business. */
export interface BuyerPlace {
  name: string;
  /** A private person ('particulier') or a business: who is taxed where differs for services (art. 259-1° and 2°). */
  clientType: string;
  /** The billing address's country. */
  country: string;
  /** The contact has a delivery address (its country may be '', unknown). */
  delivered: boolean;
  /** The delivery address's country. */
  deliveryCountry: string;
  vatNumber: string;
}

type Place = 'france' | 'eu' | 'outside' | 'unknown';

function placeOf(code: string): Place {
  if (!isCountryCode(code)) return 'unknown';
  if (FRENCH_VAT_TERRITORY.has(code)) return 'france';
  return EU_MEMBER_STATES.has(code) ? 'eu' : 'outside';
}

/** The member state of a VAT number's prefix (EL is Greece); null when it is not an EU number. */
function vatNumberState(vatNumber: string): string | null {
  if (!vatNumber.trim() || vatNumberError(vatNumber)) return null;
  const prefix = vatNumber.replace(/[\s.-]/g, '').slice(0, 2).toUpperCase();
  const state = prefix === 'EL' ? 'GR' : prefix;
  return EU_MEMBER_STATES.has(state) ? state : null;
}

/** Goods go where they are delivered: the delivery address when there is one, else the buyer's. */
const destination = (buyer: BuyerPlace) => (buyer.delivered ? buyer.deliveryCountry : buyer.country);

/** The mention (BT-120) of an exemption, for this buyer: reverse charge depends on where it is established. */
export function exemptionMention(key: VatExemptionKey, buyerCountry: string): string {
  if (key === 'autoliquidation' && placeOf(buyerCountry) === 'eu') return REVERSE_CHARGE_EU_MENTION;
  return VAT_EXEMPTIONS[key].mention;
}

/**
 * Why `key` cannot apply to this buyer (issue 25), in French naming the article; null when it can:
 * - intra-community supply (CGI art. 262 ter I, directive art. 138): goods delivered in another
 *   member state to a buyer identified for VAT in a member state other than France;
 * - export (CGI art. 262 I): goods delivered outside the EU, never services alone; a mixed operation
 *   whose goods leave the EU stays an export (the services that come with the goods follow them, as
 *   their accessory; services billed on their own are outside the scope below);
 * - services outside the EU (CGI art. 259-1°): services, and only services, to a business established
 *   outside the EU: a mixed operation cannot be both exempt as an export (category G) and outside
 *   the scope (category O), which EN 16931 forbids on one invoice (BR-O-11); to a private person
 *   there, only the services of art. 259 B (the others are taxed in France, art. 259-2°), under
 *   their own key, the seller answering for the service being one of them;
 * - reverse charge: a buyer established in France (art. 283-2) or, for services, in another member
 *   state with its VAT number (art. 259-1° CGI, art. 196 directive); goods sent to another member
 *   state are an intra-community supply instead.
 * Monaco counts as France; the overseas departments as outside the EU for VAT (CGI art. 294).
 */
export function exemptionPlaceProblem(key: VatExemptionKey, buyer: BuyerPlace, category: OperationCategory): string | null {
  const client = `le client « ${buyer.name} »`;
  const where = category === 'services' ? placeOf(buyer.country) : placeOf(destination(buyer));
  if (key === 'intracommunautaire') {
    const article = 'La livraison intracommunautaire (art. 262 ter I du CGI, art. 138 de la directive 2006/112/CE)';
    if (where === 'unknown') return `${article} suppose des biens livrés dans un autre État membre de l’UE : choisissez le pays de l’adresse (ou de l’adresse de livraison) du client « ${buyer.name} ».`;
    if (where !== 'eu') return `${article} suppose des biens livrés dans un autre État membre de l’UE que la France : ${client} est livré ${where === 'france' ? 'en France' : 'hors de l’UE (choisissez plutôt l’exportation, art. 262 I du CGI)'}.`;
    const state = vatNumberState(buyer.vatNumber);
    if (!state || state === 'FR') return `${article} suppose un client identifié à la TVA dans un autre État membre que la France : renseignez le numéro de TVA intracommunautaire (non français) valide de ${client}.`;
    return null;
  }
  if (key === 'exportation') {
    const article = 'L’exportation (art. 262 I du CGI)';
    if (category === 'services') return `${article} ne vise que des biens : une prestation de services à un client établi hors de l’UE est hors du champ de la TVA française, choisissez « ${VAT_EXEMPTIONS.hors_ue_services.label} ».`;
    if (where === 'unknown') return `${article} suppose des biens livrés hors de l’UE : choisissez le pays de l’adresse (ou de l’adresse de livraison) du client « ${buyer.name} ».`;
    if (where !== 'outside') return `${article} suppose des biens livrés hors de l’Union européenne : ${client} est ${where === 'france' ? 'en France' : 'dans l’UE (pour des biens, choisissez la livraison intracommunautaire, art. 262 ter I du CGI)'}.`;
    return null;
  }
  if (key === 'hors_ue_services' || key === 'hors_ue_particulier') {
    const privatePerson = buyer.clientType === 'particulier';
    const article = key === 'hors_ue_services' ? 'La prestation de services hors UE (art. 259-1° du CGI)' : 'La prestation de l’art. 259 B du CGI à un particulier hors UE';
    if (key === 'hors_ue_services' && privatePerson) {
      return `${article} suppose un client professionnel (assujetti) : pour un particulier, une prestation de services est taxable en France (art. 259-2° du CGI), sauf les services de l’art. 259 B du CGI (conseil, ingénierie, informatique, publicité…) rendus à un particulier établi hors de l’UE : choisissez alors « ${VAT_EXEMPTIONS.hors_ue_particulier.label} ».`;
    }
    if (key === 'hors_ue_particulier' && !privatePerson) {
      return `${article} ne vise que les particuliers : pour ${client}, professionnel, choisissez « ${VAT_EXEMPTIONS.hors_ue_services.label} ».`;
    }
    if (category !== 'services') {
      return `${article} ne vise que des services : ${category === 'goods' ? 'des biens livrés hors de l’UE relèvent' : 'une opération mixte dont les biens sont livrés hors de l’UE relève'} de l’exportation (art. 262 I du CGI).`;
    }
    if (where === 'unknown') return `${article} suppose un client établi hors de l’UE : choisissez le pays de l’adresse du client « ${buyer.name} ».`;
    if (where === 'france') return `${article} suppose un client établi hors de l’Union européenne : ${client} est en France, où la prestation est taxable.`;
    if (where === 'eu') {
      const instead = privatePerson ? '' : ' (pour un professionnel, choisissez l’autoliquidation, art. 259-1° du CGI et art. 196 de la directive 2006/112/CE)';
      return `${article} suppose un client établi hors de l’Union européenne : ${client} est dans l’UE${instead}.`;
    }
    return null;
  }
  if (key === 'autoliquidation') {
    const place = placeOf(buyer.country);
    if (place === 'unknown') return `L’autoliquidation dépend du pays où le client est établi : choisissez le pays de l’adresse du client « ${buyer.name} ».`;
    if (place === 'outside') {
      const instead = category === 'services'
        ? `une prestation de services y est hors du champ de la TVA française, choisissez « ${VAT_EXEMPTIONS.hors_ue_services.label} »`
        : 'pour des biens exportés, choisissez l’exportation, art. 262 I du CGI';
      return `L’autoliquidation (art. 283-2 du CGI, art. 196 de la directive 2006/112/CE) suppose un client établi en France ou dans l’UE : ${client} est hors de l’UE (${instead}).`;
    }
    if (place === 'eu') {
      if (category === 'goods') return `Des biens livrés à ${client}, établi dans un autre État membre, sont une livraison intracommunautaire (art. 262 ter I du CGI) et non une autoliquidation.`;
      const state = vatNumberState(buyer.vatNumber);
      if (!state || state === 'FR') return `L’autoliquidation d’une prestation à un client de l’UE (art. 259-1° du CGI, art. 196 de la directive 2006/112/CE) suppose son numéro de TVA intracommunautaire : renseignez celui, valide, de ${client}.`;
    }
    return null;
  }
  return null;
}
