import { DEFAULT_COUNTRY_CODE } from '@/shared/countries';

/**
 * Countries as the forms offer them (issue 25): the value is the ISO 3166-1 alpha-2 code the API
 * stores, the label its French name (`countryOptions` of src/shared/countries.ts, built once).
 */
export { countryOptions } from '@/shared/countries';

export const DEFAULT_COUNTRY = DEFAULT_COUNTRY_CODE;

/** The first entry of a country select whose value is '' (a country the upgrade could not read): none chosen yet. */
export const CHOOSE_COUNTRY = '— Choisissez un pays —';
