import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { asApiError, errorDetail } from '@/client/app/api';
import type { RecurrenceStatus } from '@/shared/recurring';
import type { RecurringInvoice } from '@/shared/contracts/recurring';
import { formatDate, formatMoney } from '@/client/lib/format';
import { Badge } from '@/client/ui/badge';
import { Button, ButtonLink } from '@/client/ui/button';
import { useConfirm } from '@/client/ui/confirm-dialog';
import { EmptyState } from '@/client/ui/empty-state';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { DataTable, type DataTableColumn } from '@/client/ui/table';
import type { BadgeTone } from '@/client/ui/theme';
import { useToast } from '@/client/ui/toast';
import { useListRecurringInvoicesQuery, useRecurringActionMutation, type RecurringAction } from './recurring.api';

const StyledTitleCell = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 10rem;

  a {
    color: ${({ theme }) => theme.colors.link};
    font-weight: ${({ theme }) => theme.typography.weight.medium};
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.typography.size.xs};
  }
`;

const StyledAmount = styled.span`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs};
`;

const StyledWarning = styled.p`
  margin: ${({ theme }) => theme.spacing.xs} 0 0;
  max-width: 22rem;
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.typography.size.xs};
`;

const StyledNote = styled.span`
  display: block;
  margin-top: ${({ theme }) => theme.spacing.xs};
  font-size: ${({ theme }) => theme.typography.size.xs};

  a {
    color: ${({ theme }) => theme.colors.link};
  }
`;

const StyledCount = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

const STATUS_TONES: Record<RecurrenceStatus, BadgeTone> = { active: 'green', paused: 'grey', stopped: 'grey' };

export const RECURRING_LIST_MESSAGES = {
  title: 'Factures récurrentes',
  empty: 'Aucune facture récurrente à afficher.',
  emptyHint: 'Ouvrez une facture et choisissez « Rendre récurrente ».',
  loading: 'Chargement des factures récurrentes...',
  loadError: 'Impossible de charger les factures récurrentes.',
  stopTitle: 'Arrêter la récurrence',
  stopMessage: (r: RecurringInvoice) =>
    `Plus aucune facture « ${r.title} » ne sera créée pour ${r.client.name}. Les factures déjà créées restent. Une récurrence arrêtée ne peut pas reprendre.`,
  done: { pause: 'Récurrence mise en pause.', resume: 'Récurrence reprise.', stop: 'Récurrence arrêtée.' } as Record<RecurringAction, string>,
  failed: 'L’action n’a pas pu être effectuée. Veuillez réessayer.',
} as const;

/** « Factures récurrentes » (/invoices/recurring): each series with its next date, changed (« Modifier »), paused, resumed or stopped here. */
export function RecurringInvoiceListPage() {
  const { data, isLoading, error, refetch, isFetching } = useListRecurringInvoicesQuery();
  const [runAction] = useRecurringActionMutation();
  const [busyId, setBusyId] = useState<number | null>(null);
  const confirm = useConfirm();
  const toast = useToast();

  const columns = useMemo<DataTableColumn<RecurringInvoice>[]>(() => {
    const act = async (row: RecurringInvoice, action: RecurringAction) => {
      if (action === 'stop') {
        const ok = await confirm({
          title: RECURRING_LIST_MESSAGES.stopTitle,
          message: RECURRING_LIST_MESSAGES.stopMessage(row),
          confirmLabel: 'Arrêter',
        });
        if (!ok) return;
      }
      setBusyId(row.id);
      try {
        await runAction({ id: row.id, action }).unwrap();
        toast.success(RECURRING_LIST_MESSAGES.done[action]);
      } catch (err) {
        toast.error(errorDetail(asApiError(err)) ?? RECURRING_LIST_MESSAGES.failed);
      } finally {
        setBusyId(null);
      }
    };
    return [
      {
        key: 'client',
        header: 'Client',
        sortValue: (row) => row.client.name.toLowerCase(),
        render: (row) => (
          <StyledTitleCell>
            <Link to={`/contacts/${row.client.id}`}>{row.client.name}</Link>
            <span>{row.title}</span>
          </StyledTitleCell>
        ),
      },
      {
        key: 'total_amount',
        header: 'Montant',
        render: (row) => <StyledAmount>{formatMoney(row.total_amount)}</StyledAmount>,
      },
      { key: 'frequency', header: 'Fréquence', sortValue: (row) => row.frequency_display, render: (row) => row.frequency_display },
      {
        key: 'next_occurrence_date',
        header: 'Prochaine facture',
        sortValue: (row) => row.next_occurrence_date ?? '9999',
        render: (row) => formatDate(row.next_occurrence_date),
      },
      { key: 'mode', header: 'Mode', sortValue: (row) => row.mode_display, render: (row) => row.mode_display, hideBelow: 'md' },
      {
        key: 'status',
        header: 'Statut',
        sortValue: (row) => row.status_display,
        render: (row) => (
          <>
            <Badge tone={STATUS_TONES[row.status] ?? 'grey'}>{row.status_display}</Badge>
            {row.last_error && <StyledWarning>{row.last_error}</StyledWarning>}
            {row.last_invoice && (
              <StyledNote>
                Dernière : <Link to={`/invoices/${row.last_invoice.id}`}>{row.last_invoice.invoice_number ?? `brouillon #${row.last_invoice.id}`}</Link>
              </StyledNote>
            )}
          </>
        ),
      },
      {
        key: 'actions',
        header: 'Actions',
        sortable: false,
        render: (row) => {
          const busy = busyId === row.id;
          const label = `${row.client.name}, ${row.title}`;
          return (
            <StyledActions>
              {/* Issue 28: its lines, client and schedule, from the next invoice on. */}
              {row.status !== 'stopped' && (
                <ButtonLink size="sm" to={`/invoices/recurring/${row.id}`} aria-label={`Modifier : ${label}`}>
                  Modifier
                </ButtonLink>
              )}
              {row.status === 'active' && (
                <Button size="sm" onClick={() => act(row, 'pause')} disabled={busy} aria-label={`Mettre en pause : ${label}`}>
                  Pause
                </Button>
              )}
              {row.status === 'paused' && (
                <Button size="sm" onClick={() => act(row, 'resume')} disabled={busy} aria-label={`Reprendre : ${label}`}>
                  Reprendre
                </Button>
              )}
              {row.status !== 'stopped' && (
                <Button size="sm" variant="danger" onClick={() => act(row, 'stop')} disabled={busy} aria-label={`Arrêter : ${label}`}>
                  Arrêter
                </Button>
              )}
            </StyledActions>
          );
        },
      },
    ];
  }, [busyId, confirm, runAction, toast]);

  const rows = data ?? [];
  return (
    <Page title={RECURRING_LIST_MESSAGES.title} description={<Link to="/invoices">← Liste des factures</Link>}>
      {isLoading ? (
        <Spinner label={RECURRING_LIST_MESSAGES.loading} />
      ) : !data && error ? (
        <EmptyState title={RECURRING_LIST_MESSAGES.loadError} action={<Button onClick={() => refetch()}>Réessayer</Button>} />
      ) : rows.length === 0 ? (
        <EmptyState title={RECURRING_LIST_MESSAGES.empty} description={RECURRING_LIST_MESSAGES.emptyHint} />
      ) : (
        <>
          <StyledCount aria-live="polite">
            {isFetching ? 'Mise à jour de la liste...' : `${rows.length} facture${rows.length > 1 ? 's' : ''} récurrente${rows.length > 1 ? 's' : ''}`}
          </StyledCount>
          <DataTable
            caption={RECURRING_LIST_MESSAGES.title}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            initialSort={{ key: 'next_occurrence_date', direction: 'asc' }}
          />
        </>
      )}
    </Page>
  );
}
