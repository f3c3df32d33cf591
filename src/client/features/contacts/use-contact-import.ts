import { useCallback, useState } from 'react';
import { asApiError, errorDetail } from '../../app/api';
import { useImportContactsMutation } from './contacts.api';
import { checkCsvFile, parseContactsCsv } from './contacts-csv';
import { CSV_IMPORT_MAX_ROWS, IMPORT_MESSAGES, formatImportErrors } from './contacts-messages';

export type ContactImportStatus =
  | { state: 'idle' }
  | { state: 'working'; message: string }
  | { state: 'success'; message: string; note?: string }
  | { state: 'error'; message: string; details: string[] };

/**
 * Reads a file as text: UTF-8 first; a file saved by Excel in Windows-1252 decodes with
 * replacement characters, so it is read again in that encoding.
 */
function readFileText(file: Blob): Promise<string> {
  const read = (encoding: string) =>
    new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result ?? ''));
      reader.onerror = () => reject(reader.error ?? new Error('lecture impossible'));
      reader.readAsText(file, encoding);
    });
  return read('UTF-8').then((text) => (text.includes('\uFFFD') ? read('windows-1252') : text));
}

const failure = (message: string, details: string[] = []): ContactImportStatus => ({ state: 'error', message, details });

/** The CSV import flow of the contact list: checks, parsing, sending, and what to tell the user. */
export function useContactImport() {
  const [importContacts] = useImportContactsMutation();
  const [status, setStatus] = useState<ContactImportStatus>({ state: 'idle' });

  const run = useCallback(
    async (file: File) => {
      const invalid = checkCsvFile(file);
      if (invalid) {
        setStatus(failure(invalid));
        return;
      }
      setStatus({ state: 'working', message: IMPORT_MESSAGES.reading });

      let text: string;
      try {
        text = await readFileText(file);
      } catch (err) {
        setStatus(failure(IMPORT_MESSAGES.readError(err instanceof Error ? err.message : String(err))));
        return;
      }

      const parsed = parseContactsCsv(text);
      if (!parsed.ok) {
        setStatus(failure(parsed.error));
        return;
      }
      if (parsed.rows.length === 0) {
        setStatus(failure(IMPORT_MESSAGES.nothingToImport));
        return;
      }
      if (parsed.rows.length > CSV_IMPORT_MAX_ROWS) {
        setStatus(failure(IMPORT_MESSAGES.tooMany(parsed.rows.length)));
        return;
      }

      setStatus({ state: 'working', message: IMPORT_MESSAGES.sending(parsed.rows.length) });
      try {
        const result = await importContacts(parsed.rows.map((row) => row.contact)).unwrap();
        setStatus({
          state: 'success',
          message: IMPORT_MESSAGES.success(result.created),
          note: parsed.skipped ? IMPORT_MESSAGES.skipped(parsed.skipped) : undefined,
        });
      } catch (err) {
        const data = asApiError(err)?.data as { errors?: unknown } | undefined;
        const details = formatImportErrors(data?.errors, parsed.rows.map((row) => row.row));
        if (details.length) {
          setStatus(failure(IMPORT_MESSAGES.failed, details));
        } else {
          setStatus(failure(errorDetail(err) ?? IMPORT_MESSAGES.unknown));
        }
      }
    },
    [importContacts],
  );

  const dismiss = useCallback(() => setStatus({ state: 'idle' }), []);

  return { status, run, dismiss };
}
