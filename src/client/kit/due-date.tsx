import styled from 'styled-components';
import { addDays, parisToday } from '@/shared/dates';
import { formatDate } from '../lib/format';
import { VisuallyHidden } from '../ui/visually-hidden';

/** SPEC 9: a due date is highlighted when past (red) or within 7 days (orange). */
export const DUE_SOON_DAYS = 7;

export type DueState = 'overdue' | 'soon' | 'normal';

/** Where a calendar date ('YYYY-MM-DD') stands relative to today (Paris). Missing dates are 'normal'. */
export function dueState(dueDate: string | null | undefined, today: string = parisToday()): DueState {
  if (!dueDate) return 'normal';
  if (dueDate < today) return 'overdue';
  if (dueDate <= addDays(today, DUE_SOON_DAYS)) return 'soon';
  return 'normal';
}

/** Calendar dates compare as strings; a missing date comes last. */
export function compareDueDates(a: string | null | undefined, b: string | null | undefined): number {
  if (a === b) return 0;
  if (!a) return 1;
  if (!b) return -1;
  return a < b ? -1 : 1;
}

const StyledDue = styled.span<{ $state: DueState }>`
  /* Contains the visually hidden state text, which would otherwise widen the page from inside a scrolled table. */
  position: relative;
  white-space: nowrap;
  color: ${({ theme, $state }) =>
    $state === 'overdue' ? theme.colors.dangerText : $state === 'soon' ? theme.colors.warningText : 'inherit'};
  font-weight: ${({ theme, $state }) => ($state === 'normal' ? 'inherit' : theme.typography.weight.semibold)};
`;

export interface DueDateProps {
  date: string | null | undefined;
  /** Finished or cancelled records are never highlighted. */
  closed?: boolean;
}

/** A due date in French format, coloured when overdue or close; the state is also said in words. */
export function DueDate({ date, closed }: DueDateProps) {
  const state = closed ? 'normal' : dueState(date);
  return (
    <StyledDue $state={state}>
      {formatDate(date)}
      {state === 'overdue' && <VisuallyHidden> (en retard)</VisuallyHidden>}
      {state === 'soon' && <VisuallyHidden> (échéance proche)</VisuallyHidden>}
    </StyledDue>
  );
}
