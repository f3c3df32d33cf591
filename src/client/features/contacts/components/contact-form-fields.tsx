import { useId, useState } from 'react';
import styled from 'styled-components';
import { CLIENT_TYPES, CLIENT_TYPE_LABELS, CONTACT_CATEGORIES, CONTACT_CATEGORY_LABELS, CONTACT_DEFAULTS, CONTACT_FIELD_LABELS, normalizeSiren, normalizeVatNumber } from '@/shared/contacts';
import type { Contact, ContactInput } from '@/shared/contracts/contacts';
import { formatSiren } from '@/shared/identifiers';
import { fromHundredths } from '@/shared/money';
import { CHOOSE_COUNTRY, countryOptions } from '@/client/lib/countries';
import { DecimalField, parseDecimalInput } from '@/client/ui/decimal-field';
import { ChoiceField, FormGrid, Select, TextArea, TextField } from '@/client/ui/form-fields';
import { IconChevronDown } from '@/client/ui/icons';

/** What the inputs hold: text, the hourly rate too (as DecimalField writes it), so that empty stays empty. */
export type ContactFormValues = Omit<ContactInput, 'hourly_rate'> & { hourly_rate: string };
export type ContactFieldErrors = Partial<Record<keyof ContactFormValues, string>>;

export const EMPTY_CONTACT_FORM: ContactFormValues = { ...CONTACT_DEFAULTS, hourly_rate: '' };

/** The same words as the project form's amounts. */
export const CONTACT_RATE_INVALID = 'Saisissez un montant positif ou nul (2 décimales au plus).';

/** The hourly rate's error, or null: an amount of at most two decimals, not negative ('' is no rate). */
export function contactRateError(text: string): string | null {
  const parsed = parseDecimalInput(text);
  if ('error' in parsed) return parsed.error;
  return 'hundredths' in parsed && parsed.hundredths < 0 ? CONTACT_RATE_INVALID : null;
}

/** The rate typed, in euros: '' → 0 (call after `contactRateError`). */
const rateOf = (text: string) => {
  const parsed = parseDecimalInput(text);
  return 'hundredths' in parsed ? fromHundredths(parsed.hundredths) : 0;
};

/** Fields sent as chosen, never trimmed. */
const CHOICE_FIELDS = new Set<keyof ContactFormValues>(['category', 'client_type']);

/**
 * The form's values for a loaded contact (missing text → ''; SIREN grouped). The country is its
 * code; '' (a country the upgrade could not read, issue 25) stays '' for the user to choose, never France.
 */
export function toContactForm(contact: Partial<Contact>): ContactFormValues {
  const values = { ...EMPTY_CONTACT_FORM };
  for (const field of Object.keys(EMPTY_CONTACT_FORM) as (keyof ContactFormValues)[]) {
    const value = contact[field];
    if (typeof value === 'string' && (value !== '' || field === 'country')) (values as Record<string, string>)[field] = value;
  }
  values.siren = formatSiren(values.siren);
  // 0 is no rate: the field starts empty, as the project form's.
  values.hourly_rate = contact.hourly_rate ? String(contact.hourly_rate) : '';
  return values;
}

const hasDeliveryAddress = (values: Pick<ContactFormValues, 'delivery_address' | 'delivery_postal_code' | 'delivery_city'>) =>
  Boolean(values.delivery_address.trim() || values.delivery_postal_code.trim() || values.delivery_city.trim());

/**
 * The PUT/POST body: every field, trimmed (the server keeps what it is sent); the SIREN (of a
 * SIRET) and VAT number as stored. A particulier sends neither (the fields are hidden: a value
 * typed before switching goes); without a delivery address, its country goes too.
 */
export function toContactPayload({ hourly_rate, ...values }: ContactFormValues): ContactInput {
  const payload = { ...values };
  for (const field of Object.keys(payload) as (keyof typeof payload)[]) {
    if (!CHOICE_FIELDS.has(field)) (payload as Record<string, string>)[field] = payload[field].trim();
  }
  if (payload.client_type === 'particulier') {
    payload.siren = '';
    payload.vat_number = '';
  }
  // An invalid SIREN is sent as typed: the checks name it.
  payload.siren = normalizeSiren(payload.siren) ?? payload.siren;
  payload.vat_number = normalizeVatNumber(payload.vat_number);
  if (!hasDeliveryAddress(payload)) payload.delivery_country = '';
  return { ...payload, hourly_rate: rateOf(hourly_rate) };
}

const CATEGORY_OPTIONS = CONTACT_CATEGORIES.map((value) => ({ value, label: CONTACT_CATEGORY_LABELS[value] }));


const StyledWide = styled.div`
  grid-column: 1 / -1;
`;

const StyledClientType = styled.fieldset`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.xl}`};
  margin: 0;
  padding: 0;
  border: none;

  legend {
    width: 100%;
    margin-bottom: ${({ theme }) => theme.spacing.sm};
    padding: 0;
    font-size: ${({ theme }) => theme.typography.size.sm};
    font-weight: ${({ theme }) => theme.typography.weight.medium};
  }
`;

const StyledDeliveryToggle = styled.button<{ $open: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  padding: 0;
  border: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.link};
  font: inherit;
  font-weight: ${({ theme }) => theme.typography.weight.medium};
  cursor: pointer;

  svg {
    transition: transform ${({ theme }) => theme.transition};
    transform: rotate(${({ $open }) => ($open ? '180deg' : '0deg')});
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

export interface ContactFormFieldsProps {
  values: ContactFormValues;
  onChange: (field: keyof ContactFormValues, value: string) => void;
  /** A message under each field in error. */
  errors?: ContactFieldErrors;
}

/** Every contact field of SPEC 3 and issue 14, labelled with the shared French labels. */
export function ContactFormFields({ values, onChange, errors = {} }: ContactFormFieldsProps) {
  const deliveryPanelId = useId();
  // Collapsed by default, open for a contact that has a delivery address (the fields mount with the
  // loaded contact); the user may close it.
  const [deliveryOpen, setDeliveryOpen] = useState(() => hasDeliveryAddress(values));

  // ISO codes shown by their French names (issue 25), the list built once.
  const countries = countryOptions();

  const text = (field: keyof ContactFormValues, props: Record<string, unknown> = {}) => (
    <TextField
      name={field}
      label={CONTACT_FIELD_LABELS[field]}
      value={values[field]}
      error={errors[field]}
      onChange={(event) => onChange(field, event.target.value)}
      {...props}
    />
  );

  return (
    <FormGrid>
      <StyledWide>
        {text('name', {
          required: true,
          autoComplete: 'off',
          maxLength: 200,
        })}
      </StyledWide>
      <StyledClientType>
        <legend>{CONTACT_FIELD_LABELS.client_type}</legend>
        {CLIENT_TYPES.map((type) => (
          <ChoiceField
            key={type}
            type="radio"
            name="client_type"
            value={type}
            label={CLIENT_TYPE_LABELS[type]}
            checked={values.client_type === type}
            onChange={() => onChange('client_type', type)}
          />
        ))}
      </StyledClientType>
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
      {/* A particulier has neither: the server refuses them. */}
      {values.client_type === 'professionnel' && (
        <>
          {text('siren', { autoComplete: 'off', inputMode: 'numeric', maxLength: 40, hint: '9 chiffres, ou le SIRET (14 chiffres).' })}
          {text('vat_number', { autoComplete: 'off', maxLength: 40, hint: 'Par exemple FR44 732829320.' })}
        </>
      )}
      <DecimalField
        name="hourly_rate"
        label={`${CONTACT_FIELD_LABELS.hourly_rate} (€ HT)`}
        hint="Les tâches de ses projets sans tarif propre (ni sur leur projet) sont facturées à ce tarif."
        value={values.hourly_rate}
        error={errors.hourly_rate}
        onChange={(value) => onChange('hourly_rate', value)}
      />
      <StyledWide>{text('address', { autoComplete: 'off', maxLength: 500 })}</StyledWide>
      {text('postal_code', { autoComplete: 'off', maxLength: 20 })}
      {text('city', { autoComplete: 'off', maxLength: 120 })}
      <Select
        name="country"
        label={CONTACT_FIELD_LABELS.country}
        value={values.country}
        error={errors.country}
        options={countries}
        placeholderOption={values.country ? undefined : CHOOSE_COUNTRY}
        onChange={(event) => onChange('country', event.target.value)}
      />
      <StyledWide>
        <StyledDeliveryToggle
          type="button"
          $open={deliveryOpen}
          aria-expanded={deliveryOpen}
          aria-controls={deliveryOpen ? deliveryPanelId : undefined}
          onClick={() => setDeliveryOpen((open) => !open)}
        >
          Adresse de livraison (si différente)
          <IconChevronDown size={16} />
        </StyledDeliveryToggle>
      </StyledWide>
      {/* Not rendered when collapsed: 'Ville', 'Pays'… then name one field each. */}
      {deliveryOpen && (
        <StyledWide id={deliveryPanelId}>
          <FormGrid>
            <StyledWide>{text('delivery_address', { autoComplete: 'off', maxLength: 500 })}</StyledWide>
            {text('delivery_postal_code', { autoComplete: 'off', maxLength: 20 })}
            {text('delivery_city', { autoComplete: 'off', maxLength: 120 })}
            <Select
              name="delivery_country"
              label={CONTACT_FIELD_LABELS.delivery_country}
              value={values.delivery_country}
              error={errors.delivery_country}
              placeholderOption="Même pays que l’adresse"
              options={countries}
              onChange={(event) => onChange('delivery_country', event.target.value)}
            />
          </FormGrid>
        </StyledWide>
      )}
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
