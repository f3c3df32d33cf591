import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { IconAlert, IconCheckCircle, IconClose } from './icons';

export type ToastTone = 'success' | 'error';

export interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
}

export interface ToastApi {
  success: (message: string) => void;
  error: (message: string) => void;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const StyledRegion = styled.div`
  position: fixed;
  z-index: ${({ theme }) => theme.zIndex.toast};
  right: ${({ theme }) => theme.spacing.lg};
  bottom: ${({ theme }) => theme.spacing.lg};
  left: auto;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.sm};
  width: min(380px, calc(100vw - 32px));
  pointer-events: none;

  & > div {
    display: contents;
  }
`;

const StyledToast = styled.div<{ $tone: ToastTone }>`
  pointer-events: auto;
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid
    ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successText : theme.colors.dangerText)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  font-size: ${({ theme }) => theme.typography.size.sm};

  & > svg {
    color: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successText : theme.colors.dangerText)};
  }
  p {
    flex: 1;
    margin: 0;
  }
`;

const StyledClose = styled.button`
  border: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  padding: 2px;
  border-radius: ${({ theme }) => theme.radius.sm};
  cursor: pointer;
  display: inline-flex;
`;

const AUTO_DISMISS_MS = 5000;

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  // Each toast carries its own live role; the containers below are plain live regions.
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), AUTO_DISMISS_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id, onDismiss]);
  return (
    <StyledToast $tone={toast.tone} data-tone={toast.tone} role={toast.tone === 'success' ? 'status' : 'alert'}>
      {toast.tone === 'success' ? <IconCheckCircle size={18} /> : <IconAlert size={18} />}
      <p>{toast.message}</p>
      <StyledClose type="button" aria-label="Fermer la notification" onClick={() => onDismiss(toast.id)}>
        <IconClose size={16} />
      </StyledClose>
    </StyledToast>
  );
}

/**
 * Success and error notifications: a success toast has role="status" inside a polite live
 * region that always exists; an error toast has role="alert" (announced assertively).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const push = useCallback((tone: ToastTone, message: string) => {
    const id = nextId.current++;
    setToasts((list) => [...list.slice(-4), { id, tone, message }]);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({ success: (m) => push('success', m), error: (m) => push('error', m), dismiss }),
    [push, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <StyledRegion>
        <div aria-live="polite">
          {toasts
            .filter((t) => t.tone === 'success')
            .map((t) => (
              <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
            ))}
        </div>
        <div>
          {toasts
            .filter((t) => t.tone === 'error')
            .map((t) => (
              <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
            ))}
        </div>
      </StyledRegion>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>');
  return ctx;
}
