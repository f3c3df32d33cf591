import styled from 'styled-components';
import { RECURRENCE_MODE_LABELS, RECURRENCE_MODES, type RecurrenceMode } from '@/shared/recurring';
import { bareFieldset, ChoiceField } from '@/client/ui/form-fields';

const StyledFieldset = styled.fieldset`
  ${bareFieldset}
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  grid-column: 1 / -1;
`;

const MODE_HINTS: Record<RecurrenceMode, string> = {
  draft: 'Vous relisez la facture et l’émettez vous-même.',
  issue_and_send: 'La facture reçoit son numéro et part au client par e-mail, sans intervention.',
};

/** « À chaque échéance »: what a series does on each due date — one field for « Rendre récurrente » and the series editor. */
export function RecurrenceModeField({ name, value, onChange, disabled }: {
  /** The radio group's name, unique on the page. */
  name: string;
  value: RecurrenceMode;
  onChange: (mode: RecurrenceMode) => void;
  disabled?: boolean;
}) {
  return (
    <StyledFieldset>
      <legend>À chaque échéance</legend>
      {RECURRENCE_MODES.map((mode) => (
        <ChoiceField
          key={mode}
          type="radio"
          name={name}
          label={RECURRENCE_MODE_LABELS[mode]}
          hint={MODE_HINTS[mode]}
          checked={value === mode}
          disabled={disabled}
          onChange={() => onChange(mode)}
        />
      ))}
    </StyledFieldset>
  );
}
