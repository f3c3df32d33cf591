import { z } from 'zod';
import { PRIORITIES } from '../../../shared/workflow';
import { DEFAULT_TAX_RATE } from '../../../shared/documents';
import { toHundredths } from '../../../shared/money';
import { badRequest, zodToFieldErrors } from '../../http/errors';
import { dateOrNull, hundredths, idOrNull, requiredText } from '../../http/fields';
import type { DocumentKindConfig } from './document-kinds';

const text = (max: number) => z.string().max(max).nullish().transform((v) => (v ?? '').trim());

const lineSchema = z
  .strictObject({
    id: idOrNull().optional(),
    title: requiredText(300),
    description: text(5000),
    quantity: hundredths(1e6).refine((q) => q > 0, 'Assurez-vous que cette valeur est supérieure à 0.'),
    unit_price: hundredths(1e9),
    task_id: idOrNull().optional(),
    // Read-only, echoed back by clients.
    task: z.unknown().optional(),
    total: z.unknown().optional(),
  })
  .transform(({ task: _t, total: _total, ...line }) => ({ ...line, id: line.id ?? null, task_id: line.task_id ?? null }));

export type LineInput = z.output<typeof lineSchema>;

const taxRate = z.unknown().transform((value, ctx) => {
  if (value === undefined || value === null || value === '') return DEFAULT_TAX_RATE * 100;
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
  /** Hundredths of a percent. */
  tax_rate: number;
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
    'created_at', 'quote_id', 'pdf_sha256',
    // Invoices: derived from payments and credit notes.
    'amount_paid', 'credited_amount', 'balance_due', 'is_overdue', 'is_issued', 'cancelled_by', 'payments', 'credit_notes',
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
      legal_notice: text(5000),
      signature_notice: text(5000),
      line_items: z.array(lineSchema, { error: 'Une liste de lignes est attendue.' }).min(1, minLines).max(500),
      ...Object.fromEntries(readOnly.map((k) => [k, z.unknown().optional()])),
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
        tax_rate: b.tax_rate as number,
        legal_notice: b.legal_notice as string,
        signature_notice: b.signature_notice as string,
        internal_notes: (b.internal_notes as string | undefined) ?? '',
        line_items: b.line_items as LineInput[],
      };
    });
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
