import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { TASK_STATUS_LABELS, type TaskStatus } from '@/shared/projects-tasks';
import type { Task } from '@/shared/contracts/tasks';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { useConfirm } from '@/client/ui/confirm-dialog';
import { StyledHint, StyledSelect } from '@/client/ui/form-fields';
import { IconClose } from '@/client/ui/icons';
import { Spinner } from '@/client/ui/spinner';
import { useGetProjectQuery } from '../projects';
import { InvoiceTimeDialog } from './invoice-time-dialog';
import { TaskInvoiceBadge } from './task-invoice-badge';
import { isTaskClosed } from './task-sorts';
import { TIME_BILLING_TEXTS } from './time-billing';
import {
  EMPTY_TASKS,
  taskSelectors,
  useCreateTaskMutation,
  useDeleteTaskMutation,
  useListProjectTasksQuery,
  useUpdateTaskMutation,
} from './tasks.api';
import { DueDate } from '@/client/kit/due-date';
import { QuickTaskForm, type QuickTaskValues } from '@/client/kit/quick-task-form';
import { optionsWithCurrent, TASK_FORM_STATUSES } from '@/client/kit/workflow-options';

export const PROJECT_PANEL_TEXTS = {
  title: 'Tâches associées',
  empty: 'Aucune tâche pour ce projet.',
  confirmDelete: 'Supprimer cette tâche ?',
} as const;

/** SPEC 4 lists 'urgent' among these statuses, which is not a task status; the task form's statuses are offered instead. */
const statusOptions = (current: TaskStatus) => optionsWithCurrent(TASK_FORM_STATUSES, TASK_STATUS_LABELS, current);

const StyledPanelBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.lg};
`;

/** SPEC 2: the panel's list is at most 400 px high and scrolls. */
const StyledScroll = styled.div`
  max-height: 400px;
  overflow-y: auto;
  overscroll-behavior: contain;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const StyledList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledItem = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.sm}`};
  align-items: center;
  padding: ${({ theme }) => `${theme.spacing.sm} 0`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  a {
    font-weight: ${({ theme }) => theme.typography.weight.medium};
    overflow-wrap: anywhere;
  }
  select {
    min-height: 32px;
    padding: 4px 8px;
    font-size: ${({ theme }) => theme.typography.size.sm};
  }
`;

const StyledMeta = styled.span`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  font-size: ${({ theme }) => theme.typography.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  select {
    width: auto;
    flex: 1 1 140px;
  }
`;

// SPEC 8: task errors in the project side panel are only logged.
const logPanelError = (action: string) => (error: unknown) => console.error(`Tâches du projet : ${action}`, error);

export interface ProjectTasksPanelProps {
  projectId: number;
}

/**
 * 'Tâches associées' beside an existing project: quick creation (title, due date, status),
 * a status select per task and deletion after 'Supprimer cette tâche ?'. The router hands it
 * to the project page (the projects feature does not import tasks: tasks imports projects).
 */
export function ProjectTasksPanel({ projectId }: ProjectTasksPanelProps) {
  const confirm = useConfirm();
  const { data = EMPTY_TASKS, isLoading, error } = useListProjectTasksQuery(projectId);
  const [createTask] = useCreateTaskMutation();
  const [updateTask] = useUpdateTaskMutation();
  const [deleteTask] = useDeleteTaskMutation();
  const tasks = useMemo(() => taskSelectors.selectAll(data), [data]);
  const [billing, setBilling] = useState(false);
  // The project's clients (the invoice's client): the project page's own record (one cache entry).
  const { data: project } = useGetProjectQuery(projectId);
  const clients = project?.contacts ?? [];

  useEffect(() => {
    if (error) logPanelError('chargement')(error);
  }, [error]);

  const onCreate = (values: QuickTaskValues) =>
    createTask({ ...values, project_id: projectId })
      .unwrap()
      .catch((err: unknown) => {
        logPanelError('création')(err);
        throw err;
      });

  const onStatusChange = (task: Task, status: TaskStatus) => {
    updateTask({ id: task.id, status }).unwrap().catch(logPanelError('changement de statut'));
  };

  const onDelete = async (task: Task) => {
    const ok = await confirm({
      title: 'Supprimer la tâche',
      message: PROJECT_PANEL_TEXTS.confirmDelete,
      confirmLabel: 'Supprimer',
    });
    if (ok) await deleteTask(task.id).unwrap().catch(logPanelError('suppression'));
  };

  return (
    <Card
      as="section"
      title={PROJECT_PANEL_TEXTS.title}
      aria-label={PROJECT_PANEL_TEXTS.title}
      actions={
        <Button size="sm" onClick={() => setBilling(true)}>
          {TIME_BILLING_TEXTS.button}
        </Button>
      }
    >
      {billing && <InvoiceTimeDialog projectId={projectId} clients={clients} onClose={() => setBilling(false)} />}
      <StyledPanelBody>
        <QuickTaskForm onCreate={onCreate} />
        <StyledScroll>
          {isLoading ? (
            <Spinner label="Chargement des tâches..." />
          ) : tasks.length === 0 ? (
            <StyledHint style={{ paddingTop: 12 }}>{PROJECT_PANEL_TEXTS.empty}</StyledHint>
          ) : (
            <StyledList>
              {tasks.map((task) => (
                <StyledItem key={task.id}>
                  <Link to={`/tasks/${task.id}`}>{task.title}</Link>
                  <Button
                    size="sm"
                    variant="ghost"
                    iconOnly
                    aria-label={`Supprimer la tâche ${task.title}`}
                    title="Supprimer"
                    onClick={() => onDelete(task)}
                  >
                    <IconClose size={16} />
                  </Button>
                  <StyledMeta>
                    <StyledSelect
                      aria-label={`Statut de la tâche ${task.title}`}
                      value={task.status}
                      onChange={(event) => onStatusChange(task, event.target.value as TaskStatus)}
                    >
                      {statusOptions(task.status).map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </StyledSelect>
                    {task.due_date && (
                      <span>
                        Échéance : <DueDate date={task.due_date} closed={isTaskClosed(task)} />
                      </span>
                    )}
                    <TaskInvoiceBadge invoice={task.invoice} />
                  </StyledMeta>
                </StyledItem>
              ))}
            </StyledList>
          )}
        </StyledScroll>
      </StyledPanelBody>
    </Card>
  );
}
