import { makeTask } from '@/client/kit/__tests__/workflow-fixtures';
import { buildTaskIndex, EMPTY_TASK_FILTERS, filterTasks, type TaskFilters } from '../task-filters';
import { buildTaskPayload, EMPTY_TASK_FORM, isoToLocalInput, localInputToIso, toTaskForm, validateTaskForm } from '../task-form';
import { isTaskOverdue } from '../task-sorts';
import { elapsedToQuarterHours, formatElapsed } from '../task-timer';
import { optimisticTaskChanges } from '../tasks.api';

const TODAY = '2026-03-10';

// The dashboard order (SPEC 9) is SQL: src/server/__tests__/dashboard-queries.test.ts.
describe('overdue tasks', () => {
  it('never calls a finished task or a task due today overdue', () => {
    expect(isTaskOverdue(makeTask({ due_date: '2026-03-09' }), TODAY)).toBe(true);
    expect(isTaskOverdue(makeTask({ due_date: TODAY }), TODAY)).toBe(false);
    expect(isTaskOverdue(makeTask({ due_date: '2026-03-09', status: 'termine' }), TODAY)).toBe(false);
    expect(isTaskOverdue(makeTask({ due_date: null }), TODAY)).toBe(false);
  });
});

describe('task list filters', () => {
  const tasks = [
    makeTask({ id: 1, title: 'Maquettes', project: { id: 10, name: 'Site vitrine' }, contacts: [{ id: 5, name: 'Agence Bleue' }], status: 'en_cours' }),
    makeTask({ id: 2, title: 'Devis imprimeur', project: null, contacts: [{ id: 6, name: 'Imprimerie Dupré' }], priority: 'urgent' }),
    makeTask({ id: 3, title: 'Rédaction', project: { id: 11, name: 'Catalogue' }, contacts: [{ id: 5, name: 'Agence Bleue' }, { id: 6, name: 'Imprimerie Dupré' }] }),
  ];
  const index = buildTaskIndex(tasks);
  const ids = (filters: Partial<TaskFilters>) => filterTasks(index, { ...EMPTY_TASK_FILTERS, ...filters }).map((t) => t.id);

  it('searches the title, the project and the contacts', () => {
    expect(ids({ search: 'maquet' })).toEqual([1]);
    expect(ids({ search: 'VITRINE' })).toEqual([1]);
    expect(ids({ search: 'dupre' })).toEqual([2, 3]);
    expect(ids({ search: 'redac' })).toEqual([3]);
  });

  it('filters by status, priority, project and contact', () => {
    expect(ids({ status: 'en_cours' })).toEqual([1]);
    expect(ids({ priority: 'urgent' })).toEqual([2]);
    expect(ids({ project: '11' })).toEqual([3]);
    expect(ids({ contact: '5' })).toEqual([1, 3]);
    expect(ids({ contact: '6', project: '11' })).toEqual([3]);
    expect(ids({ contact: '6', search: 'devis' })).toEqual([2]);
  });
});

describe('task form', () => {
  it('validates title, hours, rate and the time range', () => {
    expect(validateTaskForm({ ...EMPTY_TASK_FORM, title: 'Ok' })).toEqual({});
    const errors = validateTaskForm({
      ...EMPTY_TASK_FORM,
      title: ' ',
      estimated_time: '-1',
      actual_time: '1.255',
      hourly_rate: 'abc',
      start_time: '2026-03-10T10:00',
      end_time: '2026-03-10T09:00',
    });
    expect(Object.keys(errors).sort()).toEqual(['actual_time', 'end_time', 'estimated_time', 'hourly_rate', 'title']);
  });

  it('round-trips a task into the full PUT body', () => {
    const task = makeTask({
      title: 'Maquettes',
      project: { id: 10, name: 'Site' },
      contacts: [{ id: 5, name: 'A' }, { id: 6, name: 'B' }],
      estimated_time: 2.25,
      actual_time: 1.5,
      hourly_rate: 45.5,
      billable: true,
      start_time: '2026-03-10T08:30:00.000Z',
      due_date: '2026-03-31',
      bill_reference: 'FAC-1',
      payment_status: 'paid',
    });
    expect(buildTaskPayload(toTaskForm(task))).toEqual({
      title: 'Maquettes',
      description: '',
      status: 'en_attente',
      priority: 'normale',
      due_date: '2026-03-31',
      project_id: 10,
      contact_ids: [5, 6],
      estimated_time: 2.25,
      actual_time: 1.5,
      start_time: '2026-03-10T08:30:00.000Z',
      end_time: null,
      billable: true,
      hourly_rate: 45.5,
      bill_reference: 'FAC-1',
      payment_status: 'paid',
    });
    expect(buildTaskPayload({ ...EMPTY_TASK_FORM, title: 'X', project_id: '' }).project_id).toBeNull();
  });

  it('converts date-times between ISO and the datetime-local input', () => {
    const local = isoToLocalInput('2026-03-10T08:30:00.000Z');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(localInputToIso(local)).toBe('2026-03-10T08:30:00.000Z');
    expect(isoToLocalInput(null)).toBe('');
    expect(localInputToIso('')).toBeNull();
  });
});

describe('timer arithmetic', () => {
  it('adds quarter hours, rounded up', () => {
    const minutes = (m: number) => m * 60 * 1000;
    expect(elapsedToQuarterHours(0)).toBe(0);
    expect(elapsedToQuarterHours(1000)).toBe(0.25);
    expect(elapsedToQuarterHours(minutes(15))).toBe(0.25);
    expect(elapsedToQuarterHours(minutes(15) + 1)).toBe(0.5);
    expect(elapsedToQuarterHours(minutes(61))).toBe(1.25);
    expect(formatElapsed(minutes(61) + 5000)).toBe('01:01:05');
  });
});

describe('optimistic list changes', () => {
  it('shows status and priority labels at once, never the server-computed fields', () => {
    expect(optimisticTaskChanges({ status: 'termine', priority: 'haute', project_id: 3, contact_ids: [1] })).toEqual({
      status: 'termine',
      status_display: 'Terminée',
      priority: 'haute',
      priority_display: 'Élevée',
    });
  });
});
