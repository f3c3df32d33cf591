import { epcPayload, type EpcTransfer } from '../epc-qr';

/** The EPC069-12 payload (issue 27): every field, each limit of the guideline. */

const IBAN = 'FR76 3000 6000 0112 3456 7890 189';
const transfer = (extra: Partial<EpcTransfer> = {}): EpcTransfer => ({
  name: 'Studio Dupont', iban: IBAN, bic: 'BNPAFRPP', amountCents: 12345, reference: 'FAC-2026-0007', ...extra,
});
const fields = (extra: Partial<EpcTransfer> = {}) => {
  const result = epcPayload(transfer(extra));
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.payload.split('\n');
};

it('writes the eleven fields in order, one a line (LF), nothing after the remittance', () => {
  const result = epcPayload(transfer());
  expect(result).toEqual({
    ok: true,
    payload: 'BCD\n002\n1\nSCT\nBNPAFRPP\nStudio Dupont\nFR7630006000011234567890189\nEUR123.45\n\n\nFAC-2026-0007',
  });
});

it.each([
  ['1 service tag', {}, 0, 'BCD'],
  ['2 version 002', {}, 1, '002'],
  ['3 character set UTF-8', {}, 2, '1'],
  ['4 identification', {}, 3, 'SCT'],
  ['5 BIC, compact and upper case', { bic: 'bnpa fr pp xxx' }, 4, 'BNPAFRPPXXX'],
  ['5 no BIC (optional in version 002)', { bic: '' }, 4, ''],
  ['6 name', {}, 5, 'Studio Dupont'],
  ['6 name on one line', { name: '  Studio\nDupont   SARL ' }, 5, 'Studio Dupont SARL'],
  ['6 name of 70 characters kept', { name: 'é'.repeat(70) }, 5, 'é'.repeat(70)],
  ['6 name cut to 70 characters', { name: `${'A'.repeat(69)}BCD` }, 5, `${'A'.repeat(69)}B`],
  ['7 IBAN without spaces', {}, 6, 'FR7630006000011234567890189'],
  ['7 IBAN upper case', { iban: 'de89 3704 0044 0532 0130 00' }, 6, 'DE89370400440532013000'],
  ['8 amount with two decimals', {}, 7, 'EUR123.45'],
  ['8 smallest amount', { amountCents: 1 }, 7, 'EUR0.01'],
  ['8 whole euros', { amountCents: 120000 }, 7, 'EUR1200.00'],
  ['8 largest amount', { amountCents: 99_999_999_999 }, 7, 'EUR999999999.99'],
  ['9 purpose empty', {}, 8, ''],
  ['10 structured reference empty', {}, 9, ''],
  ['11 remittance: the invoice number', {}, 10, 'FAC-2026-0007'],
  ['11 remittance of 140 characters', { reference: 'F'.repeat(140) }, 10, 'F'.repeat(140)],
])('field %s', (_name, extra, index, expected) => {
  const lines = fields(extra);
  expect(lines).toHaveLength(11);
  expect(lines[index]).toBe(expected);
});

it.each([
  ['no IBAN', { iban: '' }, 'no-iban'],
  ['an IBAN of spaces', { iban: '   ' }, 'no-iban'],
  ['an IBAN with a wrong key', { iban: 'FR76 3000 6000 0112 3456 7890 188' }, 'no-iban'],
  ['a malformed BIC', { bic: 'BNP' }, 'invalid-bic'],
  ['no name', { name: ' \n ' }, 'no-name'],
  ['nothing due', { amountCents: 0 }, 'nothing-due'],
  ['an amount owed back', { amountCents: -500 }, 'nothing-due'],
  ['a fraction of a cent', { amountCents: 12.5 }, 'nothing-due'],
  ['one cent over 999 999 999,99 €', { amountCents: 100_000_000_000 }, 'amount-too-large'],
  ['no reference', { reference: '' }, 'reference'],
  ['a reference over 140 characters', { reference: 'F'.repeat(141) }, 'reference'],
] as const)('refuses %s', (_name, extra, reason) => {
  expect(epcPayload(transfer(extra))).toEqual({ ok: false, reason });
});

it('keeps to 331 bytes of UTF-8, counting bytes rather than characters', () => {
  // 3+3+1+3+11+27+15 bytes of fixed fields, 10 separators: 73 bytes before the name and the reference.
  const base = transfer({ bic: 'BNPAFRPPXXX', amountCents: 99_999_999_999 });
  const fixed = 'BCD\n002\n1\nSCT\nBNPAFRPPXXX\n\nFR7630006000011234567890189\nEUR999999999.99\n\n\n'.length;
  expect(fixed).toBe(73);
  // A name of 70 '€' (3 bytes each) is 210 bytes: 48 bytes are left for the reference.
  const name = '€'.repeat(70);
  const fits = epcPayload({ ...base, name, reference: 'F'.repeat(331 - fixed - 210) });
  expect(fits.ok).toBe(true);
  if (fits.ok) expect(new TextEncoder().encode(fits.payload).length).toBe(331);
  expect(epcPayload({ ...base, name, reference: 'F'.repeat(332 - fixed - 210) })).toEqual({ ok: false, reason: 'too-long' });
  // The same number of characters in ASCII fits easily.
  expect(epcPayload({ ...base, name: 'E'.repeat(70), reference: 'F'.repeat(140) }).ok).toBe(true);
});
