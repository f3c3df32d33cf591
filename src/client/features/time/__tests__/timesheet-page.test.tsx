import { screen, waitFor, within } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp, renderApp, signedIn } from '@/client/test/render';
import { pagedReply, pageRequests } from '@/client/test/paged-list';
import { makeTask } from '@/client/kit/__tests__/workflow-fixtures';
import { TASK_PAGE_RULES } from '@/client/kit/__tests__/workflow-server';
import { addDays, parisToday } from '@/shared/dates';
import { mondayOf, parseDuration, roundedSeconds } from '@/shared/time-entries';

/** The weekly timesheet (issue 28) through the whole app and a real store, the API a stateful fake. */

const MONDAY = mondayOf(parisToday());
const TASKS = [makeTask({ id: 7, title: 'Maquettes' }), makeTask({ id: 8, title: 'Rédaction' })];

type Entry = { id: number; task: { id: number; title: string }; started_at: string; ended_at: string; duration_seconds: number };

describe('timesheet', () => {
  let mock: MockAdapter;
  let entries: Entry[];
  beforeEach(() => {
    entries = [{ id: 1, task: { id: 7, title: 'Maquettes' }, started_at: `${MONDAY}T08:00:00.000Z`, ended_at: `${MONDAY}T09:30:00.000Z`, duration_seconds: 5400 }];
    mock = mockHttp();
    mock.onGet('time-entries/running/').reply(200, { running: null });
    mock.onGet('tasks/').reply((config) => pagedReply(TASKS, config, TASK_PAGE_RULES));
    mock.onGet('time-entries/').reply((config) => {
      const { from, to } = config.params as { from: string; to: string };
      return [200, entries.filter((e) => e.started_at.slice(0, 10) >= from && e.started_at.slice(0, 10) <= to)];
    });
    // The server sets the task's total for the day.
    mock.onPut('time-entries/day/').reply((config) => {
      const { task_id, date, duration_seconds } = JSON.parse(config.data);
      const title = TASKS.find((t) => t.id === task_id)!.title;
      entries = entries.filter((e) => !(e.task.id === task_id && e.started_at.startsWith(date)));
      if (duration_seconds) entries.push({ id: entries.length + 10, task: { id: task_id, title }, started_at: `${date}T08:00:00.000Z`, ended_at: `${date}T09:00:00.000Z`, duration_seconds });
      return [200, entries.filter((e) => e.task.id === task_id && e.started_at.startsWith(date))];
    });
  });
  afterEach(() => mock.restore());

  it('shows tasks × days with totals, saves a typed duration, adds a row, and changes weeks', async () => {
    const { user } = renderApp({ route: '/timesheet', preloadedState: signedIn });
    const table = await screen.findByRole('table', { name: /^Semaine du / });
    const monday = within(table).getByRole('textbox', { name: /^Maquettes, lundi/ });
    expect(monday).toHaveValue('1:30');
    expect(within(table).getByRole('cell', { name: 'Total de la semaine' })).toHaveTextContent('1:30');

    // « 1,5 » on Tuesday: saved, the totals follow.
    const tuesday = within(table).getByRole('textbox', { name: /^Maquettes, mardi/ });
    await user.type(tuesday, '1,5{Enter}');
    await waitFor(() => expect(within(table).getByRole('cell', { name: 'Total de la semaine' })).toHaveTextContent('3:00'));
    expect(JSON.parse(mock.history.put[0].data)).toEqual({ task_id: 7, date: addDays(MONDAY, 1), duration_seconds: 5400 });

    // Unreadable: refused on the spot, nothing sent.
    const wednesday = within(table).getByRole('textbox', { name: /^Maquettes, mercredi/ });
    await user.type(wednesday, 'beaucoup{Enter}');
    expect(await screen.findByText('Durée illisible : écrivez par exemple « 1:30 », « 1,5 » ou « 90 min ».')).toBeInTheDocument();
    expect(wednesday).toHaveAttribute('aria-invalid', 'true');
    expect(mock.history.put).toHaveLength(1);

    // « Ajouter une tâche »: a new row, typed in « 90 min ».
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tâche à ajouter' }), 'Rédaction');
    await user.click(screen.getByRole('button', { name: 'Ajouter une tâche' }));
    const friday = await within(table).findByRole('textbox', { name: /^Rédaction, vendredi/ });
    await user.type(friday, '90 min');
    await user.tab();
    await waitFor(() => expect(within(table).getByRole('cell', { name: 'Total de la semaine' })).toHaveTextContent('4:30'));

    // The previous week is empty; « Cette semaine » comes back.
    await user.click(screen.getByRole('button', { name: 'Semaine précédente' }));
    expect(await screen.findByText('Aucun temps saisi cette semaine')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cette semaine' }));
    expect(await screen.findByRole('textbox', { name: /^Maquettes, lundi/ })).toHaveValue('1:30');
  });

  it('« Tâche à ajouter » searches the server’s tasks, 20 at a time, never the whole list, and keeps the chosen one (issue 29)', async () => {
    const many = Array.from({ length: 25 }, (_, i) => makeTask({ id: 100 + i, title: `Appel ${String(i + 1).padStart(2, '0')}` }));
    mock.onGet('tasks/').reply((config) => pagedReply([...TASKS, ...many], config, TASK_PAGE_RULES));
    const { user } = renderApp({ route: '/timesheet', preloadedState: signedIn });
    await screen.findByRole('table', { name: /^Semaine du / });
    const select = screen.getByRole('combobox', { name: 'Tâche à ajouter' });
    await within(select).findByRole('option', { name: 'Appel 20' });
    expect(within(select).queryByRole('option', { name: 'Appel 21' })).toBeNull();
    expect(pageRequests(mock.history.get, 'tasks/')).toEqual([{ ordering: 'title', page_size: 20 }]);
    expect(mock.history.get.filter((r) => r.url === 'tasks/' && r.params?.page_size === undefined)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Afficher la suite' }));
    await within(select).findByRole('option', { name: 'Appel 25' });
    expect(pageRequests(mock.history.get, 'tasks/').at(-1)).toEqual({ ordering: 'title', page_size: 20, cursor: 'o20' });

    await user.selectOptions(select, 'Appel 22');
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher une tâche' }), 'rédac');
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choisir une tâche…', 'Appel 22', 'Rédaction']));
    expect(pageRequests(mock.history.get, 'tasks/').at(-1)).toEqual({ search: 'rédac', ordering: 'title', page_size: 20 });
    expect(select).toHaveValue('121');
    await user.click(screen.getByRole('button', { name: 'Ajouter une tâche' }));
    expect(await screen.findByRole('textbox', { name: /^Appel 22, lundi/ })).toHaveValue('');
  });
});

describe('durations and rounding', () => {
  it('reads « 1:30 », « 1,5 », « 90 min », « 1h30 » and refuses the rest', () => {
    for (const text of ['1:30', '1,5', '1.5', '90 min', '1h30', '1 h 30']) expect(parseDuration(text)).toBe(5400);
    expect(parseDuration('')).toBe(0);
    expect(parseDuration('beaucoup')).toBeNull();
    expect(parseDuration('-1')).toBeNull();
  });

  it('rounds up to the step only when asked (never when recording)', () => {
    expect(roundedSeconds(2, 0)).toBe(2);
    expect(roundedSeconds(2, 15)).toBe(900);
    expect(roundedSeconds(3900, 6)).toBe(3960);
    expect(roundedSeconds(3600, 10)).toBe(3600);
  });
});
