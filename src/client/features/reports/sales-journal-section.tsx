import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { TextField } from '@/client/ui/form-fields';
import { useReportDownload } from './report-download';

export const JOURNAL_MESSAGES = {
  required: 'Indiquez une date.',
  order: 'La date de fin doit être postérieure ou égale à la date de début.',
} as const;

const StyledForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.md};

  > div {
    flex: 1 1 180px;
    max-width: 240px;
  }
  button {
    margin-top: 26px;
    max-width: 100%;
    white-space: normal;
  }
`;

const StyledNote = styled.p`
  margin: -${({ theme }) => theme.spacing.sm} 0 ${({ theme }) => theme.spacing.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

type Errors = { from?: string; to?: string };

/**
 * 'Export comptable': the sales journal of a period (the year chosen above by default) as a CSV
 * for the accountant — invoices and credit notes in number order, HT and VAT per rate, payments
 * and balance.
 */
export function SalesJournalSection({ year }: { year: number }) {
  const [period, setPeriod] = useState({ year, from: `${year}-01-01`, to: `${year}-12-31` });
  const [errors, setErrors] = useState<Errors>({});
  const { download, pending } = useReportDownload();
  // Another year chosen above: the export follows it (the dates stay editable).
  if (period.year !== year) {
    setPeriod({ year, from: `${year}-01-01`, to: `${year}-12-31` });
    setErrors({});
  }
  const { from, to } = period;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!from) found.from = JOURNAL_MESSAGES.required;
    if (!to) found.to = JOURNAL_MESSAGES.required;
    if (from && to && from > to) found.to = JOURNAL_MESSAGES.order;
    setErrors(found);
    if (found.from || found.to) return;
    await download({ url: 'reports/sales-journal/', params: { from, to, format: 'csv' } }, `journal-des-ventes-${from}_${to}.csv`, (fields) => {
      const server: Errors = { from: fields.from?.[0], to: fields.to?.[0] };
      setErrors(server);
      return Boolean(server.from || server.to);
    });
  };

  return (
    <Card title="Export comptable" aria-label="Export comptable">
      <StyledNote>
        Le journal des ventes de la période pour votre comptable (CSV pour Excel) : factures et avoirs dans l’ordre des numéros,
        client et SIREN, HT et TVA par taux, TTC, encaissements et solde.
      </StyledNote>
      <StyledForm aria-label="Journal des ventes" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="Du"
          type="date"
          value={from}
          error={errors.from}
          required
          onChange={(event) => setPeriod({ ...period, from: event.target.value })}
        />
        <TextField
          label="Au"
          type="date"
          value={to}
          error={errors.to}
          required
          onChange={(event) => setPeriod({ ...period, to: event.target.value })}
        />
        <Button type="submit" disabled={pending !== null}>
          {pending ? 'Préparation du journal...' : 'Télécharger le journal des ventes (CSV)'}
        </Button>
      </StyledForm>
    </Card>
  );
}
