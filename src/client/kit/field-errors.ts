/**
 * DRF error bodies (`{"field": ["message", …]}`, `{"detail": "…"}`) read once for every form:
 * the editors, the dialogs and the contact import (SPEC 5).
 */

const GENERAL_KEYS = new Set(['detail', 'non_field_errors']);

/** A field's messages: a string, or a list of them (nested lists flattened, empty ones left out). */
export function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  return [];
}

/** The body's fields that carry messages, in its order, each with its messages. */
function entriesOf(data: unknown): [field: string, messages: string[]][] {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [];
  return Object.entries(data as Record<string, unknown>)
    .map(([field, value]): [string, string[]] => [field, messagesOf(value)])
    .filter(([, messages]) => messages.length > 0);
}

const labelled = (field: string, messages: string[], labels: Readonly<Record<string, string>>) =>
  GENERAL_KEYS.has(field) ? messages.join(' ') : `${labels[field] ?? field} : ${messages.join(' ')}`;

/**
 * One line per field in the body's order: 'Label : message' (an unknown field keeps its API
 * name), a general `detail` / `non_field_errors` alone.
 */
export function fieldErrorMessages(data: unknown, labels: Readonly<Record<string, string>> = {}): string[] {
  return entriesOf(data).map(([field, messages]) => labelled(field, messages, labels));
}

/** The same lines joined by ' | ' (SPEC 5); empty when the body holds no message. */
export function formatFieldErrors(data: unknown, labels: Readonly<Record<string, string>> = {}): string {
  return fieldErrorMessages(data, labels).join(' | ');
}

export interface MappedFieldErrors<F extends string> {
  /** The message under each of the form's fields in error (its messages joined by a space). */
  fields: Partial<Record<F, string>>;
  /** What no field of the form shows: general messages alone, other fields' as 'Label : message'. */
  others: string[];
}

/** A refusal's body mapped onto a form's `fields`; the rest apart, to show above the form. */
export function mapFieldErrors<F extends string>(
  data: unknown,
  fields: readonly F[],
  labels: Readonly<Record<string, string>> = {},
): MappedFieldErrors<F> {
  const out: MappedFieldErrors<F> = { fields: {}, others: [] };
  for (const [field, messages] of entriesOf(data)) {
    if ((fields as readonly string[]).includes(field)) out.fields[field as F] = messages.join(' ');
    else out.others.push(labelled(field, messages, labels));
  }
  return out;
}
