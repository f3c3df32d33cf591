
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

/** A project's dates in order (issue 28): neither its end nor its deadline before its start. */
export const PROJECT_DATE_MESSAGES = {
  completedBeforeStart: 'La date de fin ne peut pas précéder la date de début.',
  dueBeforeStart: 'L’échéance ne peut pas précéder la date de début.',
} as const;

/**
 * The messages of a project's dates out of order, on the later field ('YYYY-MM-DD' or empty):
 * the same in the API (400) and in the form (before sending).
 */
export function projectDateErrors(dates: {
  start_date?: string | null;
  due_date?: string | null;
  completed_date?: string | null;
}): Partial<Record<'due_date' | 'completed_date', string>> {
  const { start_date: start, due_date: due, completed_date: completed } = dates;
  const errors: Partial<Record<'due_date' | 'completed_date', string>> = {};
  if (start && completed && completed < start) errors.completed_date = PROJECT_DATE_MESSAGES.completedBeforeStart;
  if (start && due && due < start) errors.due_date = PROJECT_DATE_MESSAGES.dueBeforeStart;
  return errors;
}

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
