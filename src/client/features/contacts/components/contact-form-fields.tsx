import { useMemo, type Ref } from 'react';
import styled from 'styled-components';
import {
  CONTACT_CATEGORIES,
  CONTACT_CATEGORY_LABELS,
  CONTACT_FIELD_LABELS,
  DEFAULT_COUNTRY,
  type Contact,
  type ContactInput,
} from '../../../../shared/contacts';
import { COUNTRIES } from '../../../lib/countries';
import { FormGrid, Select, TextArea, TextField } from '../../../ui/form-fields';

export type ContactFormValues = ContactInput;

export const EMPTY_CONTACT_FORM: ContactFormValues = {
  name: '',
  email: '',
  phone: '',
  company: '',
  address: '',
  city: '',
  postal_code: '',
  country: DEFAULT_COUNTRY,
  notes: '',
  category: 'client',
};

/** The form's values for a loaded contact (missing text → '', missing country → France). */
export function toContactForm(contact: Partial<Contact>): ContactFormValues {
  const values = { ...EMPTY_CONTACT_FORM };
  for (const field of Object.keys(EMPTY_CONTACT_FORM) as (keyof ContactFormValues)[]) {
    const value = contact[field];
    if (typeof value === 'string' && value !== '') (values as Record<string, string>)[field] = value;
  }
  return values;
}

/** The PUT/POST body: every field, trimmed (the server keeps what it is sent). */
export function toContactPayload(values: ContactFormValues): ContactInput {
  const payload = { ...values };
  for (const field of Object.keys(payload) as (keyof ContactFormValues)[]) {
    if (field !== 'category') payload[field] = payload[field].trim();
  }
  return payload;
}

const CATEGORY_OPTIONS = CONTACT_CATEGORIES.map((value) => ({ value, label: CONTACT_CATEGORY_LABELS[value] }));

const StyledWide = styled.div`
  grid-column: 1 / -1;
`;

export interface ContactFormFieldsProps {
  values: ContactFormValues;
  onChange: (field: keyof ContactFormValues, value: string) => void;
  nameInvalid?: boolean;
  nameRef?: Ref<HTMLInputElement>;
}

/** Every contact field of SPEC 3, labelled with the shared French labels. */
export function ContactFormFields({ values, onChange, nameInvalid, nameRef }: ContactFormFieldsProps) {
  const countryOptions = useMemo(() => {
    // A country stored outside the list (imported data) stays selectable.
    const names = values.country && !COUNTRIES.includes(values.country) ? [values.country, ...COUNTRIES] : COUNTRIES;
    return names.map((name) => ({ value: name, label: name }));
  }, [values.country]);

  const text = (field: keyof ContactFormValues, props: Record<string, unknown> = {}) => (
    <TextField
      name={field}
      label={CONTACT_FIELD_LABELS[field]}
      value={values[field]}
      onChange={(event) => onChange(field, event.target.value)}
      {...props}
    />
  );

  return (
    <FormGrid>
      <StyledWide>
        {text('name', {
          required: true,
          ref: nameRef,
          autoComplete: 'off',
          maxLength: 200,
          'aria-invalid': nameInvalid || undefined,
        })}
      </StyledWide>
      {text('email', { type: 'email', autoComplete: 'off', maxLength: 254 })}
      {text('phone', { type: 'tel', autoComplete: 'off', maxLength: 40 })}
      {text('company', { autoComplete: 'off', maxLength: 200 })}
      <Select
        name="category"
        label={CONTACT_FIELD_LABELS.category}
        value={values.category}
        options={CATEGORY_OPTIONS}
        onChange={(event) => onChange('category', event.target.value)}
      />
      <StyledWide>{text('address', { autoComplete: 'off', maxLength: 500 })}</StyledWide>
      {text('postal_code', { autoComplete: 'off', maxLength: 20 })}
      {text('city', { autoComplete: 'off', maxLength: 120 })}
      <Select
        name="country"
        label={CONTACT_FIELD_LABELS.country}
        value={values.country}
        options={countryOptions}
        onChange={(event) => onChange('country', event.target.value)}
      />
      <StyledWide>
        <TextArea
          name="notes"
          label={CONTACT_FIELD_LABELS.notes}
          rows={5}
          value={values.notes}
          onChange={(event) => onChange('notes', event.target.value)}
        />
      </StyledWide>
    </FormGrid>
  );
}
