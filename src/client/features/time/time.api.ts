import { createEntityAdapter } from '@reduxjs/toolkit';
import {
  PICKER_PAGE_SIZE, api, keysetPage, keysetPaging, listTag, listTags, pageIds, usePickerSearch, type KeysetPage, type PageCursor, type PickerSearch,
} from '@/client/app/api';
import type { Task } from '@/shared/contracts/tasks';
import type { ProjectTimeBudget, RunningEntry, TimeEntry, TimeEntryWrite, TimesheetCell, TimeSettings } from '@/shared/contracts/time-entries';

/**
 * Time entries (issue 28). Every entries view provides the TimeEntry LIST tag, the running timer
 * its RUNNING tag; every write invalidates both, and the task whose actual time (the sum of its
 * entries) it changed.
 */
const RUNNING = { type: 'TimeEntry' as const, id: 'RUNNING' };
const changed = (taskIds: number[]) => [listTag('TimeEntry'), RUNNING, listTag('Task'), ...taskIds.map((id) => ({ type: 'Task' as const, id }))];

export type EntryUpdate = { id: number } & Partial<TimeEntryWrite>;

/** The timesheet's task picker pages (its own: the tasks feature reaches projects, which reach this feature). */
const taskOptionsAdapter = createEntityAdapter<Task>();

export const timeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * « Tâche à ajouter » (issue 29): the first 20 tasks matching the search (title, the project's
     * or a contact's name), by title, then 20 more at a time (GET tasks/?page_size=20&ordering=title).
     */
    listTimesheetTaskPages: build.infiniteQuery<KeysetPage<Task>, { search?: string }, PageCursor>({
      infiniteQueryOptions: keysetPaging,
      query: ({ queryArg, pageParam }) => ({
        url: 'tasks/',
        params: { ...queryArg, ordering: 'title', page_size: PICKER_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      transformResponse: (rows: Task[], meta) => keysetPage(taskOptionsAdapter, rows, meta),
      providesTags: (result) => listTags('Task', pageIds(result)),
    }),
    listTaskEntries: build.query<TimeEntry[], number>({
      query: (taskId) => ({ url: 'time-entries/', params: { task: taskId } }),
      providesTags: [listTag('TimeEntry')],
    }),
    listWeekEntries: build.query<TimeEntry[], { from: string; to: string }>({
      query: (params) => ({ url: 'time-entries/', params }),
      providesTags: [listTag('TimeEntry')],
    }),
    getRunningEntry: build.query<RunningEntry, void>({
      query: () => ({ url: 'time-entries/running/' }),
      providesTags: [RUNNING],
    }),
    createEntry: build.mutation<TimeEntry, TimeEntryWrite>({
      query: (body) => ({ url: 'time-entries/', method: 'POST', data: body }),
      invalidatesTags: (result, error) => (error || !result ? [] : changed([result.task.id])),
    }),
    updateEntry: build.mutation<TimeEntry, EntryUpdate>({
      query: ({ id, ...body }) => ({ url: `time-entries/${id}/`, method: 'PUT', data: body }),
      invalidatesTags: (result, error) => (error || !result ? [] : changed([result.task.id])),
    }),
    deleteEntry: build.mutation<void, { id: number; taskId: number }>({
      query: ({ id }) => ({ url: `time-entries/${id}/`, method: 'DELETE' }),
      invalidatesTags: (_r, error, { taskId }) => (error ? [] : changed([taskId])),
    }),
    startTimer: build.mutation<TimeEntry, { task_id: number }>({
      query: (body) => ({ url: 'time-entries/start/', method: 'POST', data: body }),
      // The timer that was running (if any) stopped: its task changed too.
      invalidatesTags: (result, error) => (error || !result ? [] : [...changed([result.task.id]), 'Task']),
    }),
    stopTimer: build.mutation<TimeEntry, void>({
      query: () => ({ url: 'time-entries/stop/', method: 'POST' }),
      invalidatesTags: (result, error) => (error || !result ? [RUNNING] : changed([result.task.id])),
    }),
    setTimesheetCell: build.mutation<TimeEntry[], TimesheetCell>({
      query: (body) => ({ url: 'time-entries/day/', method: 'PUT', data: body }),
      invalidatesTags: (_r, error, { task_id }) => (error ? [] : changed(task_id ? [task_id] : [])),
    }),
    /** The project page's « Budget » block: refreshed by any entry, task or invoice change. */
    getProjectTimeBudget: build.query<ProjectTimeBudget, number>({
      query: (projectId) => ({ url: `projects/${projectId}/time_budget/` }),
      providesTags: [listTag('TimeEntry'), listTag('Task'), listTag('Invoice'), { type: 'Project', id: 'LIST' }],
    }),
    getTimeSettings: build.query<TimeSettings, void>({
      query: () => ({ url: 'time-entries/settings/' }),
      providesTags: [{ type: 'Profile', id: 'TIME' }],
    }),
    updateTimeSettings: build.mutation<TimeSettings, TimeSettings>({
      query: (body) => ({ url: 'time-entries/settings/', method: 'PUT', data: body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(timeApi.util.upsertQueryData('getTimeSettings', undefined, data));
      },
    }),
  }),
});

export const {
  useListTimesheetTaskPagesInfiniteQuery,
  useListTaskEntriesQuery,
  useListWeekEntriesQuery,
  useGetRunningEntryQuery,
  useCreateEntryMutation,
  useUpdateEntryMutation,
  useDeleteEntryMutation,
  useStartTimerMutation,
  useStopTimerMutation,
  useSetTimesheetCellMutation,
  useGetTimeSettingsQuery,
  useGetProjectTimeBudgetQuery,
  useUpdateTimeSettingsMutation,
} = timeApi;

/** The timesheet's « Tâche à ajouter »: the server's tasks matching what is typed, 20 at a time (`usePickerSearch`). */
export function useTimesheetTaskSearch(typed: string): PickerSearch<Task> {
  return usePickerSearch(typed, useListTimesheetTaskPagesInfiniteQuery);
}
