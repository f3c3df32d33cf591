import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { Dialog, DialogActions } from '@/client/ui/dialog';
import { Select, TextArea } from '@/client/ui/form-fields';
import {
  RECEIVED_MESSAGES, RECEIVED_REASON_LABELS, RECEIVED_REASON_MAX, reasonCodesOf, reasonNeedsDetails, type ReceivedReasonCode,
} from '@/shared/received-invoices';
import { ANSWER_BUTTONS, RECEIVED_TEXTS } from './received-texts';

/** What a dispute or a refusal says: the reason code chosen and the user's details. */
export interface AnswerReason {
  reason_code: ReceivedReasonCode;
  reason: string;
}

/** The server's (or the dialog's own) French messages, by field; `form` for the others. */
export type AnswerErrors = { reason_code?: string; reason?: string; form?: string };

interface Props {
  answer: 'disputed' | 'refused';
  busy: boolean;
  onClose: () => void;
  /** Sends the answer; resolves to the errors to show (none: it went through and the dialog closes). */
  onSubmit: (reason: AnswerReason) => Promise<AnswerErrors | null>;
}

/**
 * « Contester » / « Refuser » (issue 26): the « Motif » (one of the reason codes that answer admits,
 * XP Z12-012) and the « Précisions » sent to the supplier, required with « Autre (précisez) ». The
 * first field in error takes the focus, its message under it.
 */
export function ReceivedAnswerDialog({ answer, busy, onClose, onSubmit }: Props) {
  const dialog = ANSWER_BUTTONS[answer].dialog;
  const [code, setCode] = useState<ReceivedReasonCode | ''>('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<AnswerErrors>({});
  const codeRef = useRef<HTMLSelectElement>(null);
  const detailsRef = useRef<HTMLTextAreaElement>(null);
  const detailsRequired = reasonNeedsDetails(code);

  const show = (found: AnswerErrors) => {
    setErrors(found);
    if (found.reason_code) codeRef.current?.focus();
    else if (found.reason) detailsRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const reason = details.trim();
    if (!code) return show({ reason_code: RECEIVED_MESSAGES.reasonCodeRequired });
    if (detailsRequired && !reason) return show({ reason: RECEIVED_MESSAGES.reasonRequired });
    const found = await onSubmit({ reason_code: code, reason });
    if (found) show(found);
  };

  return (
    <Dialog open title={dialog.title} onClose={onClose} initialFocusRef={codeRef}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {errors.form && <Alert tone="error">{errors.form}</Alert>}
        <Select
          ref={codeRef}
          label={RECEIVED_TEXTS.reasonCodeLabel}
          required
          value={code}
          placeholderOption={RECEIVED_TEXTS.reasonCodePlaceholder}
          options={reasonCodesOf(answer).map((value) => ({ value, label: RECEIVED_REASON_LABELS[value] }))}
          hint={RECEIVED_TEXTS.reasonCodeHint[answer]}
          error={errors.reason_code}
          onChange={(event) => {
            setCode(event.target.value as ReceivedReasonCode | '');
            setErrors({ ...errors, reason_code: undefined, form: undefined });
          }}
        />
        <TextArea
          ref={detailsRef}
          label={RECEIVED_TEXTS.detailsLabel}
          required={detailsRequired}
          value={details}
          maxLength={RECEIVED_REASON_MAX}
          hint={detailsRequired ? RECEIVED_TEXTS.detailsRequiredHint : RECEIVED_TEXTS.detailsHint}
          error={errors.reason}
          onChange={(event) => {
            setDetails(event.target.value);
            setErrors({ ...errors, reason: undefined, form: undefined });
          }}
        />
        <DialogActions>
          <Button onClick={onClose}>Annuler</Button>
          <Button type="submit" variant={answer === 'refused' ? 'danger' : 'primary'} disabled={busy}>
            {dialog.confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
