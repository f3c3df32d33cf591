import { timeCostCents, toHundredths } from '@/shared/money';
import type { Task } from '@/shared/contracts/tasks';

/**
 * "Facturer le temps" (issue 15) as the project panel sees it: the same rule as the server
 * (POST projects/{id}/invoice_time/) — billable, not billed yet, with hours spent, else estimated.
 */

export const TIME_BILLING_TEXTS = {
  button: 'Facturer le temps',
  title: 'Facturer le temps',
  intro: 'Une facture brouillon sera créée avec une ligne par tâche : ses heures (réelles, à défaut estimées) à son tarif horaire.',
  nothing: 'Aucune tâche facturable avec du temps à facturer sur ce projet.',
  noneChosen: 'Choisissez au moins une tâche.',
  clientRequired: 'Choisissez le client à facturer.',
  created: 'Facture brouillon créée : vérifiez-la, puis émettez-la.',
  error: 'Erreur lors de la création de la facture.',
  submit: 'Créer la facture',
} as const;

/** The hours a line bills: actual, else estimated. */
export const billedHours = (task: Pick<Task, 'actual_time' | 'estimated_time'>) => (task.actual_time > 0 ? task.actual_time : task.estimated_time);

export const isBillableTime = (task: Task) => task.billable && !task.invoice_id && billedHours(task) > 0;

/** The line's total HT in cents (hours × rate, rounded to the cent as the server does). */
export const timeAmountCents = (task: Task) => timeCostCents(toHundredths(billedHours(task)) ?? 0, toHundredths(task.hourly_rate) ?? 0);
