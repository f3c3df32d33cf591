import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * Countries become ISO 3166-1 alpha-2 codes (issue 25): `users.country`, `contacts.country` and
 * `contacts.delivery_country` held free text ('France', 'Deutschland', 'belgique '), which the
 * Factur-X XML read as France when it did not know it. Written out in full, never importing
 * application code: a migration is frozen (the names come from this Node's ICU, as the app's do).
 *
 * What each stored value becomes:
 * - a code in any case ('de', 'FR') → that code; a name in French, English or another language of
 *   the EU, in any case, with or without accents ('Allemagne', 'Germany', 'Deutschland', 'ESPAÑA',
 *   'Suisse') → its code; a few usual names too ('Angleterre', 'USA', 'Hollande');
 * - '' (which the app read as France, the default) → 'FR';
 * - a name that names no country ('Atlantide', 'Europe', 'Bretagne ?') → '' — never France: issuing
 *   an invoice to that contact (or from that profile) is refused until a country is chosen in the
 *   list (missingForEInvoice), and for a contact the text is kept at the end of its notes
 *   ("Pays saisi avant la liste des pays : « Atlantide »") so that nothing typed is lost. A profile
 *   has no notes: its unreadable country is dropped, and the profile page asks for one;
 * - a delivery country: with a delivery address, '' meant "the billing address's country": it
 *   becomes that code, written out (so that '' with a delivery address now only means unreadable);
 *   without a delivery address, ''.
 * On PostgreSQL the columns' default becomes 'FR'; SQLite cannot change a default in place: the
 * app always writes the country of a new user or contact.
 * Issued documents' snapshots and archived PDFs are not touched: they stay as issued.
 */

const CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const ALIASES: Record<string, string> = {
  'angleterre': 'GB', 'ecosse': 'GB', 'pays de galles': 'GB', 'royaume uni': 'GB', 'grande bretagne': 'GB', 'uk': 'GB',
  'great britain': 'GB', 'england': 'GB', 'usa': 'US', 'etats unis d amerique': 'US', 'united states of america': 'US',
  'hollande': 'NL', 'holland': 'NL', 'the netherlands': 'NL', 'republique tcheque': 'CZ', 'tchequie': 'CZ',
  'czech republic': 'CZ', 'coree': 'KR', 'coree du sud': 'KR', 'south korea': 'KR', 'russie': 'RU', 'bielorussie': 'BY',
  'vatican': 'VA', 'macedoine': 'MK', 'macedoine du nord': 'MK', 'cote d ivoire': 'CI', 'ivory coast': 'CI',
  'republique federale d allemagne': 'DE', 'rfa': 'DE', 'corse': 'FR', 'france metropolitaine': 'FR',
};

const LOCALES = ['fr', 'en', 'de', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'da', 'fi', 'cs', 'sk', 'sl', 'hr', 'ro', 'hu', 'lt', 'lv', 'et', 'el', 'bg', 'ga', 'mt'];

const key = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function nameTable(): Map<string, string> {
  const table = new Map(Object.entries(ALIASES));
  for (const locale of LOCALES) {
    let names: Intl.DisplayNames;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    } catch {
      continue;
    }
    for (const code of CODES) {
      const name = names.of(code);
      const k = name && name !== code ? key(name) : '';
      if (k && !table.has(k)) table.set(k, code);
    }
  }
  return table;
}

/** The code of a stored value; '' → 'FR' (what the app read it as); null when it names no country. */
export function countryCodeOf(value: string, table: Map<string, string>): string | null {
  const trimmed = value.trim();
  if (!trimmed) return 'FR';
  if (/^[A-Za-z]{2}$/.test(trimmed) && CODES.includes(trimmed.toUpperCase())) return trimmed.toUpperCase();
  return table.get(key(trimmed)) ?? null;
}

type ContactRow = {
  id: number;
  country: string;
  delivery_country: string;
  delivery_address: string;
  delivery_postal_code: string;
  delivery_city: string;
  notes: string;
};

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const table = nameTable();

  // Profiles, row by row (a value updated once is never read again: '' stands for both France and unreadable).
  const users = (await db.selectFrom('users').select(['id', 'country']).orderBy('id').execute()) as { id: number; country: string }[];
  for (const user of users) {
    const code = countryCodeOf(user.country, table) ?? '';
    if (code !== user.country) await db.updateTable('users').set({ country: code }).where('id', '=', user.id).execute();
  }

  // Contacts: row by row (the notes keep what could not be read).
  const contacts = (await db
    .selectFrom('contacts')
    .select(['id', 'country', 'delivery_country', 'delivery_address', 'delivery_postal_code', 'delivery_city', 'notes'])
    .orderBy('id')
    .execute()) as ContactRow[];
  for (const contact of contacts) {
    const lost: string[] = [];
    const billing = countryCodeOf(contact.country, table);
    if (billing === null) lost.push(`Pays saisi avant la liste des pays : « ${contact.country.trim()} »`);
    const hasDelivery = Boolean(contact.delivery_address.trim() || contact.delivery_postal_code.trim() || contact.delivery_city.trim());
    let delivery = '';
    if (hasDelivery) {
      if (!contact.delivery_country.trim()) delivery = billing ?? '';
      else {
        const code = countryCodeOf(contact.delivery_country, table);
        if (code === null) lost.push(`Pays de livraison saisi avant la liste des pays : « ${contact.delivery_country.trim()} »`);
        delivery = code ?? '';
      }
    }
    const notes = lost.length ? [contact.notes.trimEnd(), ...lost].filter(Boolean).join('\n') : contact.notes;
    if (billing === contact.country && delivery === contact.delivery_country && notes === contact.notes) continue;
    await db
      .updateTable('contacts')
      .set({ country: billing ?? '', delivery_country: delivery, notes })
      .where('id', '=', contact.id)
      .execute();
  }

  if (dialect === 'postgres') {
    await sql`alter table users alter column country set default 'FR'`.execute(db);
    await sql`alter table contacts alter column country set default 'FR'`.execute(db);
  }
}
