import Papa from 'papaparse';
import { normalizeSiren } from '@/shared/contacts';
import type { Contact, ContactExportDetails, ContactListItem } from '@/shared/contracts/contacts';
import { CSV_EXPORT_HEADER, checkCsvFile, contactsToCsv, parseContactsCsv, type CsvParseResult } from '../contacts-csv';

const contact = (overrides: Partial<ContactListItem>): ContactListItem => ({
  id: 1,
  name: 'Élise Martin',
  email: 'elise@exemple.fr',
  phone: '',
  company: '',
  category: 'client',
  client_type: 'professionnel',
  ...overrides,
});

/** What GET contacts/export-details/ answers for a contact with none of these fields filled. */
const details = (id: number, overrides: Partial<ContactExportDetails> = {}): ContactExportDetails => ({
  id,
  address: '',
  postal_code: '',
  city: '',
  country: 'FR',
  notes: '',
  siren: '',
  vat_number: '',
  delivery_address: '',
  delivery_postal_code: '',
  delivery_city: '',
  delivery_country: '',
  hourly_rate: 0,
  ...overrides,
});

const HEADER_LINE =
  'Nom;Email;Téléphone;Catégorie;Entreprise;Type;SIREN;N° TVA;Adresse;Code postal;Ville;Pays;Notes;' +
  'Adresse de livraison;Code postal de livraison;Ville de livraison;Pays de livraison;Tarif horaire';

function rowsOf(result: CsvParseResult) {
  if (!result.ok) throw new Error(result.error);
  return result.rows;
}

describe('contactsToCsv (export)', () => {
  it('starts with a UTF-8 BOM and the SPEC header, then every other field the import accepts, categories in French', () => {
    const csv = contactsToCsv([contact({ phone: '01 02 03 04 05', company: 'Crème & Cie', category: 'partenaire' })]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(CSV_EXPORT_HEADER).toEqual([
      'Nom', 'Email', 'Téléphone', 'Catégorie', 'Entreprise', 'Type', 'SIREN', 'N° TVA', 'Adresse', 'Code postal', 'Ville', 'Pays',
      'Notes', 'Adresse de livraison', 'Code postal de livraison', 'Ville de livraison', 'Pays de livraison', 'Tarif horaire',
    ]);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(HEADER_LINE);
    expect(lines[1]).toBe('Élise Martin;elise@exemple.fr;01 02 03 04 05;Partenaire;Crème & Cie;Professionnel;;;;;;;;;;;;');
  });

  it('writes the type in French and the identifiers of the contacts that have one, SIREN grouped', () => {
    const rows = [details(2, { siren: '732829320', vat_number: 'FR44732829320' }), details(9, { siren: '443061841' })];
    const csv = contactsToCsv([contact({ client_type: 'particulier' }), contact({ id: 2, name: 'Dupuis SARL' })], rows);
    expect(csv.slice(1).split('\r\n').slice(1)).toEqual([
      'Élise Martin;elise@exemple.fr;;Client;;Particulier;;;;;;;;;;;;',
      'Dupuis SARL;elise@exemple.fr;;Client;;Professionnel;732 829 320;FR44732829320;;;;FR;;;;;;',
    ]);
  });

  it('quotes separators, quotes and line breaks', () => {
    const csv = contactsToCsv([contact({ name: 'Dupont; "Le Grand"', company: 'Durand, Fils\net Cie' })]);
    const [, row] = Papa.parse<string[]>(csv.slice(1), { delimiter: ';' }).data;
    expect(row[0]).toBe('Dupont; "Le Grand"');
    expect(row[4]).toBe('Durand, Fils\net Cie');
  });

  it.each([
    ['=HYPERLINK("http://x")'],
    ['+33 6 12 34 56 78'],
    ['-2+3'],
    ['@SUM(A1)'],
    ['\tcmd'],
    ['\rcmd'],
    ['   =1+1'],
  ])('neutralises the formula cell %j with a leading quote', (value) => {
    const csv = contactsToCsv([contact({ company: value })]);
    const [, row] = Papa.parse<string[]>(csv.slice(1), { delimiter: ';' }).data;
    expect(row[4]).toBe(`'${value}`);
  });

  it('leaves ordinary cells alone', () => {
    const csv = contactsToCsv([contact({ company: 'A=B', phone: '06 00 00 00 00' })]);
    const [, row] = Papa.parse<string[]>(csv.slice(1), { delimiter: ';' }).data;
    expect(row[2]).toBe('06 00 00 00 00');
    expect(row[4]).toBe('A=B');
  });
});

describe('parseContactsCsv (import)', () => {
  it('re-imports its own export unchanged: accents, quotes, separators, formula cells', () => {
    const exported = [
      contact({ name: 'Zoé « Zaza » Dupont', email: 'zoe@exemple.fr', phone: '+33 6 12 34 56 78', company: 'Durand; Fils, "et Cie"', category: 'prospect' }),
      contact({ id: 2, name: 'Ærøskøbing Œuvres', email: 'oe@exemple.fr', company: '=1+1', category: 'partenaire' }),
    ];
    const rows = rowsOf(parseContactsCsv(contactsToCsv(exported)));
    expect(rows.map((r) => r.contact)).toEqual([
      { name: 'Zoé « Zaza » Dupont', email: 'zoe@exemple.fr', phone: '+33 6 12 34 56 78', company: 'Durand; Fils, "et Cie"', category: 'prospect', client_type: 'professionnel' },
      { name: 'Ærøskøbing Œuvres', email: 'oe@exemple.fr', company: '=1+1', category: 'partenaire', client_type: 'professionnel' },
    ]);
  });

  it('round-trips the type, SIREN and VAT number under their French headers', () => {
    const exported = [
      contact({ id: 1, name: 'Dupuis SARL', email: 'd@x.fr' }),
      contact({ id: 2, name: 'Léa Petit', email: 'lea@x.fr', client_type: 'particulier' }),
    ];
    const csv = contactsToCsv(exported, [details(1, { siren: '732829320', vat_number: 'FR44732829320' }), details(2)]);
    expect(rowsOf(parseContactsCsv(csv)).map((r) => r.contact)).toEqual([
      { name: 'Dupuis SARL', email: 'd@x.fr', category: 'client', client_type: 'professionnel', siren: '732 829 320', vat_number: 'FR44732829320', country: 'FR' },
      { name: 'Léa Petit', email: 'lea@x.fr', category: 'client', client_type: 'particulier', country: 'FR' },
    ]);
  });

  it('round-trips every field the import accepts: export then import gives the same contacts (issue 28)', () => {
    const full: Contact[] = [
      {
        id: 7,
        name: 'Atelier Dupuis',
        email: 'atelier@dupuis.fr',
        phone: '+33 5 56 00 11 22',
        company: 'Dupuis; Fils & "Cie"',
        address: '3 rue des Remparts\nBâtiment B',
        postal_code: '33000',
        city: 'Bordeaux',
        country: 'FR',
        notes: 'Relancer en mars.\nPréfère le courriel ; jamais le lundi.',
        category: 'prospect',
        client_type: 'professionnel',
        siren: '732829320',
        vat_number: 'FR44732829320',
        delivery_address: '12 quai des Chartrons',
        delivery_postal_code: '33300',
        delivery_city: 'Bordeaux',
        delivery_country: 'FR',
        hourly_rate: 1234.5,
        created_at: '2026-01-02T10:00:00Z',
      },
      {
        id: 8,
        name: 'Anke Müller',
        email: 'anke@mueller.de',
        phone: '',
        company: '',
        address: 'Hauptstraße 5',
        postal_code: '10115',
        city: 'Berlin',
        country: 'DE',
        notes: '=à ne pas calculer',
        category: 'client',
        client_type: 'particulier',
        siren: '',
        vat_number: '',
        delivery_address: '',
        delivery_postal_code: '',
        delivery_city: '',
        delivery_country: '',
        hourly_rate: 0,
        created_at: '2026-01-03T10:00:00Z',
      },
    ];
    const list = full.map(({ id, name, email, phone, company, category, client_type }) => ({ id, name, email, phone, company, category, client_type }));
    const exportDetails = full.map(({ name: _n, email: _e, phone: _p, company: _c, category: _k, client_type: _t, created_at: _d, ...rest }) => rest);
    const imported = rowsOf(parseContactsCsv(contactsToCsv(list, exportDetails))).map((r) => r.contact);
    // What the import sends, read as the server stores it: the SIREN ungrouped (the server's own
    // normalisation), an absent field its default ('' for text, 0 for the rate: no rate).
    const stored = imported.map((row) => {
      const values: Record<string, string | number> = { ...row };
      return { ...values, siren: normalizeSiren(String(values.siren ?? '')) };
    });
    const withoutIds = full.map(({ id: _id, created_at: _created, ...input }) => input);
    expect(stored).toEqual(
      withoutIds.map((input) => Object.fromEntries(Object.entries(input).filter(([key, value]) => (value !== '' && value !== 0) || key === 'siren'))),
    );
    // The rate in euros, written with a decimal comma.
    expect(contactsToCsv(list, exportDetails).split('\r\n')[1].endsWith(';1234,50')).toBe(true);
    expect(imported[0].hourly_rate).toBe(1234.5);
  });

  it('reads the type in any case and without accents, leaves an empty one to the server (professionnel) and passes unknown ones on', () => {
    const text = 'Nom;Email;Type\nA;a@x.fr;PARTICULIER\nB;b@x.fr;Professionnel\nC;c@x.fr;particulièr\nD;d@x.fr;\nE;e@x.fr;Association\n';
    expect(rowsOf(parseContactsCsv(text)).map((r) => r.contact.client_type)).toEqual([
      'particulier', 'professionnel', 'particulier', undefined, 'Association',
    ]);
  });

  it('reads SIRET, VAT number and delivery address columns under their usual names', () => {
    const text = [
      'Nom;Email;SIRET;Numéro de TVA;Adresse de livraison;Code postal de livraison;Ville de livraison;Pays de livraison',
      'Dupuis;d@x.fr;73282932000074;fr44732829320;12 quai des Chartrons;33000;Bordeaux;France',
    ].join('\n');
    expect(rowsOf(parseContactsCsv(text))[0].contact).toEqual({
      name: 'Dupuis',
      email: 'd@x.fr',
      siren: '73282932000074',
      vat_number: 'fr44732829320',
      delivery_address: '12 quai des Chartrons',
      delivery_postal_code: '33000',
      delivery_city: 'Bordeaux',
      delivery_country: 'France',
    });
  });

  it('reads the hourly rate the French way (decimal comma, grouped thousands, €) and passes text that is not an amount to the server', () => {
    const text = 'Nom;Email;Tarif horaire\nA;a@x.fr;45,50\nB;b@x.fr;1 200 €\nC;c@x.fr;60.5\nD;d@x.fr;\nE;e@x.fr;beaucoup\n';
    expect(rowsOf(parseContactsCsv(text)).map((r) => r.contact.hourly_rate)).toEqual([45.5, 1200, 60.5, undefined, 'beaucoup']);
    expect(rowsOf(parseContactsCsv('Nom;Email;Taux horaire\nA;a@x.fr;70\n'))[0].contact.hourly_rate).toBe(70);
  });

  it('reads comma-separated files with API field names in any order and quoted fields', () => {
    const text = 'email,city,name,postal_code,notes\n"a@b.fr",Lyon,"Martin, Paul",69001,"Ligne 1\nLigne 2"\n';
    expect(rowsOf(parseContactsCsv(text))).toEqual([
      { row: 1, contact: { email: 'a@b.fr', city: 'Lyon', name: 'Martin, Paul', postal_code: '69001', notes: 'Ligne 1\nLigne 2' } },
    ]);
  });

  it('reads semicolon-separated files with French headers in any case, ignoring unknown columns', () => {
    const text = 'ENTREPRISE;Code postal;Nom;E-mail;Couleur\nACME;75001;Jean;jean@acme.fr;bleu\r\n';
    expect(rowsOf(parseContactsCsv(text))[0].contact).toEqual({ company: 'ACME', postal_code: '75001', name: 'Jean', email: 'jean@acme.fr' });
  });

  it('only keeps rows with both a name and an e-mail, listing the others with what they lack, numbered by their place in the file', () => {
    const text = 'Nom,Email,Ville\nAnne,anne@x.fr,\n,sans-nom@x.fr,\nSans Email,,\n,,Lyon\n\nBruno,bruno@x.fr,\n';
    const result = parseContactsCsv(text);
    expect(result).toEqual({
      ok: true,
      invalid: [
        { row: 2, reason: 'Nom manquant.' },
        { row: 3, reason: 'Email manquant.' },
        { row: 4, reason: 'Nom et email manquants.' },
      ],
      rows: [
        { row: 1, contact: { name: 'Anne', email: 'anne@x.fr' } },
        { row: 5, contact: { name: 'Bruno', email: 'bruno@x.fr' } },
      ],
    });
  });

  it('maps categories written as labels or values, and passes unknown ones to the server', () => {
    const text = 'Nom,Email,Catégorie\nA,a@x.fr,Client\nB,b@x.fr,PARTENAIRE\nC,c@x.fr,ami\n';
    expect(rowsOf(parseContactsCsv(text)).map((r) => r.contact.category)).toEqual(['client', 'partenaire', 'ami']);
  });

  it('refuses a file without Nom and Email columns', () => {
    expect(parseContactsCsv('Prénom,Ville\nA,B\n')).toEqual({
      ok: false,
      error: 'Le fichier doit contenir une colonne Nom et une colonne Email sur sa première ligne.',
    });
  });

  it('reports broken quoting as a read error', () => {
    const result = parseContactsCsv('Nom,Email\n"Anne,anne@x.fr\n');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^Erreur lecture fichier CSV : /);
  });
});

describe('checkCsvFile', () => {
  it('accepts .csv files up to 1 MB', () => {
    expect(checkCsvFile({ name: 'contacts.CSV', size: 1024 * 1024 })).toBeNull();
  });
  it('refuses other extensions', () => {
    expect(checkCsvFile({ name: 'contacts.xlsx', size: 10 })).toBe('Le fichier doit être au format .csv.');
  });
  it('refuses files over 1 MB with their size in Mo', () => {
    expect(checkCsvFile({ name: 'gros.csv', size: 1.5 * 1024 * 1024 })).toBe(
      'Le fichier est trop volumineux (1,5 Mo). Limite : 1 Mo.',
    );
  });
});
