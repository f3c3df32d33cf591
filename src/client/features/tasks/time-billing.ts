import type { TimeToBill } from '@/shared/contracts/projects';
import { formatMoney, formatNumber } from '@/client/lib/format';

/**
 * "Facturer le temps" as the project panel shows it. What is billed, and at what rate, is the
 * server's rule (GET projects/{id}/invoice_time/, issue 28): the dialog only groups its lines by
 * task and sums the ticked ones.
 */

export const TIME_BILLING_TEXTS = {
  button: 'Facturer le temps',
  title: 'Facturer le temps',
  intro: 'Une facture brouillon sera créée : une ligne par saisie de temps non facturée (sa durée arrondie selon votre profil), en heures au tarif de la tâche, à défaut du projet ou du client ; une tâche sans saisie, à ses heures estimées.',
  nothing: 'Rien à facturer sur ce projet : aucune saisie de temps facturable (ni tâche facturable avec du temps estimé) qui ne soit déjà facturée.',
  loading: 'Calcul du temps à facturer...',
  loadError: 'Le temps à facturer n’a pas pu être calculé.',
  clientHint: 'Son tarif horaire s’applique aux tâches sans tarif, sur un projet sans tarif.',
  noneChosen: 'Choisissez au moins une tâche.',
  clientRequired: 'Choisissez le client à facturer.',
  created: 'Facture brouillon créée : vérifiez-la, puis émettez-la.',
  error: 'Erreur lors de la création de la facture.',
  submit: 'Créer la facture',
} as const;

export type TimeLine = TimeToBill['lines'][number];

export interface TaskTimeGroup {
  taskId: number;
  taskTitle: string;
  lines: TimeLine[];
  /** « 3 saisies · 4,75 h », or « temps estimé · 2,5 h ». */
  summary: string;
  /** The sum of the lines' totals (each already rounded to the cent, as on the invoice). */
  totalCents: number;
}

const cents = (euros: number) => Math.round(euros * 100);

/** The preview's lines by task, in the server's order. */
export function groupByTask(lines: TimeLine[]): TaskTimeGroup[] {
  const groups = new Map<number, TimeLine[]>();
  for (const line of lines) groups.set(line.task_id, [...(groups.get(line.task_id) ?? []), line]);
  return [...groups.values()].map((taskLines) => {
    const entries = taskLines.filter((l) => l.entry_id !== null).length;
    const hours = taskLines.reduce((sum, l) => sum + Math.round(l.hours * 10_000), 0) / 10_000;
    const what = entries ? `${entries} saisie${entries > 1 ? 's' : ''}` : 'temps estimé';
    return {
      taskId: taskLines[0].task_id,
      taskTitle: taskLines[0].task_title,
      lines: taskLines,
      summary: `${what} · ${formatNumber(hours)} h`,
      totalCents: taskLines.reduce((sum, l) => sum + cents(l.total), 0),
    };
  });
}

/** One line as the dialog lists it: « 24/11/2026 — Ateliers : 1,1 h × 90,00 € = 99,00 € ». */
export const lineText = (line: TimeLine) =>
  `${line.entry_id === null ? 'Temps estimé' : line.description} : ${formatNumber(line.hours)} h × ${formatMoney(line.hourly_rate)} = ${formatMoney(line.total)}`;
