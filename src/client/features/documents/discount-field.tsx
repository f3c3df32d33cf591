import styled from 'styled-components';
import { DecimalField } from '@/client/ui/decimal-field';
import { Select, type SelectOption } from '@/client/ui/form-fields';
import type { DiscountType, FormDiscount } from './document-form';

const StyledDiscount = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(4.5rem, 1fr);
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: end;
  min-width: 0;
`;

const TYPE_OPTIONS: SelectOption[] = [
  { value: 'percent', label: '%' },
  { value: 'amount', label: '€' },
];

export interface DiscountFieldProps {
  /** 'Remise' on a line, 'Remise globale' on the document; the kind select is named after it. */
  label: string;
  value: FormDiscount;
  disabled?: boolean;
  error?: string;
  onChange: (discount: FormDiscount) => void;
}

/**
 * A discount (issue 25), on a line or on the whole document: a value and its kind, a percentage
 * or an amount in euros (the other being 0). Empty means none.
 */
export function DiscountField({ label, value, disabled, error, onChange }: DiscountFieldProps) {
  return (
    <StyledDiscount>
      <DecimalField
        label={label}
        format="quantity"
        value={value.discount}
        disabled={disabled}
        error={error}
        onChange={(discount) => onChange({ ...value, discount })}
      />
      <Select
        label={`Type de ${label.toLowerCase()}`}
        options={TYPE_OPTIONS}
        value={value.discount_type}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, discount_type: event.target.value as DiscountType })}
      />
    </StyledDiscount>
  );
}
