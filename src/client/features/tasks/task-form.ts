import { TASK_FIELD_LABELS, type PaymentStatus, type Priority, type TaskStatus } from '@/shared/projects-tasks';
import type { Task } from '@/shared/contracts/tasks';
import type { TaskPayload } from './tasks.api';

/** SPEC 8 "Task" (with the corrected 'Tâche mise à jour avec succès.') and 5 (delete confirmation). */
export const TASK_MESSAGES = {
  notFound: "La tâche que vous recherchez n'existe plus ou a été supprimée.",
  loadError: 'Erreur lors du chargement de la tâche.',
  updated: 'Tâche mise à jour avec succès.',
  updateError: 'Erreur lors de la mise à jour de la tâche.',
  created: 'Tâche créée avec succès.',
  createError: 'Erreur lors de la création de la tâche.',
  deleteError: 'Erreur lors de la suppression.',
  deleted: 'Tâche supprimée.',
  confirmDelete: 'Voulez-vous vraiment supprimer cette tâche ?',
  titleRequired: 'Le titre est requis.',
  hoursInvalid: 'Saisissez un nombre d’heures positif ou nul (2 décimales au plus).',
  rateInvalid: 'Saisissez un tarif positif ou nul (2 décimales au plus).',
  endBeforeStart: 'La fin doit être postérieure au début.',
} as const;

/** SPEC 5: server errors are shown with these French labels. */
export const TASK_ERROR_LABELS: Readonly<Record<string, string>> = TASK_FIELD_LABELS;

/** What the inputs hold (text for numbers and dates, '' for none). */
export interface TaskFormValues {
  title: string;
  description: string;
  status: TaskStatus;
  priority: Priority;
  due_date: string;
  /** A project id or '' for none. */
  project_id: string;
  contact_ids: number[];
  estimated_time: string;
  actual_time: string;
  /** 'YYYY-MM-DDTHH:mm' in the browser's time zone (datetime-local). */
  start_time: string;
  end_time: string;
  billable: boolean;
  hourly_rate: string;
  bill_reference: string;
  payment_status: PaymentStatus;
}

type CheckedField = 'title' | 'estimated_time' | 'actual_time' | 'hourly_rate' | 'end_time';
export type TaskFormErrors = Partial<Record<CheckedField, string>>;
/** Order in which invalid fields get the focus. */
export const TASK_CHECKED_FIELDS: readonly CheckedField[] = ['title', 'estimated_time', 'actual_time', 'end_time', 'hourly_rate'];

export const EMPTY_TASK_FORM: TaskFormValues = {
  title: '',
  description: '',
  status: 'en_attente',
  priority: 'normale',
  due_date: '',
  project_id: '',
  contact_ids: [],
  estimated_time: '0',
  actual_time: '0',
  start_time: '',
  end_time: '',
  billable: false,
  hourly_rate: '0',
  bill_reference: '',
  payment_status: 'unpaid',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO date-time (UTC) → datetime-local value in the browser's zone; '' when missing or invalid. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** datetime-local value → ISO date-time (UTC); null when empty or invalid. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '0' : String(value));

export function toTaskForm(task: Task): TaskFormValues {
  return {
    title: task.title ?? '',
    description: task.description ?? '',
    status: task.status,
    priority: task.priority,
    due_date: task.due_date ?? '',
    project_id: task.project ? String(task.project.id) : '',
    contact_ids: (task.contacts ?? []).map((c) => c.id),
    estimated_time: numberText(task.estimated_time),
    actual_time: numberText(task.actual_time),
    start_time: isoToLocalInput(task.start_time),
    end_time: isoToLocalInput(task.end_time),
    billable: Boolean(task.billable),
    hourly_rate: numberText(task.hourly_rate),
    bill_reference: task.bill_reference ?? '',
    payment_status: task.payment_status ?? 'unpaid',
  };
}

const DECIMAL = /^\d+(?:[.,]\d{0,2})?$/;

/** '' → 0; '1,5' → 1.5; negative, more than 2 decimals or not a number → null. */
export function parseDecimal(text: string): number | null {
  const value = text.trim();
  if (value === '') return 0;
  if (!DECIMAL.test(value)) return null;
  return Number(value.replace(',', '.'));
}

export function validateTaskForm(form: TaskFormValues): TaskFormErrors {
  const errors: TaskFormErrors = {};
  if (!form.title.trim()) errors.title = TASK_MESSAGES.titleRequired;
  if (parseDecimal(form.estimated_time) === null) errors.estimated_time = TASK_MESSAGES.hoursInvalid;
  if (parseDecimal(form.actual_time) === null) errors.actual_time = TASK_MESSAGES.hoursInvalid;
  if (parseDecimal(form.hourly_rate) === null) errors.hourly_rate = TASK_MESSAGES.rateInvalid;
  const start = localInputToIso(form.start_time);
  const end = localInputToIso(form.end_time);
  if (start && end && end < start) errors.end_time = TASK_MESSAGES.endBeforeStart;
  return errors;
}

/** The full PUT/POST body (SPEC 7: every task field plus project_id and contact_ids). Call after validation. */
export function buildTaskPayload(form: TaskFormValues): TaskPayload {
  return {
    title: form.title.trim(),
    description: form.description,
    status: form.status,
    priority: form.priority,
    due_date: form.due_date || null,
    project_id: form.project_id ? Number(form.project_id) : null,
    contact_ids: form.contact_ids,
    estimated_time: parseDecimal(form.estimated_time) ?? 0,
    actual_time: parseDecimal(form.actual_time) ?? 0,
    start_time: localInputToIso(form.start_time),
    end_time: localInputToIso(form.end_time),
    billable: form.billable,
    hourly_rate: parseDecimal(form.hourly_rate) ?? 0,
    bill_reference: form.bill_reference.trim(),
    payment_status: form.payment_status,
  };
}
