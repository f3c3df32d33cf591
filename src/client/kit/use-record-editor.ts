import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type SetStateAction } from 'react';
import { useNavigate } from 'react-router-dom';
import { asApiError, errorDetail } from '../lib/api-errors';
import { useConfirm, type ConfirmOptions } from '../ui/confirm-dialog';
import { useToast } from '../ui/toast';
import { fieldErrorMessages, mapFieldErrors } from './field-errors';
import { LEAVES_SAVED_FORM } from './unsaved-changes-guard';

/** The record an editor starts from (RTK Query's answer, read by the page). */
export interface EditorLoad<R> {
  data: R | undefined;
  /** A refetch under way: the form waits for it (an answer about to change must not fill the form). */
  fetching?: boolean;
  /** It cannot be loaded (any error, or a route id that is not one). */
  failed: boolean;
}

/** A save or a deletion the server refused. */
export interface EditorRefusal {
  during: 'save' | 'delete';
  /** The refusal's body (a page may read more in it: what an invoice lacks to be issued). */
  body: unknown;
  /** Save: one 'Label : message' line per field (none when the body says nothing). Delete: its one message. */
  messages: string[];
}

export interface RecordEditorOptions<R, F, E extends object> {
  /** The record to edit (or to copy); null: a new form. */
  load: EditorLoad<R> | null;
  /** A new record's form; undefined while what it needs loads. */
  newForm?: () => F | undefined;
  /** A record's form; after an update, from the answer and the form sent (which it may keep parts of). */
  toForm: (record: R, sent?: F) => F;
  /** Without it, a load failure is the page's to show; with it, the editor says so and leaves. */
  leave?: { message: string; to: string; replace?: boolean };

  /** The messages under the fields before sending; sent when none has a message. */
  validate?: (form: F) => E | null;
  /** Where a refused check puts the focus: the first field in error, in this order. */
  focus?: { fields: readonly (keyof E & string)[]; element: (field: keyof E & string) => HTMLElement | null | undefined };

  save: {
    /** Creates or updates (`.unwrap()`ed): the server's answer. */
    send: (form: F) => Promise<R>;
    /** Set when the save creates: the new record's page, opened after the toast. */
    createdPath?: (record: R) => string;
    replace?: boolean;
    created: string;
    updated: string;
    /** The fields whose server messages show under them (400 `{field: [messages]}`). */
    fields?: readonly (keyof E & string)[];
    /** French names of the fields in the refusal's lines. */
    labels?: Readonly<Record<string, string>>;
    /** Asked once the checks pass, before sending (e.g. issuing an invoice, issue 28); null: nothing to ask. */
    confirm?: (form: F) => ConfirmOptions | null;
  };

  remove?: {
    /** The confirmation (it may need a request first). */
    confirm: () => ConfirmOptions | Promise<ConfirmOptions>;
    send: () => Promise<unknown>;
    deleted: string;
    /** Where to go once deleted. */
    to: string;
    /** When the server gives no reason. */
    failed: string;
    /** The reason shows in the page (`refusal`) rather than in a toast. */
    inline?: boolean;
  };
}

const applied = <F>(change: SetStateAction<F>, form: F): F =>
  typeof change === 'function' ? (change as (form: F) => F)(form) : change;

/**
 * What every record editor (contact, project, task, quote, invoice) does around its fields: the
 * form copied once from the loaded record (a background refetch must not wipe what is being
 * typed), leaving with a French message when the record cannot be loaded, the checks with the
 * focus on the first field in error, the save (a creation opens the new record, an update refills
 * the form from the answer) with the server's messages under the fields, and the confirmed delete.
 */
export function useRecordEditor<R, F, E extends object>(options: RecordEditorOptions<R, F, E>) {
  const { load, newForm, toForm, leave, validate, focus, save, remove } = options;
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();

  const initialForm = (): F | undefined => {
    if (!load) return newForm?.();
    return load.data !== undefined && !load.fetching ? toForm(load.data) : undefined;
  };
  /** The form, and the form as last loaded or saved (what tells unsaved changes). */
  const [forms, setForms] = useState<{ form: F; baseline: F } | null>(() => {
    const form = initialForm();
    return form === undefined ? null : { form, baseline: form };
  });
  // Filled once, in render, as soon as what it needs is there: later answers leave it alone.
  if (forms === null) {
    const form = initialForm();
    if (form !== undefined) setForms({ form, baseline: form });
  }

  /** The record as the server last gave it: its query's latest answer, or the save's until then. */
  const [answered, setAnswered] = useState<{ after: R | undefined; record: R } | null>(null);
  const record = answered && answered.after === load?.data ? answered.record : load?.data;

  const [errors, setErrors] = useState<E | null>(null);
  const [refusal, setRefusal] = useState<EditorRefusal | null>(null);
  /** Each submit: a summary keyed by it is a new one, announced and focused again. */
  const [attempt, setAttempt] = useState(0);
  /** Set once the page is being left: the record's refetch failing then (deleted) is no load error. */
  const leaving = useRef(false);

  const leaveMessage = leave?.message;
  const leaveTo = leave?.to;
  const leaveReplace = leave?.replace;
  const loadFailed = Boolean(load?.failed);
  useEffect(() => {
    if (!loadFailed || leaveTo === undefined || leaveMessage === undefined || leaving.current) return;
    leaving.current = true;
    toast.error(leaveMessage);
    navigate(leaveTo, { replace: leaveReplace, state: LEAVES_SAVED_FORM });
  }, [loadFailed, leaveMessage, leaveTo, leaveReplace, toast, navigate]);

  // Stable, like React's setters: memoised children (a document's lines) keep their callbacks.
  const setForm = useCallback(
    (change: SetStateAction<F>) =>
      setForms((current) => (current ? { ...current, form: applied(change, current.form) } : current)),
    [],
  );
  /** Changes the form and its baseline alike: a new saved state (or what the server changed in both). */
  const reset = useCallback(
    (change: SetStateAction<F>) =>
      setForms((current) => (current ? { form: applied(change, current.form), baseline: applied(change, current.baseline) } : current)),
    [],
  );
  /** The server now holds `saved` (a draft saved in the background): it is what tells unsaved changes; the form stays as typed. */
  const markSaved = useCallback((saved: F) => setForms((current) => (current ? { ...current, baseline: saved } : current)), []);
  /** Clears the message of these fields (a changed field is checked again at the next save). */
  const clearErrors = useCallback(
    (...fields: (keyof E)[]) =>
      setErrors((current) => {
        if (!current || !fields.some((field) => current[field])) return current;
        const next = { ...current };
        for (const field of fields) delete next[field];
        return next;
      }),
    [],
  );
  /** One field typed in: its message goes. */
  const update = useCallback(
    <K extends keyof F>(field: K, value: F[K]) => {
      setForm((current) => ({ ...current, [field]: value }));
      clearErrors(field as unknown as keyof E);
    },
    [setForm, clearErrors],
  );

  /** A refused request: its messages under the fields they name, and all of them above the form. */
  const showRefusal = (error: unknown) => {
    const body = asApiError(error)?.data;
    if (save.fields) setErrors(mapFieldErrors(body, save.fields).fields as E);
    setRefusal({ during: 'save', body, messages: fieldErrorMessages(body, save.labels) });
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!forms) return;
    const { form } = forms;
    setAttempt((n) => n + 1);
    setRefusal(null);
    const found = validate?.(form) ?? null;
    const invalid = found !== null && Object.values(found).some((message) => typeof message === 'string' && message !== '');
    setErrors(invalid ? found : null);
    if (invalid) {
      const first = focus?.fields.find((field) => found[field]);
      if (first) focus?.element(first)?.focus();
      return;
    }
    const question = save.confirm?.(form) ?? null;
    if (question && !(await confirm(question))) return;
    try {
      const answer = await save.send(form);
      if (save.createdPath) {
        toast.success(save.created);
        leaving.current = true;
        // Kept: the form's guard lets this one go. At once, not in a transition: meanwhile the
        // address would be the new record's while this form still showed and took what was typed.
        navigate(save.createdPath(answer), { replace: save.replace, state: LEAVES_SAVED_FORM, flushSync: true });
        return;
      }
      // The server's answer (normalised values, totals, status) replaces what was typed.
      reset(toForm(answer, form));
      setAnswered({ after: load?.data, record: answer });
      toast.success(save.updated);
    } catch (error) {
      showRefusal(error);
    }
  };

  /** The form differs from what was loaded or last saved (values compared, not identities). */
  const dirty = useMemo(() => Boolean(forms && forms.form !== forms.baseline && JSON.stringify(forms.form) !== JSON.stringify(forms.baseline)), [forms]);

  const removeRecord = async () => {
    if (!remove) return;
    if (remove.inline) setRefusal(null);
    if (!(await confirm(await remove.confirm()))) return;
    try {
      leaving.current = true;
      await remove.send();
      toast.success(remove.deleted);
      navigate(remove.to, { state: LEAVES_SAVED_FORM });
    } catch (error) {
      leaving.current = false;
      // e.g. a contact still client of an invoice: the server says why.
      const message = errorDetail(error) ?? remove.failed;
      if (remove.inline) setRefusal({ during: 'delete', body: asApiError(error)?.data, messages: [message] });
      else toast.error(message);
    }
  };

  return {
    /** Null until loaded (or while a new form waits for what it needs). */
    form: forms?.form ?? null,
    baseline: forms?.baseline ?? null,
    /** Unsaved changes: what the page's UnsavedChangesGuard is given. */
    dirty,
    setForm,
    update,
    reset,
    markSaved,
    /** The loaded record as the server last gave it (query or save answer). */
    record,
    /** Keeps a record the server gave elsewhere (an e-mail's new status) until its query answers again. */
    setRecord: (next: R) => setAnswered({ after: load?.data, record: next }),
    loadFailed,
    errors,
    setErrors,
    clearErrors,
    refusal,
    showRefusal,
    attempt,
    submit,
    remove: removeRecord,
  };
}
