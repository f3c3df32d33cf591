import { countryOptions, DEFAULT_COUNTRY_CODE } from '@/shared/countries';

/**
 * Countries as the forms offer them (issue 25): the value is the ISO 3166-1 alpha-2 code the API
 * stores, the label its French name (Intl.DisplayNames), in French alphabetical order.
 */
export const DEFAULT_COUNTRY = DEFAULT_COUNTRY_CODE;

/** Every country; a stored '' (a country the upgrade could not read) shows `placeholder` until one is chosen. */
export const COUNTRY_OPTIONS = countryOptions;

/** The first entry of a country select whose value is '' (none chosen yet). */
export const CHOOSE_COUNTRY = '— Choisissez un pays —';
