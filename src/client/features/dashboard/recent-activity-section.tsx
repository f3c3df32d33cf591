import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { activityActionLabel } from '@/shared/activity';
import { formatDateTime } from '@/client/lib/format';
import { Badge } from '@/client/ui/badge';
import { ButtonLink } from '@/client/ui/button';
import { EmptyState } from '@/client/ui/empty-state';
import {
  ActivityChanges,
  DASHBOARD_ACTIVITY_LIMIT,
  objectTypeLabel,
  objectTypeTone,
  useGetRecentActivityQuery,
} from '../activities';
import { StyledDashboardList, StyledDashboardRow, StyledRowMain, StyledRowMeta } from './dashboard-list';
import { DashboardSection } from './dashboard-section';
import { ListSkeleton } from './dashboard-skeleton';

const StyledActivityMain = styled(StyledRowMain)`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 2px;
`;

const StyledTitleLine = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
`;

/** 'Activité récente': the last 5 history entries (SPEC 9), linking to the full history. */
export function RecentActivitySection() {
  const { data, isLoading, isError } = useGetRecentActivityQuery(DASHBOARD_ACTIVITY_LIMIT);
  const entries = data ?? [];

  return (
    <DashboardSection
      title="Activité récente"
      actions={
        <ButtonLink to="/activities" size="sm" variant="ghost">
          Tout l'historique
        </ButtonLink>
      }
      isLoading={isLoading}
      errorMessage={isError ? "Échec du chargement de l'activité récente." : null}
      loadingLabel="Chargement de l'activité..."
      skeleton={<ListSkeleton title="Facture Maintenance du parc informatique créée" meta="22 nov. 2026, 19:54" />}
    >
      {entries.length === 0 ? (
        <EmptyState title="Aucune activité récente." />
      ) : (
        <StyledDashboardList>
          {entries.map((entry) => (
            <StyledDashboardRow key={entry.id}>
              <StyledActivityMain>
                <StyledTitleLine>
                  <Badge tone={objectTypeTone(entry.object_type)}>{objectTypeLabel(entry.object_type)}</Badge>
                  <span>
                    {entry.link ? <Link to={entry.link}>{entry.object_label}</Link> : <strong>{entry.object_label}</strong>}{' '}
                    {activityActionLabel(entry.object_type, entry.action)}
                  </span>
                </StyledTitleLine>
                <StyledRowMeta>
                  <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp)}</time>
                </StyledRowMeta>
                <ActivityChanges changes={entry.changes} />
              </StyledActivityMain>
            </StyledDashboardRow>
          ))}
        </StyledDashboardList>
      )}
    </DashboardSection>
  );
}
