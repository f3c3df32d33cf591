/**
 * Turns a DRF error body (`{"field": ["message", …]}`, `{"detail": "…"}`) into one line:
 * 'Label : message' items joined by ' | ' (SPEC 5). Unknown fields keep their API name.
 */
export function formatFieldErrors(data: unknown, labels: Readonly<Record<string, string>> = {}): string {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return '';
  const parts: string[] = [];
  for (const [field, value] of Object.entries(data as Record<string, unknown>)) {
    const messages = messagesOf(value);
    if (messages.length === 0) continue;
    if (field === 'detail' || field === 'non_field_errors') {
      parts.push(messages.join(' '));
    } else {
      parts.push(`${labels[field] ?? field} : ${messages.join(' ')}`);
    }
  }
  return parts.join(' | ');
}

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  return [];
}
