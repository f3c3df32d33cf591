import type { z } from 'zod';
import { DEFAULT_TAX_RATE } from '@/shared/documents';
import {
  documentWriteSchema, type DocumentInput, type DocumentKindContract, type DocumentWriteFields, type LineInput,
} from '@/shared/contracts/documents';
import { effectiveExemption, exemptionRequired, isOutsideScope, OUTSIDE_SCOPE_OTHER_EXEMPTION, OUTSIDE_SCOPE_TAXED_LINE } from '@/shared/vat';
import { badRequest, zodToFieldErrors } from '@/server/http/errors';

/**
 * The server's side of the documents' write contract (src/shared/contracts/documents.ts): the
 * render-cost bound it adds, the VAT rules of the seller's regime, and the parsing with DRF-shaped
 * line errors.
 */

export type { DocumentInput } from '@/shared/contracts/documents';

// ---- Cost of rendering (issue 23: no savable document takes more than about a second to render)

/**
 * What a document's text costs to lay out in its PDF, in units of one ordinary character. Measured
 * with the real renderer in the PDF pool (pdf-renderer.ts) on random text, so that pdfkit's cache
 * of word layouts does not help, 2026-11-27 on the 2-core machine under load (load average 13):
 * 10–25 µs a unit whatever the kind of text, once a character of a run of 200 or more without a
 * space (cut every four characters for pdfkit, breakable-text.ts) counts 4, a combining mark
 * (U+0301…, stacked or not) 4 (7 in such a run), a line break 15 (a printed line each, and a
 * description taller than a page is measured again at every page it spans) and a line of the
 * table (its row, title and amounts) 40. At the bound, the worst documents (32 titles of 300
 * characters without a space, 500 short lines, one letter with 5,000 stacked accents, a
 * description of line breaks) rendered in 0.2–1.0 s there, less on a quiet machine.
 */
export const RENDER_COST = { character: 1, longRunCharacter: 3, mark: 3, newline: 14, line: 40 } as const;
/** The cost a document may have: about a second of rendering, the whole document included. */
export const MAX_RENDER_COST = 40_000;
const LONG_RUNS = /[^ \t\r\n]{200,}/gu;
const MARKS = /\p{M}/gu;

/** The layout cost of one text (see RENDER_COST). */
export function textRenderCost(text: string | null | undefined): number {
  if (!text) return 0;
  let cost = text.length * RENDER_COST.character;
  for (const run of text.match(LONG_RUNS) ?? []) cost += run.length * RENDER_COST.longRunCharacter;
  cost += (text.match(MARKS)?.length ?? 0) * RENDER_COST.mark;
  let newlines = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) newlines++;
  return cost + newlines * RENDER_COST.newline;
}

/** What a document prints of its own: texts, and lines with a title and a description. */
export interface PrintedContent {
  texts: Record<string, string | null | undefined>;
  lines: readonly { title?: string | null; description?: string | null }[];
}

export const tooLongToRender = (excess: number) =>
  'Ce document est trop long pour être mis en page : raccourcissez ce texte ou retirez des lignes ' +
  `(environ ${Math.max(1, Math.ceil(excess * 100))} % de trop).`;

/**
 * Refuses a document whose layout would cost more than MAX_RENDER_COST (about a second in the PDF
 * pool), under the field that weighs most: `line_items` (all lines together) or one of `texts`
 * (a document's description, its notices; a credit note's reason). For any schema that prints
 * lines: `.superRefine((body, ctx) => checkRenderCost({ texts: { reason: body.reason }, lines: body.line_items ?? [] }, ctx))`.
 */
export function checkRenderCost(content: PrintedContent, ctx: z.RefinementCtx) {
  const costs = Object.entries(content.texts).map(([field, text]) => [field, textRenderCost(text)] as const);
  let lines = 0;
  for (const line of content.lines) lines += RENDER_COST.line + textRenderCost(line.title) + textRenderCost(line.description);
  costs.push(['line_items', lines]);
  const total = costs.reduce((sum, [, cost]) => sum + cost, 0);
  if (total <= MAX_RENDER_COST) return;
  const [field] = costs.reduce((most, entry) => (entry[1] > most[1] ? entry : most));
  ctx.addIssue({ code: 'custom', path: [field], message: tooLongToRender(total / MAX_RENDER_COST - 1) });
}

/** The write schema of one kind, with the render-cost bound (issue 23). */
export function documentBodySchema(kind: DocumentKindContract) {
  return documentWriteSchema(kind, (body: DocumentWriteFields, ctx) =>
    checkRenderCost({
      texts: { description: body.description, legal_notice: body.legal_notice, signature_notice: body.signature_notice },
      lines: body.line_items,
    }, ctx),
  );
}

// ---- VAT rules of the seller's regime (issue 14)

/** What the VAT rules read of the seller's profile. */
export interface Seller {
  vat_regime: string;
  vat_number: string;
}

export type ResolvedLine = LineInput & { tax_rate: number };
/** A document whose rates are all known (hundredths of a percent). */
export type ResolvedDocument = Omit<DocumentInput, 'tax_rate' | 'line_items'> & { tax_rate: number; line_items: ResolvedLine[] };

export const VAT_RULE_MESSAGES = {
  franchise:
    'Vous relevez de la franchise en base de TVA (art. 293 B du CGI) : le taux de TVA doit être 0 %. ' +
    'Changez de régime dans votre profil pour facturer la TVA.',
  noVatNumber: 'Renseignez votre numéro de TVA intracommunautaire dans votre profil pour facturer la TVA.',
  exemption: exemptionRequired(),
} as const;

const isFranchise = (seller: Seller) => seller.vat_regime !== 'assujetti';

/**
 * Gives every line a rate: its own, else the document's, else the seller's default (0 % in the
 * franchise, where a freelancer who never opens the VAT fields still issues a valid invoice;
 * 20 % otherwise). `fallback` is the stored rate of a frozen document.
 */
export function resolveRates(input: DocumentInput, seller: Seller, fallback?: number): ResolvedDocument {
  const tax_rate = input.tax_rate ?? fallback ?? (isFranchise(seller) ? 0 : DEFAULT_TAX_RATE * 100);
  return { ...input, tax_rate, line_items: input.line_items.map((line) => ({ ...line, tax_rate: line.tax_rate ?? tax_rate })) };
}

/**
 * The VAT rules of a draft, checked at each save so that the form shows them at once (a frozen
 * document keeps what it was issued with): in the franchise (art. 293 B du CGI) every rate is 0 %;
 * a seller without a VAT number charges none; an `assujetti` seller's 0 % lines need a reason, the
 * document's or their own (issue 25: one per VAT category), and a reason is cleared where it means
 * nothing. Refusals name the field to change: the document's, or each line's.
 */
export function applyVatRules(input: DocumentInput, seller: Seller): ResolvedDocument {
  const resolved = resolveRates(input, seller);
  const franchise = isFranchise(seller);
  const refusal = franchise ? VAT_RULE_MESSAGES.franchise : seller.vat_number.trim() ? null : VAT_RULE_MESSAGES.noVatNumber;
  const errors: Record<string, unknown> = {};
  const lineErrors: Record<string, string[]>[] = input.line_items.map(() => ({}));
  /** Taxed lines that state their own rate get the message; the document's rate too when `always`, or when a line follows it. */
  const refuseTaxedLines = (message: string, always: boolean) => {
    if ((always || input.line_items.some((line) => line.tax_rate == null)) && resolved.tax_rate > 0) errors.tax_rate = [message];
    input.line_items.forEach((line, i) => { if ((line.tax_rate ?? 0) > 0) lineErrors[i].tax_rate = [message]; });
  };
  // No VAT at all: neither the document's rate (the default of new lines) nor a line's.
  if (refusal) refuseTaxedLines(refusal, true);
  const untaxed = resolved.line_items.filter((line) => line.tax_rate === 0);
  const documentKey = franchise || untaxed.length === 0 ? '' : input.vat_exemption;
  const reasons = franchise ? [] : untaxed.map((line) => effectiveExemption(line, documentKey));
  if (reasons.includes('')) errors.vat_exemption = [VAT_RULE_MESSAGES.exemption];
  // Services outside the scope of French VAT (art. 259-1° CGI): nothing else on the invoice, neither
  // VAT nor another exemption (BR-O-11).
  if (!refusal && reasons.some(isOutsideScope)) {
    refuseTaxedLines(OUTSIDE_SCOPE_TAXED_LINE, false);
    resolved.line_items.forEach((line, i) => {
      if (line.tax_rate === 0 && line.vat_exemption && !isOutsideScope(line.vat_exemption)) lineErrors[i].vat_exemption = [OUTSIDE_SCOPE_OTHER_EXEMPTION];
    });
    if (documentKey && !isOutsideScope(documentKey) && untaxed.some((line) => !line.vat_exemption)) errors.vat_exemption = [OUTSIDE_SCOPE_OTHER_EXEMPTION];
  }
  if (lineErrors.some((line) => Object.keys(line).length)) errors.line_items = lineErrors;
  if (Object.keys(errors).length) throw badRequest(errors);
  return {
    ...resolved,
    vat_exemption: documentKey,
    line_items: resolved.line_items.map((line) => ({ ...line, vat_exemption: franchise || line.tax_rate > 0 ? '' : line.vat_exemption })),
  };
}

/**
 * Parses a document body; errors in DRF shape, line errors nested as DRF does:
 * `{"line_items": [{}, {"title": ["…"]}]}`.
 */
export function parseDocument(schema: ReturnType<typeof documentBodySchema>, body: unknown, lineCount: number): DocumentInput;
/** Any body with `line_items` (a recurring series', issue 28), its line errors nested the same way. */
export function parseDocument<S extends z.ZodType>(schema: S, body: unknown, lineCount: number): z.output<S>;
export function parseDocument(schema: z.ZodType, body: unknown, lineCount: number): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest({ non_field_errors: ['Données invalides. Un objet JSON est attendu.'] });
  }
  const result = schema.safeParse(body, { reportInput: true });
  if (result.success) return result.data;
  const flat = zodToFieldErrors(result.error);
  const errors: Record<string, unknown> = {};
  const lines: Record<string, string[]>[] = Array.from({ length: lineCount }, () => ({}));
  let lineErrors = false;
  for (const [key, messages] of Object.entries(flat)) {
    const match = /^line_items\.(\d+)\.(\w+)$/.exec(key);
    if (match && Number(match[1]) < lineCount) {
      lines[Number(match[1])][match[2]] = messages;
      lineErrors = true;
    } else if (/^line_items\.\d+$/.test(key)) {
      errors.line_items = messages;
    } else {
      errors[key] = messages;
    }
  }
  if (lineErrors && !errors.line_items) errors.line_items = lines;
  throw badRequest(errors);
}
