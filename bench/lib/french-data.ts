/** Deterministic generator of realistic French business data for bench/seed.ts. */
import { isValidSiren } from '../../src/shared/identifiers';

/** mulberry32: small, fast, seeded; the same seed gives the same data set. */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  /** Picks a key of `weights` with probability proportional to its weight. */
  const weighted = <K extends string>(weights: Record<K, number>): K => {
    const entries = Object.entries(weights) as [K, number][];
    let r = next() * entries.reduce((s, [, w]) => s + w, 0);
    for (const [key, w] of entries) if ((r -= w) < 0) return key;
    return entries[entries.length - 1][0];
  };
  return { next, int, pick, weighted, chance: (p: number) => next() < p };
}
export type Rng = ReturnType<typeof createRng>;

export const FIRST_NAMES = [
  'Camille', 'Léa', 'Manon', 'Chloé', 'Inès', 'Émilie', 'Sophie', 'Julie', 'Céline', 'Hélène', 'Anaïs', 'Clémence',
  'Margaux', 'Élodie', 'Zoé', 'Louise', 'Agnès', 'Françoise', 'Bérénice', 'Noémie', 'Thomas', 'Nicolas', 'Julien',
  'Maxime', 'Antoine', 'Lucas', 'Hugo', 'Mathieu', 'Sébastien', 'Jérôme', 'François', 'Benoît', 'Raphaël', 'Grégoire',
  'Loïc', 'Théo', 'Gaëtan', 'Stéphane', 'Frédéric', 'Éric', 'Yannick', 'Karim', 'Mehdi', 'Sofiane', 'Yasmine', 'Nadia',
];
export const LAST_NAMES = [
  'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent',
  'Lefèvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier', 'Morel', 'Girard', 'André', 'Lefebvre',
  'Mercier', 'Dupont', 'Lambert', 'Bonnet', 'François', 'Martinez', 'Legrand', 'Garnier', 'Faure', 'Rousseau', 'Blanc',
  'Guérin', 'Müller', 'Henry', 'Roussel', 'Nicolas', 'Perrin', 'Morin', 'Mathieu', 'Clément', 'Gauthier', 'Dumont',
  'Lopez', 'Fontaine', 'Chevalier', 'Robin', 'Masson', 'Sánchez', 'Gérard', 'Nguyen', 'Boyer', 'Denis', 'Lemaire',
  'Duval', 'Joly', 'Gautier', 'Roger', 'Roche', 'Roy', 'Noël', 'Meyer', 'Lucas', 'Meunier', 'Jean', 'Pérez', 'Marchand',
  'Dufour', 'Blanchard', 'Barbier', 'Brun', 'Giraud', 'Brunet', 'Schmitt', 'Colin', 'Vidal', 'Caron', 'Picard', 'Œuvrard',
];
const COMPANY_WORDS = [
  'Atelier', 'Boulangerie', 'Cabinet', 'Studio', 'Maison', 'Menuiserie', 'Garage', 'Librairie', 'Pharmacie', 'Agence',
  'Domaine', 'Brasserie', 'Fromagerie', 'Imprimerie', 'Épicerie', 'Ébénisterie', 'Pépinière', 'Crèche', 'Clinique',
];
const COMPANY_SUFFIXES = ['', '', ' & Fils', ' et Associés', ' Conseil', ' Création', ' Services', ' Bâtiment'];
const LEGAL_FORMS = ['SARL', 'SAS', 'SASU', 'EURL', 'SA', 'SCOP'];
export const CITIES: [city: string, postalCode: string][] = [
  ['Paris', '75011'], ['Lyon', '69003'], ['Marseille', '13006'], ['Toulouse', '31000'], ['Nantes', '44000'],
  ['Bordeaux', '33000'], ['Lille', '59000'], ['Strasbourg', '67000'], ['Rennes', '35000'], ['Montpellier', '34000'],
  ['Nice', '06000'], ['Grenoble', '38000'], ['Dijon', '21000'], ['Angers', '49000'], ['Reims', '51100'],
  ['Saint-Étienne', '42000'], ['Le Havre', '76600'], ['Aix-en-Provence', '13100'], ['Clermont-Ferrand', '63000'],
  ['Besançon', '25000'], ['Orléans', '45000'], ['Rouen', '76000'], ['Annecy', '74000'], ['Pau', '64000'], ['Brest', '29200'],
];
const STREETS = [
  'rue de la République', 'avenue Jean Jaurès', 'boulevard Voltaire', 'rue Victor Hugo', 'place de la Mairie',
  'rue des Écoles', 'chemin des Vignes', 'allée des Tilleuls', 'rue Émile Zola', 'quai Saint-Michel', 'rue du Général Leclerc',
  'impasse des Châtaigniers', 'route de Bretagne', 'rue Pasteur', 'cours Gambetta',
];
const DOMAINS = ['orange.fr', 'free.fr', 'gmail.com', 'laposte.net', 'sfr.fr', 'wanadoo.fr', 'outlook.fr'];
const NOTES = [
  'Préfère être contacté le matin.', 'Règle toujours par virement.', 'Rencontré au salon de Lyon.',
  'Relancer en septembre pour le devis.', 'Client fidèle depuis 2019.', 'Demande une facture par mois.',
];

const PROJECT_PATTERNS = [
  'Refonte du site de {c}', 'Identité visuelle {c}', 'Campagne de printemps {c}', 'Boutique en ligne {c}',
  'Rénovation des bureaux {c}', 'Audit comptable {c}', 'Application mobile {c}', 'Catalogue {y} {c}',
  'Formation des équipes {c}', 'Migration informatique {c}', 'Séminaire annuel {c}', 'Référencement naturel {c}',
];
const TASK_VERBS = [
  'Préparer', 'Rédiger', 'Relire', 'Valider', 'Livrer', 'Corriger', 'Installer', 'Tester', 'Présenter', 'Chiffrer',
  'Maquetter', 'Intégrer', 'Planifier', 'Réviser', 'Envoyer',
];
const TASK_OBJECTS = [
  'la maquette de la page d’accueil', 'le cahier des charges', 'les photos du catalogue', 'le plan de communication',
  'les textes juridiques', 'la charte graphique', 'le devis fournisseur', 'le compte rendu de réunion',
  'la base de données clients', 'les bannières publicitaires', 'le formulaire de contact', 'le tableau de bord',
  'la newsletter de décembre', 'l’étude de marché', 'les fiches produits', 'le bilan de fin d’année',
];
export const LINE_TITLES: [title: string, unitPriceCents: [min: number, max: number], unit: 'h' | 'j' | 'u'][] = [
  ['Développement', [4500, 9000], 'h'],
  ['Conception graphique', [4000, 8000], 'h'],
  ['Réunion de cadrage', [30000, 60000], 'u'],
  ['Rédaction de contenus', [3500, 6500], 'h'],
  ['Journée de formation', [60000, 120000], 'j'],
  ['Hébergement annuel', [9900, 29900], 'u'],
  ['Maintenance mensuelle', [15000, 45000], 'u'],
  ['Photographies (forfait)', [25000, 90000], 'u'],
  ['Déplacement', [5000, 25000], 'u'],
  ['Conseil stratégique', [70000, 150000], 'j'],
  ['Licence logicielle', [4900, 49900], 'u'],
  ['Pose et installation', [5500, 8500], 'h'],
];
export const DOCUMENT_TITLES = [
  'Site vitrine', 'Accompagnement mensuel', 'Prestation de conseil', 'Création du logo', 'Formation bureautique',
  'Maintenance du parc informatique', 'Séance photo', 'Rédaction web', 'Travaux de rénovation', 'Audit SEO',
  'Développement sur mesure', 'Campagne publicitaire', 'Mise en page du catalogue', 'Assistance technique',
];

const ascii = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').replace(/œ/gi, 'oe').toLowerCase().replace(/[^a-z0-9]+/g, '-');

export function companyName(rng: Rng, lastName: string): string {
  return `${rng.pick(LEGAL_FORMS)} ${rng.pick(COMPANY_WORDS)} ${lastName}${rng.pick(COMPANY_SUFFIXES)}`;
}

export function person(rng: Rng, index: number) {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const [city, postal_code] = rng.pick(CITIES);
  const company = rng.chance(0.75) ? companyName(rng, rng.pick(LAST_NAMES)) : '';
  // A business client in France names its SIREN on every invoice (issuing refuses without it); a
  // private client has none. Countries are ISO codes (issue 25).
  const siren = company ? sirenOf(rng) : '';
  const domain = company && rng.chance(0.6) ? `${ascii(company.split(' ').slice(1).join(' '))}.fr` : rng.pick(DOMAINS);
  return {
    name: `${first} ${last}`,
    email: `${ascii(first)}.${ascii(last)}${index}@${domain}`.replace(/-+@/, '@'),
    phone: `0${rng.pick([1, 2, 3, 4, 5, 6, 7, 9])} ${[0, 0, 0, 0].map(() => String(rng.int(0, 99)).padStart(2, '0')).join(' ')}`,
    company,
    address: `${rng.int(1, 180)} ${rng.pick(STREETS)}`,
    city,
    postal_code,
    country: 'FR',
    client_type: company ? 'professionnel' : 'particulier',
    siren,
    notes: rng.chance(0.15) ? rng.pick(NOTES) : '',
  };
}

/** Eight random digits and the Luhn check digit INSEE gives a SIREN. */
function sirenOf(rng: Rng): string {
  const body = Array.from({ length: 8 }, () => rng.int(0, 9)).join('');
  return body + [...'0123456789'].find((check) => isValidSiren(body + check));
}

export const projectName = (rng: Rng, client: string, year: number) =>
  rng.pick(PROJECT_PATTERNS).replace('{c}', client).replace('{y}', String(year));

export const taskTitle = (rng: Rng) => `${rng.pick(TASK_VERBS)} ${rng.pick(TASK_OBJECTS)}`;

/** Realistic search terms for the benchmarks: names, cities, companies, partial words. */
export const SEARCH_TERMS = ['martin', 'dubois', 'atelier', 'lyon', 'refonte', 'maquette', 'sarl', 'camille', 'fac-2026', 'formation', 'garnier', 'séance'];
