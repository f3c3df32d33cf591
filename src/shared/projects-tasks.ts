import type { DashboardOrdering } from './dashboard';
import type { ListFilters, ListWindow } from './list-filters';

/** Statuses and priorities of projects and tasks, with their French labels (SPEC section 4). */
export const PROJECT_STATUSES = ['brouillon', 'en_attente', 'en_cours', 'termine', 'annule'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  brouillon: 'Brouillon',
  en_attente: 'En attente',
  en_cours: 'En cours',
  termine: 'Terminé',
  annule: 'Annulé',
};

export const TASK_STATUSES = ['brouillon', 'en_attente', 'en_cours', 'termine', 'annule'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  brouillon: 'Brouillon',
  en_attente: 'En attente',
  en_cours: 'En cours',
  termine: 'Terminée',
  annule: 'Annulée',
};

/** Finished and cancelled tasks: never on the dashboard, never overdue. */
export const CLOSED_TASK_STATUSES: readonly TaskStatus[] = ['termine', 'annule'];

export const PRIORITIES = ['basse', 'normale', 'haute', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const PRIORITY_LABELS: Record<Priority, string> = {
  basse: 'Basse',
  normale: 'Normale',
  haute: 'Élevée',
  urgent: 'Urgent',
};
/** Sort rank: urgent first (SPEC section 9). */
export const PRIORITY_RANK: Record<Priority, number> = { urgent: 0, haute: 1, normale: 2, basse: 3 };

export const PAYMENT_STATUSES = ['unpaid', 'paid', 'rejected'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Non payé',
  paid: 'Payé',
  rejected: 'Rejeté',
};

export interface NamedRef {
  id: number;
  name: string;
}

export interface Project {
  id: number;
  name: string;
  description: string;
  contacts: NamedRef[];
  status: ProjectStatus;
  status_display: string;
  priority: Priority;
  start_date: string | null;
  due_date: string | null;
  completed_date: string | null;
  budget: number;
  revenue: number;
  created_at: string;
}

export interface Task {
  id: number;
  title: string;
  description: string;
  status: TaskStatus;
  status_display: string;
  priority: Priority;
  priority_display: string;
  due_date: string | null;
  created_at: string;
  project: NamedRef | null;
  contacts: NamedRef[];
  estimated_time: number;
  actual_time: number;
  start_time: string | null;
  end_time: string | null;
  billable: boolean;
  hourly_rate: number;
  bill_reference: string;
  payment_status: PaymentStatus;
  cost: number;
  /** The invoice that bills its time (issue 15): a draft, or issued with its number. Absent from older answers. */
  invoice_id?: number | null;
  invoice?: TaskInvoiceRef | null;
}

/**
 * POST tasks/ and PUT tasks/{id}/ body (SPEC 7 "Tasks"): every writable field, amounts in euros
 * and times in hours. A POST needs the title and fills the others with defaults; a PUT may send
 * only some fields, the server keeps the others. The server's zod schema (tasks.schemas) is
 * checked against it at compile time.
 */
export interface TaskWriteBody {
  title: string;
  description: string;
  status: TaskStatus;
  priority: Priority;
  due_date: string | null;
  project_id: number | null;
  contact_ids: number[];
  estimated_time: number;
  actual_time: number;
  start_time: string | null;
  end_time: string | null;
  billable: boolean;
  hourly_rate: number;
  bill_reference: string;
  payment_status: PaymentStatus;
}

/**
 * POST projects/ and PUT projects/{id}/ body (SPEC 7 "Projects"), budget and revenue in euros.
 * Checked against the server's zod schema (projects.schemas) at compile time.
 */
export interface ProjectWriteBody {
  name: string;
  description: string;
  contact_ids: number[];
  status: ProjectStatus;
  priority: Priority;
  start_date: string | null;
  due_date: string | null;
  completed_date: string | null;
  budget: number;
  revenue: number;
}

/**
 * Query of GET tasks/, projects/{id}/tasks/ and contacts/{id}/tasks/ (answered with Task[]): the
 * nested routes add their project or contact to these filters (contacts/{id}/tasks/ ignores
 * `contact`). `ordering=dashboard` sorts as the dashboard does (SPEC 9).
 */
export type TaskListQuery = ListFilters<{
  status?: TaskStatus;
  priority?: Priority;
  /** A project's tasks (an id). */
  project?: number;
}> & {
  /** The tasks linked to this contact (an id). */
  contact?: number;
} & ListWindow<DashboardOrdering>;

/**
 * Query of GET projects/ (answered with Project[]). `ordering=dashboard` sorts as the dashboard
 * does (SPEC 9).
 */
export type ProjectListQuery = ListFilters<{
  status?: ProjectStatus;
  priority?: Priority;
}> & {
  /** The projects linked to this contact (an id). */
  contact?: number;
} & ListWindow<DashboardOrdering>;

export interface TaskInvoiceRef {
  id: number;
  /** Null while the invoice is a draft. */
  invoice_number: string | null;
  status: string;
}

export const PROJECT_FIELD_LABELS = {
  name: 'Nom',
  description: 'Description',
  contacts: 'Clients',
  status: 'Statut',
  priority: 'Priorité',
  start_date: 'Date de début',
  due_date: 'Échéance',
  completed_date: 'Date de fin',
  budget: 'Budget',
  revenue: 'Revenu',
} as const;

/** SPEC section 5 "Task" labels (server errors and history). */
export const TASK_FIELD_LABELS = {
  title: 'Titre',
  status: 'Statut',
  priority: 'Priorité',
  due_date: 'Date limite',
  project: 'Projet concerné',
  project_id: 'Projet concerné',
  contacts: 'Contacts concernés',
  contact_ids: 'Contacts concernés',
  description: 'Description',
  estimated_time: 'Temps estimé',
  actual_time: 'Temps réel',
  start_time: 'Début',
  end_time: 'Fin',
  billable: 'Facturable',
  hourly_rate: 'Tarif horaire',
  bill_reference: 'Référence facture',
  payment_status: 'Statut paiement',
  cost: 'Coût total',
} as const;
