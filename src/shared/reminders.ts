/**
 * Reminders of overdue invoices (relances, issue 15): levels, their names, the automatic reminder
 * settings and their checks (the same rules in the API and the profile page).
 */
import type { ReminderSettings } from './contracts/reminders';
import { addDays } from './dates';

export const REMINDER_LEVELS = [1, 2, 3] as const;
export type ReminderLevel = (typeof REMINDER_LEVELS)[number];
export const FINAL_REMINDER_LEVEL: ReminderLevel = 3;

/** How each level is named (e-mail subjects, the invoice page, the history). */
export const REMINDER_LEVEL_LABELS: Record<ReminderLevel, string> = {
  1: 'Relance',
  2: 'Deuxième relance',
  3: 'Dernière relance avant mise en demeure',
};

/** 'la première relance' … as a sentence names it. */
export const REMINDER_LEVEL_NOUNS: Record<ReminderLevel, string> = {
  1: 'la première relance',
  2: 'la deuxième relance',
  3: 'la dernière relance avant mise en demeure',
};

export const isReminderLevel = (value: unknown): value is ReminderLevel => REMINDER_LEVELS.includes(value as ReminderLevel);

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  auto_reminders: false,
  reminder_1_days: 7,
  reminder_2_days: 30,
  reminder_3_days: null,
  reminder_spacing_days: 7,
};

export const MAX_REMINDER_DAYS = 365;
export const MAX_REMINDER_SPACING_DAYS = 90;

export const REMINDER_SETTINGS_LABELS = {
  auto_reminders: 'Relances automatiques',
  reminder_1_days: 'Première relance (jours après l’échéance)',
  reminder_2_days: 'Deuxième relance (jours après l’échéance)',
  reminder_3_days: 'Dernière relance (jours après l’échéance)',
  reminder_spacing_days: 'Écart minimum entre deux relances (jours)',
} as const;

/**
 * The first day an invoice's next reminder may go out (issue 28): `spacing` days after the day
 * (Europe/Paris) its previous one went; today when none went or there is no spacing.
 */
export const nextReminderDay = (previousDay: string | null, spacing: number, today: string) =>
  previousDay && spacing > 0 && addDays(previousDay, spacing) > today ? addDays(previousDay, spacing) : today;

type DayField = 'reminder_1_days' | 'reminder_2_days' | 'reminder_3_days';
const DAY_FIELDS: DayField[] = ['reminder_1_days', 'reminder_2_days', 'reminder_3_days'];

/**
 * The settings read from a request body (or a form), with French messages per field. Day fields
 * take a whole number of days from 1 to 365, or null / '' (no automatic reminder at that level);
 * a level needs the one before it, and comes strictly later.
 */
export function parseReminderSettings(
  input: unknown,
): { settings: ReminderSettings } | { errors: Partial<Record<keyof ReminderSettings | 'non_field_errors', string[]>> } {
  const errors: Partial<Record<keyof ReminderSettings | 'non_field_errors', string[]>> = {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { errors: { non_field_errors: ['Les réglages des relances sont attendus sous forme d’objet.'] } };
  }
  const body = input as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (!(key in DEFAULT_REMINDER_SETTINGS)) errors.non_field_errors = [`Champ inconnu : « ${key} ».`];
  }
  const auto = body.auto_reminders ?? false;
  if (typeof auto !== 'boolean') errors.auto_reminders = ['Indiquez oui ou non.'];
  const days: Record<DayField, number | null> = { reminder_1_days: null, reminder_2_days: null, reminder_3_days: null };
  for (const field of DAY_FIELDS) {
    const raw = body[field];
    if (raw === undefined || raw === null || raw === '') continue;
    const value = typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
    if (typeof value !== 'number' || !Number.isInteger(value)) errors[field] = ['Saisissez un nombre entier de jours.'];
    else if (value < 1 || value > MAX_REMINDER_DAYS) errors[field] = [`Saisissez un nombre de jours entre 1 et ${MAX_REMINDER_DAYS}.`];
    else days[field] = value;
  }
  if (!errors.reminder_2_days && days.reminder_2_days !== null) {
    if (days.reminder_1_days === null && !errors.reminder_1_days) errors.reminder_2_days = ['Fixez d’abord le délai de la première relance.'];
    else if (days.reminder_1_days !== null && days.reminder_2_days <= days.reminder_1_days) {
      errors.reminder_2_days = ['La deuxième relance doit venir après la première.'];
    }
  }
  if (!errors.reminder_3_days && days.reminder_3_days !== null) {
    if (days.reminder_2_days === null && !errors.reminder_2_days) errors.reminder_3_days = ['Fixez d’abord le délai de la deuxième relance.'];
    else if (days.reminder_2_days !== null && days.reminder_3_days <= days.reminder_2_days) {
      errors.reminder_3_days = ['La dernière relance doit venir après la deuxième.'];
    }
  }
  const spacingRaw = body.reminder_spacing_days ?? DEFAULT_REMINDER_SETTINGS.reminder_spacing_days;
  const spacing = typeof spacingRaw === 'string' && /^\s*\d+\s*$/.test(spacingRaw) ? Number(spacingRaw) : spacingRaw;
  if (typeof spacing !== 'number' || !Number.isInteger(spacing)) errors.reminder_spacing_days = ['Saisissez un nombre entier de jours.'];
  else if (spacing < 0 || spacing > MAX_REMINDER_SPACING_DAYS) errors.reminder_spacing_days = [`Saisissez un nombre de jours entre 0 et ${MAX_REMINDER_SPACING_DAYS}.`];
  if (auto === true && days.reminder_1_days === null && !errors.reminder_1_days) {
    errors.reminder_1_days = ['Indiquez après combien de jours envoyer la première relance automatique.'];
  }
  if (Object.keys(errors).length) return { errors };
  return { settings: { auto_reminders: auto === true, ...days, reminder_spacing_days: spacing as number } };
}

/** 1 jour, 12 jours. */
export const daysText = (days: number) => `${days} jour${Math.abs(days) > 1 ? 's' : ''}`;
