import { z } from 'zod';
import type { DocumentWriteBody } from '@/shared/documents-api';
import { PRIORITIES } from '@/shared/projects-tasks';
import { DEFAULT_TAX_RATE, MAX_AMOUNT, MAX_DOCUMENT_LINES, MAX_LINE_QUANTITY, MAX_UNIT_PRICE } from '@/shared/documents';
import { toHundredths } from '@/shared/money';
import { OPERATION_CATEGORIES, VAT_EXEMPTION_KEYS, VAT_RATES, type OperationCategory, type VatExemptionKey } from '@/shared/vat';
import { badRequest, zodToFieldErrors } from '@/server/http/errors';
import { dateOrNull, hundredths, idOrNull, optionalText, requiredText } from '@/server/http/fields';
import type { DocumentKindConfig } from './document-kinds';

const text = optionalText;

/** '1 000 000 000 €' (plain spaces, as in the other messages). */
const euros = (amount: number) => `${amount.toLocaleString('fr-FR').replace(/\s/g, ' ')} €`;
/** '5,5 %'. */
export const percent = (hundredthsOfPercent: number) => `${String(hundredthsOfPercent / 100).replace('.', ',')} %`;

/** The French rates, in hundredths of a percent. */
export const VAT_RATE_HUNDREDTHS: readonly number[] = VAT_RATES.map((rate) => Math.round(rate * 100));
/** '20 %, 10 % ou 5,5 %'. */
export const rateList = (rates: readonly number[]) => {
  const texts = rates.map(percent);
  return texts.length > 1 ? `${texts.slice(0, -1).join(', ')} ou ${texts.at(-1)}` : texts.join('');
};
const RATE_CHOICES = `Choisissez un taux de TVA parmi ${rateList(VAT_RATE_HUNDREDTHS)}.`;

/** A line's VAT rate in percent (one of VAT_RATES) → hundredths; absent → null (the document's rate). */
const lineTaxRate = () =>
  z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || value === '') return null;
    const rate = typeof value === 'boolean' ? null : toHundredths(value);
    if (rate === null || !VAT_RATE_HUNDREDTHS.includes(rate)) {
      ctx.addIssue({ code: 'custom', message: RATE_CHOICES });
      return z.NEVER;
    }
    return rate;
  });

export const LINE_TOTAL_TOO_BIG = `Le total HT d’une ligne ne peut pas dépasser ${euros(MAX_AMOUNT)}.`;
export const DOCUMENT_TOTAL_TOO_BIG = `Le total TTC d’un document ne peut pas dépasser ${euros(MAX_AMOUNT)}.`;

/**
 * What every line carries, quotes, invoices and credit notes alike: its amounts, capped so that
 * every total stays exact (shared/documents.ts), and its VAT rate.
 */
export const lineAmountFields = {
  quantity: hundredths(MAX_LINE_QUANTITY).refine((q) => q > 0, 'Assurez-vous que cette valeur est supérieure à 0.'),
  unit_price: hundredths(MAX_UNIT_PRICE),
  tax_rate: lineTaxRate(),
};

/** Refuses a line whose total HT passes the cap (under `total`, the line's computed amount). */
export function checkLineTotal(line: { quantity: number; unit_price: number }, ctx: z.RefinementCtx) {
  // Hundredths of a unit × cents: the line total × 100.
  if (line.quantity * line.unit_price > MAX_AMOUNT * 100 * 100) {
    ctx.addIssue({ code: 'custom', message: LINE_TOTAL_TOO_BIG, path: ['total'] });
  }
}

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

const lineSchema = z
  .strictObject({
    id: idOrNull().optional(),
    title: requiredText(300),
    description: text(5000),
    ...lineAmountFields,
    task_id: idOrNull().optional(),
    // Read-only, echoed back by clients.
    task: z.unknown().optional(),
    total: z.unknown().optional(),
  })
  .superRefine(checkLineTotal)
  .transform(({ task: _t, total: _total, ...line }) => ({ ...line, id: line.id ?? null, task_id: line.task_id ?? null }));

/** A parsed line: `tax_rate` null until the document's rate is given to it (resolveRates). */
export type LineInput = Omit<z.output<typeof lineSchema>, 'tax_rate'> & { tax_rate: number | null };

/** The document's rate (hundredths of a percent); absent → null: the seller's default (resolveRates). */
const taxRate = z.unknown().transform((value, ctx) => {
  if (value === undefined || value === null || value === '') return null;
  const rate = typeof value === 'boolean' ? null : toHundredths(value);
  if (rate === null || rate < 0 || rate > 10000) {
    ctx.addIssue({ code: 'custom', message: 'Saisissez un taux de TVA entre 0 et 100.' });
    return z.NEVER;
  }
  return rate;
});

export interface DocumentInput {
  title: string;
  description: string;
  client_id: number;
  status: string;
  priority: string;
  issue_date: string | null;
  end_date: string | null;
  payment_date: string | null;
  /** Hundredths of a percent: the rate of lines that name none. Null until resolved (resolveRates). */
  tax_rate: number | null;
  operation_category: OperationCategory;
  /** The date of the service or delivery, or the start of its period. */
  service_date: string | null;
  service_end_date: string | null;
  /** '' or a VAT_EXEMPTIONS key. */
  vat_exemption: VatExemptionKey | '';
  legal_notice: string;
  signature_notice: string;
  /** Invoices: never printed, editable after issue. */
  internal_notes: string;
  line_items: LineInput[];
}

/** The write schema of one kind; `partial` (a form value) is read as `partially_paid`. */
export function documentSchema(kind: DocumentKindConfig) {
  const readOnly = [
    'id', kind.numberField, 'client', 'status_display', 'priority_display', 'subtotal', 'tax_amount', 'total_amount',
    'created_at', 'quote_id', 'pdf_sha256', 'vat_breakdown', 'email_delivery',
    // Invoices: derived from payments and credit notes.
    'amount_paid', 'credited_amount', 'balance_due', 'is_overdue', 'is_issued', 'cancelled_by', 'payments', 'credit_notes',
    // Deposits (issue 15): set by deposit_invoice and convert_to_invoice, never by a form.
    'is_deposit', 'prepaid_amount', 'deposit_of_quote', 'deposits', 'deposit_invoices',
    // Recurring invoices (issue 15): set by the series that generated it.
    'recurrence_id',
  ];
  const minLines = `${kind.the[0].toUpperCase()}${kind.the.slice(1)} doit contenir au moins une ligne.`;
  return z
    .strictObject({
      title: requiredText(300),
      description: text(10000),
      client_id: z.number().int().positive().max(2147483647),
      status: z
        .string()
        .optional()
        .transform((s) => (s === 'partial' ? 'partially_paid' : (s ?? 'draft')))
        .pipe(z.enum(kind.statuses as [string, ...string[]])),
      priority: z.enum(PRIORITIES).optional().default('normale'),
      issue_date: dateOrNull(),
      [kind.endDateField]: dateOrNull(),
      // Invoices: the payment date follows the payments (read-only, echoed back by forms).
      ...(kind.kind === 'invoice' ? { payment_date: z.unknown().optional(), internal_notes: text(5000) } : {}),
      tax_rate: taxRate,
      operation_category: z.enum(OPERATION_CATEGORIES).nullish().transform((v) => v ?? 'services'),
      service_date: dateOrNull(),
      service_end_date: dateOrNull(),
      vat_exemption: z.enum(['', ...VAT_EXEMPTION_KEYS]).nullish().transform((v) => v ?? ''),
      legal_notice: text(5000),
      signature_notice: text(5000),
      line_items: z.array(lineSchema, { error: 'Une liste de lignes est attendue.' }).min(1, minLines).max(MAX_DOCUMENT_LINES),
      ...Object.fromEntries(readOnly.map((k) => [k, z.unknown().optional()])),
    })
    .superRefine((body, ctx) => {
      checkRenderCost({
        texts: { description: body.description, legal_notice: body.legal_notice, signature_notice: body.signature_notice },
        lines: body.line_items,
      }, ctx);
      const start = body.service_date as string | null;
      const end = body.service_end_date as string | null;
      if (end && !start) {
        ctx.addIssue({ code: 'custom', path: ['service_date'], message: 'Indiquez le début de la période de la prestation.' });
      } else if (end && start && end < start) {
        ctx.addIssue({
          code: 'custom', path: ['service_end_date'], message: 'La fin de la période ne peut pas précéder son début.',
        });
      }
    })
    .transform((body): DocumentInput => {
      const b = body as Record<string, unknown>;
      return {
        title: b.title as string,
        description: b.description as string,
        client_id: b.client_id as number,
        status: b.status as string,
        priority: b.priority as string,
        issue_date: b.issue_date as string | null,
        end_date: b[kind.endDateField] as string | null,
        payment_date: null,
        tax_rate: b.tax_rate as number | null,
        operation_category: b.operation_category as OperationCategory,
        service_date: b.service_date as string | null,
        service_end_date: b.service_end_date as string | null,
        vat_exemption: b.vat_exemption as VatExemptionKey | '',
        legal_notice: b.legal_notice as string,
        signature_notice: b.signature_notice as string,
        internal_notes: (b.internal_notes as string | undefined) ?? '',
        line_items: b.line_items as LineInput[],
      };
    });
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
  exemption:
    'Indiquez le motif d’exonération des lignes à 0 % (autoliquidation, livraison intracommunautaire, exportation, exonération).',
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
 * a seller without a VAT number charges none; an `assujetti` seller's 0 % lines need a reason,
 * and the reason is cleared where it means nothing. Refusals name the field to change: the
 * document's rate, or each line that states its own.
 */
export function applyVatRules(input: DocumentInput, seller: Seller): ResolvedDocument {
  const resolved = resolveRates(input, seller);
  const franchise = isFranchise(seller);
  const refusal = franchise ? VAT_RULE_MESSAGES.franchise : seller.vat_number.trim() ? null : VAT_RULE_MESSAGES.noVatNumber;
  const errors: Record<string, unknown> = {};
  if (refusal) {
    if (resolved.tax_rate > 0) errors.tax_rate = [refusal];
    const lines = input.line_items.map((line) => ((line.tax_rate ?? 0) > 0 ? { tax_rate: [refusal] } : {}));
    if (lines.some((line) => 'tax_rate' in line)) errors.line_items = lines;
  }
  const untaxed = resolved.line_items.some((line) => line.tax_rate === 0);
  if (!franchise && untaxed && !input.vat_exemption) errors.vat_exemption = [VAT_RULE_MESSAGES.exemption];
  if (Object.keys(errors).length) throw badRequest(errors);
  return { ...resolved, vat_exemption: franchise || !untaxed ? '' : input.vat_exemption };
}

/**
 * Parses a document body; errors in DRF shape, line errors nested as DRF does:
 * `{"line_items": [{}, {"title": ["…"]}]}`.
 */
export function parseDocument(schema: ReturnType<typeof documentSchema>, body: unknown, lineCount: number): DocumentInput {
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

/**
 * The shared request type (src/shared/documents-api.ts) is a valid input of every kind's schema:
 * a compile-time check (a body with a client, as the form sends it once one is chosen).
 */
export const acceptsDocumentWriteBody = (body: DocumentWriteBody & { client_id: number }): z.input<ReturnType<typeof documentSchema>> => body;
