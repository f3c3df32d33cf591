import { z } from 'zod';
import { readByHandler } from './common';
import { refuseNonXmlChars } from './fields';

/**
 * The approved platform's connection (issue 26), GET/PUT /api/einvoicing/settings/. The client
 * secret is write-only: never answered, `client_secret_set` says whether one is stored.
 */
export const einvoicingSettingsSchema = z.object({
  flow_service_url: z.string(),
  directory_service_url: z.string(),
  token_url: z.string(),
  client_id: z.string(),
  client_secret_set: z.boolean(),
  enabled: z.boolean(),
  /** Null until the section is first saved. */
  updated_at: z.string().nullable(),
  /** The last synchronisation with the platform, and its failure (null when it went through). */
  last_sync_at: z.string().nullable(),
  last_sync_error: z.string().nullable(),
});
export type EInvoicingSettingsJson = z.infer<typeof einvoicingSettingsSchema>;

const text = (max: number) => z.string().trim().max(max).superRefine(refuseNonXmlChars);

/**
 * PUT body: each field absent keeps its value. `client_secret` absent, null or '' keeps the stored
 * one (the form never shows it). The read-only fields a client echoes back are ignored.
 */
export const einvoicingSettingsBodySchema = z.strictObject({
  flow_service_url: text(2000).optional(),
  directory_service_url: text(2000).optional(),
  token_url: text(2000).optional(),
  client_id: text(255).optional(),
  client_secret: z.string().max(2000).superRefine(refuseNonXmlChars).nullish(),
  enabled: z.boolean().optional(),
  client_secret_set: z.unknown().optional(),
  updated_at: z.unknown().optional(),
  last_sync_at: z.unknown().optional(),
  last_sync_error: z.unknown().optional(),
});
export type EInvoicingSettingsBody = z.input<typeof einvoicingSettingsBodySchema>;
export const einvoicingSettingsBody = readByHandler(einvoicingSettingsBodySchema);

/** POST /api/einvoicing/settings/test/: `ok`, and a French message saying what worked or what failed. */
export const einvoicingTestSchema = z.object({ ok: z.boolean(), message: z.string() });
export type EInvoicingTestJson = z.infer<typeof einvoicingTestSchema>;

/**
 * POST /api/einvoicing/sync/ (« Actualiser »): what the sync did — documents and lifecycle messages
 * scheduled for sending, new lifecycle statuses recorded, suppliers' invoices received — and what it
 * could not read. `ok: false`: the platform could not be reached (`message` says why).
 */
export const einvoicingSyncSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  scheduled: z.number(),
  statuses: z.number(),
  received: z.number(),
  problems: z.array(z.string()),
});
export type EInvoicingSyncJson = z.infer<typeof einvoicingSyncSchema>;
