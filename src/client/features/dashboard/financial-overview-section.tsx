import { useId, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { formatDate, formatMoney } from '../../lib/format';
import { ButtonLink } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { useGetFinancialOverviewQuery, useGetPaidInvoicesSinceQuery, type FinancialOverview } from './dashboard.api';
import { dashboardErrorMessage } from './dashboard-errors';
import { SectionState, StyledSectionActions, type DashboardTodayProps } from './dashboard-section';
import { monthlyRevenue, revenueWindowStart } from './monthly-revenue';
import { RevenueChart } from './revenue-chart';

/** SPEC 2: where each financial card leads. */
export const FINANCIAL_LINKS = {
  pendingQuotes: '/quotes?status=pending',
  overdueInvoices: '/invoices?status=overdue',
  outstandingInvoices: '/invoices?status=outstanding',
  paidThisMonth: '/invoices?paid_this_month=true',
} as const;

const StyledCards = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
  margin: 0;
  padding: 0;
  list-style: none;
`;

const statCardStyles = css`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  height: 100%;
  padding: ${({ theme }) => theme.spacing.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  overflow-wrap: anywhere;
`;

const StyledStatLink = styled(Link)`
  ${statCardStyles}
  transition: border-color ${({ theme }) => theme.transition}, background-color ${({ theme }) => theme.transition};

  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const StyledStatBox = styled.div`
  ${statCardStyles}
`;

const StyledStatLabel = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
  font-weight: ${({ theme }) => theme.typography.weight.medium};
`;

const StyledStatValue = styled.span<{ $tone?: 'danger' }>`
  font-size: ${({ theme }) => theme.typography.size.xl};
  font-weight: ${({ theme }) => theme.typography.weight.bold};
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.dangerText : theme.colors.text)};
`;

const StyledStatCaption = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

const StyledNote = styled.p`
  margin: -${({ theme }) => theme.spacing.sm} 0 ${({ theme }) => theme.spacing.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

const StyledRevenue = styled.div`
  margin-top: ${({ theme }) => theme.spacing.xl};
  padding-top: ${({ theme }) => theme.spacing.xl};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const StyledRevenueHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.lg}`};
  margin-bottom: ${({ theme }) => theme.spacing.md};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.md};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.typography.size.sm};
  }
  strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** '1 facture payée', '3 factures payées', or the `none` sentence for 0. */
const countCaption = (count: number, none: string, one: string, many: string) =>
  count === 0 ? none : `${count} ${count > 1 ? many : one}`;

interface StatCardProps {
  to?: string;
  label: string;
  value: string;
  caption: ReactNode;
  tone?: 'danger';
}

/** A figure card; the whole card is the link when it leads somewhere. */
function StatCard({ to, label, value, caption, tone }: StatCardProps) {
  const content = (
    <>
      <StyledStatLabel>{label}</StyledStatLabel>
      <StyledStatValue $tone={tone}>{value}</StyledStatValue>
      <StyledStatCaption>{caption}</StyledStatCaption>
    </>
  );
  return <li>{to ? <StyledStatLink to={to}>{content}</StyledStatLink> : <StyledStatBox>{content}</StyledStatBox>}</li>;
}

function FinancialCards({ overview }: { overview: FinancialOverview }) {
  const next = overview.next_expected_payment;
  return (
    <StyledCards>
      <StatCard
        to={FINANCIAL_LINKS.pendingQuotes}
        label="Devis en attente"
        value={formatMoney(overview.pending_quotes_sum)}
        caption={countCaption(
          overview.pending_quotes_count,
          'Aucun devis en attente de réponse',
          'devis envoyé, sans réponse',
          'devis envoyés, sans réponse',
        )}
      />
      <StatCard
        to={FINANCIAL_LINKS.overdueInvoices}
        label="Factures en retard"
        value={formatMoney(overview.overdue_invoices_sum)}
        caption={countCaption(overview.overdue_invoices_count, 'Aucune facture en retard', 'facture en retard', 'factures en retard')}
        tone={overview.overdue_invoices_count > 0 ? 'danger' : undefined}
      />
      <StatCard
        to={FINANCIAL_LINKS.outstandingInvoices}
        label="Factures à encaisser"
        value={formatMoney(overview.outstanding_invoices_sum)}
        caption={countCaption(
          overview.outstanding_invoices_count,
          'Aucune facture à encaisser',
          'facture non payée',
          'factures non payées',
        )}
      />
      <StatCard
        to={FINANCIAL_LINKS.paidThisMonth}
        label="Encaissé ce mois-ci"
        value={formatMoney(overview.current_month_revenue)}
        caption={countCaption(
          overview.current_month_revenue_count,
          'Aucune facture payée ce mois-ci',
          'facture payée',
          'factures payées',
        )}
      />
      {next && next.id !== null ? (
        <StatCard
          // SPEC 2: the card leads to the client of the expected payment.
          to={next.client_id !== null ? `/contacts/${next.client_id}` : undefined}
          label="Prochain paiement attendu"
          value={formatMoney(next.amount)}
          caption={
            <>
              {[next.title, next.client_name].filter(Boolean).join(' · ')}
              <br />
              Échéance : {formatDate(next.due_date)}
            </>
          }
        />
      ) : (
        <StatCard label="Prochain paiement attendu" value="—" caption="Aucun paiement attendu." />
      )}
    </StyledCards>
  );
}

/** Beyond the SPEC: paid invoices HT per month over the last 12 months. */
function RevenueBlock({ today }: DashboardTodayProps) {
  const since = revenueWindowStart(today);
  const { data, isLoading, error } = useGetPaidInvoicesSinceQuery(since, { refetchOnMountOrArgChange: 30 });
  const months = useMemo(() => monthlyRevenue(data ?? [], today), [data, today]);
  const total = months.reduce((sum, m) => sum + Math.round(m.total * 100), 0) / 100;
  const headingId = useId();

  return (
    <StyledRevenue role="group" aria-labelledby={headingId} aria-busy={isLoading || undefined}>
      <StyledRevenueHeader>
        <h3 id={headingId}>Chiffre d'affaires encaissé sur 12 mois (HT)</h3>
        {data && (
          <p>
            Total : <strong>{formatMoney(total)} HT</strong>
          </p>
        )}
      </StyledRevenueHeader>
      <SectionState isLoading={isLoading} errorMessage={error ? dashboardErrorMessage(error) : null} loadingLabel="Chargement du chiffre d'affaires...">
        {total === 0 ? (
          <EmptyState title="Aucune facture payée sur les 12 derniers mois." />
        ) : (
          <RevenueChart months={months} />
        )}
      </SectionState>
    </StyledRevenue>
  );
}

/** 'Vue financière': the SPEC's aggregates as cards (TTC), then the revenue chart. */
export function FinancialOverviewSection({ today }: DashboardTodayProps) {
  const { data, isLoading, error } = useGetFinancialOverviewQuery(undefined, { refetchOnMountOrArgChange: 30 });
  const title = 'Vue financière';
  return (
    <Card
      title={title}
      aria-label={title}
      aria-busy={isLoading || undefined}
      actions={
        <StyledSectionActions>
          <ButtonLink to="/quotes" size="sm" variant="ghost">
            Tous les devis
          </ButtonLink>
          <ButtonLink to="/invoices" size="sm" variant="ghost">
            Toutes les factures
          </ButtonLink>
        </StyledSectionActions>
      }
    >
      <StyledNote>Montants TTC.</StyledNote>
      <SectionState isLoading={isLoading} errorMessage={error ? dashboardErrorMessage(error) : null} loadingLabel="Chargement des indicateurs...">
        {data && <FinancialCards overview={data} />}
      </SectionState>
      <RevenueBlock today={today} />
    </Card>
  );
}
