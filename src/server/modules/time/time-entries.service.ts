import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { inTransaction, type Dialect } from '@/server/db/database';
import { badRequest, notFound, REQUIRED } from '@/server/http/errors';
import { assertOwned } from '@/server/http/owned-refs';
import { addDays, parisToday } from '@/shared/dates';
import { formatDuration, mondayOf } from '@/shared/time-entries';
import type { TimeEntry } from '@/shared/contracts/time-entries';
import { timeEntriesRepository, toEntry, type EntryColumns, type EntryRow } from './time-entries.repository';

/**
 * Time entries (issue 28): a task's time as dated entries, recorded exactly (billing rounds), at
 * most one running per user (a partial unique index; starts serialised on the user's row), the
 * task's `actual_centihours` kept equal to their sum. An entry an invoice bills is part of it: it
 * cannot change (issued: for ever; draft: until the draft is deleted, which frees it).
 */

export const TIME_MESSAGES = {
  endBeforeStart: 'La fin doit suivre le début.',
  endOrDuration: 'Indiquez la fin ou la durée.',
  noTimer: 'Aucun chronomètre en cours.',
  billedIssued: (n: string) => `Cette saisie est facturée sur la facture ${n}, émise : elle en fait partie et ne peut plus changer.`,
  billedDraft: 'Cette saisie figure dans un brouillon de facture : supprimez le brouillon (ou facturez-le) avant de la modifier.',
  belowBilled: (billed: number) => `Une partie de ce temps est déjà facturée : il ne peut descendre sous ${formatDuration(billed) || '0:00'}.`,
  running: 'Ce chronomètre tourne encore : arrêtez-le d’abord.',
} as const;

type Write = { task_id?: number | null; started_at?: string | null; ended_at?: string | null; duration_seconds?: number; note?: string; billable?: boolean };

const seconds = (from: string, to: string) => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
const plus = (iso: string, s: number) => new Date(Date.parse(iso) + s * 1000).toISOString();
/** The Paris day an entry belongs to. */
export const entryDay = (startedAt: string) => parisToday(new Date(startedAt));

function refuseBilled(row: EntryRow) {
  if (row.invoice_id === null) return;
  throw badRequest({ detail: row.invoice_number ? TIME_MESSAGES.billedIssued(row.invoice_number) : TIME_MESSAGES.billedDraft });
}

/** start / end / duration, completed from each other: the end wins over the duration when both change. */
function timing(started: string, ended: string | null | undefined, duration: number | undefined, endChanged: boolean) {
  if (ended && (endChanged || duration === undefined)) {
    if (Date.parse(ended) < Date.parse(started)) throw badRequest({ ended_at: [TIME_MESSAGES.endBeforeStart] });
    return { started_at: started, ended_at: ended, duration_seconds: seconds(started, ended) };
  }
  if (duration === undefined) throw badRequest({ duration_seconds: [TIME_MESSAGES.endOrDuration] });
  return { started_at: started, ended_at: plus(started, duration), duration_seconds: duration };
}

/**
 * Brings the total of `entries` (ended, of one task) to `target` seconds: extends the last one
 * not billed, else adds one (`fresh`); shortens (and deletes at 0) the latest ones not billed.
 */
async function adjust(trx: Kysely<Database>, ownerId: number, taskId: number, entries: EntryRow[], target: number, fresh: (delta: number) => Omit<EntryColumns, 'task_id' | 'billable'>, field: string) {
  const repo = timeEntriesRepository(trx, null);
  const done = entries.filter((e) => e.ended_at !== null);
  const current = done.reduce((sum, e) => sum + Number(e.duration_seconds), 0);
  const free = done.filter((e) => e.invoice_id === null);
  if (target > current) {
    const delta = target - current;
    const last = free.at(-1);
    if (last) {
      const duration = Number(last.duration_seconds) + delta;
      await repo.update(ownerId, last.id, { duration_seconds: duration, ended_at: plus(last.started_at, duration) });
    } else {
      const task = (await repo.task(ownerId, taskId))!;
      await repo.insert(ownerId, { ...fresh(delta), task_id: taskId, billable: task.billable ? 1 : 0 });
    }
  } else if (target < current) {
    let excess = current - target;
    const billed = current - free.reduce((sum, e) => sum + Number(e.duration_seconds), 0);
    if (target < billed) throw badRequest({ [field]: [TIME_MESSAGES.belowBilled(billed)] });
    for (const entry of [...free].reverse()) {
      if (excess <= 0) break;
      const cut = Math.min(excess, Number(entry.duration_seconds));
      excess -= cut;
      const duration = Number(entry.duration_seconds) - cut;
      if (duration === 0) await repo.delete(ownerId, entry.id);
      else await repo.update(ownerId, entry.id, { duration_seconds: duration, ended_at: plus(entry.started_at, duration) });
    }
  }
  await repo.syncTaskActual(taskId);
}

/** A task's actual time set through the task itself (SPEC's `actual_time`, hundredths of an hour): its entries follow, inside the caller's transaction. */
export async function setTaskTime(trx: Kysely<Database>, ownerId: number, taskId: number, centihours: number) {
  const entries = await timeEntriesRepository(trx, null).list(ownerId, { taskId });
  const now = new Date().toISOString();
  await adjust(trx, ownerId, taskId, entries, centihours * 36, (delta) => ({ started_at: plus(now, -delta), ended_at: now, duration_seconds: delta, note: '' }), 'actual_time');
}

export function timeEntriesService(db: Kysely<Database>, dialect: Dialect) {
  const view = async (trx: Kysely<Database>, ownerId: number, id: number) => toEntry((await timeEntriesRepository(trx, dialect).find(ownerId, id))!);

  async function ownedTask(trx: Kysely<Database>, ownerId: number, taskId: number | null | undefined) {
    if (!taskId) throw badRequest({ task_id: [REQUIRED] });
    await assertOwned(trx, 'tasks', ownerId, [taskId], 'task_id');
    return (await timeEntriesRepository(trx, dialect).task(ownerId, taskId))!;
  }

  /** Stops the running entry, if any, at `now`; returns its id. */
  async function stopRunning(trx: Kysely<Database>, ownerId: number, now: string) {
    const repo = timeEntriesRepository(trx, dialect);
    const running = await repo.running(ownerId);
    if (!running) return null;
    await repo.update(ownerId, running.id, { ended_at: now, duration_seconds: seconds(running.started_at, now) });
    await repo.syncTaskActual(running.task_id);
    return running.id;
  }

  return {
    async list(ownerId: number, query: { task?: string; from?: string | null; to?: string | null }): Promise<TimeEntry[]> {
      const repo = timeEntriesRepository(db, dialect);
      if (query.task) return (await repo.list(ownerId, { taskId: Number(query.task) })).map(toEntry);
      // No period: this week (Monday to Sunday, Paris).
      const from = query.from ?? mondayOf(parisToday());
      const to = query.to ?? addDays(from, 6);
      if (to < from) throw badRequest({ to: ['La fin de la période doit suivre son début.'] });
      if (addDays(from, 62) < to) throw badRequest({ to: ['Une période dure au plus deux mois.'] });
      // Started within a day either side in UTC, then exactly by the Paris day.
      const rows = await repo.list(ownerId, { from: `${addDays(from, -1)}T00:00`, to: `${addDays(to, 2)}T00:00` });
      return rows.filter((r) => entryDay(r.started_at) >= from && entryDay(r.started_at) <= to).map(toEntry);
    },

    async get(ownerId: number, id: number) {
      const row = await timeEntriesRepository(db, dialect).find(ownerId, id);
      if (!row) throw notFound();
      return toEntry(row);
    },

    running: async (ownerId: number) => {
      const row = await timeEntriesRepository(db, dialect).running(ownerId);
      return { running: row ? toEntry(row) : null };
    },

    create: (ownerId: number, input: Write) =>
      inTransaction(db, async (trx) => {
        const task = await ownedTask(trx, ownerId, input.task_id);
        const repo = timeEntriesRepository(trx, dialect);
        const started = input.started_at ?? new Date().toISOString();
        const id = await repo.insert(ownerId, {
          task_id: task.id,
          ...timing(started, input.ended_at, input.duration_seconds, input.ended_at !== undefined),
          note: input.note ?? '',
          billable: (input.billable ?? !!task.billable) ? 1 : 0,
        });
        await repo.syncTaskActual(task.id);
        return view(trx, ownerId, id);
      }),

    update: (ownerId: number, id: number, input: Write) =>
      inTransaction(db, async (trx) => {
        const repo = timeEntriesRepository(trx, dialect);
        const before = await repo.find(ownerId, id);
        if (!before) throw notFound();
        refuseBilled(before);
        const taskId = input.task_id === undefined ? before.task_id : (await ownedTask(trx, ownerId, input.task_id)).id;
        const columns: Partial<EntryColumns> = { task_id: taskId, note: input.note ?? before.note };
        if (input.billable !== undefined) columns.billable = input.billable ? 1 : 0;
        const timed = input.started_at !== undefined || input.ended_at !== undefined || input.duration_seconds !== undefined;
        if (timed) {
          if (before.ended_at === null && input.ended_at === undefined) throw badRequest({ detail: TIME_MESSAGES.running });
          const started = input.started_at ?? before.started_at;
          const ended = input.ended_at === undefined ? (input.duration_seconds === undefined ? before.ended_at : null) : input.ended_at;
          Object.assign(columns, timing(started, ended, input.duration_seconds ?? (input.ended_at ? undefined : Number(before.duration_seconds)), input.ended_at !== undefined));
        }
        await repo.update(ownerId, id, columns);
        await repo.syncTaskActual(before.task_id);
        if (taskId !== before.task_id) await repo.syncTaskActual(taskId);
        return view(trx, ownerId, id);
      }),

    remove: (ownerId: number, id: number) =>
      inTransaction(db, async (trx) => {
        const repo = timeEntriesRepository(trx, dialect);
        const row = await repo.find(ownerId, id);
        if (!row) throw notFound();
        refuseBilled(row);
        await repo.delete(ownerId, id);
        await repo.syncTaskActual(row.task_id);
      }),

    /** Starts a timer on a task; a running one is stopped first (one at a time). */
    start: (ownerId: number, input: { task_id: number | null; note?: string }) =>
      inTransaction(db, async (trx) => {
        const repo = timeEntriesRepository(trx, dialect);
        await repo.lockOwner(ownerId);
        const task = await ownedTask(trx, ownerId, input.task_id);
        const now = new Date().toISOString();
        await stopRunning(trx, ownerId, now);
        const id = await repo.insert(ownerId, { task_id: task.id, started_at: now, ended_at: null, duration_seconds: 0, note: input.note ?? '', billable: task.billable ? 1 : 0 });
        return view(trx, ownerId, id);
      }),

    /** Stops the running timer: its entry gets its end and exact duration. */
    stop: (ownerId: number) =>
      inTransaction(db, async (trx) => {
        await timeEntriesRepository(trx, dialect).lockOwner(ownerId);
        const id = await stopRunning(trx, ownerId, new Date().toISOString());
        if (id === null) throw badRequest({ detail: TIME_MESSAGES.noTimer });
        return view(trx, ownerId, id);
      }),

    /** A timesheet cell: the task's total on a Paris day becomes `duration_seconds`. Answers that day's entries. */
    setDay: (ownerId: number, input: { task_id: number | null; date: string | null; duration_seconds: number }) =>
      inTransaction(db, async (trx) => {
        if (!input.date) throw badRequest({ date: [REQUIRED] });
        const date = input.date;
        const task = await ownedTask(trx, ownerId, input.task_id);
        const repo = timeEntriesRepository(trx, dialect);
        const dayOf = async () =>
          (await repo.list(ownerId, { taskId: task.id, from: `${addDays(date, -1)}T00:00`, to: `${addDays(date, 2)}T00:00` })).filter((r) => entryDay(r.started_at) === date);
        // 08:00 UTC is 09:00 or 10:00 in Paris: always that Paris day.
        await adjust(trx, ownerId, task.id, await dayOf(), input.duration_seconds, (delta) => ({
          started_at: `${date}T08:00:00.000Z`, ended_at: plus(`${date}T08:00:00.000Z`, delta), duration_seconds: delta, note: '',
        }), 'duration_seconds');
        return (await dayOf()).map(toEntry);
      }),

    /** The project's « Budget » block: budget, time recorded (hours, value at rates), billed and paid. */
    async projectBudget(ownerId: number, projectId: number) {
      const found = await timeEntriesRepository(db, dialect).projectTime(ownerId, projectId);
      if (!found) throw notFound();
      const { project, clientRate, entries, invoices } = found;
      const rateOf = (own: number) => Number(own) || Number(project.hourly_rate_cents) || clientRate;
      let seconds = 0;
      let billedSeconds = 0;
      let valueCents = 0;
      for (const e of entries) {
        const s = Number(e.duration_seconds);
        seconds += s;
        if (e.invoice_id !== null) billedSeconds += s;
        valueCents += (s * rateOf(e.hourly_rate_cents)) / 3600;
      }
      const hours = (s: number) => Math.round(s / 36) / 100;
      const euros = (cents: number) => Math.round(cents) / 100;
      return {
        budget: euros(Number(project.budget_cents)),
        recorded_hours: hours(seconds),
        recorded_value: euros(valueCents),
        billed_hours: hours(billedSeconds),
        billed: euros(invoices.reduce((sum, i) => sum + Number(i.subtotal_cents), 0)),
        paid: euros(invoices.reduce((sum, i) => sum + Number(i.paid_cents), 0)),
      };
    },

    settings: async (ownerId: number) => ({ time_rounding_minutes: await timeEntriesRepository(db, dialect).rounding(ownerId) }),
    setSettings: async (ownerId: number, minutes: number) => {
      await timeEntriesRepository(db, dialect).setRounding(ownerId, minutes);
      return { time_rounding_minutes: minutes };
    },
  };
}
export type TimeEntriesService = ReturnType<typeof timeEntriesService>;
