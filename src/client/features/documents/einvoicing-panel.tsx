import styled from 'styled-components';
import { LIFECYCLE_PROBLEMS } from '@/shared/einvoicing-lifecycle';
import { formatDateTime } from '@/client/lib/format';
import { Alert, type AlertTone } from '@/client/ui/alert';
import { Badge } from '@/client/ui/badge';
import { Card } from '@/client/ui/card';
import { EInvoicingSyncButton, useGetEInvoicingSettingsQuery } from '../profile';
import type { EInvoicingRecord } from './document.types';
import { lifecycleTone } from './document-status';

const STATE_TONES: Record<EInvoicingRecord['state'], AlertTone> = {
  pending: 'info',
  submitted: 'success',
  not_in_directory: 'warning',
  not_applicable: 'info',
  error: 'error',
};

const StyledTimeline = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};

  li {
    display: grid;
    grid-template-columns: minmax(9rem, auto) 1fr;
    gap: ${({ theme }) => theme.spacing.sm};
    align-items: baseline;
  }
  time {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.typography.size.sm};
  }
  p {
    margin: 2px 0 0;
    font-size: ${({ theme }) => theme.typography.size.sm};
  }
`;

const StyledBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

/**
 * Issue 26: an issued invoice's or credit note's exchange with the user's approved platform — sent
 * or why not, the lifecycle statuses the platform reported (a timeline), what to do after a
 * dispute, a refusal or a rejection — and « Actualiser », which asks the platform now.
 */
export function EInvoicingPanel({ record }: { record: EInvoicingRecord | null }) {
  // Not considered yet (issued since the last sync): said only when the user has a platform on.
  const { data: settings } = useGetEInvoicingSettingsQuery(undefined, { skip: record !== null });
  if (!record && !settings?.enabled) return null;
  return (
    <Card
      title="Facturation électronique"
      titleLevel={3}
      padded
      actions={<EInvoicingSyncButton />}
    >
      <StyledBody>
        {record ? <EInvoicingRecordView record={record} /> : <p>{WAITING}</p>}
      </StyledBody>
    </Card>
  );
}

const WAITING =
  'Pas encore transmise à votre plateforme : elle le sera à la prochaine synchronisation (toutes les 5 minutes, ou « Actualiser ») si le client est une entreprise établie en France ; sinon, envoyez-la par e-mail.';

function EInvoicingRecordView({ record }: { record: EInvoicingRecord }) {
  return (
    <>
      <Alert tone={STATE_TONES[record.state]}>
        <strong>{record.state_label}</strong>
        {record.message ? ` — ${record.message}` : ''}
      </Alert>
      {record.problem && (
        <Alert tone="error" role="alert">
          <strong>{record.status_label} :</strong> {record.problem}
        </Alert>
      )}
      {record.history.length > 0 ? (
        <StyledTimeline aria-label="Cycle de vie de la facture électronique">
          {record.history.map((step) => (
            <li key={`${step.code}-${step.at}`}>
              <time dateTime={step.at}>{formatDateTime(step.at)}</time>
              <div>
                <Badge tone={lifecycleTone({ code: step.code, problem: step.code in LIFECYCLE_PROBLEMS })}>{step.label}</Badge>
                {step.reason && <p>Motif : {step.reason}</p>}
              </div>
            </li>
          ))}
        </StyledTimeline>
      ) : (
        record.state === 'submitted' && <p>La plateforme n’a encore transmis aucun statut.</p>
      )}
      {record.payment_reports?.some((r) => r.state === 'error') && (
        <Alert tone="warning">Un encaissement n’a pas pu être déclaré à la plateforme (statut 212) : {record.payment_reports.find((r) => r.state === 'error')?.message}</Alert>
      )}
    </>
  );
}
