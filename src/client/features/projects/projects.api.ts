import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import { api } from '../../app/api';
import type { Priority, Project, ProjectStatus } from '../../../shared/workflow';

/**
 * Projects are normalised: the list endpoint's cache holds an EntityState, read with
 * `projectSelectors` (selectAll, selectById…).
 */
export const projectsAdapter = createEntityAdapter<Project>();
export const projectSelectors = projectsAdapter.getSelectors();
export const EMPTY_PROJECTS: EntityState<Project, number> = projectsAdapter.getInitialState();

/**
 * Tag conventions (shared with the tasks feature and every panel that lists projects):
 * list-type queries provide PROJECT_LIST_TAG, mutations invalidate it.
 */
export const PROJECT_LIST_TAG = { type: 'Project', id: 'LIST' } as const;
const TASK_LIST_TAG = { type: 'Task', id: 'LIST' } as const;

/** Query-string filters (the list screen passes its route query through; the dashboard uses status=en_cours). */
export type ProjectListParams = Record<string, string>;

/** The unfiltered list; use this very object so every screen shares one cache entry. */
export const ALL_PROJECTS: ProjectListParams = {};

/** POST/PUT body (SPEC 7 "Projects"). */
export interface ProjectPayload {
  name: string;
  description: string;
  contact_ids: number[];
  status: ProjectStatus;
  priority: Priority;
  start_date: string | null;
  due_date: string | null;
  completed_date: string | null;
  budget: number;
  revenue: number;
}

export const projectsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listProjects: build.query<EntityState<Project, number>, ProjectListParams | void>({
      query: (params) => ({ url: 'projects/', params: params && Object.keys(params).length ? params : undefined }),
      transformResponse: (response: Project[]) => projectsAdapter.setAll(projectsAdapter.getInitialState(), response),
      providesTags: [PROJECT_LIST_TAG],
    }),
    getProject: build.query<Project, number>({
      query: (id) => ({ url: `projects/${id}/` }),
      providesTags: (_result, _error, id) => [{ type: 'Project', id }],
    }),
    createProject: build.mutation<Project, ProjectPayload>({
      query: (body) => ({ url: 'projects/', method: 'POST', data: body }),
      invalidatesTags: (_r, error) => (error ? [] : [PROJECT_LIST_TAG, 'Dashboard', 'Activity']),
    }),
    updateProject: build.mutation<Project, { id: number; body: ProjectPayload }>({
      query: ({ id, body }) => ({ url: `projects/${id}/`, method: 'PUT', data: body }),
      // Tasks show their project's name: their lists refresh too.
      invalidatesTags: (_r, error) => (error ? [] : [PROJECT_LIST_TAG, TASK_LIST_TAG, 'Dashboard', 'Activity']),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(projectsApi.util.upsertQueryData('getProject', id, data));
        } catch {
          // the page reports the error
        }
      },
    }),
    deleteProject: build.mutation<void, number>({
      query: (id) => ({ url: `projects/${id}/`, method: 'DELETE' }),
      // Its tasks lose their project: task lists refresh too.
      invalidatesTags: (_r, error) => (error ? [] : [PROJECT_LIST_TAG, TASK_LIST_TAG, 'Dashboard', 'Activity']),
    }),
  }),
});

export const {
  useListProjectsQuery,
  useGetProjectQuery,
  useCreateProjectMutation,
  useUpdateProjectMutation,
  useDeleteProjectMutation,
} = projectsApi;
