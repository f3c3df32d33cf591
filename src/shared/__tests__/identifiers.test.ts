import {
  formatIban, frenchVatNumber, isValidBic, isValidIban, isValidSiren, isValidSiret, sirenFrom, vatNumberError,
} from '../identifiers';

describe('business identifiers', () => {
  it('checks SIREN and SIRET with the Luhn key and splits a SIRET', () => {
    expect(isValidSiren('732 829 320')).toBe(true);
    expect(isValidSiren('732829321')).toBe(false);
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(sirenFrom('732 829 320 00074')).toBe('732829320');
    expect(sirenFrom('12345')).toBeNull();
    // La Poste: the digit sum of the SIRET is a multiple of 5.
    expect(isValidSiret('35600000000015')).toBe(true);
    expect(isValidSiret('35600000000016')).toBe(false);
  });

  it('checks the key of a French VAT number and other EU numbers by format', () => {
    expect(frenchVatNumber('732829320')).toBe('FR44732829320');
    expect(vatNumberError('FR 44 732 829 320')).toBeNull();
    expect(vatNumberError('FR45732829320')).toMatch(/clé/);
    expect(vatNumberError('DE123456789')).toBeNull();
    expect(vatNumberError('DE12345')).toMatch(/DE/);
    expect(vatNumberError('US123456789')).toMatch(/Union européenne/);
  });

  it('checks an IBAN by mod 97 and groups it by four', () => {
    expect(isValidIban('FR76 3000 6000 0112 3456 7890 189')).toBe(true);
    expect(isValidIban('FR76 3000 6000 0112 3456 7890 188')).toBe(false);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(formatIban('fr7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
    expect(isValidBic('BNPAFRPPXXX')).toBe(true);
    expect(isValidBic('AGRIFRPP')).toBe(true);
    expect(isValidBic('BNP')).toBe(false);
  });
});
