import { DEFAULT_COUNTRY_CODE, parseCountry } from '@/shared/countries';

/**
 * The ISO 3166-1 alpha-2 code the Factur-X XML carries (BT-40, BT-55, BT-80). Since issue 25 a
 * contact's or a profile's country is stored as its code, and issuing refuses a document whose
 * seller, buyer or delivery country is not one (missingForEInvoice): what reaches here is a code.
 * Snapshots issued before hold names ('Belgique'), read with the same table as the API; a name
 * that names no country there (an invoice already issued, its XML already archived) stays France,
 * as it was issued.
 */
export function countryCode(value: string | null | undefined): string {
  return parseCountry(value) ?? DEFAULT_COUNTRY_CODE;
}
