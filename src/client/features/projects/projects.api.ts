import { createEntityAdapter } from '@reduxjs/toolkit';
import {
  PICKER_PAGE_SIZE, api, keysetPage, keysetPaging, listTag, listTags, pageIds, type KeysetPage, type PageCursor,
} from '@/client/app/api';
import type { Priority, ProjectStatus } from '@/shared/projects-tasks';
import type { Project, ProjectWriteBody } from '@/shared/contracts/projects';

/** Projects are normalised: each page of a paged list holds an EntityState (`keysetPage`). */
export const projectsAdapter = createEntityAdapter<Project>();

/**
 * Cache tags as app/api.ts describes them. Every view listing projects (project list, task pickers,
 * contact panel, dashboard) provides the Project LIST tag and its rows' tags; a change may move a
 * project in or out of a filtered list (status), so an update invalidates the LIST tag and writes
 * its answer into the project's cache. Task rows and task pages show their project's name, and lose
 * it when the project goes: a change or deletion invalidates every Task tag (the bare type), lists
 * and pages alike. Every write adds an activity entry.
 */
const AFTER_PROJECT_CHANGE = [listTag('Project'), 'Task', 'Activity'] as const;

/** One page of the project list (issue 29), normalised by the projects adapter (README « Paged lists »). */
export type ProjectPage = KeysetPage<Project>;

/** The project list reads 50 projects at a time. */
export const PROJECT_PAGE_SIZE = 50;

/** The columns the server sorts the project list by (`-`: descending); the server's default is `-created_at`. */
export type ProjectOrdering = 'name' | '-name' | 'due_date' | '-due_date' | 'created_at' | '-created_at';

/** What the project list asks the server for: the search (name, clients' names), the filters and the sort. Absent means none. */
export interface ProjectPageArgs {
  search?: string;
  status?: ProjectStatus;
  priority?: Priority;
  ordering?: ProjectOrdering;
}

/** What a project picker asks for: the text typed (absent: the first projects by name). */
export interface ProjectOptionArgs {
  search?: string;
}

/** POST/PUT body (SPEC 7 "Projects"): the shared request type the server's schema is checked against. */
export type ProjectPayload = ProjectWriteBody;

export const projectsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The project list, page by page (GET projects/?page_size=50, then `cursor`=X-Next-Cursor):
     * searched, filtered and sorted by the server. Provides the LIST tag and each loaded project's,
     * so a creation, change or deletion refetches the loaded pages.
     */
    listProjectPages: build.infiniteQuery<ProjectPage, ProjectPageArgs, PageCursor>({
      infiniteQueryOptions: keysetPaging,
      query: ({ queryArg, pageParam }) => ({
        url: 'projects/',
        params: { ...queryArg, page_size: PROJECT_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      transformResponse: (rows: Project[], meta) => keysetPage(projectsAdapter, rows, meta),
      providesTags: (result) => listTags('Project', pageIds(result)),
    }),
    /**
     * The project pickers' projects (issue 29: the task form's « Projet », the task list's filter):
     * the first 20 whose name (or a client's) matches the search, by name, then 20 more at a time
     * (GET projects/?page_size=20&ordering=name&search=…).
     */
    listProjectOptionPages: build.infiniteQuery<ProjectPage, ProjectOptionArgs, PageCursor>({
      infiniteQueryOptions: keysetPaging,
      query: ({ queryArg, pageParam }) => ({
        url: 'projects/',
        params: { ...queryArg, ordering: 'name', page_size: PICKER_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      transformResponse: (rows: Project[], meta) => keysetPage(projectsAdapter, rows, meta),
      providesTags: (result) => listTags('Project', pageIds(result)),
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
  useListProjectPagesInfiniteQuery,
  useListProjectOptionPagesInfiniteQuery,
  useGetProjectQuery,
  useCreateProjectMutation,
  useUpdateProjectMutation,
  useDeleteProjectMutation,
} = projectsApi;
