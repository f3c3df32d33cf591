/**
 * Text that an XML 1.0 document can hold (issue 23). An issued invoice embeds its text (titles,
 * lines, names, addresses, notes) in its Factur-X XML, and XML 1.0 allows only
 *   Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
 * so the other control characters, U+FFFE, U+FFFF and lone surrogates (which no UTF-8 can
 * encode) make the file unreadable by every XML parser. The API refuses them at input
 * (http/fields.ts); the XML generator drops any that older data still holds (factur-x.ts).
 */

// With the `u` flag a lone surrogate is one code point (U+D800–U+DFFF), outside every range here.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;
const NOT_XML_CHARS = new RegExp(NOT_XML_CHAR.source, 'gu');

/** 'U+FFFF', 'U+0007', 'U+D800'. */
export const codePointLabel = (char: string) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** The first character of `text` that XML 1.0 does not allow, or null. */
export function firstNonXmlChar(text: string): string | null {
  return NOT_XML_CHAR.exec(text)?.[0] ?? null;
}

/** « Ce texte contient un caractère non autorisé (U+FFFF). » */
export const nonXmlCharMessage = (char: string) => `Ce texte contient un caractère non autorisé (${codePointLabel(char)}).`;

/** The French refusal of `text`, or null when XML 1.0 can hold it. */
export function nonXmlCharError(text: string): string | null {
  const char = firstNonXmlChar(text);
  return char === null ? null : nonXmlCharMessage(char);
}

/** `text` without the characters XML 1.0 does not allow. */
export const withoutNonXmlChars = (text: string) => text.replace(NOT_XML_CHARS, '');
