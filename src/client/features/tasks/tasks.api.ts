import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import {
  PICKER_PAGE_SIZE, api, keysetPage, keysetPaging, listTag, listTags, pageIds, shownTag, type KeysetPage, type PageCursor,
} from '@/client/app/api';
import { PRIORITY_LABELS, TASK_STATUS_LABELS, type Priority, type TaskStatus } from '@/shared/projects-tasks';
import type { TaskListQuery, Task, TaskWriteBody } from '@/shared/contracts/tasks';
import type { TimeToBill } from '@/shared/contracts/projects';

/** Tasks are normalised: list caches hold an EntityState, read with `taskSelectors`. */
export const tasksAdapter = createEntityAdapter<Task>();
export const taskSelectors = tasksAdapter.getSelectors();
export const EMPTY_TASKS: EntityState<Task, number> = tasksAdapter.getInitialState();

/**
 * Cache tags as app/api.ts describes them. Every view listing tasks (task list, project panel,
 * contact panel, dashboard, document task picker) provides the Task LIST tag and its rows' tags;
 * a change may move a task in or out of these filtered lists (status, project, contacts), so an
 * update invalidates the LIST tag and writes its answer into the task's cache. Every write adds
 * an activity entry.
 */
const listProvides = (result: EntityState<Task, number> | undefined) => listTags('Task', result?.ids);

/** What a task picker asks for: the text typed (absent: the first tasks by title). */
export interface TaskOptionArgs {
  search?: string;
}

/**
 * One page of the task list (issue 29), normalised by the tasks adapter: its ids in the server's
 * order and its tasks by id (Redux DevTools shows them normalised). The infinite query's cache
 * entry owns its pages, so a tag invalidation refetches the loaded pages whole.
 */
export type TaskPage = KeysetPage<Task>;

/** The task list reads 50 tasks at a time. */
export const TASK_PAGE_SIZE = 50;

/** The columns the server sorts the task list by (`-`: descending); the server's default is `-created_at`. */
export type TaskOrdering = 'title' | '-title' | 'due_date' | '-due_date' | 'created_at' | '-created_at';

/** What the task list asks the server for: the search (title, project's or contacts' names), the filters and the sort. Absent means none. */
export interface TaskPageArgs {
  search?: string;
  status?: TaskStatus;
  priority?: Priority;
  /** A project's id. */
  project?: number;
  /** A contact's id. */
  contact?: number;
  ordering?: TaskOrdering;
}

/** Every writable field (SPEC 7 "Tasks"), from the tasks contract. */
export type TaskPayload = TaskWriteBody;

export type TaskCreatePayload = Pick<TaskPayload, 'title'> & Partial<TaskPayload>;
export type TaskUpdate = { id: number } & Partial<TaskPayload>;

const toEntities = (response: Task[]) => tasksAdapter.setAll(tasksAdapter.getInitialState(), response);

/** Fields of an update that can be shown at once in cached lists (not cost, project or contacts: the server computes those). */
export function optimisticTaskChanges(patch: Partial<TaskPayload>): Partial<Task> {
  const { project_id: _p, contact_ids: _c, description, bill_reference, ...plain } = patch;
  const changes: Partial<Task> = { ...plain };
  // Null text is stored as '' (the contract takes null for an emptied field).
  if (description !== undefined) changes.description = description ?? '';
  if (bill_reference !== undefined) changes.bill_reference = bill_reference ?? '';
  if (patch.status) changes.status_display = TASK_STATUS_LABELS[patch.status];
  if (patch.priority) changes.priority_display = PRIORITY_LABELS[patch.priority];
  return changes;
}

const LIST_ENDPOINTS = ['listProjectTasks', 'listContactTasks'] as const;

export const tasksApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The task pickers' tasks (issue 29: a document line's task; the timesheet has its own, as time
     * is below tasks): the first 20 matching the search (title, the project's or a contact's name), by
     * title, then 20 more at a time (GET tasks/?page_size=20&ordering=title&search=…).
     */
    listTaskOptionPages: build.infiniteQuery<KeysetPage<Task>, TaskOptionArgs, PageCursor>({
      infiniteQueryOptions: keysetPaging,
      query: ({ queryArg, pageParam }) => ({
        url: 'tasks/',
        params: { ...queryArg, ordering: 'title', page_size: PICKER_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      transformResponse: (rows: Task[], meta) => keysetPage(tasksAdapter, rows, meta),
      providesTags: (result) => listTags('Task', pageIds(result)),
    }),
    listProjectTasks: build.query<EntityState<Task, number>, number>({
      query: (projectId) => ({ url: `projects/${projectId}/tasks/` }),
      transformResponse: toEntities,
      providesTags: listProvides,
    }),
    /** SPEC 7: a contact's panel lists its unfinished tasks. */
    listContactTasks: build.query<EntityState<Task, number>, number>({
      query: (contactId) => ({ url: `contacts/${contactId}/tasks/`, params: { exclude_status: 'termine' } satisfies TaskListQuery }),
      transformResponse: toEntities,
      providesTags: listProvides,
    }),
    /**
     * The task list, page by page (GET tasks/?page_size=50, then `cursor`=X-Next-Cursor): searched,
     * filtered and sorted by the server. Provides the LIST tag and each loaded task's, so a
     * creation, change or deletion refetches the loaded pages.
     */
    listTaskPages: build.infiniteQuery<TaskPage, TaskPageArgs, PageCursor>({
      infiniteQueryOptions: keysetPaging,
      query: ({ queryArg, pageParam }) => ({
        url: 'tasks/',
        params: { ...queryArg, page_size: TASK_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      transformResponse: (rows: Task[], meta) => keysetPage(tasksAdapter, rows, meta),
      providesTags: (result) => listTags('Task', pageIds(result)),
    }),
    getTask: build.query<Task, number>({
      query: (id) => ({ url: `tasks/${id}/` }),
      providesTags: (_result, _error, id) => [{ type: 'Task', id }],
    }),
    createTask: build.mutation<Task, TaskCreatePayload>({
      query: (body) => ({ url: 'tasks/', method: 'POST', data: body }),
      invalidatesTags: (_r, error) => (error ? [] : [listTag('Task'), 'Activity']),
    }),
    updateTask: build.mutation<Task, TaskUpdate>({
      query: ({ id, ...body }) => ({ url: `tasks/${id}/`, method: 'PUT', data: body }),
      // The documents whose lines show the task provide its shownTag.
      invalidatesTags: (_r, error, { id }) => (error ? [] : [listTag('Task'), shownTag('Task', id), 'Activity']),
      // Lists show a status change at once (project panel selects); undone if the server refuses.
      // The answer carries the server-computed cost: the task's page shows it without a refetch.
      async onQueryStarted({ id, ...patch }, { dispatch, getState, queryFulfilled }) {
        const changes = optimisticTaskChanges(patch);
        const undos = LIST_ENDPOINTS.flatMap((endpoint) =>
          tasksApi.util.selectCachedArgsForQuery(getState(), endpoint).map(
            (args) =>
              dispatch(
                tasksApi.util.updateQueryData(endpoint, args as never, (draft) => {
                  const task = draft.entities[id];
                  if (task) Object.assign(task, changes);
                }),
              ).undo,
          ),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(tasksApi.util.upsertQueryData('getTask', id, data));
        } catch {
          undos.forEach((undo) => undo());
        }
      },
    }),
    /**
     * GET projects/{id}/invoice_time/ (issue 28): what "Facturer le temps" would bill now, line by
     * line as the server computes it (entries rounded, inherited rates); for the client chosen
     * when the project has several. Read again whenever time, tasks or invoices change.
     */
    getTimeToBill: build.query<TimeToBill, { projectId: number; clientId: number | null }>({
      query: ({ projectId, clientId }) => ({
        url: `projects/${projectId}/invoice_time/`,
        params: clientId === null ? undefined : { client_id: clientId },
      }),
      providesTags: [listTag('TimeEntry'), listTag('Task'), listTag('Invoice')],
    }),
    /**
     * POST projects/{id}/invoice_time/ ("Facturer le temps", issue 15): a draft invoice of the
     * project's billable time; the tasks it bills now show it. Answers the invoice's id.
     */
    invoiceProjectTime: build.mutation<{ id: number; clientId: number | null }, { projectId: number; taskIds: number[]; clientId: number | null }>({
      query: ({ projectId, taskIds, clientId }) => ({
        url: `projects/${projectId}/invoice_time/`,
        method: 'POST',
        data: { task_ids: taskIds, ...(clientId === null ? {} : { client_id: clientId }) },
      }),
      transformResponse: (raw: { id: number; client?: { id?: number } | null }) => ({ id: raw.id, clientId: raw.client?.id ?? null }),
      // The billed tasks (their rows and records), the invoice lists (the client's panel included).
      invalidatesTags: (_result, error, { taskIds }) =>
        error ? [] : [...listTags('Task', taskIds), listTag('TimeEntry'), listTag('Invoice'), 'Dashboard', 'Activity'],
    }),
    deleteTask: build.mutation<void, number>({
      query: (id) => ({ url: `tasks/${id}/`, method: 'DELETE' }),
      // Quote and invoice lines may have been linked to the task: they provide its shownTag.
      invalidatesTags: (_r, error, id) => (error ? [] : [listTag('Task'), shownTag('Task', id), 'Activity']),
    }),
  }),
});

export const {
  useListTaskOptionPagesInfiniteQuery,
  useListProjectTasksQuery,
  useListContactTasksQuery,
  useListTaskPagesInfiniteQuery,
  useGetTaskQuery,
  useCreateTaskMutation,
  useGetTimeToBillQuery,
  useUpdateTaskMutation,
  useDeleteTaskMutation,
  useInvoiceProjectTimeMutation,
} = tasksApi;
