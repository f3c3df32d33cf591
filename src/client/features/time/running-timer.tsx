import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '@/client/ui/button';
import { media } from '@/client/ui/theme';
import { useToast } from '@/client/ui/toast';
import { useGetRunningEntryQuery, useStopTimerMutation } from './time.api';
import { formatElapsed, useElapsed } from './use-elapsed';

const StyledTimer = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.xs};
  flex: 0 1 auto;
  min-width: 0;
  padding: 2px 2px 2px ${({ theme }) => theme.spacing.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};

  /* A phone's header has no room left: a strip just under it, across the screen. */
  ${media.below('sm')} {
    position: absolute;
    top: 100%;
    left: 0;
    right: 0;
    justify-content: flex-end;
    padding: 4px ${({ theme }) => theme.spacing.sm};
    border-width: 0 0 1px;
    border-radius: 0;
  }
`;

const StyledTask = styled(Link)`
  max-width: 180px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.typography.size.sm};

  /* Between phone and tablet widths the header is full: the link's name stays on the clock's label. */
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) and (max-width: calc(${({ theme }) => theme.breakpoints.md} - 1px)) {
    display: none;
  }

  ${media.below('sm')} {
    flex: 1 1 auto;
    max-width: none;
  }
`;

const StyledClock = styled.span`
  font-family: ${({ theme }) => theme.typography.monoFamily};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.successText};
`;

/**
 * The running timer in the header (issue 28): the task (a link to it), the time elapsed, and
 * « Arrêter », on every page while an entry runs; nothing otherwise.
 */
export function RunningTimer() {
  const { data } = useGetRunningEntryQuery(undefined, { pollingInterval: 60_000, refetchOnFocus: true });
  const running = data?.running ?? null;
  const elapsed = useElapsed(running?.started_at);
  const [stop, { isLoading }] = useStopTimerMutation();
  const toast = useToast();
  if (!running) return null;

  const onStop = async () => {
    try {
      await stop().unwrap();
      toast.success(`Chronomètre arrêté : ${formatElapsed(elapsed)} sur « ${running.task.title} ».`);
    } catch {
      toast.error('Le chronomètre n’a pas pu être arrêté. Réessayez.');
    }
  };

  return (
    <StyledTimer role="group" aria-label="Chronomètre en cours">
      <StyledTask to={`/tasks/${running.task.id}`} title={running.task.title}>
        {running.task.title}
      </StyledTask>
      <StyledClock role="timer" aria-label={`Temps écoulé sur « ${running.task.title} »`}>
        {formatElapsed(elapsed)}
      </StyledClock>
      <Button size="sm" variant="danger" onClick={onStop} disabled={isLoading} aria-busy={isLoading || undefined} aria-label={`Arrêter le chronomètre de « ${running.task.title} »`}>
        Arrêter
      </Button>
    </StyledTimer>
  );
}
