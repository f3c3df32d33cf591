import { DueDate } from '@/client/kit/due-date';
import { StyledDueLabel } from './dashboard-list';

/** 'Échéance : 12 mars 2026' (highlighted by the shared DueDate), or 'Sans échéance'. */
export function DueLabel({ date }: { date: string | null }) {
  return <StyledDueLabel>{date ? <>Échéance : <DueDate date={date} /></> : 'Sans échéance'}</StyledDueLabel>;
}
