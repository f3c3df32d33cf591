/** The tasks feature's public surface: what other features may import. */
export {
  EMPTY_TASKS,
  taskSelectors,
  tasksApi,
  useCreateTaskMutation,
  useDeleteTaskMutation,
  useListProjectTasksQuery,
  useUpdateTaskMutation,
} from './tasks.api';
export { isTaskClosed } from './task-sorts';
