import { useState } from 'react';
import { asApiError, isNetworkError } from '../../app/api';
import { useToast } from '../../ui/toast';
import { useFetchReportFileMutation, type ReportFileArg } from './reports.api';

export const DOWNLOAD_MESSAGES = {
  network: 'Impossible de contacter le serveur. Veuillez vérifier votre connexion.',
  generic: 'Le téléchargement a échoué. Veuillez réessayer.',
} as const;

/** Saves `url` under `fileName` through a temporary link (works for object URLs). */
function saveAs(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

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

/**
 * Downloads a report file with the session's token (a blob saved through an object URL). A
 * refusal's field messages go to `onFieldErrors` when given, else into a toast.
 */
export function useReportDownload() {
  const toast = useToast();
  const [fetchFile] = useFetchReportFileMutation();
  const [pending, setPending] = useState<string | null>(null);

  const download = async (arg: ReportFileArg, fileName: string, onFieldErrors?: (errors: Record<string, string[]>) => boolean) => {
    setPending(fileName);
    try {
      const url = await fetchFile(arg).unwrap();
      saveAs(url, fileName);
      // Give the browser time to start the download before freeing the blob.
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
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

  return { download, pending };
}
