import type { Priority, TaskStatus } from '../../../../shared/workflow';
import { selectDashboardProjects, selectDashboardTasks } from '../dashboard-sorts';

const TODAY = '2026-03-10';

const project = (id: number, priority: Priority, due_date: string | null) => ({ id, priority, due_date });
const task = (id: number, priority: Priority, due_date: string | null, status: TaskStatus = 'en_cours') => ({
  id,
  priority,
  due_date,
  status,
});

describe('dashboard project sort (SPEC 9)', () => {
  it('orders by priority urgent, haute, normale, basse, then earliest due date, no date last', () => {
    const sorted = selectDashboardProjects(
      [
        project(1, 'basse', '2026-01-01'),
        project(2, 'normale', null),
        project(3, 'urgent', '2026-05-01'),
        project(4, 'normale', '2026-04-01'),
        project(5, 'haute', null),
        project(6, 'urgent', '2026-03-01'),
        project(7, 'normale', '2026-03-20'),
      ],
    );
    // 6 and 3 urgent (earliest date first), 5 haute, then normale by date; 2 (no date) and 1 (basse) are cut.
    expect(sorted.map((p) => p.id)).toEqual([6, 3, 5, 7, 4]);
  });

  it('keeps the first five and leaves the input untouched', () => {
    const input = [1, 2, 3, 4, 5, 6, 7].map((id) => project(id, 'normale', `2026-04-0${8 - id}`));
    const firstIds = input.map((p) => p.id);
    expect(selectDashboardProjects(input).map((p) => p.id)).toEqual([7, 6, 5, 4, 3]);
    expect(input.map((p) => p.id)).toEqual(firstIds);
  });
});

describe('dashboard task sort (SPEC 9)', () => {
  it('puts overdue tasks first, then sorts by priority, then by due date (no date last)', () => {
    const sorted = selectDashboardTasks(
      [
        task(1, 'urgent', '2026-03-20'),
        task(2, 'basse', '2026-03-01'), // overdue
        task(3, 'urgent', null),
        task(4, 'haute', '2026-03-09'), // overdue
        task(5, 'urgent', '2026-03-10'), // due today: not overdue
        task(6, 'normale', '2026-03-11'),
      ],
      TODAY,
    );
    // Overdue 4 (haute) and 2 (basse) first; then urgent by date, no date last; 6 (normale) is cut.
    expect(sorted.map((t) => t.id)).toEqual([4, 2, 5, 1, 3]);
  });

  it('excludes finished and cancelled tasks and keeps five', () => {
    const tasks = [
      task(1, 'urgent', '2026-03-01', 'termine'),
      task(2, 'urgent', '2026-03-01', 'annule'),
      ...[3, 4, 5, 6, 7, 8].map((id) => task(id, 'normale', `2026-04-1${id}`, id % 2 ? 'en_attente' : 'en_cours')),
    ];
    const ids = selectDashboardTasks(tasks, TODAY).map((t) => t.id);
    expect(ids).toEqual([3, 4, 5, 6, 7]);
  });
});
