import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ActivityAction, ActivityObjectType } from '../../../shared/activity';
import { activityRepository } from './activity.repository';

export interface ActivityRecord {
  ownerId: number;
  objectType: ActivityObjectType;
  objectId: number;
  label: string;
  action: ActivityAction;
  changes?: string;
  clientName?: string | null;
  projectName?: string | null;
}

/**
 * Writes one history entry. Call it with the transaction that makes the change, so that the
 * entry exists exactly when the change does (DESIGN.md section 4).
 */
export async function recordActivity(db: Kysely<Database>, entry: ActivityRecord): Promise<void> {
  const repo = activityRepository(db);
  await repo.insert({
    owner_id: entry.ownerId,
    object_type: entry.objectType,
    object_id: entry.objectId,
    object_label: entry.label.slice(0, 200),
    action: entry.action,
    changes: entry.changes ?? '',
    timestamp: new Date().toISOString(),
    client_name: entry.clientName ?? null,
    project_name: entry.projectName ?? null,
  });
  if (entry.action === 'supprimé') await repo.markDeleted(entry.ownerId, entry.objectType, entry.objectId);
}

export type ValueFormatter = (field: string, value: unknown) => string;

function defaultFormat(_field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  return String(value);
}

/** One value as it appears in the history: single line, no ';' (it separates items), bounded. */
function clean(text: string): string {
  const line = text.replace(/\s+/g, ' ').replace(/;/g, ',').trim();
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
