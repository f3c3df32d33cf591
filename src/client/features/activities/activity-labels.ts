import { ACTIVITY_OBJECT_LABELS, type ActivityObjectType } from '@/shared/activity';
import type { BadgeTone } from '@/client/ui/theme';

/** Badge colour of each object type, so a glance at the list tells kinds apart. */
export const ACTIVITY_OBJECT_TONES: Record<ActivityObjectType, BadgeTone> = {
  task: 'blue',
  project: 'purple',
  contact: 'green',
  invoice: 'orange',
  quote: 'yellow',
  credit_note: 'red',
  // An invoice's kin.
  recurring_invoice: 'orange',
  received_invoice: 'purple',
};

/** French label of an object type ('Tâche', 'Projet'…), the raw value if unknown. */
export function objectTypeLabel(type: string): string {
  return ACTIVITY_OBJECT_LABELS[type as ActivityObjectType] ?? type;
}

export function objectTypeTone(type: string): BadgeTone {
  return ACTIVITY_OBJECT_TONES[type as ActivityObjectType] ?? 'grey';
}
