import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styled, { css } from 'styled-components';

/** A fieldset without the browser's frame, its legend a bold line above its fields (mixed into each group's own layout). */
export const bareFieldset = css`
  margin: 0;
  padding: 0;
  border: none;

  legend {
    margin-bottom: ${({ theme }) => theme.spacing.sm};
    padding: 0;
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
  }
`;

export const StyledField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xs};
  min-width: 0;
`;

export const StyledLabel = styled.label`
  font-size: ${({ theme }) => theme.typography.size.sm};
  font-weight: ${({ theme }) => theme.typography.weight.medium};
  color: ${({ theme }) => theme.colors.text};
`;

const StyledRequired = styled.span`
  color: ${({ theme }) => theme.colors.dangerText};
  margin-left: 2px;
`;

export const StyledHint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.size.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const StyledFieldError = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.size.sm};
  color: ${({ theme }) => theme.colors.dangerText};
`;

const controlStyles = css<{ $invalid?: boolean }>`
  width: 100%;
  min-height: 40px;
  padding: 8px 12px;
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.dangerText : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.typography.size.md};
  transition: border-color ${({ theme }) => theme.transition};

  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 1;
  }
  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.text};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
  &:disabled {
    opacity: 0.65;
    cursor: not-allowed;
  }
`;

export const StyledInput = styled.input<{ $invalid?: boolean }>`
  ${controlStyles}
`;

export const StyledTextArea = styled.textarea<{ $invalid?: boolean }>`
  ${controlStyles}
  min-height: 96px;
  resize: vertical;
  line-height: ${({ theme }) => theme.typography.lineHeight.normal};
`;

export const StyledSelect = styled.select<{ $invalid?: boolean }>`
  ${controlStyles}
  appearance: auto;
`;

const StyledControlRow = styled.div`
  position: relative;
  display: flex;
  align-items: stretch;

  & > input {
    padding-right: 48px;
  }
`;

const StyledAdornment = styled.div`
  position: absolute;
  inset: 0 4px 0 auto;
  display: flex;
  align-items: center;
`;

export interface FieldChromeProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
}

function describedBy(ids: (string | null | undefined | false)[]) {
  const present = ids.filter(Boolean);
  return present.length ? present.join(' ') : undefined;
}

/**
 * One place for what every field shares: ids, the label/hint/error chrome and the ARIA
 * attributes of the control (invalid, required, described by the hint, the error and the caller's ids).
 */
export function useField({ id, label, error, hint, required, describedBy: extra }: FieldChromeProps & { id?: string; describedBy?: string }) {
  const generated = useId();
  const controlId = id ?? `f${generated.replace(/:/g, '')}`;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  return {
    chrome: { label, required, controlId, error, errorId, hint, hintId },
    control: {
      id: controlId,
      $invalid: Boolean(error),
      'aria-invalid': error ? true : undefined,
      'aria-required': required || undefined,
      'aria-describedby': describedBy([hint ? hintId : null, error ? errorId : null, extra]),
    },
  };
}

export function FieldChrome({
  label,
  required,
  controlId,
  error,
  errorId,
  hint,
  hintId,
  children,
}: FieldChromeProps & { controlId: string; errorId: string; hintId: string; children: ReactNode }) {
  return (
    <StyledField>
      <StyledLabel htmlFor={controlId}>
        {label}
        {required && <StyledRequired aria-hidden="true">*</StyledRequired>}
      </StyledLabel>
      {children}
      {hint && <StyledHint id={hintId}>{hint}</StyledHint>}
      {error && <StyledFieldError id={errorId}>{error}</StyledFieldError>}
    </StyledField>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'>, FieldChromeProps {
  /** Element drawn inside the right edge of the input (e.g. a show/hide button). */
  endAdornment?: ReactNode;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, required, id, endAdornment, 'aria-describedby': extraDescribedBy, ...rest },
  ref,
) {
  const { chrome, control } = useField({ id, label, error, hint, required, describedBy: extraDescribedBy });
  const input = <StyledInput ref={ref} {...control} {...rest} />;
  return (
    <FieldChrome {...chrome}>
      {endAdornment ? (
        <StyledControlRow>
          {input}
          <StyledAdornment>{endAdornment}</StyledAdornment>
        </StyledControlRow>
      ) : (
        input
      )}
    </FieldChrome>
  );
});

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldChromeProps {}

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, error, hint, required, id, 'aria-describedby': extraDescribedBy, ...rest },
  ref,
) {
  const { chrome, control } = useField({ id, label, error, hint, required, describedBy: extraDescribedBy });
  return (
    <FieldChrome {...chrome}>
      <StyledTextArea ref={ref} {...control} {...rest} />
    </FieldChrome>
  );
});

export interface SelectOption {
  value: string;
  label: string;
  /** Listed but not selectable (its label says why). */
  disabled?: boolean;
}

/** A select's options, after the « all » or « choose » one when given (SelectField and SearchSelect). */
export function SelectOptions({ options, placeholderOption }: { options: readonly SelectOption[]; placeholderOption?: string }) {
  return (
    <>
      {placeholderOption !== undefined && <option value="">{placeholderOption}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
    </>
  );
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement>, FieldChromeProps {
  options: readonly SelectOption[];
  /** Optional first entry with an empty value (e.g. 'Tous'). */
  placeholderOption?: string;
}

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, error, hint, required, id, options, placeholderOption, 'aria-describedby': extraDescribedBy, ...rest },
  ref,
) {
  const { chrome, control } = useField({ id, label, error, hint, required, describedBy: extraDescribedBy });
  return (
    <FieldChrome {...chrome}>
      <StyledSelect ref={ref} {...control} {...rest}>
        <SelectOptions options={options} placeholderOption={placeholderOption} />
      </StyledSelect>
    </FieldChrome>
  );
});

const StyledChoice = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  align-items: start;
  column-gap: ${({ theme }) => theme.spacing.sm};
  row-gap: 2px;

  input {
    width: 20px;
    height: 20px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  input:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  ${StyledHint} {
    grid-column: 2;
  }
`;

export interface ChoiceFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  type: 'checkbox' | 'radio';
  label: ReactNode;
  hint?: ReactNode;
}

/** A checkbox or a radio button with its label on the right and an optional hint below. */
export const ChoiceField = forwardRef<HTMLInputElement, ChoiceFieldProps>(function ChoiceField(
  { type, label, hint, id, ...rest },
  ref,
) {
  const generated = useId();
  const controlId = id ?? `c${generated.replace(/:/g, '')}`;
  const hintId = `${controlId}-hint`;
  return (
    <StyledChoice>
      <input ref={ref} id={controlId} type={type} aria-describedby={hint ? hintId : undefined} {...rest} />
      <StyledLabel htmlFor={controlId}>{label}</StyledLabel>
      {hint && <StyledHint id={hintId}>{hint}</StyledHint>}
    </StyledChoice>
  );
});

/** Responsive grid for form fields: one column on phones, two from 640 px. */
export const FormGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.lg};
  grid-template-columns: 1fr;

  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.spacing.xl};
`;
