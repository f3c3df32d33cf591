import { contactIdentityConflicts, contactIdentityErrors, normalizeSiren } from '../contacts';

/** The identity checks shared by the API (contacts.schemas.ts) and the contact form. */
describe('contact identity', () => {
  it('reads a SIREN, or the SIREN of a SIRET, spaces allowed; empty is no SIREN', () => {
    expect(normalizeSiren(' 732 829 320 ')).toBe('732829320');
    expect(normalizeSiren('732 829 320 00074')).toBe('732829320');
    expect(normalizeSiren('  ')).toBe('');
    expect(normalizeSiren('732829321')).toBeNull();
  });

  it('gives one message per field, a field’s own format before what the fields say together', () => {
    expect(contactIdentityErrors({ client_type: 'professionnel', siren: '', vat_number: '' })).toEqual({});
    expect(contactIdentityErrors({ client_type: 'particulier', siren: 'abc', vat_number: 'FR44732829320' })).toEqual({
      siren: 'Saisissez un SIREN de 9 chiffres (ou un SIRET de 14 chiffres) valide.',
      vat_number: 'Un client particulier n’a pas de numéro de TVA intracommunautaire.',
    });
    expect(contactIdentityErrors({ client_type: 'professionnel', siren: '443061841', vat_number: 'FR44 732829320' })).toEqual({
      vat_number: 'Ce numéro de TVA ne correspond pas au SIREN du client.',
    });
  });

  it('only compares a French VAT number with the SIREN', () => {
    expect(contactIdentityConflicts({ client_type: 'professionnel', siren: '732829320', vat_number: 'FR44732829320' })).toEqual({});
    expect(contactIdentityConflicts({ client_type: 'professionnel', siren: '732829320', vat_number: 'DE123456789' })).toEqual({});
    // An invalid SIREN is its own field's error, not a conflict.
    expect(contactIdentityConflicts({ client_type: 'particulier', siren: '123', vat_number: '' })).toEqual({});
  });
});
