import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { IconPlus } from '../../ui/icons';
import { useGetOngoingProjectsQuery } from './dashboard.api';
import { dashboardErrorMessage } from './dashboard-errors';
import { PriorityBadge } from '../workflow/workflow-badges';
import { StyledDashboardList, StyledDashboardRow, StyledRowMain, StyledRowMeta, StyledRowSide } from './dashboard-list';
import { DueLabel } from './due-label';
import { DashboardSection } from './dashboard-section';
import { selectDashboardProjects } from './dashboard-sorts';

/** 'Projets en cours': the 5 most pressing ongoing projects (SPEC 9 sort). */
export function OngoingProjectsSection() {
  const { data, isLoading, error } = useGetOngoingProjectsQuery(undefined, { refetchOnMountOrArgChange: 30 });
  const projects = useMemo(() => selectDashboardProjects(data ?? []), [data]);
  const total = data?.length ?? 0;

  return (
    <DashboardSection
      title="Projets en cours"
      description={total > projects.length ? `Les ${projects.length} plus prioritaires sur ${total} projets en cours.` : undefined}
      actions={
        <>
          <ButtonLink to="/projects" size="sm" variant="ghost">
            Tous les projets
          </ButtonLink>
          <ButtonLink to="/projects/new" size="sm">
            <IconPlus size={16} />
            Nouveau projet
          </ButtonLink>
        </>
      }
      isLoading={isLoading}
      errorMessage={error ? dashboardErrorMessage(error) : null}
      loadingLabel="Chargement des projets..."
    >
      {projects.length === 0 ? (
        <EmptyState title="Aucun projet en cours." />
      ) : (
        <StyledDashboardList>
          {projects.map((project) => (
            <StyledDashboardRow key={project.id}>
              <StyledRowMain>
                <Link to={`/projects/${project.id}`}>{project.name}</Link>
                <StyledRowMeta>
                  {project.contacts.length > 0 ? project.contacts.map((c) => c.name).join(', ') : 'Aucun client'}
                </StyledRowMeta>
              </StyledRowMain>
              <StyledRowSide>
                <PriorityBadge priority={project.priority} />
                <DueLabel date={project.due_date} />
              </StyledRowSide>
            </StyledDashboardRow>
          ))}
        </StyledDashboardList>
      )}
    </DashboardSection>
  );
}
