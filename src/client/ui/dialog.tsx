import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';

const StyledOverlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.overlay};
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.spacing.lg};
  background: ${({ theme }) => theme.colors.overlay};
`;

const StyledDialog = styled.div<{ $width: string }>`
  width: min(${({ $width }) => $width}, 100%);
  max-height: calc(100vh - 2 * ${({ theme }) => theme.spacing.lg});
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  padding: ${({ theme }) => theme.spacing.xl};

  h2 {
    margin-top: 0;
    font-size: ${({ theme }) => theme.typography.size.lg};
  }
`;

/** Buttons at the foot of a dialog, right-aligned. */
export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.spacing.sm};
  margin-top: ${({ theme }) => theme.spacing.xl};
`;

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** 'alertdialog' for confirmations that interrupt the user (default 'dialog'). */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element describing the dialog. */
  describedBy?: string;
  /** Focused when the dialog opens; by default its first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** CSS width cap (default 440px). */
  width?: string;
  /** Escape and a click on the backdrop call it. */
  onClose: () => void;
  children: ReactNode;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Accessible modal: labelled by its title, focus moves inside on open and stays there (Tab
 * wraps), Escape or a click on the backdrop closes it, focus returns to the opener on close.
 */
export function Dialog({ open, title, role = 'dialog', describedBy, initialFocusRef, width = '440px', onClose, children }: DialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement as HTMLElement | null;
    const first = initialFocusRef?.current ?? dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      opener?.focus?.();
    };
    // Focus once per opening, not when the caller's ref object changes identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const nodes = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (nodes.length === 0) return;
    const first = nodes[0];
    const last = nodes[nodes.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <StyledOverlay
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <StyledDialog
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        $width={width}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </StyledDialog>
    </StyledOverlay>,
    document.body,
  );
}
