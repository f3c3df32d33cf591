import { useMemo, useState, type FocusEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { asApiError } from '@/client/app/api';
import { formatFieldErrors } from '@/client/kit/field-errors';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { EmptyState } from '@/client/ui/empty-state';
import { IconChevronLeft, IconChevronRight } from '@/client/ui/icons';
import { Page } from '@/client/ui/page';
import { SearchSelect } from '@/client/ui/search-select';
import { Spinner } from '@/client/ui/spinner';
import { StyledTable, StyledTd, StyledTh } from '@/client/ui/table';
import { useToast } from '@/client/ui/toast';
import { addDays, parisToday } from '@/shared/dates';
import { DURATION_FORMAT_ERROR, formatDuration, mondayOf, parseDuration } from '@/shared/time-entries';
import { useListWeekEntriesQuery, useSetTimesheetCellMutation, useTimesheetTaskSearch } from './time.api';

const DAY_NAME = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
const DAY_SHORT = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', weekday: 'short', day: 'numeric' });
const WEEK_LABEL = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
const asDate = (day: string) => new Date(`${day}T12:00:00Z`);

const StyledToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-bottom: ${({ theme }) => theme.spacing.lg};

  h2 {
    margin: 0 ${({ theme }) => theme.spacing.md} 0 0;
    font-size: ${({ theme }) => theme.typography.size.lg};
  }
`;

/** Scrolls sideways on a phone; the task column stays in view. */
const StyledScroller = styled.div`
  overflow-x: auto;

  th:first-child,
  td:first-child {
    position: sticky;
    left: 0;
    z-index: 1;
    background: ${({ theme }) => theme.colors.surface};
    min-width: 140px;
    max-width: 220px;
  }
`;

const StyledCellInput = styled.input<{ $invalid?: boolean }>`
  width: 5.5em;
  padding: 6px 8px;
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-variant-numeric: tabular-nums;
  text-align: right;
`;

const StyledTotal = styled(StyledTd)`
  font-weight: ${({ theme }) => theme.typography.weight.bold};
  font-variant-numeric: tabular-nums;
  text-align: right;
`;

const StyledPicker = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.lg};

  & > div {
    flex: 1 1 220px;
    max-width: 420px;
  }
`;

export const TIMESHEET_TEXTS = {
  title: 'Feuille de temps',
  empty: 'Aucun temps saisi cette semaine',
  emptyHint: 'Ajoutez une tâche ci-dessous, puis tapez les durées de chaque jour.',
  add: 'Ajouter une tâche',
  saved: 'Temps enregistré.',
} as const;

/** A task as a timesheet row names it. */
interface TaskRef {
  id: number;
  title: string;
}

interface Row {
  taskId: number;
  title: string;
  /** Seconds per day of the week, Monday first. */
  days: number[];
}

interface CellProps {
  row: Row;
  index: number;
  day: string;
  onSave: (row: Row, day: string, seconds: number) => Promise<string | null>;
}

/** One typed duration: saved when it loses focus (or on Enter) if it changed. */
function DurationCell({ row, index, day, onSave }: CellProps) {
  const [error, setError] = useState<string | null>(null);
  const seconds = row.days[index];
  const save = async (input: HTMLInputElement) => {
    const parsed = parseDuration(input.value);
    if (parsed === null) return setError(DURATION_FORMAT_ERROR);
    setError(null);
    if (parsed === seconds) return undefined;
    const refused = await onSave(row, day, parsed);
    if (refused) {
      setError(refused);
      input.value = formatDuration(seconds);
    }
    return undefined;
  };
  const errorId = `err-${row.taskId}-${day}`;
  return (
    <>
      <StyledCellInput
        // A new value from the server starts the field afresh.
        key={seconds}
        defaultValue={formatDuration(seconds)}
        aria-label={`${row.title}, ${DAY_NAME.format(asDate(day))}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        $invalid={!!error}
        inputMode="decimal"
        placeholder="0:00"
        onBlur={(event: FocusEvent<HTMLInputElement>) => void save(event.currentTarget)}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void save(event.currentTarget);
          }
        }}
      />
      {error && (
        <Alert tone="error" id={errorId}>
          {error}
        </Alert>
      )}
    </>
  );
}

/**
 * /timesheet (issue 28): a week of time, tasks × days (Monday to Sunday, Paris), each cell a
 * typed duration (« 1:30 », « 1,5 », « 90 min ») that creates or adjusts that day's entries, with
 * row and day totals; previous, next and this week; « Ajouter une tâche » adds a row.
 */
export function TimesheetPage() {
  const toast = useToast();
  const thisMonday = mondayOf(parisToday());
  const [monday, setWeek] = useState(thisMonday);
  const days = useMemo(() => Array.from({ length: 7 }, (_, i) => addDays(monday, i)), [monday]);
  const { data: entries, isLoading, isFetching, isError } = useListWeekEntriesQuery({ from: monday, to: days[6] });
  // « Tâche à ajouter » (issue 29): the server's first 20 tasks matching what is typed, never the whole list.
  const [typed, setTyped] = useState('');
  const found = useTimesheetTaskSearch(typed);
  const [added, setAdded] = useState<TaskRef[]>([]);
  // The task chosen in the select, listed (and named) even once another search no longer lists it.
  const [picked, setPicked] = useState<TaskRef | null>(null);
  const [setCell] = useSetTimesheetCellMutation();
  // Rows added by hand belong to the week they were added in.
  const setMonday = (week: string) => {
    setWeek(week);
    setAdded([]);
  };

  const rows = useMemo(() => {
    const byTask = new Map<number, Row>();
    const rowOf = (taskId: number, title: string) => {
      let row = byTask.get(taskId);
      if (!row) byTask.set(taskId, (row = { taskId, title, days: [0, 0, 0, 0, 0, 0, 0] }));
      return row;
    };
    for (const entry of entries ?? []) {
      const index = days.indexOf(parisToday(new Date(entry.started_at)));
      if (index >= 0) rowOf(entry.task.id, entry.task.title).days[index] += entry.duration_seconds;
    }
    for (const task of added) rowOf(task.id, task.title);
    return [...byTask.values()];
  }, [entries, days, added]);

  const dayTotals = days.map((_, i) => rows.reduce((sum, row) => sum + row.days[i], 0));
  const weekTotal = dayTotals.reduce((a, b) => a + b, 0);
  const choices = found.rows.filter((t) => !rows.some((row) => row.taskId === t.id));
  const options = [
    ...(picked && !choices.some((t) => t.id === picked.id) ? [picked] : []),
    ...choices,
  ].map((t) => ({ value: String(t.id), label: t.title }));

  const onSave = async (row: Row, day: string, seconds: number) => {
    try {
      await setCell({ task_id: row.taskId, date: day, duration_seconds: seconds }).unwrap();
      toast.success(TIMESHEET_TEXTS.saved);
      return null;
    } catch (err) {
      return formatFieldErrors(asApiError(err)?.data) || 'Ce temps n’a pas pu être enregistré.';
    }
  };

  const onAdd = (event: React.FormEvent) => {
    event.preventDefault();
    if (!picked) return;
    setAdded((current) => [...current, picked]);
    setPicked(null);
  };

  const weekLabel = `Semaine du ${WEEK_LABEL.format(asDate(monday))} au ${WEEK_LABEL.format(asDate(days[6]))}`;
  return (
    <Page title={TIMESHEET_TEXTS.title}>
      <StyledToolbar>
        <h2 aria-live="polite">{weekLabel}</h2>
        <Button onClick={() => setMonday(addDays(monday, -7))}>
          <IconChevronLeft size={18} aria-hidden="true" />
          Semaine précédente
        </Button>
        <Button onClick={() => setMonday(thisMonday)} disabled={monday === thisMonday}>
          Cette semaine
        </Button>
        <Button onClick={() => setMonday(addDays(monday, 7))}>
          Semaine suivante
          <IconChevronRight size={18} aria-hidden="true" />
        </Button>
      </StyledToolbar>

      <Card padded={false}>
        {isError && <Alert tone="error">La feuille de temps n’a pas pu être chargée.</Alert>}
        {isLoading ? (
          <Spinner label="Chargement de la feuille de temps..." />
        ) : rows.length === 0 ? (
          <EmptyState title={TIMESHEET_TEXTS.empty} description={TIMESHEET_TEXTS.emptyHint} />
        ) : (
          <StyledScroller>
            <StyledTable aria-label={weekLabel} aria-busy={isFetching || undefined}>
              <thead>
                <tr>
                  <StyledTh scope="col">Tâche</StyledTh>
                  {days.map((day) => (
                    <StyledTh key={day} scope="col">
                      <abbr title={DAY_NAME.format(asDate(day))}>{DAY_SHORT.format(asDate(day))}</abbr>
                    </StyledTh>
                  ))}
                  <StyledTh scope="col">Total</StyledTh>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.taskId}>
                    <StyledTh scope="row">{row.title}</StyledTh>
                    {days.map((day, i) => (
                      <StyledTd key={day}>
                        <DurationCell row={row} index={i} day={day} onSave={onSave} />
                      </StyledTd>
                    ))}
                    <StyledTotal>{formatDuration(row.days.reduce((a, b) => a + b, 0)) || '0:00'}</StyledTotal>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <StyledTh scope="row">Total du jour</StyledTh>
                  {dayTotals.map((total, i) => (
                    <StyledTotal key={days[i]}>{formatDuration(total) || '0:00'}</StyledTotal>
                  ))}
                  <StyledTotal aria-label="Total de la semaine">{formatDuration(weekTotal) || '0:00'}</StyledTotal>
                </tr>
              </tfoot>
            </StyledTable>
          </StyledScroller>
        )}
        <StyledPicker onSubmit={onAdd} aria-label={TIMESHEET_TEXTS.add}>
          <SearchSelect
            label="Tâche à ajouter"
            searchLabel="Rechercher une tâche"
            search={typed}
            onSearch={setTyped}
            matches={found}
            placeholderOption={found.isLoading ? 'Chargement des tâches...' : 'Choisir une tâche…'}
            options={options}
            value={picked ? String(picked.id) : ''}
            onChange={(event) => {
              const id = Number(event.target.value);
              const task = found.rows.find((t) => t.id === id) ?? (picked?.id === id ? picked : null);
              setPicked(task && { id: task.id, title: task.title });
            }}
          />
          <Button type="submit" disabled={!picked}>
            {TIMESHEET_TEXTS.add}
          </Button>
        </StyledPicker>
      </Card>
    </Page>
  );
}
