import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/client/ui/button';
import { StyledHint } from '@/client/ui/form-fields';

/** One quarter of an hour, the unit in which timed work is added (rounded up). */
const QUARTER_MS = 15 * 60 * 1000;

/** Elapsed milliseconds → hours in quarter hours, rounded up (1 min → 0.25, 16 min → 0.5). */
export function elapsedToQuarterHours(elapsedMs: number): number {
  if (!(elapsedMs > 0)) return 0;
  return Math.ceil(elapsedMs / QUARTER_MS) / 4;
}

/** 'HH:MM:SS' (hours keep counting past 24). */
export function formatElapsed(elapsedMs: number): string {
  const total = Math.max(0, Math.floor(elapsedMs / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

// The running start survives reloads and is shared by the tabs of this browser.
export const timerStorageKey = (taskId: number) => `carnet.task-timer.${taskId}`;

export function readTimerStart(taskId: number): number | null {
  try {
    const raw = window.localStorage.getItem(timerStorageKey(taskId));
    const time = raw ? Date.parse(raw) : NaN;
    return Number.isNaN(time) ? null : time;
  } catch {
    return null;
  }
}

function writeTimerStart(taskId: number, time: number | null) {
  try {
    if (time === null) window.localStorage.removeItem(timerStorageKey(taskId));
    else window.localStorage.setItem(timerStorageKey(taskId), new Date(time).toISOString());
  } catch {
    // Storage unavailable (private mode): the timer still works until the page is left.
  }
}

/** Forgets a task's running timer (e.g. when the task is deleted). */
export const clearTimerStart = (taskId: number) => writeTimerStart(taskId, null);

const StyledTimer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.md};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};

  p {
    flex-basis: 100%;
  }
`;

const StyledClock = styled.span<{ $running: boolean }>`
  font-family: ${({ theme }) => theme.typography.monoFamily};
  font-size: ${({ theme }) => theme.typography.size.xl};
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $running }) => ($running ? theme.colors.successText : theme.colors.textMuted)};
`;

export interface TaskTimerProps {
  taskId: number;
  /** Adds `hours` to the task's actual time; a rejection keeps the timer running. */
  onStop: (hours: number) => Promise<unknown>;
  disabled?: boolean;
}

/**
 * Start/stop timer for a saved task. Stopping adds the elapsed time, in quarter hours rounded
 * up, to the actual time. The start instant is kept in localStorage, so a reload or another
 * tab does not lose a running timer.
 */
export function TaskTimer({ taskId, onStop, disabled }: TaskTimerProps) {
  const [startedAt, setStartedAt] = useState<number | null>(() => readTimerStart(taskId));
  const [now, setNow] = useState(() => Date.now());
  const [stopping, setStopping] = useState(false);

  // Ticks while running; whatever starts it (mount, the button, another tab) sets `now` first.
  useEffect(() => {
    if (startedAt === null) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [startedAt]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== timerStorageKey(taskId)) return;
      setStartedAt(readTimerStart(taskId));
      setNow(Date.now());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [taskId]);

  const start = () => {
    const time = Date.now();
    writeTimerStart(taskId, time);
    setStartedAt(time);
    setNow(time);
  };

  const stop = async () => {
    if (startedAt === null) return;
    setStopping(true);
    try {
      await onStop(elapsedToQuarterHours(Date.now() - startedAt));
      writeTimerStart(taskId, null);
      setStartedAt(null);
    } catch {
      // The page reports the error; the timer keeps running so no time is lost.
    } finally {
      setStopping(false);
    }
  };

  const running = startedAt !== null;
  return (
    <StyledTimer>
      <StyledClock role="timer" aria-label="Temps chronométré" $running={running}>
        {formatElapsed(running ? now - startedAt : 0)}
      </StyledClock>
      {running ? (
        <Button variant="primary" onClick={stop} disabled={disabled || stopping} aria-busy={stopping || undefined}>
          Arrêter et ajouter le temps
        </Button>
      ) : (
        <Button onClick={start} disabled={disabled}>
          Démarrer le chronomètre
        </Button>
      )}
      <StyledHint>
        {running
          ? 'Chronomètre en cours : le temps écoulé sera ajouté au temps réel, arrondi au quart d’heure supérieur.'
          : 'Le temps chronométré s’ajoute au temps réel, arrondi au quart d’heure supérieur.'}
      </StyledHint>
    </StyledTimer>
  );
}
