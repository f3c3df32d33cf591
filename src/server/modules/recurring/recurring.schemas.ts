import { z } from 'zod';
import { RECURRENCE_FREQUENCIES, RECURRENCE_MODES, type MakeRecurringInput, type RecurringPatchBody } from '@/shared/recurring';
import type { SameKeys } from '@/server/http/api-types';
import { REQUIRED } from '@/server/http/errors';
import { dateOrNull } from '@/server/http/fields';

export const RECURRING_MESSAGES = {
  frequency: 'Choisissez une fréquence : mensuelle, trimestrielle ou annuelle.',
  mode: 'Choisissez « Créer un brouillon » ou « Émettre et envoyer par e-mail ».',
  endBeforeStart: 'La date de fin ne peut pas précéder la date de début.',
  startInPast: 'La date de début ne peut pas être antérieure à aujourd’hui.',
  frozenSchedule: 'Ne peut plus être modifié : arrêtez cette récurrence et créez-en une nouvelle depuis une facture.',
  deposit: 'Une facture d’acompte ne peut pas être rendue récurrente.',
  finalInvoice: 'Une facture qui déduit des acomptes ne peut pas être rendue récurrente.',
  notActive: 'Seule une récurrence active peut être mise en pause.',
  notPaused: 'Seule une récurrence en pause peut reprendre.',
  alreadyStopped: 'Cette récurrence est déjà arrêtée.',
  stoppedPatch: 'Cette récurrence est arrêtée : elle ne peut plus être modifiée.',
  noEmail: 'Le client n’a pas d’adresse e-mail : la facture a été créée en brouillon.',
} as const;

/** Absent: 'Ce champ est obligatoire.'; anything else than a choice: `message`. */
const choiceError = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined ? REQUIRED : message);
const frequency = z.enum(RECURRENCE_FREQUENCIES, { error: choiceError(RECURRING_MESSAGES.frequency) });
const mode = z.enum(RECURRENCE_MODES, { error: choiceError(RECURRING_MESSAGES.mode) });

/** A required 'YYYY-MM-DD'. */
const requiredDate = () =>
  dateOrNull().transform((value, ctx) => {
    if (value === null) {
      ctx.addIssue({ code: 'custom', message: REQUIRED });
      return z.NEVER;
    }
    return value;
  });

/** POST /api/invoices/{id}/make_recurring/ */
export const makeRecurringSchema = z
  .strictObject({
    frequency,
    start_date: requiredDate(),
    end_date: dateOrNull().optional(),
    mode: mode.optional().default('draft'),
  })
  .superRefine((body, ctx) => {
    if (body.end_date && body.end_date < body.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: RECURRING_MESSAGES.endBeforeStart });
    }
  })
  // Absent: no end date.
  .transform((body) => ({ ...body, end_date: body.end_date ?? null }));
export type MakeRecurringBody = z.output<typeof makeRecurringSchema>;

/**
 * PATCH /api/recurring-invoices/{id}/: the end date and the mode. The schedule (frequency, start)
 * is fixed once made: the occurrences already generated follow it.
 */
export const patchRecurringSchema = z
  .strictObject({
    end_date: dateOrNull().optional(),
    mode: mode.optional(),
    frequency: z.unknown().optional(),
    start_date: z.unknown().optional(),
  })
  .superRefine((body, ctx) => {
    for (const field of ['frequency', 'start_date'] as const) {
      if (body[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: RECURRING_MESSAGES.frozenSchedule });
    }
  })
  .transform(({ end_date, mode }) => ({ end_date, mode }));
export type PatchRecurringBody = z.output<typeof patchRecurringSchema>;

/**
 * The shared request types (src/shared/recurring.ts) and these schemas agree: the same fields (a
 * PATCH's frequency and start date are named only to be refused), and every body the types allow parses.
 */
export const RECURRING_BODIES_MATCH_SHARED_TYPES: [
  SameKeys<keyof z.input<typeof makeRecurringSchema>, keyof MakeRecurringInput>,
  SameKeys<Exclude<keyof z.input<typeof patchRecurringSchema>, 'frequency' | 'start_date'>, keyof RecurringPatchBody>,
] = [true, true];
export const acceptsMakeRecurringInput = (body: MakeRecurringInput): z.input<typeof makeRecurringSchema> => body;
export const acceptsRecurringPatchBody = (body: RecurringPatchBody): z.input<typeof patchRecurringSchema> => body;
