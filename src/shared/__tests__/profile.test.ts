import {
  LEGAL_FORMS, PROFILE_FIELD_MESSAGES as M, bicError, hasShareCapital, ibanError, isSoleTrader, issuerLegalLines,
  parseShareCapital, profileVatNumberError, registrationError, registryOf, siretError, type IssuerLegalIdentity,
} from '../profile';

/** Intl's fr-FR output has U+202F (thousands) and U+00A0 (before €): compare with plain spaces. */
const plain = (lines: string[]) => lines.map((line) => line.replace(/[\u00a0\u202f]/g, ' '));

const SARL: IssuerLegalIdentity = {
  first_name: 'Jeanne',
  last_name: 'Dupont',
  legal_form: 'sarl',
  share_capital: 10000,
  registration: 'RCS Lyon  732 829 320',
  siret: '73282932000074',
  vat_number: 'FR44732829320',
};

describe('legal forms', () => {
  it('labels each form in French and knows which have a share capital and a registry', () => {
    expect(LEGAL_FORMS.ei).toBe('Entrepreneur individuel (EI)');
    expect(LEGAL_FORMS.micro).toBe('Micro-entrepreneur (EI)');
    expect(hasShareCapital('sarl')).toBe(true);
    expect(hasShareCapital('micro')).toBe(false);
    expect(hasShareCapital('association')).toBe(false);
    // Not stated: the user may still state a capital.
    expect(hasShareCapital('')).toBe(true);
    expect(registryOf('sas')).toBe('rcs');
    expect(registryOf('ei')).toBe('rcs_or_rm');
    expect(registryOf('association')).toBeNull();
    expect(isSoleTrader('micro')).toBe(true);
    expect(isSoleTrader('eurl')).toBe(false);
    // Keys come from users' input: inherited names are not forms.
    expect(hasShareCapital('toString')).toBe(false);
    expect(isSoleTrader('constructor')).toBe(false);
  });
});

describe('issuerLegalLines', () => {
  it('prints a company’s form and capital, registration, SIRET and VAT number', () => {
    expect(plain(issuerLegalLines(SARL))).toEqual([
      'SARL au capital de 10 000,00 €',
      'RCS Lyon 732 829 320',
      'SIRET 732 829 320 00074',
      'N° TVA : FR44732829320',
    ]);
  });

  it('prints the form alone when the capital is not stated', () => {
    expect(issuerLegalLines({ ...SARL, legal_form: 'sasu', share_capital: null })[0]).toBe('SASU');
    expect(plain(issuerLegalLines({ ...SARL, share_capital: 1500.5 }))[0]).toBe('SARL au capital de 1 500,50 €');
  });

  it('designates an entrepreneur individuel by name and EI, with no capital', () => {
    const ei = { ...SARL, legal_form: 'micro', share_capital: 5000, registration: '', vat_number: '' };
    expect(issuerLegalLines(ei)).toEqual(['Jeanne Dupont EI', 'SIRET 732 829 320 00074']);
    expect(issuerLegalLines({ ...ei, legal_form: 'ei', first_name: '', last_name: ' ' })[0]).toBe('Entrepreneur individuel (EI)');
  });

  it('prints a stated capital without a form, and nothing for empty fields', () => {
    const unknown = { ...SARL, legal_form: '', registration: '', siret: '', vat_number: '' };
    expect(plain(issuerLegalLines(unknown))).toEqual(['Capital social : 10 000,00 €']);
    expect(issuerLegalLines({ ...unknown, share_capital: null })).toEqual([]);
    // An association has no capital even if one was typed.
    expect(issuerLegalLines({ ...unknown, legal_form: 'association' })).toEqual(['Association']);
  });
});

describe('profile field checks', () => {
  it('checks the SIRET length, then its key', () => {
    expect(siretError('')).toBeNull();
    expect(siretError('732 829 320 00074')).toBeNull();
    expect(siretError('123')).toBe(M.siretLength);
    expect(siretError('73282932000075')).toBe(M.siretKey);
  });

  it('checks IBAN and BIC', () => {
    expect(ibanError('FR76 3000 6000 0112 3456 7890 189')).toBeNull();
    expect(ibanError('FR76 3000 6000 0112 3456 7890 188')).toBe('Cet IBAN n’est pas valide (vérifiez les chiffres de contrôle).');
    expect(ibanError('  ')).toBeNull();
    expect(bicError('bnpafrpp xxx')).toBeNull();
    expect(bicError('BNPAFR')).toBe(M.bic);
  });

  it('checks the VAT number, then that a French one carries the SIRET’s SIREN', () => {
    expect(profileVatNumberError('FR44732829320', '73282932000074')).toBeNull();
    expect(profileVatNumberError('FR45732829320', '73282932000074')).toMatch(/clé/);
    expect(profileVatNumberError('FR27552032534', '73282932000074')).toBe(M.vatNotSiren);
    // No SIRET, an invalid one, or a foreign number: nothing to compare.
    expect(profileVatNumberError('FR27552032534', '')).toBeNull();
    expect(profileVatNumberError('FR27552032534', '123')).toBeNull();
    expect(profileVatNumberError('DE123456789', '73282932000074')).toBeNull();
  });

  it('checks the registration: registry, place and SIREN, the SIRET’s when given', () => {
    for (const ok of ['RCS Lyon 732 829 320', 'R.C.S. Paris B 732829320', 'RM 69 732 829 320', 'Répertoire des métiers RM 732 829 320 Rhône']) {
      expect(registrationError(ok, '73282932000074')).toBeNull();
    }
    expect(registrationError('', '')).toBeNull();
    for (const bad of ['Lyon 732 829 320', 'RCS 732 829 320', 'RCS Lyon', 'RCS Lyon 7328293200', 'RCSLyon 732 829 320']) {
      expect(registrationError(bad, '')).toBe(M.registration);
    }
    expect(registrationError('RCS Lyon 732 829 321', '')).toBe(M.registrationSiren);
    expect(registrationError('RCS Paris 552 032 534', '73282932000074')).toBe(M.registrationNotSiren);
  });

  it('reads a share capital in euros as cents, null when not stated', () => {
    expect(parseShareCapital(10000)).toEqual({ cents: 1000000 });
    expect(parseShareCapital('1 500,5 €')).toEqual({ cents: 150050 });
    expect(parseShareCapital('')).toEqual({ cents: null });
    expect(parseShareCapital(null)).toEqual({ cents: null });
    expect(parseShareCapital('dix mille')).toEqual({ error: M.shareCapitalNumber });
    expect(parseShareCapital(true)).toEqual({ error: M.shareCapitalNumber });
    expect(parseShareCapital(10.005)).toEqual({ error: M.shareCapitalDecimals });
    expect(parseShareCapital(0)).toEqual({ error: M.shareCapitalPositive });
    expect(parseShareCapital(-5)).toEqual({ error: M.shareCapitalPositive });
  });
});
