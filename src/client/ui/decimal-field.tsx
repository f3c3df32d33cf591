import { forwardRef, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { hasMoreThanFourDecimals, hasMoreThanTwoDecimals, toHundredths, toTenThousandths } from '@/shared/money';
import { TextField, type TextFieldProps } from './form-fields';

/**
 * Numbers typed the French way, in any browser language (issue 18). A `type=number` input reads
 * "4500,50" as 450050 in an English browser and flags 4,75 h against a step of 1: money, hours
 * and quantities are typed in a text input instead, read by `parseDecimalInput`:
 *
 * - spaces of any kind (the ones Excel or a PDF paste: U+00A0, U+202F…) group the thousands,
 *   in groups of three digits ('4 500' but not '45 00');
 * - one decimal mark, ',' or '.' alike: '4500,50' and '4500.50' are both 4 500,50;
 * - refused as ambiguous, since French and English read them differently: both marks
 *   ('4.500,50', '4,500.50'), a mark repeated ('1.234.567'), and one mark followed by exactly
 *   three digits with no space grouping ('4,500': 4 500 in English, 4,5 in French) — unless the
 *   whole part is 0 ('0,500' can only be 0,5);
 * - at most two decimals that matter (amounts are exact cents, hours are hundredths): '4,500'
 *   after a space grouping ('1 234,500') is 1 234,50, '16,665' is refused;
 * - a leading minus sign and a trailing '€' are accepted.
 *
 * The value is held in hundredths by the shared `toHundredths` (never a float for cents). A line's
 * quantity and unit price take up to 4 decimals (issue 25: `decimals: 4`, 0,3333 h; 0,0125 €), held
 * in ten-thousandths by `toTenThousandths`.
 */

export const DECIMAL_MESSAGES = {
  ambiguous:
    'Nombre ambigu : séparez les milliers par un espace et les décimales par une virgule (par ex. 4 500,50).',
  invalid: 'Saisissez un nombre, par ex. 4 500,50 ou 4,75.',
  // The API's words (http/fields.ts) for the same refusal.
  decimals: 'Assurez-vous qu’il n’y a pas plus de 2 chiffres après la virgule.',
  decimals4: 'Assurez-vous qu’il n’y a pas plus de 4 chiffres après la virgule.',
} as const;

/** How many decimals a field takes: 2 (money, hours), or 4 (a line's quantity and unit price). */
export type Decimals = 2 | 4;

export type DecimalParse = { empty: true } | { hundredths: number } | { error: string };

const SPACES = /[\s\u00a0\u2009\u202f]+/g;

export function parseDecimalInput(text: string): DecimalParse {
  const parsed = parseScaledInput(text, 2);
  return 'units' in parsed ? { hundredths: parsed.units } : parsed;
}

export type ScaledParse = { empty: true } | { units: number } | { error: string };

/** `parseDecimalInput` for `decimals` decimals: the value in 1/10^decimals units. */
export function parseScaledInput(text: string, decimals: Decimals): ScaledParse {
  let rest = text.trim().replace(/\s*€$/, '');
  if (rest === '') return { empty: true };
  const negative = /^[-\u2212]/.test(rest);
  if (negative) rest = rest.slice(1).trimStart();
  const marks = rest.match(/[.,]/g) ?? [];
  if (marks.length > 1) {
    return { error: /^[\d\s\u00a0\u2009\u202f.,]+$/.test(rest) ? DECIMAL_MESSAGES.ambiguous : DECIMAL_MESSAGES.invalid };
  }
  const match = /^([\d\s\u00a0\u2009\u202f]*)(?:[.,](\d*))?$/.exec(rest);
  if (!match) return { error: DECIMAL_MESSAGES.invalid };
  const [, wholeText, fraction = ''] = match;
  const groups = wholeText.trim().split(SPACES).filter(Boolean);
  const grouped = groups.length > 1;
  if (grouped && !groups.slice(1).every((group) => group.length === 3)) return { error: DECIMAL_MESSAGES.invalid };
  const whole = groups.join('') || '0';
  if (groups.length === 0 && fraction === '') return { error: DECIMAL_MESSAGES.invalid }; // '-', ',' alone
  if (marks.length === 1 && fraction.length === 3 && !grouped && Number(whole) !== 0) {
    return { error: DECIMAL_MESSAGES.ambiguous };
  }
  const normalized = `${whole}.${fraction}`;
  if (decimals === 2 ? hasMoreThanTwoDecimals(normalized) : hasMoreThanFourDecimals(normalized)) {
    return { error: decimals === 2 ? DECIMAL_MESSAGES.decimals : DECIMAL_MESSAGES.decimals4 };
  }
  const units = decimals === 2 ? toHundredths(normalized) : toTenThousandths(normalized);
  if (units === null) return { error: DECIMAL_MESSAGES.invalid };
  return { units: negative ? -units : units };
}

const GROUPED = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/**
 * Hundredths as French text: '4 500,50' (thousands grouped as fr-FR does, with U+202F). `fixed`:
 * two decimals always (money); else only those that matter ('4,75', '2', '1,5').
 */
export function formatHundredths(hundredths: number, { fixed = true, grouped = true } = {}): string {
  return formatScaled(hundredths, 2, { fixed, grouped });
}

/**
 * 1/10^decimals units as French text: `fixed` keeps two decimals always (money: '0,0125', '4,50'),
 * else only those that matter ('0,3333', '4,5', '2').
 */
export function formatScaled(units: number, decimals: Decimals, { fixed = true, grouped = true } = {}): string {
  const scale = 10 ** decimals;
  const abs = Math.abs(units);
  const fraction = abs % scale;
  const wholeNumber = (abs - fraction) / scale;
  const whole = grouped ? GROUPED.format(wholeNumber) : String(wholeNumber);
  const sign = units < 0 ? '-' : '';
  const digits = String(fraction).padStart(decimals, '0');
  const kept = fixed ? digits.slice(0, 2) + digits.slice(2).replace(/0+$/, '') : digits.replace(/0+$/, '');
  return kept ? `${sign}${whole},${kept}` : `${sign}${whole}`;
}

/** Hundredths as the value a form holds and its parsers read: '4500.5', '-2', '0.05'. */
export function hundredthsToValue(hundredths: number): string {
  return formatHundredths(hundredths, { fixed: false, grouped: false }).replace(',', '.');
}

/** The value a form should hold for `text`: the canonical number when it reads as one, else the text itself (empty stays ''). */
export function decimalValue(text: string, decimals: Decimals = 2): string {
  const parsed = parseScaledInput(text, decimals);
  if ('units' in parsed) return formatScaled(parsed.units, decimals, { fixed: false, grouped: false }).replace(',', '.');
  return 'empty' in parsed ? '' : text;
}

/** The value formatted, or as it is when it is not a number. */
function displayText(value: string, fixed: boolean, decimals: Decimals): string {
  const parsed = parseScaledInput(value, decimals);
  return 'units' in parsed ? formatScaled(parsed.units, decimals, { fixed }) : value;
}

/** The text to edit: the number without grouping; a zero is typed over, so it starts empty. */
function editText(value: string, fixed: boolean, decimals: Decimals): string {
  const parsed = parseScaledInput(value, decimals);
  if (!('units' in parsed)) return value;
  return parsed.units === 0 ? '' : formatScaled(parsed.units, decimals, { fixed, grouped: false });
}

const errorOf = (value: string, decimals: Decimals) => {
  const parsed = parseScaledInput(value, decimals);
  return 'error' in parsed ? parsed.error : null;
};

export interface DecimalFieldProps
  extends Omit<TextFieldProps, 'type' | 'value' | 'defaultValue' | 'onChange' | 'inputMode' | 'min' | 'max' | 'step'> {
  /**
   * What the form holds: a number as `decimalValue` writes it ('4500.5', '' when empty), or the text
   * typed when it is not one (the form's own check then refuses it; this field says why).
   */
  value: string;
  onChange: (value: string) => void;
  /** 'money': always two decimals when not focused (4 500,00); 'quantity' (quantities, hours): only those that matter (4,75). */
  format?: 'money' | 'quantity';
  /** 2 (default), or 4 for a line's quantity and unit price (issue 25). */
  decimals?: Decimals;
}

/**
 * A money, hours or quantity field (see `parseDecimalInput` for what it accepts): French
 * formatting when not focused, the plain number while typing (a zero is typed over: left empty,
 * it stays 0), and its own French message for text that is not a number, which comes before the
 * form's `error`.
 */
export const DecimalField = forwardRef<HTMLInputElement, DecimalFieldProps>(function DecimalField(
  { value, onChange, format = 'money', decimals = 2, error, onFocus, onBlur, ...rest },
  ref,
) {
  const fixed = format === 'money';
  /** The text while the field has focus; null otherwise (the value is then shown formatted). */
  const [draft, setDraft] = useState<string | null>(null);
  /** While typing, the message of when the field was entered, until the text reads as a number. */
  const [draftError, setDraftError] = useState<string | null>(null);
  const emitted = useRef(value);

  // The value changed from outside while the field has focus (a task chosen on the line…): show it.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setDraft((current) => (current === null ? null : editText(value, fixed, decimals)));
  }, [value, fixed, decimals]);

  return (
    <TextField
      ref={ref}
      {...rest}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      value={draft ?? displayText(value, fixed, decimals)}
      error={(draft === null ? errorOf(value, decimals) : draftError) ?? error}
      onFocus={(event) => {
        const input = event.currentTarget;
        // The text changes at once, not after the event, and is selected: entering the field (Tab,
        // select()) and typing replaces the number rather than writing after it. A click still
        // places the caret where it lands.
        flushSync(() => {
          setDraft(editText(value, fixed, decimals));
          setDraftError(errorOf(value, decimals));
        });
        input.select();
        onFocus?.(event);
      }}
      onChange={(event) => {
        const text = event.target.value;
        setDraft(text);
        if (errorOf(text, decimals) === null) setDraftError(null);
        const next = decimalValue(text, decimals);
        emitted.current = next;
        onChange(next);
      }}
      onBlur={(event) => {
        setDraft(null);
        onBlur?.(event);
      }}
    />
  );
});
