import { forwardRef, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { hasMoreThanTwoDecimals, toHundredths } from '@/shared/money';
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
 * The value is held in hundredths by the shared `toHundredths` (never a float for cents).
 */

export const DECIMAL_MESSAGES = {
  ambiguous:
    'Nombre ambigu : séparez les milliers par un espace et les décimales par une virgule (par ex. 4 500,50).',
  invalid: 'Saisissez un nombre, par ex. 4 500,50 ou 4,75.',
  // The API's words (http/fields.ts) for the same refusal.
  decimals: 'Assurez-vous qu’il n’y a pas plus de 2 chiffres après la virgule.',
} as const;

export type DecimalParse = { empty: true } | { hundredths: number } | { error: string };

const SPACES = /[\s\u00a0\u2009\u202f]+/g;

export function parseDecimalInput(text: string): DecimalParse {
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
  if (hasMoreThanTwoDecimals(normalized)) return { error: DECIMAL_MESSAGES.decimals };
  const hundredths = toHundredths(normalized);
  if (hundredths === null) return { error: DECIMAL_MESSAGES.invalid };
  return { hundredths: negative ? -hundredths : hundredths };
}

const GROUPED = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/**
 * Hundredths as French text: '4 500,50' (thousands grouped as fr-FR does, with U+202F). `fixed`:
 * two decimals always (money); else only those that matter ('4,75', '2', '1,5').
 */
export function formatHundredths(hundredths: number, { fixed = true, grouped = true } = {}): string {
  const abs = Math.abs(hundredths);
  const cents = abs % 100;
  const wholeNumber = (abs - cents) / 100;
  const whole = grouped ? GROUPED.format(wholeNumber) : String(wholeNumber);
  const sign = hundredths < 0 ? '-' : '';
  if (!fixed && cents === 0) return `${sign}${whole}`;
  const digits = String(cents).padStart(2, '0');
  return `${sign}${whole},${fixed ? digits : digits.replace(/0$/, '')}`;
}

/** Hundredths as the value a form holds and its parsers read: '4500.5', '-2', '0.05'. */
export function hundredthsToValue(hundredths: number): string {
  return formatHundredths(hundredths, { fixed: false, grouped: false }).replace(',', '.');
}

/** The value a form should hold for `text`: the canonical number when it reads as one, else the text itself (empty stays ''). */
export function decimalValue(text: string): string {
  const parsed = parseDecimalInput(text);
  if ('hundredths' in parsed) return hundredthsToValue(parsed.hundredths);
  return 'empty' in parsed ? '' : text;
}

/** The value formatted, or as it is when it is not a number. */
function displayText(value: string, fixed: boolean): string {
  const parsed = parseDecimalInput(value);
  return 'hundredths' in parsed ? formatHundredths(parsed.hundredths, { fixed }) : value;
}

/** The text to edit: the number without grouping; a zero is typed over, so it starts empty. */
function editText(value: string, fixed: boolean): string {
  const parsed = parseDecimalInput(value);
  if (!('hundredths' in parsed)) return value;
  return parsed.hundredths === 0 ? '' : formatHundredths(parsed.hundredths, { fixed, grouped: false });
}

const errorOf = (value: string) => {
  const parsed = parseDecimalInput(value);
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
}

/**
 * A money, hours or quantity field (see `parseDecimalInput` for what it accepts): French
 * formatting when not focused, the plain number while typing (a zero is typed over: left empty,
 * it stays 0), and its own French message for text that is not a number, which comes before the
 * form's `error`.
 */
export const DecimalField = forwardRef<HTMLInputElement, DecimalFieldProps>(function DecimalField(
  { value, onChange, format = 'money', error, onFocus, onBlur, ...rest },
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
    setDraft((current) => (current === null ? null : editText(value, fixed)));
  }, [value, fixed]);

  return (
    <TextField
      ref={ref}
      {...rest}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      value={draft ?? displayText(value, fixed)}
      error={(draft === null ? errorOf(value) : draftError) ?? error}
      onFocus={(event) => {
        const input = event.currentTarget;
        // The text changes at once, not after the event, and is selected: entering the field (Tab,
        // select()) and typing replaces the number rather than writing after it. A click still
        // places the caret where it lands.
        flushSync(() => {
          setDraft(editText(value, fixed));
          setDraftError(errorOf(value));
        });
        input.select();
        onFocus?.(event);
      }}
      onChange={(event) => {
        const text = event.target.value;
        setDraft(text);
        if (errorOf(text) === null) setDraftError(null);
        const next = decimalValue(text);
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
