import { Link } from 'react-router-dom';
import { ButtonLink } from '@/client/ui/button';
import { EmptyState } from '@/client/ui/empty-state';
import { IconPlus } from '@/client/ui/icons';
import { useGetOngoingProjectsQuery } from './dashboard.api';
import { dashboardErrorMessage } from './dashboard-errors';
import { PriorityBadge } from '@/client/kit/workflow-badges';
import { StyledDashboardList, StyledDashboardRow, StyledRowMain, StyledRowMeta, StyledRowSide } from './dashboard-list';
import { DueLabel } from './due-label';
import { DashboardSection } from './dashboard-section';
import { ListSkeleton, SkeletonText } from './dashboard-skeleton';

/** 'Les 5 plus prioritaires sur 12 projets en cours.', or '3 projets en cours.' when all are shown. */
function projectsSummary(shown: number, total: number): string {
  if (total > shown) return `Les ${shown} plus prioritaires sur ${total} projets en cours.`;
  return `${total} ${total > 1 ? 'projets' : 'projet'} en cours.`;
}

/**
 * 'Projets en cours': the 5 most pressing ongoing projects, sorted (SPEC 9) and counted by the
 * server. The summary line is always there once loaded (a bar while loading): no shift.
 */
export function OngoingProjectsSection() {
  const { data, isLoading, error } = useGetOngoingProjectsQuery();
  const projects = data?.items ?? [];
  const total = data?.total ?? 0;

  return (
    <DashboardSection
      title="Projets en cours"
      description={
        isLoading ? <SkeletonText>{projectsSummary(5, 100)}</SkeletonText> : projects.length > 0 && projectsSummary(projects.length, total)
      }
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
      skeleton={<ListSkeleton title="Refonte du site vitrine de la boulangerie" meta="Client principal, second contact" badges={['Urgent']} due />}
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
