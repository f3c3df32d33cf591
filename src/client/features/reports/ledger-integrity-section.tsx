import { useId, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { errorDetail, isNetworkError } from '@/client/app/api';
import { formatNumber } from '@/client/lib/format';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { Spinner } from '@/client/ui/spinner';
import type { LedgerVerification } from '@/shared/contracts/ledger';
import { fieldErrors, useLedgerCheckpointDownload } from './report-download';
import { readBlobText, useLazyVerifyLedgerQuery, useVerifyLedgerWithCheckpointMutation } from './reports.api';

export const LEDGER_MESSAGES = {
  verify: 'Vérifier le journal',
  verifying: 'Vérification du journal...',
  download: 'Télécharger un point de contrôle',
  downloading: 'Préparation du point de contrôle...',
  upload: 'Vérifier avec un point de contrôle…',
  empty: 'Aucune facture émise pour l’instant.',
  loadError: 'Impossible de vérifier le journal. Veuillez réessayer.',
  network: 'Impossible de contacter le serveur. Veuillez vérifier votre connexion.',
  notJson: 'Ce fichier n’est pas un point de contrôle Carnet : son contenu n’est pas du JSON valide.',
  tooLarge: 'Ce fichier est trop volumineux pour être un point de contrôle Carnet.',
} as const;

/** A checkpoint file is a few hundred bytes: anything far larger is not one (refused without reading it). */
const CHECKPOINT_MAX_BYTES = 64 * 1024;

const dayFormatter = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' });

/** ISO date-time → 'JJ/MM/AAAA' (Europe/Paris); the text as given when it is no date. */
function formatDay(value: string) {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dayFormatter.format(date);
}

/** The lines of a successful check: entries, the checkpoint it matched, PDFs still rendering. */
export function ledgerSuccessLines(result: LedgerVerification): string[] {
  const lines = [`Journal intègre : ${formatNumber(result.entries)} entrée(s) vérifiée(s).`];
  if (result.checkpoint) {
    lines.push(`Conforme au point de contrôle du ${formatDay(result.checkpoint.created_at)} (entrée ${formatNumber(result.checkpoint.seq)}).`);
  }
  if (result.pending_pdfs > 0) {
    lines.push(
      result.pending_pdfs === 1
        ? '1 PDF en cours de génération : son empreinte sera vérifiée dès qu’il sera archivé.'
        : `${formatNumber(result.pending_pdfs)} PDF en cours de génération : leur empreinte sera vérifiée dès qu’ils seront archivés.`,
    );
  }
  return lines;
}

/** The failure's sentence: the first broken entry, its document's number when it still has one, and why. */
export function ledgerBrokenMessage(result: LedgerVerification): string {
  const broken = result.broken_at;
  if (!broken) return 'Journal rompu.';
  const number = broken.number ? ` (${broken.number})` : '';
  return `Journal rompu à l’entrée ${formatNumber(broken.seq)}${number} : ${broken.reason}`;
}

const StyledIntro = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};

  p {
    margin: 0 0 ${({ theme }) => theme.spacing.sm};
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  margin: ${({ theme }) => `${theme.spacing.md} 0`};

  > * {
    max-width: 100%;
  }
  button {
    white-space: normal;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    flex-direction: column;
    align-items: stretch;
  }
`;

/** The file input's label, drawn as a secondary button; the input itself stays focusable (visually hidden). */
const StyledFileLabel = styled.label<{ $disabled: boolean }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 40px;
  padding: 0 16px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.typography.size.sm};
  font-weight: ${({ theme }) => theme.typography.weight.medium};
  text-align: center;
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  opacity: ${({ $disabled }) => ($disabled ? 0.65 : 1)};

  &:hover {
    background: ${({ theme, $disabled }) => ($disabled ? theme.colors.surface : theme.colors.surfaceHover)};
  }
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  input {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
`;

const StyledResult = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  overflow-wrap: anywhere;
`;

const StyledLine = styled.span`
  display: block;
`;

const StyledFileError = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.typography.size.sm};
  overflow-wrap: anywhere;
`;

/** A check's outcome: the entries verified (or none yet), else the first broken entry in an alert. */
function VerificationResult({ result, fileName }: { result: LedgerVerification; fileName?: string }) {
  const file = fileName ? <StyledLine>Fichier vérifié : {fileName}</StyledLine> : null;
  if (!result.ok) {
    return (
      <Alert tone="error">
        <StyledLine>{ledgerBrokenMessage(result)}</StyledLine>
        {file}
      </Alert>
    );
  }
  if (result.entries === 0 && !result.checkpoint) {
    return (
      <Alert tone="info">
        <StyledLine>{LEDGER_MESSAGES.empty}</StyledLine>
        {file}
      </Alert>
    );
  }
  const lines = ledgerSuccessLines(result);
  return (
    <Alert tone="success">
      {(result.entries === 0 ? [LEDGER_MESSAGES.empty, ...lines.slice(1)] : lines).map((line) => (
        <StyledLine key={line}>{line}</StyledLine>
      ))}
      {file}
    </Alert>
  );
}

/** A failed request's French message: the server's detail, else a network or a generic one. */
function requestError(error: unknown) {
  if (isNetworkError(error)) return LEDGER_MESSAGES.network;
  return errorDetail(error) ?? LEDGER_MESSAGES.loadError;
}

/**
 * 'Intégrité du journal': the journal of issued invoices and credit notes (art. 289 VII du CGI)
 * checked on demand, alone or against a checkpoint file kept outside Carnet, and a new checkpoint
 * to download.
 */
export function LedgerIntegritySection() {
  const [verify, journal] = useLazyVerifyLedgerQuery();
  const [verifyWithCheckpoint, withCheckpoint] = useVerifyLedgerWithCheckpointMutation();
  const { download, pending: downloading } = useLedgerCheckpointDownload();
  /** Which check the result area shows: the journal alone, or against the file named here. */
  const [shown, setShown] = useState<{ kind: 'journal' } | { kind: 'checkpoint'; fileName: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const inputId = useId();
  const fileErrorId = useId();
  const hintId = useId();

  const checkJournal = () => {
    setShown({ kind: 'journal' });
    setFileError(null);
    // Always asks again: the journal may have changed since the last check.
    void verify();
  };

  const checkFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again checks again.
    event.target.value = '';
    if (!file) return;
    setFileError(null);
    if (file.size > CHECKPOINT_MAX_BYTES) {
      setFileError(LEDGER_MESSAGES.tooLarge);
      return;
    }
    setReading(true);
    let checkpoint: unknown;
    try {
      checkpoint = JSON.parse(await readBlobText(file));
    } catch {
      setFileError(LEDGER_MESSAGES.notJson);
      return;
    } finally {
      setReading(false);
    }
    setShown({ kind: 'checkpoint', fileName: file.name });
    try {
      await verifyWithCheckpoint(checkpoint).unwrap();
    } catch (err) {
      const message = fieldErrors(err).checkpoint?.[0];
      if (message) {
        // Not a genuine checkpoint of this account: said under the file input, no result shown.
        setShown(null);
        setFileError(message);
      }
    }
  };

  const busyJournal = shown?.kind === 'journal' && journal.isFetching;
  const busyCheckpoint = reading || withCheckpoint.isLoading;

  let result = null;
  if (shown?.kind === 'journal') {
    result = busyJournal ? (
      <Spinner label={LEDGER_MESSAGES.verifying} />
    ) : journal.isError ? (
      <Alert tone="error">{requestError(journal.error)}</Alert>
    ) : journal.data ? (
      <VerificationResult result={journal.data} />
    ) : null;
  } else if (shown?.kind === 'checkpoint') {
    result = withCheckpoint.isLoading ? (
      <Spinner label={LEDGER_MESSAGES.verifying} />
    ) : withCheckpoint.isError ? (
      <Alert tone="error">{requestError(withCheckpoint.error)}</Alert>
    ) : withCheckpoint.data ? (
      <VerificationResult result={withCheckpoint.data} fileName={shown.fileName} />
    ) : null;
  }

  return (
    <Card title="Intégrité du journal" aria-label="Intégrité du journal" aria-busy={busyJournal || busyCheckpoint || undefined}>
      <StyledIntro>
        <p>
          Chaque facture émise et chaque avoir sont scellés dans un journal chaîné, qui garantit l’intégrité de vos factures
          (art. 289 VII du CGI) : aucune ne peut être modifiée ni retirée sans que la vérification ne le signale.
        </p>
        <p id={hintId}>
          Téléchargez régulièrement un point de contrôle et conservez-le hors de Carnet (un point de contrôle vous est aussi envoyé
          par e-mail chaque mois) : il vous permettra de prouver plus tard qu’aucune facture n’a été supprimée depuis.
        </p>
      </StyledIntro>
      <StyledActions>
        <Button onClick={checkJournal} disabled={busyJournal} aria-busy={busyJournal || undefined}>
          {busyJournal ? LEDGER_MESSAGES.verifying : LEDGER_MESSAGES.verify}
        </Button>
        <Button variant="secondary" onClick={() => void download()} disabled={downloading} aria-busy={downloading || undefined}>
          {downloading ? LEDGER_MESSAGES.downloading : LEDGER_MESSAGES.download}
        </Button>
        <StyledFileLabel htmlFor={inputId} $disabled={busyCheckpoint}>
          {busyCheckpoint ? LEDGER_MESSAGES.verifying : LEDGER_MESSAGES.upload}
          <input
            id={inputId}
            type="file"
            accept=".json,application/json"
            disabled={busyCheckpoint}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={[hintId, fileError ? fileErrorId : null].filter(Boolean).join(' ')}
            onChange={(event) => void checkFile(event)}
          />
        </StyledFileLabel>
      </StyledActions>
      {fileError && (
        <StyledFileError id={fileErrorId} role="alert">
          {fileError}
        </StyledFileError>
      )}
      <StyledResult>{result}</StyledResult>
    </Card>
  );
}
