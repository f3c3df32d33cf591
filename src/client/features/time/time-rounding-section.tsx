import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { Select } from '@/client/ui/form-fields';
import { useToast } from '@/client/ui/toast';
import { TIME_ROUNDING_LABELS, TIME_ROUNDING_STEPS } from '@/shared/time-entries';
import { useGetTimeSettingsQuery, useUpdateTimeSettingsMutation } from './time.api';

const StyledForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.spacing.md};

  & > div {
    flex: 1 1 260px;
    max-width: 420px;
  }
`;

const OPTIONS = TIME_ROUNDING_STEPS.map((step) => ({ value: String(step), label: TIME_ROUNDING_LABELS[step] }));

/**
 * « Arrondi du temps facturé » (issue 28): each time entry's duration is rounded up to this step
 * when it is billed, never when it is recorded.
 */
export function TimeRoundingSection() {
  const { data } = useGetTimeSettingsQuery();
  return data ? <TimeRoundingForm initial={data.time_rounding_minutes} /> : null;
}

function TimeRoundingForm({ initial }: { initial: number }) {
  const toast = useToast();
  const [value, setValue] = useState(String(initial));
  const [save, state] = useUpdateTimeSettingsMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save({ time_rounding_minutes: Number(value) }).unwrap();
      toast.success('Arrondi du temps facturé enregistré.');
    } catch {
      toast.error('L’arrondi n’a pas pu être enregistré.');
    }
  };

  return (
    <Card title="Arrondi du temps facturé">
      <StyledForm noValidate onSubmit={onSubmit} aria-label="Arrondi du temps facturé">
        <Select
          label="Arrondi de chaque saisie à la facturation"
          hint="Le temps est toujours enregistré exactement ; l’arrondi s’applique seulement en facturant le temps."
          value={value}
          onChange={(event) => setValue(event.target.value)}
          options={OPTIONS}
        />
        <Button type="submit" variant="primary" disabled={state.isLoading} aria-busy={state.isLoading || undefined}>
          Enregistrer l’arrondi
        </Button>
      </StyledForm>
    </Card>
  );
}
