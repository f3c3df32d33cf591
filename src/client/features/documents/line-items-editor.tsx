import { memo, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { formatMoney } from '@/client/lib/format';
import { Button } from '@/client/ui/button';
import { DecimalField } from '@/client/ui/decimal-field';
import { Select, TextArea, TextField, type SelectOption } from '@/client/ui/form-fields';
import { SearchSelect } from '@/client/ui/search-select';
import { IconClose, IconPlus } from '@/client/ui/icons';
import {
  DISCOUNT_INVALID, emptyLine, isDiscountValid, isUntaxedLine, LINE_EXEMPTION_LABEL, lineFromCatalogue, lineWithTask, parseDecimal, type FormLine,
} from './document-form';
import { CataloguePicker, type CatalogueItem } from '../catalogue';
import { useGetTaskQuery } from '../tasks';
import { DiscountField } from './discount-field';
import type { TaskOption } from './document.types';
import { taskOptionOf, useTaskChoices } from './use-document-options';
import { DOCUMENT_EXEMPTION_OPTION, EXEMPTION_OPTIONS, exemptionOf, rateOptions } from './vat';
import { amountLabels } from '@/shared/amount-labels';
import { LINE_UNIT_CODES, LINE_UNITS, lineUnitOf } from '@/shared/units';

const StyledLines = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const StyledLine = styled.fieldset<{ $invalid: boolean }>`
  margin: 0;
  min-width: 0;
  padding: ${({ theme }) => theme.spacing.lg};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.dangerText : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  grid-template-areas:
    'legend remove'
    'task task'
    'title title'
    'desc desc'
    'qty unit'
    'price vat'
    'disc disc'
    'total total';

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
    grid-template-areas:
      'legend legend legend remove'
      'task task title title'
      'desc desc desc desc'
      'qty unit price vat'
      'disc disc total total';
  }

  /* In the franchise there is no rate to choose. */
  &[data-no-vat] {
    grid-template-areas:
      'legend remove'
      'task task'
      'title title'
      'desc desc'
      'qty unit'
      'price price'
      'disc disc'
      'total total';

    @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
      grid-template-areas:
        'legend legend legend remove'
        'task task title title'
        'desc desc desc desc'
        'qty unit price price'
        'disc disc total total';
    }
  }

  /* A VAT-registered seller's line at 0 % (issue 25): its own exemption reason, under its rate. */
  &[data-exemption] {
    grid-template-areas:
      'legend remove'
      'task task'
      'title title'
      'desc desc'
      'qty unit'
      'price vat'
      'exempt exempt'
      'disc disc'
      'total total';

    @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
      grid-template-areas:
        'legend legend legend remove'
        'task task title title'
        'desc desc desc desc'
        'qty unit price vat'
        'exempt exempt exempt exempt'
        'disc disc total total';
    }
  }

  legend {
    grid-area: legend;
    float: left;
    padding: 0;
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
  }
`;

const area = (name: string) => styled.div`
  grid-area: ${name};
  min-width: 0;
`;
const StyledTask = area('task');
/** Without the task picker (a recurring series' line, issue 28), the title takes its row. */
const StyledTitle = styled(area('title'))<{ $wide: boolean }>`
  ${({ $wide }) => ($wide ? 'grid-column: 1 / -1;' : '')}
`;
const StyledDesc = area('desc');
const StyledQty = area('qty');
const StyledUnit = area('unit');
const StyledPrice = area('price');
const StyledVat = area('vat');
const StyledExemption = area('exempt');
const StyledDiscount = area('disc');
const StyledRemove = styled.div`
  grid-area: remove;
  justify-self: end;
`;

const StyledLineTotal = styled.p`
  grid-area: total;
  margin: 0;
  align-self: end;
  justify-self: end;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;

  strong {
    font-size: ${({ theme }) => theme.typography.size.md};
  }
`;

const StyledAddRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
`;

/** The units a line can be counted in (shared/units.ts), by their French names. */
const UNIT_OPTIONS: SelectOption[] = LINE_UNIT_CODES.map((code) => ({ value: code, label: LINE_UNITS[code].label }));

export const LINE_FIELD_ERRORS = {
  title: 'Le titre est requis.',
  quantity: 'La quantité doit être supérieure à 0.',
  unit_price: 'Le prix doit être supérieur ou égal à 0.',
  discount: DISCOUNT_INVALID,
} as const;

type LineFieldErrors = Partial<Record<keyof typeof LINE_FIELD_ERRORS, string>>;

/** What the task picker says of a task another invoice bills (issue 15). */
export const billedTaskNote = (invoiceNumber: string) =>
  invoiceNumber ? `Déjà facturée (${invoiceNumber})` : 'Dans un brouillon de facture';

/** A line of an invoice linked to a task another invoice bills: saving it would be refused. */
export const billedTaskError = (invoiceNumber: string) =>
  `${billedTaskNote(invoiceNumber)} : choisissez une autre tâche, ou aucune.`;

const taskLabel = (t: TaskOption) => (t.projectName ? `${t.title} — ${t.projectName}` : t.title);

/**
 * The task picker's options: a task another invoice bills is named with that invoice; on an
 * invoice it is listed after the others and cannot be chosen (a task is billed once). A quote
 * bills nothing: every task can be chosen.
 */
export function taskPickerOptions(tasks: TaskOption[], billsTasks: boolean): SelectOption[] {
  const option = (t: TaskOption): SelectOption =>
    t.invoiceNumber === null
      ? { value: String(t.id), label: taskLabel(t) }
      : { value: String(t.id), label: `${taskLabel(t)} · ${billedTaskNote(t.invoiceNumber)}`, disabled: billsTasks };
  if (!billsTasks) return tasks.map(option);
  return [...tasks.filter((t) => t.invoiceNumber === null), ...tasks.filter((t) => t.invoiceNumber !== null)].map(option);
}

interface LineTaskSelectProps {
  line: FormLine;
  /** The invoice being edited (its own tasks are free for its lines), null otherwise. */
  invoiceId: number | null;
  billsTasks: boolean;
  disabled: boolean;
  onChange: (key: string, update: (line: FormLine) => FormLine) => void;
}

/**
 * A line's « Tâche liée » (issue 29): the server's first 20 tasks by title, or those whose title
 * matches what is typed in its search field, 20 more on demand. The linked task stays listed
 * whatever the search shows: when the page does not hold it, it is read on its own (its project
 * and the invoice billing it), else named by the line (its title).
 */
function LineTaskSelect({ line, invoiceId, billsTasks, disabled, onChange }: LineTaskSelectProps) {
  const [typed, setTyped] = useState('');
  const { tasks, results, isLoading } = useTaskChoices(typed, invoiceId);
  const byId = useMemo(() => new Map(tasks.map((t) => [t.id, t])), [tasks]);
  const linkedId = line.task_id;
  const outside = linkedId !== null && !byId.has(linkedId);
  const { data: linkedTask } = useGetTaskQuery(linkedId ?? 0, { skip: !outside || isLoading });
  const linked =
    linkedId === null
      ? null
      : (byId.get(linkedId) ?? (linkedTask?.id === linkedId ? taskOptionOf(linkedTask, invoiceId) : null));
  const options = useMemo(() => {
    const list = taskPickerOptions(tasks, billsTasks);
    if (linkedId !== null && outside) {
      // The linked task may be missing from the page (another search, deleted, or the list failed to load).
      list.unshift(
        linked ? taskPickerOptions([linked], billsTasks)[0] : { value: String(linkedId), label: line.taskTitle ?? `Tâche #${linkedId}` },
      );
    }
    return list;
  }, [tasks, billsTasks, linkedId, outside, linked, line.taskTitle]);
  // Linked to a task another invoice bills (a copy of an invoice, or billed meanwhile): said at once.
  const billedElsewhere = linked?.invoiceNumber ?? null;
  const taskError = billsTasks && !disabled && billedElsewhere !== null ? billedTaskError(billedElsewhere) : undefined;

  return (
    <SearchSelect
      label="Tâche liée"
      searchLabel="Rechercher une tâche"
      search={typed}
      onSearch={setTyped}
      matches={results}
      placeholderOption="Aucune tâche"
      options={options}
      value={linkedId === null ? '' : String(linkedId)}
      disabled={disabled}
      error={taskError}
      onChange={(event) => {
        const id = event.target.value ? Number(event.target.value) : null;
        const task = id === null ? null : (byId.get(id) ?? (linked?.id === id ? linked : null));
        onChange(line.key, (current) => lineWithTask(current, task));
      }}
    />
  );
}

function lineFieldErrors(line: FormLine): LineFieldErrors {
  const quantity = parseDecimal(line.quantity);
  const price = parseDecimal(line.unit_price);
  return {
    title: line.title.trim() ? undefined : LINE_FIELD_ERRORS.title,
    quantity: Number.isFinite(quantity) && quantity > 0 ? undefined : LINE_FIELD_ERRORS.quantity,
    unit_price: Number.isFinite(price) && price >= 0 ? undefined : LINE_FIELD_ERRORS.unit_price,
    discount: isDiscountValid(line) ? undefined : LINE_FIELD_ERRORS.discount,
  };
}

interface LineEditorProps {
  line: FormLine;
  index: number;
  /** Line total HT in cents. */
  totalCents: number;
  /** The invoice being edited, null otherwise (its own tasks are free for its lines). */
  invoiceId: number | null;
  showErrors: boolean;
  disabled: boolean;
  /** Whether the line's VAT rate is shown (not in the franchise). */
  showVat: boolean;
  /** Whether the line can name a task (not a recurring series' line, issue 28). */
  linksTasks: boolean;
  /** The document's rate (percent): a line without its own follows it. */
  defaultRate: string;
  /** The server's message on the line's own exemption reason (a refused save). */
  exemptionError?: string;
  /** No VAT charged (franchise): amounts without "HT". */
  vatFree: boolean;
  /** An invoice's lines bill their tasks: a task another invoice bills is refused. */
  billsTasks: boolean;
  onChange: (key: string, update: (line: FormLine) => FormLine) => void;
  onRemove: (key: string) => void;
}

// Memoised: typing in one line re-renders that line only, not the whole list.
const LineEditor = memo(function LineEditor({
  line,
  index,
  totalCents,
  invoiceId,
  showErrors,
  disabled,
  showVat,
  linksTasks,
  defaultRate,
  exemptionError,
  vatFree,
  billsTasks,
  onChange,
  onRemove,
}: LineEditorProps) {
  const errors: LineFieldErrors = showErrors ? lineFieldErrors(line) : {};
  const invalid = Boolean(errors.title || errors.quantity || errors.unit_price || errors.discount || exemptionError);
  // A VAT-registered seller's line at 0 % may have its own reason (issue 25); frozen, it shows only one it has.
  const showExemption = showVat && isUntaxedLine(line, defaultRate) && (!disabled || line.vat_exemption !== '');
  const number = index + 1;
  const set = (field: 'title' | 'description' | 'quantity' | 'unit_price' | 'tax_rate') => (value: string) =>
    onChange(line.key, (current) => ({ ...current, [field]: value }));

  return (
    <StyledLine
      $invalid={invalid}
      data-testid="line-item"
      data-invalid={invalid || undefined}
      data-no-vat={showVat ? undefined : ''}
      data-exemption={showExemption ? '' : undefined}
    >
      <legend>Ligne {number}</legend>
      <StyledRemove>
        {!disabled && (
          <Button variant="ghost" size="sm" onClick={() => onRemove(line.key)} aria-label={`Supprimer la ligne ${number}`}>
            <IconClose size={16} />
            Supprimer
          </Button>
        )}
      </StyledRemove>
      {linksTasks && (
        <StyledTask>
          <LineTaskSelect line={line} invoiceId={invoiceId} billsTasks={billsTasks} disabled={disabled} onChange={onChange} />
        </StyledTask>
      )}
      <StyledTitle $wide={!linksTasks}>
        <TextField
          id={`${line.key}-title`}
          label="Titre"
          required
          value={line.title}
          disabled={disabled}
          error={errors.title}
          onChange={(event) => set('title')(event.target.value)}
        />
      </StyledTitle>
      <StyledDesc>
        <TextArea
          label="Description"
          rows={2}
          value={line.description}
          disabled={disabled}
          onChange={(event) => set('description')(event.target.value)}
        />
      </StyledDesc>
      <StyledQty>
        <DecimalField
          label="Quantité"
          format="quantity"
          decimals={4}
          required
          value={line.quantity}
          disabled={disabled}
          error={errors.quantity}
          onChange={set('quantity')}
        />
      </StyledQty>
      <StyledUnit>
        <Select
          label="Unité"
          options={UNIT_OPTIONS}
          value={line.unit}
          disabled={disabled}
          onChange={(event) => {
            const unit = lineUnitOf(event.target.value);
            onChange(line.key, (current) => ({ ...current, unit }));
          }}
        />
      </StyledUnit>
      <StyledPrice>
        <DecimalField
          label={`${amountLabels(vatFree ? 'franchise' : 'assujetti').unitPrice} (€)`}
          decimals={4}
          required
          value={line.unit_price}
          disabled={disabled}
          error={errors.unit_price}
          onChange={set('unit_price')}
        />
      </StyledPrice>
      {showVat && (
        <StyledVat>
          <Select
            label="TVA"
            options={rateOptions(line.tax_rate)}
            value={line.tax_rate}
            disabled={disabled}
            onChange={(event) => set('tax_rate')(event.target.value)}
          />
        </StyledVat>
      )}
      {showExemption && (
        <StyledExemption>
          <Select
            label={LINE_EXEMPTION_LABEL}
            placeholderOption={DOCUMENT_EXEMPTION_OPTION}
            options={EXEMPTION_OPTIONS}
            value={line.vat_exemption}
            disabled={disabled}
            error={exemptionError}
            onChange={(event) => {
              const reason = exemptionOf(event.target.value);
              onChange(line.key, (current) => ({ ...current, vat_exemption: reason }));
            }}
          />
        </StyledExemption>
      )}
      <StyledDiscount>
        <DiscountField
          label="Remise"
          value={line}
          disabled={disabled}
          error={errors.discount}
          onChange={({ discount, discount_type }) => onChange(line.key, (current) => ({ ...current, discount, discount_type }))}
        />
      </StyledDiscount>
      <StyledLineTotal>
        {amountLabels(vatFree ? 'franchise' : 'assujetti').lineTotal} : <strong data-testid="line-total">{formatMoney(totalCents / 100)}</strong>
      </StyledLineTotal>
    </StyledLine>
  );
});

export interface LineItemsEditorProps {
  lines: FormLine[];
  /** Each line's total HT in cents, in order (computeTotals). */
  lineTotals: number[];
  /** The invoice being edited (its own tasks are free for its lines), null otherwise. */
  invoiceId?: number | null;
  /** Show each invalid field's message (after a refused save). */
  showErrors: boolean;
  /** An issued invoice's lines can no longer change. */
  disabled?: boolean;
  /** The rate of a line added (percent, the document's). */
  defaultRate: string;
  /** Whether each line's VAT rate is shown and chosen (not in the franchise). */
  showVat?: boolean;
  /** No VAT charged (franchise, frozen documents included): no "HT". By default, when no rate is shown. */
  vatFree?: boolean;
  /** An invoice: its lines bill their tasks, so a task another invoice bills cannot be chosen (issue 15). */
  billsTasks?: boolean;
  /** Whether lines can name a task (default); a recurring series' lines cannot (issue 28). */
  linksTasks?: boolean;
  /** The server's messages on lines' own exemption reasons, by line key (a refused save). */
  exemptionErrors?: Readonly<Record<string, string>>;
  onChange: (update: (lines: FormLine[]) => FormLine[]) => void;
}

/**
 * Lines of a quote or invoice: add, remove, link to a task, edit quantity, price, VAT rate and, at
 * 0 %, the line's own exemption reason.
 */
export function LineItemsEditor({
  lines,
  lineTotals,
  invoiceId = null,
  showErrors,
  disabled = false,
  defaultRate,
  showVat = true,
  vatFree = !showVat,
  billsTasks = false,
  linksTasks = true,
  exemptionErrors,
  onChange,
}: LineItemsEditorProps) {
  const focusKey = useRef<string | null>(null);

  const changeLine = useMemo(
    () => (key: string, update: (line: FormLine) => FormLine) =>
      onChange((current) => current.map((line) => (line.key === key ? update(line) : line))),
    [onChange],
  );
  const removeLine = useMemo(
    () => (key: string) => onChange((current) => current.filter((line) => line.key !== key)),
    [onChange],
  );
  const addLine = () => {
    const line = emptyLine(defaultRate);
    focusKey.current = line.key;
    onChange((current) => [...current, line]);
  };
  /** A line filled from a catalogue item (issue 28), then edited like any other; in the franchise, at the document's rate. */
  const addFromCatalogue = (item: CatalogueItem) => {
    const line = lineFromCatalogue(emptyLine(defaultRate), item, showVat);
    focusKey.current = line.key;
    onChange((current) => [...current, line]);
  };

  // Focus the title of a line just added, so typing can start at once.
  useEffect(() => {
    if (focusKey.current && lines.some((l) => l.key === focusKey.current)) {
      document.getElementById(`${focusKey.current}-title`)?.focus();
      focusKey.current = null;
    }
  }, [lines]);

  return (
    <StyledLines>
      {lines.map((line, index) => (
        <LineEditor
          key={line.key}
          line={line}
          index={index}
          totalCents={lineTotals[index] ?? 0}
          invoiceId={invoiceId}
          showErrors={showErrors}
          disabled={disabled}
          showVat={showVat}
          linksTasks={linksTasks}
          defaultRate={defaultRate}
          exemptionError={exemptionErrors?.[line.key]}
          vatFree={vatFree}
          billsTasks={billsTasks}
          onChange={changeLine}
          onRemove={removeLine}
        />
      ))}
      {!disabled && (
        <StyledAddRow>
          <Button onClick={addLine}>
            <IconPlus size={18} />
            Ajouter une ligne
          </Button>
          <CataloguePicker onPick={addFromCatalogue} showVat={showVat} />
        </StyledAddRow>
      )}
    </StyledLines>
  );
}
