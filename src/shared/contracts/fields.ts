import { z } from 'zod';
import { groupThousands, hasMoreThanFourDecimals, hasMoreThanTwoDecimals, toHundredths, toTenThousandths } from '@/shared/money';
import { nonXmlCharError } from '@/shared/xml-text';
import { COUNTRY_MESSAGES, parseCountry } from '@/shared/countries';

/**
 * Free text of the API. Every text field is built from these helpers: they bound it and refuse the
 * characters XML 1.0 does not allow (control characters other than tab and line breaks, U+FFFE,
 * U+FFFF, lone surrogates), which would make an invoice's Factur-X XML unreadable (issue 23).
 */
export function refuseNonXmlChars(value: string, ctx: z.RefinementCtx) {
  const message = nonXmlCharError(value);
  if (message) ctx.addIssue({ code: 'custom', message });
}

export const REQUIRED = 'Ce champ est obligatoire.';

/**
 * A rejected value as the message echoes it. Only primitives: String() of a parsed object can
 * throw (`{"toString": 1}`) or recurse without end (nested arrays); long values are cut.
 */
export function echo(input: unknown): string {
  const text = input !== null && typeof input === 'object' ? (Array.isArray(input) ? '[…]' : '{…}') : String(input);
  return text.length > 50 ? `${text.slice(0, 50)}…` : text;
}

const xmlText = (max: number) => z.string().max(max).superRefine(refuseNonXmlChars);

/** Optional free text: absent or null → ''; trimmed; bounded. */
export const optionalText = (max = 255) =>
  xmlText(max)
    .nullish()
    .transform((v) => (v ?? '').trim());

/**
 * Optional free text of a partial update: absent → undefined (the field keeps its value), null → '';
 * trimmed; bounded.
 */
export const textOrUnchanged = (max = 255) =>
  xmlText(max)
    .nullish()
    .transform((v) => (v === undefined ? undefined : (v ?? '').trim()));

/**
 * A country of a partial update (issue 25): absent → undefined (unchanged); a code in any case or a
 * country's name → its ISO 3166-1 alpha-2 code; anything else a French 400, never France by default.
 * `emptyAllowed`: '' and null are '' (a delivery country: the billing address's); else refused.
 */
export const countryOrUnchanged = (emptyAllowed = false) =>
  lenient<string | null | undefined, string | undefined>(
    z.unknown().transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value !== null && typeof value !== 'string') {
        ctx.addIssue({ code: 'custom', message: COUNTRY_MESSAGES.unknown(echo(value)) });
        return z.NEVER;
      }
      if (!value?.trim()) {
        if (emptyAllowed) return '';
        ctx.addIssue({ code: 'custom', message: COUNTRY_MESSAGES.required });
        return z.NEVER;
      }
      const code = parseCountry(value);
      if (code) return code;
      ctx.addIssue({ code: 'custom', message: COUNTRY_MESSAGES.unknown(value.trim()) });
      return z.NEVER;
    }),
    { type: emptyAllowed ? ['string', 'null'] : 'string', description: 'Code ISO 3166-1 alpha-2 (FR, DE…), ou le nom du pays.' },
  );

/** Required free text: trimmed, not empty, bounded. */
export const requiredText = (max = 255) => z.string().trim().min(1).max(max).superRefine(refuseNonXmlChars);

export const email = () => z.string().trim().toLowerCase().max(254).pipe(z.email());

const NUMBER_REQUIRED = 'Un nombre valide est requis.';

/**
 * A lenient field: its transform reads any value and refuses a wrong one with its own French
 * message, so zod sees `unknown` going in. The contract still says what a client sends: `In` for
 * the types derived from it (what the app's client sends), `json` for the OpenAPI document (all
 * that the server accepts).
 */
export function lenient<In, Out>(field: z.ZodPipe<z.ZodUnknown, z.ZodTransform<Out, unknown>>, json: Record<string, unknown>) {
  return field.meta(json) as unknown as z.ZodType<Out, In>;
}

const SCALES = {
  2: { parse: toHundredths, tooPrecise: hasMoreThanTwoDecimals, message: 'Assurez-vous qu’il n’y a pas plus de 2 chiffres après la virgule.', words: 'deux' },
  4: { parse: toTenThousandths, tooPrecise: hasMoreThanFourDecimals, message: 'Assurez-vous qu’il n’y a pas plus de 4 chiffres après la virgule.', words: 'quatre' },
} as const;

export const FOUR_DECIMALS_MESSAGE = SCALES[4].message;

/**
 * A non-negative decimal with at most `decimals` decimals → an integer of 10^-decimals units, at
 * most `maxUnits`. Accepts numbers and numeric strings ('0,3333'); null/'' → 0.
 */
const scaledDecimal = (decimals: 2 | 4, maxUnits: number, unit: string) => {
  const { parse, tooPrecise, message, words } = SCALES[decimals];
  return lenient<number, number>(z.unknown().transform((value, ctx) => {
    if (value === null || value === '' || value === undefined) return 0;
    const parsed = parse(value);
    if (parsed === null || typeof value === 'boolean') {
      ctx.addIssue({ code: 'custom', message: NUMBER_REQUIRED });
      return z.NEVER;
    }
    if (tooPrecise(value)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (parsed < 0) {
      ctx.addIssue({ code: 'custom', message: 'Assurez-vous que cette valeur est supérieure ou égale à 0.' });
      return z.NEVER;
    }
    if (parsed > maxUnits * 10 ** decimals) {
      // Written the French way (issue 28): '1 000 000 000 €', not '1000000000'.
      ctx.addIssue({ code: 'custom', message: `Assurez-vous que cette valeur est inférieure ou égale à ${groupThousands(maxUnits)}${unit}.` });
      return z.NEVER;
    }
    return parsed;
  }), { type: ['number', 'string', 'null'], description: `Au plus ${words} décimales, positif ou nul.` });
};

/** Euros, hours: at most two decimals → integer hundredths. */
export const hundredths = (maxUnits = 1e9, unit = '') => scaledDecimal(2, maxUnits, unit);

/** An amount in euros (at most two decimals → integer cents): its bound said in euros. */
export const euroCents = (maxEuros = 1e9) => hundredths(maxEuros, ' €');

/** A line's quantity or unit price (issue 25): at most four decimals → integer ten-thousandths. */
export const tenThousandths = (maxUnits = 1e9, unit = '') => scaledDecimal(4, maxUnits, unit);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const DATE_FORMAT_ERROR = 'La date n’a pas le bon format. Utilisez le format AAAA-MM-JJ.';

export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** 'YYYY-MM-DD' or null ('' and null both mean no date). */
export const dateOrNull = () =>
  lenient<string | null, string | null>(z.unknown().transform((value, ctx) => {
    if (value === null || value === '' || value === undefined) return null;
    if (typeof value === 'string' && isCalendarDate(value)) return value;
    ctx.addIssue({ code: 'custom', message: DATE_FORMAT_ERROR });
    return z.NEVER;
  }), { type: ['string', 'null'], format: 'date' });

/** An ISO 8601 date-time (normalised to UTC) or null. */
export const dateTimeOrNull = () =>
  lenient<string | null, string | null>(z.unknown().transform((value, ctx) => {
    if (value === null || value === '' || value === undefined) return null;
    const time = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? Date.parse(value) : NaN;
    if (Number.isNaN(time)) {
      ctx.addIssue({ code: 'custom', message: 'La date et l’heure n’ont pas le bon format (ISO 8601 attendu).' });
      return z.NEVER;
    }
    return new Date(time).toISOString();
  }), { type: ['string', 'null'], format: 'date-time' });

const positiveId = z.number().int().positive().max(2147483647);

/** A list of ids (deduplicated, at most `max`). */
export const idList = (max = 200) => z.array(positiveId).max(max).transform((ids) => [...new Set(ids)]);

/** An id or null. */
export const idOrNull = () => positiveId.nullable();
