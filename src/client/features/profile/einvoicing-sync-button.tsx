import { errorDetail } from '@/client/app/api';
import { Button } from '@/client/ui/button';
import { useToast } from '@/client/ui/toast';
import { useGetEInvoicingSettingsQuery, useSyncEInvoicingMutation } from './einvoicing.api';

/**
 * « Actualiser » (issue 26): the sync with the user's approved platform now — what is to send goes
 * out, new lifecycle statuses and suppliers' invoices come in (the server does it every 5 minutes
 * anyway). Its answer is said in a toast; `onlyWhenEnabled`: nothing shown without a platform on.
 */
export function EInvoicingSyncButton({ onlyWhenEnabled = false }: { onlyWhenEnabled?: boolean }) {
  const { data: settings } = useGetEInvoicingSettingsQuery(undefined, { skip: !onlyWhenEnabled });
  const [sync, { isLoading }] = useSyncEInvoicingMutation();
  const toast = useToast();
  if (onlyWhenEnabled && !settings?.enabled) return null;
  const refresh = async () => {
    try {
      const report = await sync().unwrap();
      if (report.ok) toast.success(report.message);
      else toast.error(report.message);
    } catch (error) {
      toast.error(errorDetail(error) ?? 'La synchronisation avec la plateforme a échoué : réessayez.');
    }
  };
  return (
    <Button onClick={() => void refresh()} disabled={isLoading} aria-busy={isLoading || undefined} title="Synchroniser avec votre plateforme de facturation électronique">
      {isLoading ? 'Actualisation…' : 'Actualiser'}
    </Button>
  );
}
