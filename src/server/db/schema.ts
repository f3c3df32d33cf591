import type { Generated } from 'kysely';

/**
 * Column conventions shared by SQLite and PostgreSQL so that one query path serves both:
 * booleans are 0/1 integers, dates 'YYYY-MM-DD' text, date-times ISO 8601 UTC text,
 * money integer cents.
 */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  is_active: number;
  created_at: string;
  last_login: string | null;
  /** Bumped on password change and logout-everywhere: old reset links and refresh tokens die. */
  password_changed_at: string;
  /** A new address waiting for its confirmation link to be followed (null: none). */
  pending_email: string | null;
  // Profile fields: '' by default (country: 'France').
  first_name: Generated<string>;
  last_name: Generated<string>;
  company_name: Generated<string>;
  business_type: Generated<string>;
  address: Generated<string>;
  city: Generated<string>;
  postal_code: Generated<string>;
  country: Generated<string>;
  phone: Generated<string>;
  website: Generated<string>;
  siret: Generated<string>;
  vat_number: Generated<string>;
  legal_notice: Generated<string>;
  signature_notice: Generated<string>;
  /** 'franchise' (art. 293 B CGI) | 'assujetti' (shared/vat.ts). */
  vat_regime: Generated<string>;
  /** 0/1: option pour le paiement de la TVA d'après les débits. */
  vat_on_debits: Generated<number>;
  iban: Generated<string>;
  bic: Generated<string>;
  /** A LEGAL_FORMS key (shared/profile.ts) or ''. */
  legal_form: Generated<string>;
  /** RCS/RM city and number, e.g. 'RCS Lyon 123 456 789'. */
  registration: Generated<string>;
  share_capital_cents: number | null;
  /** 0/1: automatic reminders of overdue invoices (migration 0015; off by default). */
  auto_reminders: Generated<number>;
  /** Days after the due date for the automatic 1st, 2nd and final reminders (null: none at that level). */
  reminder_1_days: Generated<number | null>;
  reminder_2_days: Generated<number | null>;
  reminder_3_days: Generated<number | null>;
  /** Issue 28 (migration 0025): the least number of days between two reminders of one invoice (0: none). */
  reminder_spacing_days: Generated<number>;
  /** Billing rounds each time entry up to this many minutes (0: none; migration 0026). */
  time_rounding_minutes: Generated<number>;
  /** Issue 28 (migration 0027): '#rrggbb', the headings and rules of PDFs and e-mails. */
  accent_color: Generated<string>;
}

/** Issue 28 (migration 0027): the user's logo, re-encoded to PNG on upload. */
export interface UserLogosTable {
  owner_id: number;
  png: Buffer;
  width: number;
  height: number;
  updated_at: string;
}

/** Issue 28 (migration 0027): services and products picked in the line editor. */
/** Issue 26: a supplier's e-invoice, as received and as read (migration 0034). */
export interface ReceivedInvoicesTable {
  id: Generated<number>;
  owner_id: number;
  /** 'upload' or 'platform'. */
  source: string;
  /** 'factur-x', 'cii' or 'ubl'. */
  format: string;
  number: string;
  type_code: string;
  issue_date: string;
  due_date: string | null;
  currency: string;
  /** SIREN, else VAT number, else name: one invoice per supplier and number. */
  supplier_key: string;
  supplier_name: string;
  supplier_siren: string | null;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  due_cents: number;
  /** The user's last answer (205, 207, 210, 211), null while none. */
  status_code: number | null;
  /** JSON: what einvoicing/received-invoice.ts read that has no column. */
  data: string;
  original: Buffer;
  original_name: string;
  original_sha256: string;
  search_text: string;
  received_at: string;
  /** The platform's flow it came in (source 'platform'). */
  platform_flow_id: string | null;
}

export interface ReceivedInvoiceStatusesTable {
  id: Generated<number>;
  received_invoice_id: number;
  code: number;
  /** The reason code of a dispute or a refusal (XP Z12-012, MDT-113); null for others and for answers given before codes. */
  reason_code: string | null;
  /** The user's details (free text). */
  reason: string;
  at: string;
  owner_id: number | null;
  /** null: nothing to send (an uploaded invoice); else whether the lifecycle message went out to the supplier. */
  platform_state: 'pending' | 'sent' | 'error' | null;
  platform_message: string | null;
}

export interface CatalogueItemsTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  description: string;
  /** UN/ECE Recommendation 20 code, shared/units.ts. */
  unit: string;
  /** Ten-thousandths of a euro, like document lines. */
  unit_price_centicents: number;
  /** Hundredths of a percent. */
  tax_rate: number;
  search_text: string;
  created_at: string;
  updated_at: string;
}

export interface RefreshTokensTable {
  jti: string;
  user_id: number;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
  /** The session (rotation family) it belongs to: always set (migration 0011 filled the older rows). */
  session_id: string | null;
}

/** A sign-in: its access tokens carry its id, its refresh tokens point to it (migration 0011). */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  /** The expiry of its newest refresh token. */
  expires_at: string;
  /** Set by logout, a password change or reset, or the reuse of a rotated refresh token. */
  revoked_at: string | null;
  /** The sign-in's User-Agent and address (migration 0019; null for older sessions). */
  user_agent: string | null;
  ip: string | null;
  /** The last refresh (null: none since the sign-in, or before migration 0019). */
  last_used_at: string | null;
}

export interface RateLimitHitsTable {
  key: string;
  window_start: number;
  hits: number;
}

export interface ContactsTable {
  id: Generated<number>;
  /** normalizeSearch() of the searchable columns, kept in step on every write. */
  search_text: Generated<string>;
  owner_id: number;
  name: string;
  email: string;
  phone: string;
  company: string;
  address: string;
  city: string;
  postal_code: string;
  country: string;
  notes: string;
  category: string;
  /** 'professionnel' | 'particulier' (shared/contacts.ts). */
  client_type: Generated<string>;
  /** 9 digits or ''. */
  siren: Generated<string>;
  vat_number: Generated<string>;
  /** Delivery address when it differs from the billing one ('' otherwise). */
  delivery_address: Generated<string>;
  delivery_postal_code: Generated<string>;
  delivery_city: Generated<string>;
  delivery_country: Generated<string>;
  created_at: string;
  updated_at: string;
  /** The hourly rate its tasks inherit when neither the task nor its project has one (migration 0026). */
  hourly_rate_cents: Generated<number>;
}

export interface ActivitiesTable {
  id: Generated<number>;
  owner_id: number;
  object_type: string;
  object_id: number;
  object_label: string;
  action: string;
  changes: string;
  timestamp: string;
  /** Set when the object is deleted: its entries then carry no link. */
  object_deleted: Generated<number>;
  client_name: string | null;
  project_name: string | null;
  /** Migration 0031: set by an entry written at most once per key (unique), null otherwise. */
  dedupe_key: Generated<string | null>;
  /** Migration 0037: label, printed action and changes, normalised (activitySearchText). */
  search_text: string;
}

export interface ProjectsTable {
  id: Generated<number>;
  /** normalizeSearch() of the searchable columns, kept in step on every write. */
  search_text: Generated<string>;
  owner_id: number;
  name: string;
  description: string;
  status: string;
  priority: string;
  start_date: string | null;
  due_date: string | null;
  completed_date: string | null;
  budget_cents: number;
  revenue_cents: number;
  /** The hourly rate its tasks inherit (0: none; migration 0026). */
  hourly_rate_cents: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ProjectContactsTable {
  project_id: number;
  contact_id: number;
}

export interface TasksTable {
  id: Generated<number>;
  /** normalizeSearch() of the searchable columns, kept in step on every write. */
  search_text: Generated<string>;
  owner_id: number;
  title: string;
  description: string;
  status: string;
  priority: string;
  due_date: string | null;
  project_id: number | null;
  estimated_centihours: number;
  actual_centihours: number;
  start_time: string | null;
  end_time: string | null;
  billable: number;
  hourly_rate_cents: number;
  bill_reference: string;
  payment_status: string;
  created_at: string;
  updated_at: string;
  /** The invoice that bills its time (migration 0013); null while not billed, or once its draft is deleted. */
  invoice_id: Generated<number | null>;
}

/** A task's time, one run or one typed duration (migration 0026). */
export interface TimeEntriesTable {
  id: Generated<number>;
  owner_id: number;
  task_id: number;
  started_at: string;
  /** Null while running (at most one running entry per user). */
  ended_at: string | null;
  /** Exactly as recorded, never rounded (billing rounds). 0 while running. */
  duration_seconds: number;
  note: string;
  billable: number;
  /** The invoice that bills it; null until billed, or once its draft is deleted. */
  invoice_id: Generated<number | null>;
  /** The draft's or invoice's line that bills it (migration 0029); removing the line frees the entry. */
  invoice_line_id: Generated<number | null>;
  created_at: string;
  updated_at: string;
}

export interface TaskContactsTable {
  task_id: number;
  contact_id: number;
}

/** quotes and invoices (same columns; invoices add quote_id). */
export interface DocumentsTable {
  id: Generated<number>;
  /** normalizeSearch() of the searchable columns, kept in step on every write. */
  search_text: Generated<string>;
  owner_id: number;
  number: string | null;
  title: string;
  description: string;
  client_id: number;
  status: string;
  priority: string;
  issue_date: string;
  end_date: string | null;
  payment_date: string | null;
  /** Hundredths of a percent: the default rate for new lines (each line has its own). */
  tax_rate: number;
  /** 'services' | 'goods' | 'mixed' (shared/vat.ts). */
  operation_category: Generated<string>;
  /** Date of the service or delivery, or the start of the service period (YYYY-MM-DD). */
  service_date: string | null;
  /** End of the service period; null for a single date. */
  service_end_date: string | null;
  /** '' or a VAT_EXEMPTIONS key: the legal basis of 0 % lines for an `assujetti` seller. */
  vat_exemption: Generated<string>;
  legal_notice: string;
  signature_notice: string;
  /** Issue 25 (migration 0023): a discount on the whole document (EN 16931 BG-20), hundredths of a percent or cents (0: none), and its reason (BT-97). */
  discount_percent: Generated<number>;
  discount_cents: Generated<number>;
  discount_reason: Generated<string>;
  /** HT: the lines less the document's discount (BT-109). */
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  created_at: string;
  updated_at: string;
}

/** Quotes' and invoices' payment terms (migration 0020): they drive an invoice's due date (end_date). */
export interface PaymentTermsColumns {
  /** 'reception' | 'net' | 'end_of_month' (shared/payment-terms.ts). */
  payment_terms: Generated<string>;
  /** 0 for 'reception'. */
  payment_days: Generated<number>;
}

export interface QuotesTable extends DocumentsTable, PaymentTermsColumns {}

export interface InvoicesTable extends DocumentsTable, PaymentTermsColumns {
  quote_id: number | null;
  /** Σ payments (cents); kept in the transaction of every payment write. */
  paid_cents: Generated<number>;
  /** Σ credit notes on this invoice (cents, TTC). */
  credited_cents: Generated<number>;
  /** Never printed: editable after issue. */
  internal_notes: Generated<string>;
  /** 0/1: a facture d'acompte (Factur-X type 386) on quote `deposit_of_quote_id` (migration 0013). */
  is_deposit: Generated<number>;
  deposit_of_quote_id: Generated<number | null>;
  /** The final invoice of a quote: its deposits' TTC, deducted from what is due (EN 16931 BT-113). */
  prepaid_cents: Generated<number>;
  /** Generated by a recurrence (migration 0016), for its occurrence of that date; unique together. */
  recurrence_id: Generated<number | null>;
  occurrence_date: Generated<string | null>;
}

export interface CreditNotesTable extends DocumentsTable {
  number: string;
  invoice_id: number;
  reason: string;
  /** The part of the credit beyond the invoice's balance at the time: owed back to the client. */
  refund_cents: number;
  /** Its HT share, for the HT revenue chart. */
  refund_ht_cents: Generated<number>;
}

/** Cash per owner and month ('YYYY-MM'): payments less refunds; kept by triggers (migration 0009). */
export interface CashTotalsTable {
  owner_id: number;
  month: string;
  count: number;
  amount_cents: number;
  amount_ht_cents: number;
}

export interface PaymentsTable {
  id: Generated<number>;
  owner_id: number;
  invoice_id: number;
  date: string;
  amount_cents: number;
  amount_ht_cents: number;
  method: string;
  reference: string;
  created_at: string;
}

/** The frozen copy of an issued invoice or credit note, or of a sent quote. */
export interface IssuedDocumentsTable {
  kind: 'quote' | 'invoice' | 'credit_note';
  document_id: number;
  owner_id: number;
  /** JSON of everything printed (RenderableDocument) and its totals. */
  snapshot: string;
  /** SHA-256 of `snapshot` (what the journal entry seals); null for documents archived before migration 0018. */
  snapshot_sha256: string | null;
  /** Null between the numbering transaction and the PDF's (a crash there is repaired at start). */
  pdf: Buffer | null;
  pdf_sha256: string | null;
  /** HMAC binding the PDF's digest to its snapshot (ledger key); null until sealed. */
  pdf_seal: string | null;
  /** The client as issued (views and reports of an issued document read these, not the live contact). */
  client_name: string | null;
  client_siren: string | null;
  created_at: string;
}

export interface LedgerEntriesTable {
  owner_id: number;
  seq: number;
  kind: 'invoice' | 'credit_note';
  document_id: number;
  number: string;
  issue_date: string;
  client_name: string;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  /** Version 1 entries: the archived PDF's digest. Version 2: null (the PDF is sealed beside its snapshot). */
  pdf_sha256: string | null;
  /** Version 2 entries: the digest of the snapshot (the legal record). */
  snapshot_sha256: string | null;
  /** 1: unkeyed SHA-256 (before migration 0018); 2: HMAC with the ledger key. */
  seal_version: number;
  prev_hash: string;
  hash: string;
  created_at: string;
}

/** A signed head of a user's journal, given to the user (downloaded, e-mailed monthly). */
export interface LedgerCheckpointsTable {
  owner_id: number;
  seq: number;
  hash: string;
  created_at: string;
  signature: string;
}

export interface LedgerHeadsTable {
  owner_id: number;
  seq: number;
  hash: string;
}

export interface DocumentLinesTable {
  id: Generated<number>;
  document_id: number;
  position: number;
  title: string;
  description: string;
  /** Ten-thousandths of a unit (hundredths before migration 0022). */
  quantity: number;
  /** Ten-thousandths of a euro: hundredths of a cent (issue 25, migration 0022; cents before, as unit_price_centicents). */
  unit_price_centicents: number;
  total_cents: number;
  /** Hundredths of a percent. */
  tax_rate: number;
  task_id: number | null;
  /** UN/ECE Recommendation 20 code (EN 16931 BT-130), shared/units.ts; C62 before migration 0022. */
  unit: Generated<string>;
  /** Issue 25 (migration 0023): the line's discount, hundredths of a percent or cents (0: none); `total_cents` is net of it. */
  discount_percent: Generated<number>;
  discount_cents: Generated<number>;
  /** Issue 25 (migration 0024): a 0 % line's own exemption reason (a VAT_EXEMPTIONS key); '' follows the document's. */
  vat_exemption: Generated<string>;
}

export interface DocumentCountersTable {
  owner_id: number;
  kind: string;
  year: number;
  last_number: number;
}

/** Per owner, kind, status and payment month; kept by triggers (migration 0008). */
export interface DocumentTotalsTable {
  owner_id: number;
  kind: 'quote' | 'invoice';
  status: string;
  /** 'YYYY-MM' of the payment date, '' without one. */
  payment_month: string;
  count: number;
  subtotal_cents: number;
  total_cents: number;
  /** TTC still due (invoices: total − paid − credited; quotes: total). */
  balance_cents: number;
  /** Bumped by every change of the bucket: figures computed from the documents are cached against Σ version. */
  version: Generated<number>;
}

/** An e-mail waiting for, or past, delivery (migration 0012, mail/outbox.ts). */
export interface OutboxMessagesTable {
  id: Generated<number>;
  owner_id: number;
  /** The document, and its PDF: null only for an account message (migration 0017). */
  document_kind: 'quote' | 'invoice' | 'credit_note' | null;
  document_id: number | null;
  /** JSON of the message (mail/outbox.ts StoredMessage); an account message's text is cleared once it has left. */
  message: string;
  attachment_name: string | null;
  attachment: Buffer | null;
  status: 'pending' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  /** Who is sending it, until when: a process that died is taken over once the lease has run out. */
  lease_owner: string | null;
  lease_until: string | null;
  /** Why the last attempt failed, in French. */
  last_error: string | null;
  created_at: string;
  updated_at: string;
  /**
   * 'document' (the document itself), 'reminder' (a reminder of an invoice; migration 0015) or
   * 'account' (activation, password reset, e-mail change; migration 0017).
   */
  purpose: Generated<'document' | 'reminder' | 'account'>;
}

/** A background job (migration 0015, jobs/runner.ts): run once, by one process at a time, under a lease. */
export interface JobsTable {
  id: Generated<number>;
  /** The handler's name, e.g. 'reminders:scan'. */
  kind: string;
  /** Unique: scheduling the same job twice stores it once. */
  dedupe_key: string;
  /** JSON given when scheduling. */
  payload: string;
  status: 'pending' | 'done' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** A reminder sent for an invoice (migration 0015): once per invoice and level. */
export interface InvoiceRemindersTable {
  id: Generated<number>;
  owner_id: number;
  invoice_id: number;
  /** 1: first, 2: second, 3: final. */
  level: number;
  /** 0/1: sent by the automatic reminders job. */
  automatic: Generated<number>;
  recipient: string;
  amount_due_cents: number;
  days_late: number;
  outbox_message_id: number | null;
  sent_at: string;
}

/** A user's own e-mail template of one kind (migration 0028); absent: the built-in text. */
export interface EmailTemplatesTable {
  id: Generated<number>;
  owner_id: number;
  /** 'quote' | 'invoice' | 'credit_note' | 'reminder_1' | 'reminder_2' | 'reminder_3'. */
  kind: string;
  subject: string;
  body: string;
  updated_at: string;
}

/** A recurring invoice (migration 0016): a template copied from an invoice, and its schedule. */
export interface RecurringInvoicesTable {
  id: Generated<number>;
  owner_id: number;
  /** Where the template came from; no live link (editing the source changes nothing). */
  source_invoice_id: number | null;
  client_id: number;
  title: string;
  description: string;
  priority: string;
  /** Hundredths of a percent. */
  tax_rate: number;
  operation_category: string;
  vat_exemption: string;
  legal_notice: string;
  signature_notice: string;
  internal_notes: string;
  /** Issue 25 (migration 0023): a discount on the whole document (EN 16931 BG-20), hundredths of a percent or cents (0: none), and its reason (BT-97). */
  discount_percent: Generated<number>;
  discount_cents: Generated<number>;
  discount_reason: Generated<string>;
  payment_term_days: number;
  /** 'reception' | 'net' | 'end_of_month' (migration 0020); `payment_term_days` are its days. */
  payment_terms: Generated<string>;
  /** 0/1: each invoice states its occurrence's service period. */
  service_period: number;
  /** JSON of the template lines in stored units (recurring.repository.ts TemplateLine[]). */
  lines: string;
  subtotal_cents: number;
  total_cents: number;
  frequency: string;
  start_date: string;
  end_date: string | null;
  mode: string;
  status: string;
  next_index: number;
  next_occurrence_date: string | null;
  last_invoice_id: number | null;
  last_occurrence_date: string | null;
  last_error: string | null;
  stopped_at: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A client's personal link to one document, or to their client space (kind 'contact', issue 27):
 * only the token's SHA-256 is kept.
 */
export interface PortalLinksTable {
  id: Generated<number>;
  owner_id: number;
  kind: 'quote' | 'invoice' | 'credit_note' | 'contact';
  /** The document's id; a client space's: the contact's. */
  document_id: number;
  /** SHA-256 (hex) of the token, unique. */
  token_hash: string;
  created_at: string;
  revoked_at: string | null;
  first_viewed_at: string | null;
  last_viewed_at: string | null;
  view_count: Generated<number>;
}

/** A quote's one answer given through the portal (issue 27), with the evidence of the signature. */
export interface QuoteAcceptancesTable {
  quote_id: number;
  owner_id: number;
  answer: 'accepted' | 'declined';
  signer_name: string;
  signer_email: string;
  reason: string;
  answered_at: string;
  ip: string;
  user_agent: string;
  /** SHA-256 of the archived quote PDF the client was shown. */
  pdf_sha256: string | null;
  /** The certificat d'acceptation (PDF), null until rendered. */
  certificate: Buffer | null;
  certificate_sha256: string | null;
}

/** The user's approved e-invoicing platform (migration 0032, issue 26): one row per account. */
export interface EInvoicingSettingsTable {
  owner_id: number;
  flow_service_url: string;
  directory_service_url: string;
  token_url: string;
  client_id: string;
  /** AES-256-GCM under DATA_DIR/einvoicing_key ('v1.<iv>.<tag>.<data>'); null: none given. */
  client_secret_encrypted: string | null;
  /** 0 | 1. */
  enabled: number;
  updated_at: string;
  /** When the platform was last switched on: documents issued before went out by e-mail and are not sent. */
  enabled_at: string | null;
  /** The platform's `updatedAt` of the last flow the sync read. */
  sync_cursor: string | null;
  last_sync_at: string | null;
  /** The last sync's failure, in French; null when it went through. */
  last_sync_error: string | null;
}

/** An issued invoice or credit note sent (or to send) through the platform, and its latest lifecycle status. */
export interface EInvoicingDocumentsTable {
  document_kind: 'invoice' | 'credit_note';
  document_id: number;
  owner_id: number;
  number: string;
  state: 'pending' | 'submitted' | 'not_in_directory' | 'not_applicable' | 'error';
  flow_id: string | null;
  /** Why it is not (yet) submitted, in French. */
  message: string | null;
  attempts: Generated<number>;
  status_code: number | null;
  status_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Each lifecycle status the platform reported for a document (XP Z12-012). */
export interface EInvoicingStatusesTable {
  id: Generated<number>;
  owner_id: number;
  document_kind: 'invoice' | 'credit_note';
  document_id: number;
  code: number;
  at: string;
  reason: Generated<string>;
  created_at: string;
}

/** The 212 « Encaissée » message of a payment. */
export interface EInvoicingPaymentReportsTable {
  payment_id: number;
  owner_id: number;
  invoice_id: number;
  state: 'pending' | 'sent' | 'not_applicable' | 'error';
  flow_id: string | null;
  message: string | null;
  created_at: string;
  updated_at: string;
}

/** Incoming flows the sync has handled. */
export interface EInvoicingSeenFlowsTable {
  owner_id: number;
  flow_id: string;
  seen_at: string;
}

export interface Database {
  users: UsersTable;
  user_logos: UserLogosTable;
  catalogue_items: CatalogueItemsTable;
  received_invoices: ReceivedInvoicesTable;
  received_invoice_statuses: ReceivedInvoiceStatusesTable;
  refresh_tokens: RefreshTokensTable;
  sessions: SessionsTable;
  rate_limit_hits: RateLimitHitsTable;
  contacts: ContactsTable;
  activities: ActivitiesTable;
  projects: ProjectsTable;
  project_contacts: ProjectContactsTable;
  tasks: TasksTable;
  task_contacts: TaskContactsTable;
  time_entries: TimeEntriesTable;
  quotes: QuotesTable;
  invoices: InvoicesTable;
  quote_lines: DocumentLinesTable;
  invoice_lines: DocumentLinesTable;
  document_counters: DocumentCountersTable;
  document_totals: DocumentTotalsTable;
  credit_notes: CreditNotesTable;
  credit_note_lines: DocumentLinesTable;
  payments: PaymentsTable;
  issued_documents: IssuedDocumentsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_heads: LedgerHeadsTable;
  ledger_checkpoints: LedgerCheckpointsTable;
  cash_totals: CashTotalsTable;
  outbox_messages: OutboxMessagesTable;
  recurring_invoices: RecurringInvoicesTable;
  jobs: JobsTable;
  invoice_reminders: InvoiceRemindersTable;
  email_templates: EmailTemplatesTable;
  portal_links: PortalLinksTable;
  quote_acceptances: QuoteAcceptancesTable;
  einvoicing_settings: EInvoicingSettingsTable;
  einvoicing_documents: EInvoicingDocumentsTable;
  einvoicing_statuses: EInvoicingStatusesTable;
  einvoicing_payment_reports: EInvoicingPaymentReportsTable;
  einvoicing_seen_flows: EInvoicingSeenFlowsTable;
}
