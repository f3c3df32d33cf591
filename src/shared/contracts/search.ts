import { z } from 'zod';
import { namedRefSchema, queryParam } from './common';

/** Rows of GET search/global (SPEC 3 "Search response"): only what the dropdown shows. */
export const contactHitSchema = z.object({ id: z.number(), name: z.string(), email: z.string(), company: z.string() });
export type ContactHit = z.infer<typeof contactHitSchema>;

export const projectHitSchema = z.object({ id: z.number(), name: z.string(), status: z.string(), status_display: z.string() });
export type ProjectHit = z.infer<typeof projectHitSchema>;

export const taskHitSchema = z.object({
  id: z.number(),
  title: z.string(),
  status: z.string(),
  status_display: z.string(),
  project_name: z.string().nullable(),
});
export type TaskHit = z.infer<typeof taskHitSchema>;

const documentHitSchema = z.object({
  id: z.number(),
  title: z.string(),
  client: namedRefSchema.nullable(),
  client_name: z.string().nullable(),
  total_amount: z.number(),
  status: z.string(),
  status_display: z.string(),
});
export type DocumentHit = z.infer<typeof documentHitSchema>;

export const quoteHitSchema = documentHitSchema.extend({ quote_number: z.string().nullable() });
export type QuoteHit = z.infer<typeof quoteHitSchema>;
export const invoiceHitSchema = documentHitSchema.extend({ invoice_number: z.string().nullable() });
export type InvoiceHit = z.infer<typeof invoiceHitSchema>;
/** A credit note's amount comes negative: it takes money back. */
export const creditNoteHitSchema = documentHitSchema.extend({ credit_note_number: z.string() });
export type CreditNoteHit = z.infer<typeof creditNoteHitSchema>;

export const globalSearchResultsSchema = z.object({
  contacts: z.array(contactHitSchema),
  projects: z.array(projectHitSchema),
  tasks: z.array(taskHitSchema),
  quotes: z.array(quoteHitSchema),
  invoices: z.array(invoiceHitSchema),
  credit_notes: z.array(creditNoteHitSchema),
});
export type GlobalSearchResults = z.infer<typeof globalSearchResultsSchema>;

/** Query of GET search/global: `q`, the text searched (every kind empty below 2 characters). */
export const globalSearchQuerySchema = z.looseObject({ q: queryParam });
