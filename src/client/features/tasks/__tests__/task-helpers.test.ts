import { makeTask } from '@/client/kit/__tests__/workflow-fixtures';
import { EMPTY_TASK_FILTERS, taskPageArgs } from '../task-filters';
import { buildTaskPayload, EMPTY_TASK_FORM, isoToLocalInput, localInputToIso, toTaskForm, validateTaskForm } from '../task-form';
import { isTaskOverdue } from '../task-sorts';
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

describe('task list query (issue 29: searched and filtered by the server)', () => {
  it('sends the search, the status, priority, project and contact filters and the sort, leaving out empty ones', () => {
    expect(taskPageArgs(EMPTY_TASK_FILTERS, '-created_at')).toEqual({ ordering: '-created_at' });
    expect(taskPageArgs({ search: '  dupre ', status: 'en_cours', priority: 'urgent', project: '11', contact: '5' }, 'title')).toEqual({
      search: 'dupre',
      status: 'en_cours',
      priority: 'urgent',
      project: 11,
      contact: 5,
      ordering: 'title',
    });
    expect(taskPageArgs({ ...EMPTY_TASK_FILTERS, search: '   ' }, '-due_date')).toEqual({ ordering: '-due_date' });
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
