import { PROJECT_FIELD_LABELS, projectDateErrors, type Priority, type ProjectStatus } from '@/shared/projects-tasks';
import type { Project } from '@/shared/contracts/projects';
import type { ProjectPayload } from './projects.api';

/** SPEC 8 "Project" and 5 (delete confirmation). */
export const PROJECT_MESSAGES = {
  created: 'Projet créé avec succès !',
  updated: 'Projet mis à jour avec succès !',
  deleted: 'Projet supprimé.',
  loadError: 'Impossible de charger le projet.',
  saveError: "Erreur lors de l'enregistrement du projet.",
  deleteError: 'Erreur lors de la suppression du projet.',
  confirmDelete: 'Voulez-vous vraiment supprimer ce projet ? Cette action est irréversible.',
  nameRequired: 'Le nom du projet est requis.',
  amountInvalid: 'Saisissez un montant positif ou nul (2 décimales au plus).',
} as const;

/** French labels for server field errors ('Label : message'). */
export const PROJECT_ERROR_LABELS: Record<string, string> = {
  ...PROJECT_FIELD_LABELS,
  contact_ids: PROJECT_FIELD_LABELS.contacts,
};

/** What the inputs hold: text for numbers and dates, so that empty stays empty while typing. */
export interface ProjectFormValues {
  name: string;
  description: string;
  contact_ids: number[];
  status: ProjectStatus;
  priority: Priority;
  start_date: string;
  due_date: string;
  completed_date: string;
  budget: string;
  revenue: string;
  /** Euros an hour its tasks inherit (issue 28). */
  hourly_rate: string;
}

export type ProjectFormErrors = Partial<Record<'name' | 'budget' | 'revenue' | 'hourly_rate' | 'due_date' | 'completed_date', string>>;

export const EMPTY_PROJECT_FORM: ProjectFormValues = {
  name: '',
  description: '',
  contact_ids: [],
  status: 'brouillon',
  priority: 'normale',
  start_date: '',
  due_date: '',
  completed_date: '',
  budget: '',
  revenue: '',
  hourly_rate: '',
};

export function toProjectForm(project: Project): ProjectFormValues {
  return {
    name: project.name ?? '',
    description: project.description ?? '',
    contact_ids: (project.contacts ?? []).map((c) => c.id),
    status: project.status,
    priority: project.priority,
    start_date: project.start_date ?? '',
    due_date: project.due_date ?? '',
    completed_date: project.completed_date ?? '',
    budget: project.budget === null || project.budget === undefined ? '' : String(project.budget),
    revenue: project.revenue === null || project.revenue === undefined ? '' : String(project.revenue),
    hourly_rate: project.hourly_rate ? String(project.hourly_rate) : '',
  };
}

const AMOUNT = /^\d+(?:[.,]\d{0,2})?$/;

/** '' → 0; '12,5' → 12.5; invalid or negative → null. */
export function parseAmount(text: string): number | null {
  const value = text.trim();
  if (value === '') return 0;
  if (!AMOUNT.test(value)) return null;
  return Number(value.replace(',', '.'));
}

/** SPEC 5: name required; budget and revenue >= 0; issue 28: no end nor deadline before the start (the server's rule). */
export function validateProjectForm(form: ProjectFormValues): ProjectFormErrors {
  const errors: ProjectFormErrors = projectDateErrors(form);
  if (!form.name.trim()) errors.name = PROJECT_MESSAGES.nameRequired;
  if (parseAmount(form.budget) === null) errors.budget = PROJECT_MESSAGES.amountInvalid;
  if (parseAmount(form.revenue) === null) errors.revenue = PROJECT_MESSAGES.amountInvalid;
  if (parseAmount(form.hourly_rate) === null) errors.hourly_rate = PROJECT_MESSAGES.amountInvalid;
  return errors;
}

/** POST/PUT body: empty dates are sent as null, amounts as numbers. Call after validation. */
export function buildProjectPayload(form: ProjectFormValues): ProjectPayload {
  return {
    name: form.name.trim(),
    description: form.description,
    contact_ids: form.contact_ids,
    status: form.status,
    priority: form.priority,
    start_date: form.start_date || null,
    due_date: form.due_date || null,
    completed_date: form.completed_date || null,
    budget: parseAmount(form.budget) ?? 0,
    revenue: parseAmount(form.revenue) ?? 0,
    hourly_rate: parseAmount(form.hourly_rate) ?? 0,
  };
}
