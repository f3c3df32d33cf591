import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { formatDate, formatMoney } from '@/client/lib/format';
import { ButtonLink } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { EmptyState } from '@/client/ui/empty-state';
import { useGetFinancialOverviewQuery, useGetMonthlyRevenueQuery, type FinancialOverview } from './dashboard.api';
import { dashboardErrorMessage } from './dashboard-errors';
import { SectionState, StyledSectionActions } from './dashboard-section';
import { SkeletonText } from './dashboard-skeleton';
import { RevenueChart, CHART_HEIGHT } from './revenue-chart';
import { useGetProfileQuery } from '@/client/features/profile';
import { amountLabels } from '@/shared/amount-labels';

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

/**
 * The invoices this month's payments went to, a partly paid one not called paid (issue 28):
 * '2 factures payées, 1 payée en partie', '1 facture payée en partie', '3 factures payées'.
 */
function paidThisMonthCaption(paid: number, partly: number): string {
  if (paid + partly === 0) return 'Aucune facture payée ce mois-ci';
  const inFull = paid > 0 ? countCaption(paid, '', 'facture payée', 'factures payées') : '';
  const inPart = partly > 0 ? `${partly} ${paid > 0 ? 'payée' : partly > 1 ? 'factures payées' : 'facture payée'}${paid > 0 && partly > 1 ? 's' : ''} en partie` : '';
  return [inFull, inPart].filter(Boolean).join(', ');
}

/** The cards' titles (also shown while their figures load). */
const CARD_LABELS = {
  pendingQuotes: 'Devis en attente',
  overdueInvoices: 'Factures en retard',
  outstandingInvoices: 'Factures à encaisser',
  paidThisMonth: 'Encaissé ce mois-ci',
  nextPayment: 'Prochain paiement attendu',
} as const;

// At most two lines for the invoice and client names, so the card keeps a predictable height.
const StyledClamp = styled.span`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
  overflow: hidden;
`;

/** 'Title · Client' (two lines at most), then the due date. */
function NextPaymentCaption({ what, due }: { what: ReactNode; due: ReactNode }) {
  return (
    <>
      {/* The whole text on hover when it is cut. */}
      <StyledClamp title={typeof what === 'string' ? what : undefined}>{what}</StyledClamp>
      {due}
    </>
  );
}

interface StatCardProps {
  to?: string;
  label: string;
  value: ReactNode;
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
        label={CARD_LABELS.pendingQuotes}
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
        label={CARD_LABELS.overdueInvoices}
        value={formatMoney(overview.overdue_invoices_sum)}
        caption={countCaption(overview.overdue_invoices_count, 'Aucune facture en retard', 'facture en retard', 'factures en retard')}
        tone={overview.overdue_invoices_count > 0 ? 'danger' : undefined}
      />
      <StatCard
        to={FINANCIAL_LINKS.outstandingInvoices}
        label={CARD_LABELS.outstandingInvoices}
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
        label={CARD_LABELS.paidThisMonth}
        value={formatMoney(overview.current_month_revenue)}
        caption={paidThisMonthCaption(overview.current_month_paid_invoices_count, overview.current_month_partly_paid_invoices_count)}
      />
      {next && next.id !== null ? (
        <StatCard
          // SPEC 2: the card leads to the client of the expected payment.
          to={next.client_id !== null ? `/contacts/${next.client_id}` : undefined}
          label={CARD_LABELS.nextPayment}
          value={formatMoney(next.amount)}
          caption={
            <NextPaymentCaption
              what={[next.title, next.client_name].filter(Boolean).join(' · ')}
              due={<>Échéance : {formatDate(next.due_date)}</>}
            />
          }
        />
      ) : (
        <StatCard label={CARD_LABELS.nextPayment} value="—" caption="Aucun paiement attendu." />
      )}
    </StyledCards>
  );
}

/** The cards while the figures load: the real labels, sample figures and captions as bars. */
function FinancialCardsSkeleton() {
  const sample = (caption: ReactNode) => ({ value: <SkeletonText>000 000,00 €</SkeletonText>, caption });
  const cards = [
    { label: CARD_LABELS.pendingQuotes, ...sample(<SkeletonText>00 devis envoyés, sans réponse</SkeletonText>) },
    { label: CARD_LABELS.overdueInvoices, ...sample(<SkeletonText>00 factures en retard</SkeletonText>) },
    { label: CARD_LABELS.outstandingInvoices, ...sample(<SkeletonText>00 factures non payées</SkeletonText>) },
    { label: CARD_LABELS.paidThisMonth, ...sample(<SkeletonText>00 factures payées</SkeletonText>) },
    {
      label: CARD_LABELS.nextPayment,
      ...sample(
        <NextPaymentCaption
          what={<SkeletonText>Intitulé de la facture attendue · Nom du client de cette facture</SkeletonText>}
          due={<SkeletonText>Échéance : 12 déc. 2026</SkeletonText>}
        />,
      ),
    },
  ];
  return (
    <StyledCards>
      {cards.map((card) => (
        <StatCard key={card.label} {...card} />
      ))}
    </StyledCards>
  );
}

/** The chart's box while it loads. */
const StyledChartSkeleton = styled.div`
  height: ${CHART_HEIGHT}px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

/** Beyond the SPEC: paid invoices HT per month over the last 12 months, summed by the server. */
function RevenueBlock() {
  const { data, isLoading, error } = useGetMonthlyRevenueQuery();
  // In the VAT franchise (art. 293 B du CGI) nothing is "HT": what was received is the turnover.
  const { htSuffix } = amountLabels(useGetProfileQuery().data?.vat_regime);
  const months = data ?? [];
  const total = months.reduce((sum, m) => sum + Math.round(m.subtotal * 100), 0) / 100;
  const headingId = useId();

  return (
    <StyledRevenue role="group" aria-labelledby={headingId} aria-busy={isLoading || undefined}>
      <StyledRevenueHeader>
        <h3 id={headingId}>Chiffre d'affaires encaissé sur 12 mois{htSuffix && ' (HT)'}</h3>
        {/* Kept while loading: on a narrow screen it wraps under the title. */}
        {(data || isLoading) && (
          <p>
            Total : {data ? <strong>{formatMoney(total)}{htSuffix}</strong> : <SkeletonText>00 000 000,00 €{htSuffix}</SkeletonText>}
          </p>
        )}
      </StyledRevenueHeader>
      <SectionState
        isLoading={isLoading}
        errorMessage={error ? dashboardErrorMessage(error) : null}
        loadingLabel="Chargement du chiffre d'affaires..."
        skeleton={<StyledChartSkeleton />}
      >
        {total === 0 ? (
          <EmptyState title="Aucune facture payée sur les 12 derniers mois." />
        ) : (
          <RevenueChart
            months={months.map((m) => ({ month: m.month, value: m.subtotal, count: m.count }))}
            title={`Chiffre d'affaires encaissé par mois${htSuffix && ' (HT)'}`}
            unit={htSuffix}
          />
        )}
      </SectionState>
    </StyledRevenue>
  );
}

/** 'Vue financière': the SPEC's aggregates as cards (TTC), then the revenue chart. */
export function FinancialOverviewSection() {
  const overview = useGetFinancialOverviewQuery();
  const profile = useGetProfileQuery();
  const { franchise } = amountLabels(profile.data?.vat_regime);
  // The note depends on the VAT regime: it comes with the figures, once the profile is known too,
  // rather than under placeholders it would then push or pull (a layout shift). The placeholders
  // have no note, the franchise's layout (the regime of a new account).
  const isLoading = overview.isLoading || profile.isLoading;
  const { data, error } = overview;
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
      <SectionState
        isLoading={isLoading}
        errorMessage={error ? dashboardErrorMessage(error) : null}
        loadingLabel="Chargement des indicateurs..."
        skeleton={<FinancialCardsSkeleton />}
      >
        {!franchise && <StyledNote>Montants TTC.</StyledNote>}
        {data && <FinancialCards overview={data} />}
      </SectionState>
      <RevenueBlock />
    </Card>
  );
}
