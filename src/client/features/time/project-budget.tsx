import styled from 'styled-components';
import { formatMoney } from '@/client/lib/format';
import { Card } from '@/client/ui/card';
import { useGetProjectTimeBudgetQuery } from './time.api';

const StyledFigures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.typography.size.sm};
  }

  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.lg};
    font-variant-numeric: tabular-nums;
  }
`;

const hoursText = (hours: number) => `${hours.toLocaleString('fr-FR', { maximumFractionDigits: 2 })} h`;

/** The project page's « Budget » block (issue 28): budget vs time recorded (hours, value at rates) vs billed vs paid. */
export function ProjectBudget({ projectId }: { projectId: number }) {
  const { data } = useGetProjectTimeBudgetQuery(projectId);
  if (!data) return null;
  return (
    <Card title="Budget" aria-label="Budget">
      <StyledFigures>
        <div>
          <dt>Budget</dt>
          <dd>{formatMoney(data.budget)}</dd>
        </div>
        <div>
          <dt>Temps enregistré</dt>
          <dd>
            {hoursText(data.recorded_hours)} · {formatMoney(data.recorded_value)}
          </dd>
        </div>
        <div>
          <dt>Facturé (factures émises, HT)</dt>
          <dd>
            {formatMoney(data.billed)} · {hoursText(data.billed_hours)}
          </dd>
        </div>
        <div>
          <dt>Payé</dt>
          <dd>{formatMoney(data.paid)}</dd>
        </div>
      </StyledFigures>
    </Card>
  );
}
