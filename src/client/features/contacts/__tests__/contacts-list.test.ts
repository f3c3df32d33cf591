import type { ContactListItem } from '@/shared/contracts/contacts';
import { sortBy } from '@/client/lib/sort';
import { contactSortValue, filterContacts, toSearchable } from '../contacts-list';
import { formatContactErrors, formatImportErrors } from '../contacts-messages';

const contacts: ContactListItem[] = [
  { id: 1, name: 'Élise Martin', email: 'elise@exemple.fr', phone: '', company: 'Zèbre', category: 'client', client_type: 'particulier' },
  { id: 2, name: 'bruno Petit', email: 'BRUNO@petit.fr', phone: '06', company: 'Acme', category: 'prospect', client_type: 'professionnel' },
  { id: 3, name: 'Chloé Durand', email: 'chloe@martin.fr', phone: '07', company: '', category: 'partenaire', client_type: 'professionnel' },
];
const names = (list: ContactListItem[]) => list.map((c) => c.name);

describe('filterContacts', () => {
  const searchable = toSearchable(contacts);

  it('matches the name or the e-mail, ignoring case', () => {
    expect(names(filterContacts(searchable, 'MARTIN', ''))).toEqual(['Élise Martin', 'Chloé Durand']);
    expect(names(filterContacts(searchable, 'bruno@', ''))).toEqual(['bruno Petit']);
  });

  it('ignores accents too and keeps every contact for an empty search', () => {
    expect(names(filterContacts(searchable, 'elise', ''))).toEqual(['Élise Martin']);
    expect(filterContacts(searchable, '  ', '')).toHaveLength(3);
  });

  it('matches the company too, as the server search does (issue 29), and no other column', () => {
    expect(names(filterContacts(searchable, 'acme', ''))).toEqual(['bruno Petit']);
    expect(filterContacts(searchable, '06', '')).toEqual([]);
  });

  it('filters on the exact category, combined with the search', () => {
    expect(names(filterContacts(searchable, '', 'partenaire'))).toEqual(['Chloé Durand']);
    expect(filterContacts(searchable, 'martin', 'prospect')).toEqual([]);
  });

  it('filters on the exact type of client, combined with the category and the search', () => {
    expect(names(filterContacts(searchable, '', '', 'particulier'))).toEqual(['Élise Martin']);
    expect(names(filterContacts(searchable, 'martin', '', 'professionnel'))).toEqual(['Chloé Durand']);
    expect(filterContacts(searchable, '', 'client', 'professionnel')).toEqual([]);
  });
});

describe('sorting values', () => {
  it('sorts names with French collation and categories by label, empty values last', () => {
    const searchable = toSearchable(contacts);
    const byName = sortBy(searchable, 'name', 'asc', contactSortValue).map((e) => e.contact.name);
    expect(byName).toEqual(['bruno Petit', 'Chloé Durand', 'Élise Martin']);
    const byCompanyDesc = sortBy(searchable, 'company', 'desc', contactSortValue).map((e) => e.contact.company);
    expect(byCompanyDesc).toEqual(['Zèbre', 'Acme', '']);
    const byCategory = sortBy(searchable, 'category', 'asc', contactSortValue).map((e) => e.contact.category);
    expect(byCategory).toEqual(['client', 'partenaire', 'prospect']);
  });
});

describe('server error messages', () => {
  it("joins field errors as 'Label : message' with ' | '", () => {
    expect(
      formatContactErrors({ name: ['Ce champ ne peut être vide.'], email: ['Saisissez une adresse e-mail valide.'], postal_code: ['Trop long.', 'Invalide.'] }),
    ).toBe('Nom : Ce champ ne peut être vide. | Email : Saisissez une adresse e-mail valide. | Code postal : Trop long. Invalide.');
    expect(formatContactErrors({ detail: 'Refusé.' })).toBe('Refusé.');
    expect(formatContactErrors(null)).toBeNull();
    expect(formatContactErrors('<html>')).toBeNull();
  });

  it("lists import errors as 'Ligne n : field : messages', n the line of the file (the header is line 1)", () => {
    expect(formatImportErrors([{}, { email: ['Saisissez une adresse e-mail valide.'], colour: ['Champ inconnu.'] }], [1, 3])).toEqual([
      'Ligne 4 : Email : Saisissez une adresse e-mail valide.',
      'Ligne 4 : colour : Champ inconnu.',
    ]);
    expect(formatImportErrors([{ siren: ['Un client particulier n’a pas de SIREN.'], client_type: ['Invalide.'] }], [2])).toEqual([
      'Ligne 3 : SIREN : Un client particulier n’a pas de SIREN.',
      'Ligne 3 : Type de client : Invalide.',
    ]);
    expect(formatImportErrors([{ non_field_errors: ['Données invalides.'] }], [9])).toEqual(['Ligne 10 : Données invalides.']);
  });
});
