/** The tasks feature's public surface: what other features may import. */
export { tasksApi, useCreateTaskMutation, useDeleteTaskMutation, useGetTaskQuery } from './tasks.api';
export { useTaskSearch, type TaskSearch } from './use-task-options';
