/**
 * Quote and invoice payloads as the client uses them. The API names the number and the end
 * date per kind (quote_number / expiration_date, invoice_number / due_date); the endpoints
 * normalise them to `number` and `end_date` so that the pages are written once.
 */

export interface ClientRef {
  id: number;
  name: string;
  email: string;
}

export interface LineTaskRef {
  id: number;
  title: string;
  hourly_rate: number;
  cost: number;
}

export interface DocumentLine {
  id: number;
  title: string;
  description: string;
  quantity: number;
  unit_price: number;
  total: number;
  task_id: number | null;
  task: LineTaskRef | null;
}

/** One row of the quote or invoice list. */
export interface DocumentRow {
  id: number;
  number: string | null;
  title: string;
  client: ClientRef | null;
  status: string;
  status_display: string;
  priority: string;
  issue_date: string | null;
  end_date: string | null;
  payment_date: string | null;
  total_amount: number;
  created_at: string;
  /** Title and client name, lower case without accents (the search box matches on it). */
  searchText: string;
}

/** A whole quote or invoice (GET quotes/{id}/). */
export interface DocumentRecord extends Omit<DocumentRow, 'searchText'> {
  description: string;
  tax_rate: number;
  legal_notice: string;
  signature_notice: string;
  subtotal: number;
  tax_amount: number;
  line_items: DocumentLine[];
  /** Invoices made from a quote. */
  quote_id: number | null;
}

/** A line of the write payload: `id` null for a new line. */
export interface DocumentLineInput {
  id: number | null;
  title: string;
  description: string;
  quantity: number;
  unit_price: number;
  task_id: number | null;
}

/** POST/PUT body; the end date is under the kind's own name (expiration_date or due_date). */
export interface DocumentWritePayload {
  title: string;
  description: string;
  client_id: number | null;
  status: string;
  priority: string;
  issue_date: string | null;
  expiration_date?: string | null;
  due_date?: string | null;
  payment_date?: string | null;
  tax_rate: number;
  legal_notice: string;
  signature_notice: string;
  line_items: DocumentLineInput[];
}

/** Client picker entry (GET contacts/). */
export interface ClientOption {
  id: number;
  name: string;
  email: string;
}

/** Task picker entry (GET tasks/). */
export interface TaskOption {
  id: number;
  title: string;
  description: string;
  hourly_rate: number;
  cost: number;
  projectName: string | null;
}

/** POST {quotes|invoices}/{id}/send_email/ answer. */
export interface SendEmailResult {
  message?: string;
  status?: string;
  status_display?: string;
  number: string | null;
}
