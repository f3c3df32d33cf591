import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import { api, listTag, listTags } from '@/client/app/api';
import type { ProjectListQuery, Project, ProjectWriteBody } from '@/shared/contracts/projects';

/**
 * Projects are normalised: the list endpoint's cache holds an EntityState, read with
 * `projectSelectors` (selectAll, selectById…).
 */
export const projectsAdapter = createEntityAdapter<Project>();
export const projectSelectors = projectsAdapter.getSelectors();
export const EMPTY_PROJECTS: EntityState<Project, number> = projectsAdapter.getInitialState();

/**
 * Cache tags as app/api.ts describes them. Every view listing projects (project list, task pickers,
 * contact panel, dashboard) provides the Project LIST tag and its rows' tags; a change may move a
 * project in or out of a filtered list (status), so an update invalidates the LIST tag and writes
 * its answer into the project's cache. Task rows and task pages show their project's name, and lose
 * it when the project goes: a change or deletion invalidates every Task tag (the bare type), lists
 * and pages alike. Every write adds an activity entry.
 */
const AFTER_PROJECT_CHANGE = [listTag('Project'), 'Task', 'Activity'] as const;

/** The unfiltered list; use this very object so every screen shares one cache entry. */
export const ALL_PROJECTS: ProjectListQuery = {};

/** POST/PUT body (SPEC 7 "Projects"): the shared request type the server's schema is checked against. */
export type ProjectPayload = ProjectWriteBody;

export const projectsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET projects/: the list screen passes its route query through (the server ignores what the query does not name). */
    listProjects: build.query<EntityState<Project, number>, ProjectListQuery | void>({
      query: (params) => ({ url: 'projects/', params: params && Object.keys(params).length ? params : undefined }),
      transformResponse: (response: Project[]) => projectsAdapter.setAll(projectsAdapter.getInitialState(), response),
      providesTags: (result) => listTags('Project', result?.ids),
    }),
    getProject: build.query<Project, number>({
      query: (id) => ({ url: `projects/${id}/` }),
      providesTags: (_result, _error, id) => [{ type: 'Project', id }],
    }),
    createProject: build.mutation<Project, ProjectPayload>({
      query: (body) => ({ url: 'projects/', method: 'POST', data: body }),
      invalidatesTags: (_r, error) => (error ? [] : [listTag('Project'), 'Activity']),
    }),
    updateProject: build.mutation<Project, { id: number; body: ProjectPayload }>({
      query: ({ id, body }) => ({ url: `projects/${id}/`, method: 'PUT', data: body }),
      invalidatesTags: (_r, error) => (error ? [] : [...AFTER_PROJECT_CHANGE]),
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
      invalidatesTags: (_r, error) => (error ? [] : [...AFTER_PROJECT_CHANGE]),
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
