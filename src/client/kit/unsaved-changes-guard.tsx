import { createContext, useCallback, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction, type Location } from 'react-router-dom';
import { ConfirmDialog } from '../ui/confirm-dialog';

/** The question asked before leaving a form with unsaved changes (issue 28). */
export const UNSAVED_CHANGES_TEXT = {
  title: 'Quitter sans enregistrer ?',
  message: 'Vos modifications seront perdues.',
  stay: 'Rester sur la page',
  leave: 'Quitter sans enregistrer',
} as const;

const SAVED_LEAVE_KEY = 'leavesSavedForm';

/**
 * The navigation state of a form's own way out once its work is kept (the new record's page after
 * a creation, the list after a deletion): `navigate(to, { state: LEAVES_SAVED_FORM })` is never held
 * back, though the form still differs from what it was loaded with.
 */
export const LEAVES_SAVED_FORM: Readonly<Record<typeof SAVED_LEAVE_KEY, true>> = { [SAVED_LEAVE_KEY]: true };

const leavesSavedForm = (location: Location): boolean =>
  typeof location.state === 'object' && location.state !== null && (location.state as Record<string, unknown>)[SAVED_LEAVE_KEY] === true;

/** Another page (or the same page for another record: `?duplicate_id=`), not a move to an anchor of this one. */
const leavesPage = (from: Location, to: Location): boolean => from.pathname !== to.pathname || from.search !== to.search;

/**
 * Holds back any in-app navigation (links, header, sidebar, back button, `navigate`) while `dirty`,
 * and asks the browser's own question when the tab is closed or reloaded. `dirty`: the form's
 * values differ from what was loaded or last saved. A blocked navigation waits for the answer.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation, historyAction }) =>
      dirty &&
      leavesPage(currentLocation, nextLocation) &&
      // A back or forward move to an entry once made by a save still loses what is typed here.
      !(historyAction !== 'POP' && leavesSavedForm(nextLocation)),
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // Saved meanwhile (an autosave answered while the question was open): nothing is lost, so go.
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (blocked && !dirty) blocker.proceed?.();
  }, [blocked, dirty, blocker]);

  return {
    /** A navigation waits for the user's answer. */
    blocked: blocked && dirty,
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
  };
}

export interface UnsavedChangesGuardProps {
  /** The form's values differ from what was loaded or last saved. */
  dirty: boolean;
}

/** The question itself, on one blocker (react-router holds a single blocker at a time). */
function UnsavedChangesQuestion({ dirty }: UnsavedChangesGuardProps) {
  const guard = useUnsavedChangesGuard(dirty);
  return (
    <ConfirmDialog
      open={guard.blocked}
      title={UNSAVED_CHANGES_TEXT.title}
      message={UNSAVED_CHANGES_TEXT.message}
      cancelLabel={UNSAVED_CHANGES_TEXT.stay}
      confirmLabel={UNSAVED_CHANGES_TEXT.leave}
      onCancel={guard.stay}
      onConfirm={guard.leave}
    />
  );
}

/** Each guarded form's dirtiness, by the form's id. */
type DirtyForms = (formId: string, dirty: boolean) => void;
const DirtyFormsContext = createContext<DirtyForms | null>(null);

/**
 * One question for every form of the page (AppLayout renders it): a page may hold several forms
 * (the profile and its reminder settings, a project and its quick task form), while react-router
 * holds one blocker at a time — a second `useBlocker` would leave the first form unguarded.
 */
export function UnsavedChangesBoundary({ children }: { children: ReactNode }) {
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(() => new Set());
  const [report] = useState<DirtyForms>(() => (formId: string, dirty: boolean) =>
    setDirtyForms((forms) => {
      if (forms.has(formId) === dirty) return forms;
      const next = new Set(forms);
      if (dirty) next.add(formId);
      else next.delete(formId);
      return next;
    }),
  );
  return (
    <DirtyFormsContext.Provider value={report}>
      {children}
      <UnsavedChangesQuestion dirty={dirtyForms.size > 0} />
    </DirtyFormsContext.Provider>
  );
}

/**
 * Rendered by every form the user types into (contact, project, task, quote or invoice, profile,
 * reminder settings, quick task): leaving the page with unsaved changes asks « Quitter sans
 * enregistrer ? » (focus on « Rester sur la page », Escape stays), and closing or reloading the tab
 * gets the browser's prompt. Inside an UnsavedChangesBoundary it reports to the boundary's single
 * question; alone (a page rendered by itself) it asks by itself.
 */
export function UnsavedChangesGuard({ dirty }: UnsavedChangesGuardProps) {
  const report = useContext(DirtyFormsContext);
  const formId = useId();
  useEffect(() => {
    if (!report) return undefined;
    report(formId, dirty);
    return () => report(formId, false);
  }, [report, formId, dirty]);
  return report ? null : <UnsavedChangesQuestion dirty={dirty} />;
}
