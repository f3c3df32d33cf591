import { useEffect, useEffectEvent, useState } from 'react';
import styled from 'styled-components';
import { once } from '@/shared/once';

/** How long after the last change a draft is saved in the background. */
export const AUTOSAVE_DELAY_MS = 2000;

const parisTime = once(() => new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' }));

export const AUTOSAVE_MESSAGES = {
  /** « Enregistré à 14:32 » (Europe/Paris). */
  saved: (at: Date) => `Enregistré à ${parisTime().format(at)}`,
  failed: 'Enregistrement automatique impossible : vos modifications sont conservées.',
} as const;

export interface DraftAutosaveOptions<F> {
  form: F | null;
  /** A stored draft: never a new document, an issued invoice or a sent quote, nor a status being changed. */
  enabled: boolean;
  /** The form differs from what the server holds. */
  dirty: boolean;
  /** Its checks pass: what « Enregistrer » would send without a message. */
  valid: boolean;
  /** A save, a deletion or an e-mail of the page is under way: nothing leaves meanwhile. */
  busy: boolean;
  /** PUTs the form (unwrapped): rejects when refused. */
  save: (form: F) => Promise<unknown>;
  /** Saved: the server holds the form sent (what is typed since stays unsaved). */
  onSaved: (form: F) => void;
}

/**
 * Autosave of a document draft (issue 28): once the user has stopped typing for
 * AUTOSAVE_DELAY_MS and the form is valid, the draft is PUT silently, as it is (its status
 * untouched). A refused or failed autosave keeps the values and is not tried again until the form
 * changes. `savedAt`: the last save (autosave or the page's own, through `noteSaved`).
 */
export function useDraftAutosave<F>({ form, enabled, dirty, valid, busy, save, onSaved }: DraftAutosaveOptions<F>) {
  const [pending, setPending] = useState(false);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  /** The form whose autosave failed: not sent again as it is. */
  const [failedForm, setFailedForm] = useState<F | null>(null);

  const run = useEffectEvent(async (sent: F) => {
    setPending(true);
    try {
      await save(sent);
      onSaved(sent);
      setSavedAt(new Date());
      setFailedForm(null);
    } catch {
      setFailedForm(sent);
    } finally {
      setPending(false);
    }
  });

  const due = enabled && dirty && valid && !busy && !pending && form !== null && form !== failedForm;
  useEffect(() => {
    if (!due || form === null) return undefined;
    // Each change of the form starts the wait again.
    const timer = window.setTimeout(() => void run(form), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [due, form]);

  return {
    /** An autosave is under way. */
    pending,
    savedAt,
    failed: failedForm !== null,
    /** The page saved the form itself. */
    noteSaved: () => {
      setSavedAt(new Date());
      setFailedForm(null);
    },
  };
}

const StyledStatus = styled.p<{ $failed: boolean }>`
  margin: 0;
  align-self: center;
  color: ${({ theme, $failed }) => ($failed ? theme.colors.dangerText : theme.colors.textMuted)};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

/** Beside the save button: « Enregistré à 14:32 », or a discreet word when the autosave failed. Announced politely. */
export function AutosaveStatus({ savedAt, failed }: { savedAt: Date | null; failed: boolean }) {
  return (
    <StyledStatus role="status" $failed={failed}>
      {failed ? AUTOSAVE_MESSAGES.failed : savedAt ? AUTOSAVE_MESSAGES.saved(savedAt) : ''}
    </StyledStatus>
  );
}
