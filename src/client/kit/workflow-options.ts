import {
  PAYMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  PRIORITIES,
  PRIORITY_LABELS,
  PROJECT_STATUSES,
  PROJECT_STATUS_LABELS,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  type Priority,
  type ProjectStatus,
  type TaskStatus,
} from '@/shared/projects-tasks';
import type { SelectOption } from '../ui/form-fields';

/** SPEC 4: what each screen offers. Filters offer every value. */
export const PROJECT_FORM_STATUSES: readonly ProjectStatus[] = ['brouillon', 'en_cours', 'termine', 'annule'];
export const PROJECT_FORM_PRIORITIES: readonly Priority[] = ['basse', 'normale', 'haute'];
export const TASK_FORM_STATUSES: readonly TaskStatus[] = ['brouillon', 'en_attente', 'en_cours', 'termine'];
/** A task created from a panel (project or contact): brouillon, en_attente (default), en_cours. */
export const QUICK_TASK_STATUSES: readonly TaskStatus[] = ['brouillon', 'en_attente', 'en_cours'];
export const QUICK_TASK_DEFAULT_STATUS: TaskStatus = 'en_attente';

/**
 * Options for `values`, plus `current` when the record holds a value the screen does not
 * offer (e.g. a project 'en_attente' set elsewhere): a select must never hide the real value.
 */
export function optionsWithCurrent<V extends string>(
  values: readonly V[],
  labels: Record<V, string>,
  current?: V | null,
): SelectOption[] {
  const list = current && !values.includes(current) ? [...values, current] : values;
  return list.map((value) => ({ value, label: labels[value] ?? value }));
}

export const PROJECT_STATUS_FILTER_OPTIONS = optionsWithCurrent(PROJECT_STATUSES, PROJECT_STATUS_LABELS);
export const TASK_STATUS_FILTER_OPTIONS = optionsWithCurrent(TASK_STATUSES, TASK_STATUS_LABELS);
export const PRIORITY_FILTER_OPTIONS = optionsWithCurrent(PRIORITIES, PRIORITY_LABELS);
export const PAYMENT_STATUS_OPTIONS = optionsWithCurrent(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS);
