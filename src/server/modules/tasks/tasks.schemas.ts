import type { TaskWrite } from '@/shared/contracts/tasks';

/** A whole task in stored units (cents, hundredths of hours): a write body merged into the defaults or the current task. */
export type TaskInput = Required<TaskWrite>;

export const TASK_DEFAULTS: Omit<TaskInput, 'title'> = {
  description: '',
  status: 'en_attente',
  priority: 'normale',
  due_date: null,
  project_id: null,
  contact_ids: [],
  estimated_time: 0,
  actual_time: 0,
  start_time: null,
  end_time: null,
  billable: false,
  hourly_rate: 0,
  bill_reference: '',
  payment_status: 'unpaid',
};
