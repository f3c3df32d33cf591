import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { asApiError } from '@/client/app/api';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { useToast } from '@/client/ui/toast';
import { saveFile } from '@/client/lib/save-file';
import { PDF_MESSAGES, pdfFileName } from './delivery-messages';
import type { DocumentKindConfig } from './document-kinds';
import { useFetchDocumentPdfMutation } from './documents.api';

export type PdfAction = 'download' | 'preview';

/**
 * 'Télécharger PDF' and the in-page preview of a saved quote or invoice. The PDF is fetched
 * with the session's token as a blob and handed out as an object URL, revoked when replaced
 * or when the page closes. Errors are shown as toasts with the SPEC section 8 messages.
 */
export function useDocumentPdf(config: DocumentKindConfig, document: { id: number; number: string | null } | null) {
  const toast = useToast();
  const [fetchPdf] = useFetchDocumentPdfMutation();
  const [pending, setPending] = useState<PdfAction | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);

  const replacePreview = useCallback((url: string | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = url;
    setPreviewUrl(url);
  }, []);
  useEffect(() => () => replacePreview(null), [replacePreview]);

  const load = async (action: PdfAction): Promise<string | null> => {
    if (!document) return null;
    setPending(action);
    try {
      return await fetchPdf({ kind: config.kind, id: document.id }).unwrap();
    } catch (err) {
      const message = (asApiError(err)?.data as { error?: string } | undefined)?.error;
      toast.error(message || PDF_MESSAGES.generic);
      return null;
    } finally {
      setPending(null);
    }
  };

  const download = async () => {
    const url = await load('download');
    if (!url || !document) return;
    saveFile(url, pdfFileName(config, document));
  };

  const openPreview = async () => {
    const url = await load('preview');
    if (url) replacePreview(url);
  };

  return {
    download,
    openPreview,
    closePreview: () => replacePreview(null),
    previewUrl,
    pending,
  };
}

const StyledFrame = styled.iframe`
  display: block;
  width: 100%;
  height: min(80vh, 900px);
  min-height: 420px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const StyledFallback = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface PdfPreviewProps {
  url: string;
  /** Accessible name of the frame, e.g. 'Aperçu du devis DEV-2025-0001'. */
  title: string;
  onDownload: () => void;
  onClose: () => void;
}

/** The PDF shown in the page, with its own download and close buttons. */
export function PdfPreview({ url, title, onDownload, onClose }: PdfPreviewProps) {
  const cardRef = useRef<HTMLDivElement>(null);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    cardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [url]);

  // A Content-Security-Policy without `frame-src blob:` blocks the frame: say so instead of an empty box.
  useEffect(() => {
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI.startsWith('blob:') || url.startsWith(event.blockedURI)) setBlocked(true);
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, [url]);

  return (
    <div ref={cardRef}>
    <Card
      title="Aperçu du PDF"
      actions={
        <StyledActions>
          <Button onClick={onDownload}>Télécharger PDF</Button>
          <Button variant="ghost" onClick={onClose}>
            Fermer l&apos;aperçu
          </Button>
        </StyledActions>
      }
    >
      {blocked && (
        <StyledFallback role="status">
          Le navigateur n&apos;autorise pas l&apos;aperçu dans la page : utilisez « Télécharger PDF » pour consulter le document.
        </StyledFallback>
      )}
      {!blocked && <StyledFrame src={url} title={title} />}
    </Card>
    </div>
  );
}
