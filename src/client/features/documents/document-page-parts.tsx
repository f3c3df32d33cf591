import styled from 'styled-components';

/** Pieces every document page shares (quote, invoice and credit note). */

/** Under the title: back link and status badges. */
export const StyledDocumentSubtitle = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};

  a {
    color: ${({ theme }) => theme.colors.link};
  }
`;

export const StyledDocumentToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const StyledFingerprint = styled.p`
  margin: ${({ theme }) => theme.spacing.xl} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
  overflow-wrap: anywhere;

  code {
    font-size: ${({ theme }) => theme.typography.size.xs};
  }
`;

/** The SHA-256 of an issued document's archived PDF (what was sent), when it has one. */
export function PdfFingerprint({ sha256 }: { sha256: string | null | undefined }) {
  if (!sha256) return null;
  return (
    <StyledFingerprint>
      Empreinte SHA-256 du PDF archivé : <code>{sha256}</code>
    </StyledFingerprint>
  );
}
