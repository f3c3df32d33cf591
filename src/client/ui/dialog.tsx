import { useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { bareFieldset } from './form-fields';
import { trapTab, useModalFocus } from './modal-focus';

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
/** A dialog's opening sentence, under its title. */
export const DialogIntro = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.lg};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A group of a dialog's fields under a bold legend: a column, or a wrapping row of choices. */
export const DialogFieldset = styled.fieldset<{ $row?: boolean; $gap?: 'sm' | 'md' | 'lg' }>`
  ${bareFieldset}
  display: flex;
  flex-direction: ${({ $row }) => ($row ? 'row' : 'column')};
  flex-wrap: wrap;
  gap: ${({ theme, $gap = 'md' }) => theme.spacing[$gap]};
  margin: 0 0 ${({ theme }) => theme.spacing.lg};
`;

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

/**
 * Accessible modal: labelled by its title, focus moves inside on open and stays there (Tab
 * wraps), Escape or a click on the backdrop closes it, focus returns to the opener on close.
 */
export function Dialog({ open, title, role = 'dialog', describedBy, initialFocusRef, width = '440px', onClose, children }: DialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useModalFocus(open, dialogRef, initialFocusRef);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    trapTab(event, dialogRef.current);
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
