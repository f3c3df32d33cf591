import { useRef } from 'react';
import styled from 'styled-components';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import type { ContactImportStatus } from '../use-contact-import';

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

export interface ContactImportStatusPanelProps {
  status: ContactImportStatus;
  onDismiss: () => void;
}

/** Progress while the import runs, then its outcome (kept until dismissed or the next import). */
export function ContactImportStatusPanel({ status, onDismiss }: ContactImportStatusPanelProps) {
  if (status.state === 'idle') return null;
  if (status.state === 'working') {
    return (
      <StyledStatus>
        <Spinner inline label={status.message} />
      </StyledStatus>
    );
  }
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
