/** The tasks feature's public surface: what other features may import. */
export { tasksApi, useCreateTaskMutation, useDeleteTaskMutation } from './tasks.api';
export { useTaskOptions, type TaskOptions } from './use-task-options';
