import { useState, type FormEvent } from 'react';
import { asApiError } from '@/client/app/api';
import { mapFieldErrors } from '@/client/kit/field-errors';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { DecimalField, decimalValue, parseScaledInput } from '@/client/ui/decimal-field';
import { Dialog, DialogActions } from '@/client/ui/dialog';
import { FormGrid, Select, TextArea, TextField } from '@/client/ui/form-fields';
import { DEFAULT_LINE_UNIT, LINE_UNIT_CODES, LINE_UNITS, lineUnitOf, type LineUnit } from '@/shared/units';
import { VAT_RATES } from '@/shared/vat';
import { rateLabel } from './catalogue-search';
import { useCreateCatalogueItemMutation, useUpdateCatalogueItemMutation, type CatalogueItem } from './catalogue.api';

export const CATALOGUE_FORM_MESSAGES = {
  titleRequired: 'Ce champ est obligatoire.',
  saveError: 'L’article n’a pas pu être enregistré. Réessayez.',
  created: 'Article ajouté au catalogue.',
  updated: 'Article modifié.',
} as const;

const FIELDS = ['title', 'description', 'unit', 'unit_price', 'tax_rate'] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, string> = { title: 'Titre', description: 'Description', unit: 'Unité', unit_price: 'Prix unitaire', tax_rate: 'Taux de TVA' };

const UNIT_OPTIONS = LINE_UNIT_CODES.map((code) => ({ value: code, label: LINE_UNITS[code].label }));
const RATE_OPTIONS = VAT_RATES.map((rate) => ({ value: String(rate), label: rateLabel(rate) }));

interface FormState {
  title: string;
  description: string;
  unit: LineUnit;
  unit_price: string;
  tax_rate: string;
}

const toForm = (item: CatalogueItem | null): FormState => ({
  title: item?.title ?? '',
  description: item?.description ?? '',
  unit: item?.unit ?? DEFAULT_LINE_UNIT,
  unit_price: item ? decimalValue(String(item.unit_price), 4) : '',
  tax_rate: String(item?.tax_rate ?? VAT_RATES[0]),
});

export interface CatalogueItemDialogProps {
  /** The item edited; null: a new one. */
  item: CatalogueItem | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Adds or edits a catalogue item: title, description, unit, unit price (4 decimals), VAT rate. */
export function CatalogueItemDialog({ item, onClose, onSaved }: CatalogueItemDialogProps) {
  const [form, setForm] = useState<FormState>(() => toForm(item));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [create, { isLoading: creating }] = useCreateCatalogueItemMutation();
  const [update, { isLoading: updating }] = useUpdateCatalogueItemMutation();
  const saving = creating || updating;
  const set = <F extends Field>(field: F, value: FormState[F]) => setForm((prev) => ({ ...prev, [field]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.title.trim()) {
      setErrors({ title: CATALOGUE_FORM_MESSAGES.titleRequired });
      document.getElementById('catalogue-item-title')?.focus();
      return;
    }
    const price = parseScaledInput(form.unit_price, 4);
    if ('error' in price) {
      setErrors({ unit_price: price.error });
      return;
    }
    const body = { ...form, unit_price: 'units' in price ? price.units / 10_000 : 0, tax_rate: Number(form.tax_rate) };
    try {
      if (item) await update({ id: item.id, body }).unwrap();
      else await create(body).unwrap();
      onSaved(item ? CATALOGUE_FORM_MESSAGES.updated : CATALOGUE_FORM_MESSAGES.created);
    } catch (err) {
      const data = asApiError(err)?.data;
      const mapped = mapFieldErrors(data, FIELDS, LABELS);
      setErrors(mapped.fields);
      setGeneral(mapped.others.length || Object.keys(mapped.fields).length ? mapped.others : [CATALOGUE_FORM_MESSAGES.saveError]);
    }
  };

  return (
    <Dialog open title={item ? 'Modifier l’article' : 'Nouvel article'} width="560px" onClose={onClose}>
      <form noValidate onSubmit={onSubmit} aria-label={item ? 'Modifier l’article' : 'Nouvel article'}>
        {general.map((message) => (
          <Alert key={message} tone="error">
            {message}
          </Alert>
        ))}
        <FormGrid>
          <TextField
            id="catalogue-item-title"
            label="Titre"
            required
            value={form.title}
            error={errors.title}
            onChange={(event) => set('title', event.target.value)}
          />
          <Select label="Unité" options={UNIT_OPTIONS} value={form.unit} error={errors.unit} onChange={(event) => set('unit', lineUnitOf(event.target.value))} />
          <DecimalField label="Prix unitaire (€)" decimals={4} value={form.unit_price} error={errors.unit_price} onChange={(value) => set('unit_price', value)} />
          <Select label="Taux de TVA" options={RATE_OPTIONS} value={form.tax_rate} error={errors.tax_rate} onChange={(event) => set('tax_rate', event.target.value)} />
        </FormGrid>
        <TextArea label="Description" rows={3} value={form.description} error={errors.description} onChange={(event) => set('description', event.target.value)} />
        <DialogActions>
          <Button onClick={onClose}>Annuler</Button>
          <Button type="submit" variant="primary" disabled={saving}>
            {saving ? 'Enregistrement…' : 'Enregistrer'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
