import { Link } from 'react-router-dom';
import { ButtonLink } from '@/client/ui/button';
import { EmptyState } from '@/client/ui/empty-state';
import { IconPlus } from '@/client/ui/icons';
import { useGetNextTasksQuery } from './dashboard.api';
import { dashboardErrorMessage } from './dashboard-errors';
import { PriorityBadge, TaskStatusBadge } from '@/client/kit/workflow-badges';
import { StyledDashboardList, StyledDashboardRow, StyledRowMain, StyledRowMeta, StyledRowSide } from './dashboard-list';
import { DueLabel } from './due-label';
import { DashboardSection } from './dashboard-section';
import { ListSkeleton } from './dashboard-skeleton';

/** 'Prochaines tâches': overdue first, then priority, then due date (SPEC 9), 5 at most, as the server sorts and cuts them. */
export function NextTasksSection() {
  const { data, isLoading, error } = useGetNextTasksQuery();
  const tasks = data ?? [];

  return (
    <DashboardSection
      title="Prochaines tâches"
      actions={
        <>
          <ButtonLink to="/tasks" size="sm" variant="ghost">
            Toutes les tâches
          </ButtonLink>
          <ButtonLink to="/tasks/new" size="sm">
            <IconPlus size={16} />
            Nouvelle tâche
          </ButtonLink>
        </>
      }
      isLoading={isLoading}
      errorMessage={error ? dashboardErrorMessage(error) : null}
      loadingLabel="Chargement des tâches..."
      skeleton={<ListSkeleton title="Préparer les maquettes de la page d'accueil" meta="Refonte du site vitrine de la boulangerie" badges={['En attente', 'Urgent']} due />}
    >
      {tasks.length === 0 ? (
        <EmptyState title="Aucune tâche à venir." />
      ) : (
        <StyledDashboardList>
          {tasks.map((task) => (
            <StyledDashboardRow key={task.id}>
              <StyledRowMain>
                <Link to={`/tasks/${task.id}`}>{task.title}</Link>
                <StyledRowMeta>{task.project ? task.project.name : 'Sans projet'}</StyledRowMeta>
              </StyledRowMain>
              <StyledRowSide>
                <TaskStatusBadge status={task.status} label={task.status_display} />
                <PriorityBadge priority={task.priority} />
                <DueLabel date={task.due_date} />
              </StyledRowSide>
            </StyledDashboardRow>
          ))}
        </StyledDashboardList>
      )}
    </DashboardSection>
  );
}
