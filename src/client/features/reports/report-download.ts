import { useState } from 'react';
import { asApiError, isNetworkError } from '@/client/app/api';
import { saveFile } from '@/client/lib/save-file';
import { useToast } from '@/client/ui/toast';
import { useFetchLedgerCheckpointMutation, useFetchReportFileMutation, type DownloadedFile, type ReportFileArg } from './reports.api';

export const DOWNLOAD_MESSAGES = {
  network: 'Impossible de contacter le serveur. Veuillez vérifier votre connexion.',
  generic: 'Le téléchargement a échoué. Veuillez réessayer.',
} as const;

/** The field messages of a 400 (`{field: [message]}`), or its detail. */
export function fieldErrors(error: unknown): Record<string, string[]> {
  const data = asApiError(error)?.data;
  if (!data || typeof data !== 'object') return {};
  return Object.fromEntries(
    Object.entries(data as Record<string, unknown>).map(([field, value]) => [
      field,
      Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [],
    ]),
  );
}

/** Saves a downloaded object URL, freed once the browser has had time to start the download. */
function saveDownloaded({ url, fileName }: DownloadedFile) {
  saveFile(url, fileName);
}

/**
 * Runs one download at a time (`pending` names it), saves the file and reports a failure: a
 * refusal's field messages go to `onFieldErrors` when given, else into a toast.
 */
function useDownloader() {
  const toast = useToast();
  const [pending, setPending] = useState<string | null>(null);

  const run = async (name: string, fetchFile: () => Promise<DownloadedFile>, onFieldErrors?: (errors: Record<string, string[]>) => boolean) => {
    setPending(name);
    try {
      saveDownloaded(await fetchFile());
      return true;
    } catch (err) {
      if (isNetworkError(err)) {
        toast.error(DOWNLOAD_MESSAGES.network);
      } else {
        const errors = fieldErrors(err);
        if (!onFieldErrors?.(errors)) toast.error(Object.values(errors).flat()[0] ?? DOWNLOAD_MESSAGES.generic);
      }
      return false;
    } finally {
      setPending(null);
    }
  };

  return { run, pending };
}

/**
 * Downloads a report file with the session's token (a blob saved through an object URL). A
 * refusal's field messages go to `onFieldErrors` when given, else into a toast.
 */
export function useReportDownload() {
  const [fetchFile] = useFetchReportFileMutation();
  const { run, pending } = useDownloader();

  const download = (arg: ReportFileArg, fileName: string, onFieldErrors?: (errors: Record<string, string[]>) => boolean) =>
    run(fileName, async () => ({ url: await fetchFile(arg).unwrap(), fileName }), onFieldErrors);

  return { download, pending };
}

/**
 * Downloads a new signed checkpoint of the invoice journal, under the name the server gives it
 * (`carnet-journal-point-de-controle-YYYY-MM-DD-N.json`), the same way as the reports.
 */
export function useLedgerCheckpointDownload() {
  const [fetchCheckpoint] = useFetchLedgerCheckpointMutation();
  const { run, pending } = useDownloader();

  const download = () => run('checkpoint', () => fetchCheckpoint().unwrap());

  return { download, pending: pending !== null };
}
