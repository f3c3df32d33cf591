import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { asApiError } from '@/client/app/api';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { ChoiceField, FormActions, FormGrid, TextField } from '@/client/ui/form-fields';
import { useToast } from '@/client/ui/toast';
import { mapFieldErrors } from '@/client/kit/field-errors';
import { UnsavedChangesGuard } from '@/client/kit/unsaved-changes-guard';
import { parseReminderSettings, REMINDER_SETTINGS_LABELS } from '@/shared/reminders';
import type { ReminderSettings } from '@/shared/contracts/reminders';
import { useGetReminderSettingsQuery, useUpdateReminderSettingsMutation } from './reminders.api';

/**
 * 'Relances automatiques' on the profile page (issue 15): off by default; when on, Carnet sends
 * each overdue invoice's reminders by itself, so many days after its due date per level (empty: no
 * automatic reminder at that level); and the least days between two reminders of one invoice, sent
 * by hand or not (issue 28). Checked here with the server's rules and messages.
 */

export const REMINDER_SETTINGS_MESSAGES = {
  saved: 'Réglages des relances enregistrés.',
  error: 'Les réglages des relances n’ont pas pu être enregistrés.',
  loadError: 'Les réglages des relances n’ont pas pu être chargés.',
} as const;

type DayField = 'reminder_1_days' | 'reminder_2_days' | 'reminder_3_days';
const DAY_FIELDS: DayField[] = ['reminder_1_days', 'reminder_2_days', 'reminder_3_days'];
type Form = { auto_reminders: boolean; reminder_spacing_days: string } & Record<DayField, string>;
type Errors = Partial<Record<keyof ReminderSettings | 'non_field_errors', string>>;

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
`;

/** A load failure, in its card: not an alert, the profile form above is what the page is about. */
const StyledNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const toForm = (settings: ReminderSettings): Form => ({
  auto_reminders: settings.auto_reminders,
  reminder_1_days: settings.reminder_1_days?.toString() ?? '',
  reminder_2_days: settings.reminder_2_days?.toString() ?? '',
  reminder_3_days: settings.reminder_3_days?.toString() ?? '',
  reminder_spacing_days: settings.reminder_spacing_days.toString(),
});

/** The fields a message shows under (or above the form, for the general one). */
const ERROR_FIELDS: (keyof Errors)[] = ['auto_reminders', ...DAY_FIELDS, 'reminder_spacing_days', 'non_field_errors'];
const messagesByField = (body: unknown): Errors => mapFieldErrors(body, ERROR_FIELDS).fields;

export function ReminderSettingsSection() {
  const { data, isError } = useGetReminderSettingsQuery();
  if (isError && !data) {
    return (
      <Card title="Relances automatiques">
        <StyledNote>{REMINDER_SETTINGS_MESSAGES.loadError}</StyledNote>
      </Card>
    );
  }
  return data ? <ReminderSettingsForm settings={data} /> : null;
}

/** Mounted with the loaded settings and filled from them once: a refetch does not wipe what is typed. */
function ReminderSettingsForm({ settings }: { settings: ReminderSettings }) {
  const toast = useToast();
  const [save, state] = useUpdateReminderSettingsMutation();
  const [saved, setSaved] = useState<Form>(() => toForm(settings));
  const [form, setForm] = useState<Form>(saved);
  const [errors, setErrors] = useState<Errors>({});
  const dirty = (Object.keys(form) as (keyof Form)[]).some((field) => form[field] !== saved[field]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseReminderSettings(form);
    if ('errors' in parsed) {
      setErrors(messagesByField(parsed.errors));
      return;
    }
    setErrors({});
    try {
      const savedForm = toForm(await save(parsed.settings).unwrap());
      setSaved(savedForm);
      setForm(savedForm);
      toast.success(REMINDER_SETTINGS_MESSAGES.saved);
    } catch (err) {
      setErrors(messagesByField(asApiError(err)?.data));
      toast.error(REMINDER_SETTINGS_MESSAGES.error);
    }
  };

  return (
    <Card title="Relances automatiques">
      <StyledForm noValidate onSubmit={onSubmit} aria-label="Relances automatiques">
        <UnsavedChangesGuard dirty={dirty} />
        {(errors.non_field_errors || errors.auto_reminders) && <Alert tone="error">{errors.non_field_errors ?? errors.auto_reminders}</Alert>}
        <ChoiceField
          type="checkbox"
          label="Relancer automatiquement les factures en retard"
          hint="Carnet envoie lui-même chaque relance, une seule fois par facture et par niveau, jamais pour une facture payée, annulée par un avoir ou en brouillon."
          checked={form.auto_reminders}
          onChange={(event) => setForm({ ...form, auto_reminders: event.target.checked })}
        />
        <FormGrid>
          {DAY_FIELDS.map((field) => (
            <TextField
              key={field}
              name={field}
              label={REMINDER_SETTINGS_LABELS[field]}
              inputMode="numeric"
              hint={field === 'reminder_3_days' ? 'Laissez vide pour l’envoyer vous-même.' : undefined}
              value={form[field]}
              error={errors[field]}
              disabled={!form.auto_reminders}
              onChange={(event) => setForm({ ...form, [field]: event.target.value })}
            />
          ))}
        </FormGrid>
        {/* Every reminder, sent by hand or automatically (issue 28): never two the same week by default. */}
        <TextField
          name="reminder_spacing_days"
          label={REMINDER_SETTINGS_LABELS.reminder_spacing_days}
          inputMode="numeric"
          hint="Entre deux relances d’une même facture, envoyées par vous ou automatiquement (0 : aucun écart)."
          value={form.reminder_spacing_days}
          error={errors.reminder_spacing_days}
          onChange={(event) => setForm({ ...form, reminder_spacing_days: event.target.value })}
        />
        <FormActions>
          <Button type="submit" variant="primary" disabled={state.isLoading}>
            {state.isLoading ? 'Enregistrement...' : 'Enregistrer les relances'}
          </Button>
        </FormActions>
      </StyledForm>
    </Card>
  );
}
