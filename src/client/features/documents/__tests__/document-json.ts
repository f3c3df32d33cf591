import type { DocumentJson, DocumentLineJson } from '@/shared/contracts/documents';

type LineOverrides = Partial<DocumentLineJson> & Pick<DocumentLineJson, 'id' | 'title'>;

/**
 * A whole document as the API sends it (every field src/shared/contracts/documents.ts requires), with
 * overrides; a line without a rate has the document's, as the server stores it.
 */
export function documentJson(overrides: Omit<Partial<DocumentJson>, 'line_items'> & { line_items?: LineOverrides[] } & Record<string, unknown> = {}): DocumentJson {
  const taxRate = typeof overrides.tax_rate === 'number' ? overrides.tax_rate : 20;
  const lines = (overrides.line_items ?? []).map((line) => ({
    description: '', quantity: 1, unit_price: 0, total: 0, task_id: null, task: null, tax_rate: taxRate, unit: 'C62' as const,
    vat_exemption: '' as const, ...line,
  }));
  return {
    id: 1,
    title: 'Document',
    client: null,
    status: 'draft',
    status_display: 'Brouillon',
    priority: 'normale',
    priority_display: 'Normale',
    issue_date: null,
    subtotal: 0,
    total_amount: 0,
    created_at: '2026-01-01T10:00:00.000Z',
    description: '',
    operation_category: 'services',
    service_date: null,
    service_end_date: null,
    vat_exemption: '',
    legal_notice: '',
    signature_notice: '',
    tax_amount: 0,
    vat_breakdown: [],
    pdf_sha256: null,
    email_delivery: null,
    ...overrides,
    tax_rate: taxRate,
    line_items: lines,
  } as DocumentJson;
}
