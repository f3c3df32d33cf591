import { useCallback, useRef, useState } from 'react';
import { ContactMatcher, type OnDuplicate } from '@/shared/contact-import';
import type { ContactImportRowReport } from '@/shared/contracts/contacts';
import { asApiError, errorDetail } from '@/client/app/api';
import { useAppDispatch } from '@/client/app/hooks';
import { IMPORT_TAGS, contactsApi, useImportContactsMutation, usePreviewContactImportMutation } from './contacts.api';
import { checkCsvFile, parseContactsCsv, type CsvContactRow } from './contacts-csv';
import { CSV_IMPORT_BATCH_ROWS, CSV_IMPORT_MAX_ROWS, IMPORT_MESSAGES, formatImportErrors } from './contacts-messages';

/** How far a batched job is (rows done of rows in all); null when it takes one request. */
export interface ImportProgress {
  done: number;
  total: number;
}

/** What the file holds (issue 18), shown before anything is written. */
export interface ImportPreviewStatus {
  state: 'preview';
  /** 'N nouveaux contacts, M déjà présents, K lignes invalides.' */
  summary: string;
  newCount: number;
  existingCount: number;
  invalidCount: number;
  /** Per line, why it is already there or invalid, in the file's order. */
  details: string[];
}

export type ContactImportStatus =
  | { state: 'idle' }
  | { state: 'working'; message: string; progress: ImportProgress | null }
  | ImportPreviewStatus
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

const batchesOf = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CSV_IMPORT_BATCH_ROWS) }, (_, i) =>
    items.slice(i * CSV_IMPORT_BATCH_ROWS, (i + 1) * CSV_IMPORT_BATCH_ROWS),
  );

/** One line of the preview's details, with the file row it is about. */
interface LineDetail {
  row: number;
  text: string;
}

/** A file's rows as the preview sorted them. */
interface ImportPlan {
  /** The rows to create and the rows already there, in the file's order. */
  fresh: CsvContactRow[];
  existing: CsvContactRow[];
  invalidCount: number;
}

/**
 * Each row's line in the preview: the server judged each batch alone, so a row that repeats a
 * row of an earlier batch comes back 'new': it is matched here against the file's new rows.
 */
function sortRows(rows: CsvContactRow[], reports: ContactImportRowReport[], batchStarts: number[]) {
  const plan: ImportPlan = { fresh: [], existing: [], invalidCount: 0 };
  const details: LineDetail[] = [];
  const note = (row: CsvContactRow, text: string) => details.push({ row: row.row, text: IMPORT_MESSAGES.rowNote(row.row, text) });
  const earlier = new ContactMatcher<CsvContactRow>();
  rows.forEach((row, index) => {
    const report = reports[index];
    if (report.status === 'invalid') {
      plan.invalidCount += 1;
      details.push(...formatImportErrors([report.errors], [row.row]).map((text) => ({ row: row.row, text })));
      return;
    }
    if (report.status === 'existing') {
      plan.existing.push(row);
      note(
        row,
        report.contact_id !== null
          ? IMPORT_MESSAGES.existing(report.contact_name, report.match)
          : IMPORT_MESSAGES.repeats(rows[batchStarts[index] + (report.row ?? 0)].row),
      );
      return;
    }
    const repeated = earlier.find(row.contact);
    if (repeated) {
      plan.existing.push(row);
      note(row, IMPORT_MESSAGES.repeats(repeated.value.row));
      return;
    }
    plan.fresh.push(row);
    earlier.add({ name: row.contact.name, email: row.contact.email, value: row });
  });
  return { plan, details };
}

/**
 * The CSV import flow of the contact list: checks and parsing, a preview of what the file holds
 * (issue 18: new contacts, those already there, invalid lines), then the import of the new
 * contacts — and of those already there when they are to be updated — in batches the API
 * accepts, with their progress.
 */
export function useContactImport() {
  const dispatch = useAppDispatch();
  const [previewContactImport] = usePreviewContactImportMutation();
  const [importContacts] = useImportContactsMutation();
  const [status, setStatus] = useState<ContactImportStatus>({ state: 'idle' });
  const plan = useRef<ImportPlan | null>(null);

  const run = useCallback(
    async (file: File) => {
      plan.current = null;
      const invalid = checkCsvFile(file);
      if (invalid) {
        setStatus(failure(invalid));
        return;
      }
      setStatus({ state: 'working', message: IMPORT_MESSAGES.reading, progress: null });

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
      const missing = parsed.invalid.map((line) => ({ row: line.row, text: IMPORT_MESSAGES.rowNote(line.row, line.reason) }));
      if (parsed.rows.length === 0) {
        setStatus(failure(IMPORT_MESSAGES.nothingToImport, missing.map((line) => line.text)));
        return;
      }
      if (parsed.rows.length > CSV_IMPORT_MAX_ROWS) {
        setStatus(failure(IMPORT_MESSAGES.tooMany(parsed.rows.length)));
        return;
      }

      const { rows } = parsed;
      const batches = batchesOf(rows);
      const progress = (done: number) => (batches.length > 1 ? { done, total: rows.length } : null);
      const reports: ContactImportRowReport[] = [];
      const batchStarts: number[] = [];
      setStatus({ state: 'working', message: IMPORT_MESSAGES.checking, progress: progress(0) });
      try {
        for (const batch of batches) {
          const start = reports.length;
          const preview = await previewContactImport(batch.map((row) => row.contact)).unwrap();
          reports.push(...preview.rows);
          batchStarts.push(...batch.map(() => start));
          setStatus({ state: 'working', message: IMPORT_MESSAGES.checking, progress: progress(reports.length) });
        }
      } catch (err) {
        setStatus(failure(errorDetail(err) ?? IMPORT_MESSAGES.unknown));
        return;
      }

      const sorted = sortRows(rows, reports, batchStarts);
      // With the lines never sent (no name or no e-mail), in the file's order (a stable sort).
      const details = [...sorted.details, ...missing].sort((a, b) => a.row - b.row).map((line) => line.text);
      const invalidCount = sorted.plan.invalidCount + parsed.invalid.length;
      plan.current = { ...sorted.plan, invalidCount };
      setStatus({
        state: 'preview',
        summary: IMPORT_MESSAGES.preview(sorted.plan.fresh.length, sorted.plan.existing.length, invalidCount),
        newCount: sorted.plan.fresh.length,
        existingCount: sorted.plan.existing.length,
        invalidCount,
        details,
      });
    },
    [previewContactImport],
  );

  /** Imports what the preview found: the new contacts, and those already there when `onDuplicate` is 'update'. */
  const confirm = useCallback(
    async (onDuplicate: OnDuplicate) => {
      const current = plan.current;
      if (!current) return;
      plan.current = null;
      const rows =
        onDuplicate === 'update' ? [...current.fresh, ...current.existing].sort((a, b) => a.row - b.row) : current.fresh;
      const batches = batchesOf(rows);
      const progress = (done: number) => (batches.length > 1 ? { done, total: rows.length } : null);
      const totals = { created: 0, updated: 0, skipped: onDuplicate === 'skip' ? current.existing.length : 0 };
      setStatus({ state: 'working', message: IMPORT_MESSAGES.sending(rows.length), progress: progress(0) });
      let done = 0;
      try {
        for (const batch of batches) {
          const result = await importContacts({ contacts: batch.map((row) => row.contact), on_duplicate: onDuplicate }).unwrap();
          totals.created += result.created;
          totals.updated += result.updated;
          totals.skipped += result.skipped;
          done += batch.length;
          setStatus({ state: 'working', message: IMPORT_MESSAGES.sending(rows.length), progress: progress(done) });
        }
      } catch (err) {
        const data = asApiError(err)?.data as { errors?: unknown } | undefined;
        const failed = batches[Math.floor(done / CSV_IMPORT_BATCH_ROWS)] ?? [];
        const details = formatImportErrors(data?.errors, failed.map((row) => row.row));
        const message = totals.created + totals.updated > 0 ? IMPORT_MESSAGES.partlyFailed(totals.created) : IMPORT_MESSAGES.failed;
        setStatus(details.length ? failure(message, details) : failure(errorDetail(err) ?? IMPORT_MESSAGES.unknown));
        if (done > 0) dispatch(contactsApi.util.invalidateTags([...IMPORT_TAGS]));
        return;
      }
      if (totals.created + totals.updated > 0) dispatch(contactsApi.util.invalidateTags([...IMPORT_TAGS]));
      const notes = [
        totals.updated > 0 ? IMPORT_MESSAGES.updated(totals.updated) : null,
        totals.skipped > 0 ? IMPORT_MESSAGES.skippedExisting(totals.skipped) : null,
        current.invalidCount > 0 ? IMPORT_MESSAGES.skippedInvalid(current.invalidCount) : null,
      ].filter(Boolean);
      setStatus({ state: 'success', message: IMPORT_MESSAGES.success(totals.created), note: notes.length ? notes.join(' ') : undefined });
    },
    [dispatch, importContacts],
  );

  const dismiss = useCallback(() => {
    plan.current = null;
    setStatus({ state: 'idle' });
  }, []);

  return { status, run, confirm, dismiss };
}
