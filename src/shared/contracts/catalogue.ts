import { z } from 'zod';
import { MAX_UNIT_PRICE } from '@/shared/documents';
import { LINE_UNIT_CODES } from '@/shared/units';
import { lineTaxRate, lineUnit } from './documents';
import { optionalText, requiredText, tenThousandths } from './fields';

/**
 * The catalogue (issue 28): services and products the user bills often, picked in a document's
 * line editor, which copies them into the line (title, description, unit, unit price, VAT rate).
 */

/** A catalogue item as the API answers it: its unit price in euros (4 decimals), its rate in percent. */
export const catalogueItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  unit: z.enum(LINE_UNIT_CODES),
  unit_price: z.number(),
  tax_rate: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

export const CATALOGUE_MESSAGES = {
  taxRate: 'Choisissez un taux de TVA.',
} as const;

/** POST and PUT catalogue/: unit price in ten-thousandths, rate in hundredths of a percent (a line's units). */
export const catalogueWriteSchema = z.strictObject({
  title: requiredText(500),
  description: optionalText(5000),
  unit: lineUnit(),
  unit_price: tenThousandths(MAX_UNIT_PRICE, ' €'),
  tax_rate: lineTaxRate().refine((rate) => rate !== null, CATALOGUE_MESSAGES.taxRate),
});
export type CatalogueWriteBody = z.input<typeof catalogueWriteSchema>;
export type CatalogueInput = z.output<typeof catalogueWriteSchema>;

/** GET catalogue/?q=: the items whose title or description contains `q` (accents and case aside). */
export const catalogueListQuerySchema = z.object({ q: z.string().max(200).optional() });
