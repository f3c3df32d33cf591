import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink } from '@/client/ui/button';
import { useGetProfileQuery } from '@/client/features/profile';
import { urssafDeclarant, type UrssafPeriodKey } from '@/shared/reports';
import { useGetUrssafSummaryQuery } from './dashboard.api';
import { dashboardErrorMessage } from './dashboard-errors';
import { DashboardSection } from './dashboard-section';
import { SkeletonText } from './dashboard-skeleton';
import { ReceiptTotalsTable, type ReceiptTotalsRow } from './receipt-totals-table';

const PERIOD_NAMES: Record<UrssafPeriodKey, string> = {
  current_month: 'Mois en cours',
  previous_month: 'Mois précédent',
  current_quarter: 'Trimestre en cours',
  previous_quarter: 'Trimestre précédent',
};

const CAPTION = 'Recettes à déclarer par période';

/** Placeholder rows of the final size while the figures load. */
const SKELETON_ROWS: ReceiptTotalsRow[] = (Object.keys(PERIOD_NAMES) as UrssafPeriodKey[]).map((key) => ({
  key,
  label: PERIOD_NAMES[key],
  detail: <SkeletonText>Septembre 2026</SkeletonText>,
  services: 0,
  goods: 0,
  total: 0,
  count: 0,
}));

const StyledHint = styled.p`
  margin: ${({ theme }) => theme.spacing.md} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

/**
 * 'Déclaration URSSAF': the declared turnover (HT) of the current and previous month and quarter,
 * split services / sales: what a micro-entrepreneur declares, monthly or quarterly. Shown to an
 * individual entrepreneur only: a company (SARL, SAS…) declares no cashed turnover, and its card
 * would offer a wrong figure to declare.
 */
export function UrssafSection() {
  const { data, isLoading, error } = useGetUrssafSummaryQuery();
  // The profile (usually cached) tells a company before the figures come: no card flashes by.
  const profile = useGetProfileQuery();
  const declarant = data?.declarant ?? (profile.data ? urssafDeclarant(profile.data.legal_form) : undefined);
  if (declarant === 'company') return null;
  // Neither answer yet: whether this card is for the user is not known, so it is not shown.
  if (declarant === undefined && !error && !profile.error) return null;
  const rows: ReceiptTotalsRow[] = (data?.periods ?? []).map((period) => ({
    ...period,
    label: PERIOD_NAMES[period.key],
    detail: period.label,
  }));
  return (
    <DashboardSection
      title="Déclaration URSSAF"
      description="Sommes encaissées hors TVA, remboursements déduits, par nature : les montants à déclarer chaque mois ou chaque trimestre. Une opération mixte compte en prestation de services."
      actions={
        <ButtonLink to="/reports" size="sm" variant="ghost">
          Livre des recettes
        </ButtonLink>
      }
      isLoading={isLoading}
      errorMessage={error ? dashboardErrorMessage(error) : null}
      loadingLabel="Chargement des recettes à déclarer..."
      skeleton={<ReceiptTotalsTable caption={CAPTION} rows={SKELETON_ROWS} placeholder />}
    >
      <ReceiptTotalsTable caption={CAPTION} rows={rows} />
      {data?.declarant === 'unknown' && (
        <StyledHint>
          Ces montants concernent les entrepreneurs individuels (EI, micro-entrepreneurs). Indiquez votre forme juridique dans{' '}
          <Link to="/profile">votre profil</Link> : pour une société, cette carte n’est plus affichée.
        </StyledHint>
      )}
    </DashboardSection>
  );
}
