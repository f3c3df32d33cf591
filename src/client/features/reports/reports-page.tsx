import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { parisToday } from '@/shared/dates';
import { REPORT_MIN_YEAR } from '@/shared/reports';
import { Page } from '@/client/ui/page';
import { Select } from '@/client/ui/form-fields';
import { LedgerIntegritySection } from './ledger-integrity-section';
import { ReceiptsBookSection } from './receipts-book-section';
import { SalesJournalSection } from './sales-journal-section';

/** The years offered: this one and the nine before. */
const YEARS_SHOWN = 10;

const StyledPeriod = styled.div`
  max-width: 200px;
`;

/** `?year=` when it is one of the offered years, else the current year. */
function chosenYear(value: string | null, current: number) {
  const year = Number(value);
  return Number.isInteger(year) && year <= current && year > current - YEARS_SHOWN && year >= REPORT_MIN_YEAR ? year : current;
}

/**
 * /reports ('Rapports'): the receipts book of a year (livre des recettes: table, totals per month
 * and quarter, CSV and PDF) and the sales journal for the accountant, for the year picked here;
 * then the integrity of the journal of issued invoices (checks and checkpoints, every year).
 */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const current = Number(parisToday().slice(0, 4));
  const year = chosenYear(params.get('year'), current);
  const years = Array.from({ length: YEARS_SHOWN }, (_, i) => current - i).filter((y) => y >= REPORT_MIN_YEAR);

  return (
    <Page title="Rapports" description="Livre des recettes et export pour votre comptable.">
      <StyledPeriod>
        <Select
          label="Année"
          value={String(year)}
          options={years.map((y) => ({ value: String(y), label: String(y) }))}
          onChange={(event) => setParams(event.target.value === String(current) ? {} : { year: event.target.value }, { replace: true })}
        />
      </StyledPeriod>
      <ReceiptsBookSection year={year} />
      <SalesJournalSection year={year} />
      <LedgerIntegritySection />
    </Page>
  );
}
