import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { ActivityAction, ActivityObjectType } from '@/shared/activity';
import { toHundredths } from '@/shared/money';
import { activityRepository, activitySearchText } from './activity.repository';

export interface ActivityRecord {
  ownerId: number;
  objectType: ActivityObjectType;
  objectId: number;
  label: string;
  action: ActivityAction;
  changes?: string;
  clientName?: string | null;
  projectName?: string | null;
  /** Written at most once per key (e.g. one « Consulté en ligne » per document and day): a second entry is dropped. */
  dedupeKey?: string;
}

/**
 * Writes one history entry. Call it with the transaction that makes the change, so that the
 * entry exists exactly when the change does (DESIGN.md section 4).
 */
export async function recordActivity(db: Kysely<Database>, entry: ActivityRecord): Promise<void> {
  const repo = activityRepository(db);
  const values = {
    owner_id: entry.ownerId,
    object_type: entry.objectType,
    object_id: entry.objectId,
    object_label: entry.label.slice(0, 200),
    action: entry.action,
    changes: entry.changes ?? '',
    timestamp: new Date().toISOString(),
    client_name: entry.clientName ?? null,
    project_name: entry.projectName ?? null,
  };
  const row = { ...values, search_text: activitySearchText(values) };
  if (entry.dedupeKey !== undefined) await repo.insertOnce({ ...row, dedupe_key: entry.dedupeKey });
  else await repo.insert(row);
  if (entry.action === 'supprimé') await repo.markDeleted(entry.ownerId, entry.objectType, entry.objectId);
}

export type ValueFormatter = (field: string, value: unknown) => string;

/** Fields holding euros (the services hand them as '1500.00'): written as amounts. */
const MONEY_FIELDS = new Set(['budget', 'revenue', 'hourly_rate', 'cost', 'total_amount']);

// French, as the screens write them (issue 18: '— → 23 nov. 2026', not '2026-11-23').
const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const NUMBER = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
const DATE = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const DATE_TIME = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris',
});
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function defaultFormat(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (MONEY_FIELDS.has(field)) {
    const cents = toHundredths(value);
    if (cents !== null) return EUROS.format(cents / 100);
  }
  if (typeof value === 'number') return NUMBER.format(value);
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return DATE.format(new Date(`${value}T00:00:00Z`));
  if (typeof value === 'string' && ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))) {
    return DATE_TIME.format(new Date(value));
  }
  return String(value);
}

/**
 * One value as it appears in the history: single line, no ';' (it separates items), bounded. The
 * no-break spaces of French amounts stay.
 */
function clean(text: string): string {
  const line = text.replace(/[^\S\u00a0\u202f]+/g, ' ').replace(/;/g, ',').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/**
 * `(Nom: Ancien → Nouveau; Ville: — → Lyon)` for the labelled fields whose value changed,
 * '' when none did.
 */
export function describeChanges<T extends Record<string, unknown>>(
  labels: Partial<Record<keyof T & string, string>>,
  before: T,
  after: Partial<T>,
  format: ValueFormatter = defaultFormat,
): string {
  const items: string[] = [];
  for (const [field, label] of Object.entries(labels) as [keyof T & string, string][]) {
    if (!(field in after)) continue;
    const was = format(field, before[field]);
    const now = format(field, after[field]);
    if (was !== now) items.push(`${label}: ${clean(was)} → ${clean(now)}`);
  }
  return items.length ? `(${items.join('; ')})` : '';
}
