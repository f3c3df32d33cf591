import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { inTransaction } from '@/server/db/database';
import { PAYMENT_STATUS_LABELS, PRIORITY_LABELS, TASK_FIELD_LABELS } from '@/shared/projects-tasks';
import type { Task } from '@/shared/contracts/tasks';
import { badRequest, notFound, REQUIRED } from '@/server/http/errors';
import { assertOwned } from '@/server/http/owned-refs';
import { describeChanges, recordActivity } from '@/server/modules/activity';
import { setTaskTime } from '@/server/modules/time';
import { TASK_DEFAULTS, type TaskInput } from './tasks.schemas';
import { taskToInput, tasksRepository } from './tasks.repository';

const historyView = (t: Task) => ({
  ...t,
  project: t.project?.name ?? null,
  contacts: t.contacts.map((c) => c.name).join(', '),
  status: t.status_display,
  priority: PRIORITY_LABELS[t.priority],
  payment_status: PAYMENT_STATUS_LABELS[t.payment_status],
  hourly_rate: t.hourly_rate.toFixed(2),
  cost: t.cost.toFixed(2),
});
const { project_id: _p, contact_ids: _c, ...HISTORY_LABELS } = TASK_FIELD_LABELS;

const context = (t: Task) => ({ projectName: t.project?.name ?? null, clientName: t.contacts.map((c) => c.name).join(', ') || null });

export function tasksService(db: Kysely<Database>) {
  const repo = tasksRepository(db);

  async function checkRefs(trx: Kysely<Database>, ownerId: number, input: TaskInput) {
    if (input.project_id !== null) await assertOwned(trx, 'projects', ownerId, [input.project_id], 'project_id');
    await assertOwned(trx, 'contacts', ownerId, input.contact_ids, 'contact_ids');
  }

  return {
    list: repo.list,
    async get(ownerId: number, id: number): Promise<Task> {
      const task = await repo.find(ownerId, id);
      if (!task) throw notFound();
      return task;
    },

    create: (ownerId: number, partial: Partial<TaskInput>) =>
      inTransaction(db, async (trx) => {
        if (!partial.title) throw badRequest({ title: [REQUIRED] });
        const input: TaskInput = { ...TASK_DEFAULTS, ...partial, title: partial.title };
        await checkRefs(trx, ownerId, input);
        const txRepo = tasksRepository(trx);
        const id = await txRepo.insert(ownerId, input);
        // The actual time is the sum of the task's time entries (issue 28): a typed one becomes an entry.
        if (input.actual_time > 0) await setTaskTime(trx, ownerId, id, input.actual_time);
        const task = (await txRepo.find(ownerId, id))!;
        await recordActivity(trx, { ownerId, objectType: 'task', objectId: task.id, label: task.title, action: 'créé', ...context(task) });
        return task;
      }),

    update: (ownerId: number, id: number, partial: Partial<TaskInput>) =>
      inTransaction(db, async (trx) => {
        const txRepo = tasksRepository(trx);
        const before = await txRepo.find(ownerId, id);
        if (!before) throw notFound();
        const input: TaskInput = { ...taskToInput(before), ...partial };
        await checkRefs(trx, ownerId, input);
        await txRepo.update(ownerId, id, input);
        const typed = partial.actual_time;
        if (typed !== undefined && typed !== Math.round(before.actual_time * 100)) await setTaskTime(trx, ownerId, id, typed);
        const after = (await txRepo.find(ownerId, id))!;
        await recordActivity(trx, {
          ownerId,
          objectType: 'task',
          objectId: id,
          label: after.title,
          action: 'mis à jour',
          changes: describeChanges(HISTORY_LABELS, historyView(before), historyView(after)),
          ...context(after),
        });
        return after;
      }),

    remove: (ownerId: number, id: number) =>
      inTransaction(db, async (trx) => {
        const txRepo = tasksRepository(trx);
        const task = await txRepo.find(ownerId, id);
        if (!task) throw notFound();
        await txRepo.delete(ownerId, id);
        await recordActivity(trx, { ownerId, objectType: 'task', objectId: id, label: task.title, action: 'supprimé', ...context(task) });
      }),
  };
}

export type TasksService = ReturnType<typeof tasksService>;
