import type { Project } from '@/shared/contracts/projects';
import type { Task } from '@/shared/contracts/tasks';

/** A project as the API returns it, with overrides. */
export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 1,
    name: 'Projet',
    description: '',
    contacts: [],
    status: 'brouillon',
    status_display: 'Brouillon',
    priority: 'normale',
    start_date: null,
    due_date: null,
    completed_date: null,
    budget: 0,
    revenue: 0,
    hourly_rate: 0,
    created_at: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A task as the API returns it, with overrides. */
export function makeTask(overrides: Partial<Task> = {}): Task {
  return {
    id: 1,
    title: 'Tâche',
    description: '',
    status: 'en_attente',
    status_display: 'En attente',
    priority: 'normale',
    priority_display: 'Normale',
    due_date: null,
    created_at: '2026-01-01T10:00:00.000Z',
    project: null,
    contacts: [],
    estimated_time: 0,
    actual_time: 0,
    start_time: null,
    end_time: null,
    billable: false,
    hourly_rate: 0,
    bill_reference: '',
    payment_status: 'unpaid',
    cost: 0,
    ...overrides,
  };
}
