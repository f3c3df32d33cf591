import {
  PRIORITY_LABELS,
  PROJECT_STATUS_LABELS,
  TASK_STATUS_LABELS,
  type Priority,
  type ProjectStatus,
  type TaskStatus,
} from '@/shared/projects-tasks';
import { Badge } from '../ui/badge';
import type { BadgeTone } from '../ui/theme';

/**
 * SPEC 4 colours. Project en_attente has no colour in the SPEC: yellow, as for tasks.
 * The tones come from the theme, whose pairs meet WCAG AA in light and dark mode.
 */
export const PROJECT_STATUS_TONES: Record<ProjectStatus, BadgeTone> = {
  brouillon: 'grey',
  en_attente: 'yellow',
  en_cours: 'green',
  termine: 'purple',
  annule: 'red',
};

export const TASK_STATUS_TONES: Record<TaskStatus, BadgeTone> = {
  brouillon: 'grey',
  en_attente: 'yellow',
  en_cours: 'blue',
  termine: 'green',
  annule: 'red',
};

/** SPEC 4 colours of quote and invoice statuses: the documents' pages and the contact's panel show them. */
export const QUOTE_STATUS_TONES: Record<string, BadgeTone> = { draft: 'grey', sent: 'blue', accepted: 'green', rejected: 'red', expired: 'darkgrey' };

export const INVOICE_STATUS_TONES: Record<string, BadgeTone> = {
  draft: 'grey',
  sent: 'blue',
  unpaid: 'red',
  partially_paid: 'orange',
  overdue: 'darkred',
  paid: 'green',
  cancelled: 'darkgrey',
};

export const PRIORITY_TONES: Record<Priority, BadgeTone> = {
  basse: 'grey',
  normale: 'blue',
  haute: 'orange',
  urgent: 'red',
};

export interface ProjectStatusBadgeProps {
  status: ProjectStatus;
  /** The server's status_display; the shared label is used when absent. */
  label?: string;
}

export function ProjectStatusBadge({ status, label }: ProjectStatusBadgeProps) {
  return <Badge tone={PROJECT_STATUS_TONES[status] ?? 'grey'}>{label || PROJECT_STATUS_LABELS[status] || status}</Badge>;
}

export interface TaskStatusBadgeProps {
  status: TaskStatus;
  label?: string;
}

export function TaskStatusBadge({ status, label }: TaskStatusBadgeProps) {
  return <Badge tone={TASK_STATUS_TONES[status] ?? 'grey'}>{label || TASK_STATUS_LABELS[status] || status}</Badge>;
}

export interface PriorityBadgeProps {
  priority: Priority;
  label?: string;
}

export function PriorityBadge({ priority, label }: PriorityBadgeProps) {
  return <Badge tone={PRIORITY_TONES[priority] ?? 'grey'}>{label || PRIORITY_LABELS[priority] || priority}</Badge>;
}
