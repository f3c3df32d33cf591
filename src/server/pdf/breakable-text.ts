/**
 * pdfkit breaks a "word" wider than its line a few characters at a time, measuring the whole rest
 * of the word again for every line: quadratic in its length. A description of 5,000 characters
 * without a space took 3.6 s to render on a quiet machine (issue 16). Runs that long never fit on
 * a line of the PDF at any of its font sizes, so pdfkit would break them anyway: a zero-width
 * space (U+200B, a break opportunity that DejaVu draws as nothing) every few characters lets it
 * wrap them like ordinary words, in linear time. Shorter runs (e-mails, URLs, IBANs) are left as
 * they are, so they keep wrapping as a whole.
 */
const LONG_RUN = 200;
/** Characters between break opportunities: at most this many minus one are left unused at a line's end. */
const CHUNK = 4;
const ZWSP = '\u200b';

/** Runs of characters pdfkit may not break at (no space, tab or newline), long enough to be costly. */
const LONG_RUNS = new RegExp(`[^ \\t\\r\\n]{${LONG_RUN},}`, 'gu');
/** Never split a character from its combining marks or a joined sequence. */
const JOINS_PREVIOUS = /^(?:\p{M}|\u200d|\ufe0f)/u;

export function breakLongRuns(text: string): string {
  if (text.length < LONG_RUN) return text;
  return text.replace(LONG_RUNS, (run) => {
    let out = '';
    let count = 0;
    for (const char of run) {
      if (count >= CHUNK && !JOINS_PREVIOUS.test(char)) {
        out += ZWSP;
        count = 0;
      }
      out += char;
      count++;
    }
    return out;
  });
}

/** A copy of a JSON-like value (a document to print) with every string's long runs broken. */
export function withBreakableText<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (_key, v: unknown) => (typeof v === 'string' ? breakLongRuns(v) : v)) as T;
}
