import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import type { OnDuplicate } from '@/shared/contact-import';
import { formatNumber } from '@/client/lib/format';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { bareFieldset, ChoiceField, StyledHint } from '@/client/ui/form-fields';
import { Spinner } from '@/client/ui/spinner';
import { IMPORT_MESSAGES } from '../contacts-messages';
import type { ContactImportStatus, ImportPreviewStatus, ImportProgress } from '../use-contact-import';

export interface ContactImportButtonProps {
  busy: boolean;
  onFile: (file: File) => void;
}

/** 'Importer CSV': a button opening the file picker (the input itself stays hidden). */
export function ContactImportButton({ busy, onFile }: ContactImportButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept=".csv,text/csv"
        aria-label="Fichier CSV à importer"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again imports again.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button onClick={() => inputRef.current?.click()} disabled={busy} aria-busy={busy || undefined}>
        Importer CSV
      </Button>
    </>
  );
}

const StyledStatus = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const StyledStatusRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.sm};

  & > :first-child {
    flex: 1;
    min-width: 0;
  }
`;

const StyledErrorList = styled.ul`
  margin: 0;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.lg} ${theme.spacing.sm} ${theme.spacing.xxl}`};
  max-height: 240px;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.typography.size.sm};
  overflow-wrap: anywhere;
`;

const StyledPreview = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.md};
  }
  p {
    margin: 0;
  }
`;

const StyledDetails = styled(StyledErrorList)`
  color: ${({ theme }) => theme.colors.text};
`;

const StyledChoices = styled.fieldset`
  ${bareFieldset}
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};

  /* Closer to its choices than a form's legend. */
  legend {
    margin-bottom: ${({ theme }) => theme.spacing.xs};
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const StyledProgress = styled.progress`
  width: 100%;
  max-width: 32rem;
  height: 12px;
  accent-color: ${({ theme }) => theme.colors.primary};
`;

/** A long file's progress (it goes in batches): the bar and 'n / total lignes'. */
function ImportProgressBar({ progress, label }: { progress: ImportProgress; label: string }) {
  return (
    <>
      <StyledProgress value={progress.done} max={progress.total} aria-label={label} />
      <StyledHint>
        {formatNumber(progress.done)} / {formatNumber(progress.total)} lignes
      </StyledHint>
    </>
  );
}

interface ImportPreviewPanelProps {
  preview: ImportPreviewStatus;
  onConfirm: (onDuplicate: OnDuplicate) => void;
  onCancel: () => void;
}

/**
 * Issue 18: what the file holds before anything is written — new contacts, those already there
 * (left alone or updated, as chosen), invalid lines — with the reason for each line.
 */
function ImportPreviewPanel({ preview, onConfirm, onCancel }: ImportPreviewPanelProps) {
  const headingId = useId();
  const [onDuplicate, setOnDuplicate] = useState<OnDuplicate>('skip');
  const heading = useRef<HTMLHeadingElement>(null);
  // Said and focused at once: the choice and the button come next.
  useEffect(() => heading.current?.focus(), []);
  const toWrite = preview.newCount + (onDuplicate === 'update' ? preview.existingCount : 0);
  return (
    <StyledPreview aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        Aperçu de l’import
      </h2>
      <p data-testid="import-preview-summary">{preview.summary}</p>
      {preview.existingCount > 0 && (
        <StyledChoices>
          <legend>Contacts déjà présents</legend>
          <ChoiceField
            type="radio"
            name="import-on-duplicate"
            label="Les ignorer"
            checked={onDuplicate === 'skip'}
            onChange={() => setOnDuplicate('skip')}
          />
          <ChoiceField
            type="radio"
            name="import-on-duplicate"
            label="Les mettre à jour avec le fichier"
            hint="Les champs remplis dans le fichier remplacent ceux du contact ; les autres restent."
            checked={onDuplicate === 'update'}
            onChange={() => setOnDuplicate('update')}
          />
        </StyledChoices>
      )}
      {preview.details.length > 0 && (
        // Focusable so that a long list scrolls with the keyboard.
        <StyledDetails aria-label="Détail par ligne" tabIndex={0}>
          {preview.details.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </StyledDetails>
      )}
      {toWrite === 0 && preview.existingCount > 0 && <StyledHint>{IMPORT_MESSAGES.nothingNew}</StyledHint>}
      <StyledActions>
        <Button variant="primary" disabled={toWrite === 0} onClick={() => onConfirm(onDuplicate)}>
          Importer
        </Button>
        <Button onClick={onCancel}>Annuler</Button>
      </StyledActions>
    </StyledPreview>
  );
}

export interface ContactImportStatusPanelProps {
  status: ContactImportStatus;
  onConfirm: (onDuplicate: OnDuplicate) => void;
  onDismiss: () => void;
}

/** Progress while the import runs, its preview, then its outcome (kept until dismissed or the next import). */
export function ContactImportStatusPanel({ status, onConfirm, onDismiss }: ContactImportStatusPanelProps) {
  if (status.state === 'idle') return null;
  if (status.state === 'working') {
    return (
      <StyledStatus>
        <Spinner inline label={status.message} />
        {status.progress && <ImportProgressBar progress={status.progress} label={status.message} />}
      </StyledStatus>
    );
  }
  if (status.state === 'preview') return <ImportPreviewPanel preview={status} onConfirm={onConfirm} onCancel={onDismiss} />;
  const dismiss = (
    <Button variant="ghost" size="sm" onClick={onDismiss}>
      Fermer
    </Button>
  );
  if (status.state === 'success') {
    return (
      <StyledStatusRow>
        <Alert tone="success">
          {status.message}
          {status.note && ` ${status.note}`}
        </Alert>
        {dismiss}
      </StyledStatusRow>
    );
  }
  return (
    <StyledStatus>
      <StyledStatusRow>
        <Alert tone="error">{status.message}</Alert>
        {dismiss}
      </StyledStatusRow>
      {status.details.length > 0 && (
        // Focusable so that a long list scrolls with the keyboard.
        <StyledErrorList aria-label="Erreurs de l'import" tabIndex={0}>
          {status.details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </StyledErrorList>
      )}
    </StyledStatus>
  );
}
