import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { addDays, parisToday } from '@/shared/dates';
import { underSchemaLock, type RouteEntry, type TestApp } from './test-app';
import { CLIENT_ADDRESS, COMPLETE_PROFILE } from './billing-fixtures';

/**
 * Shared pieces of the route-table suites (isolation matrix, hostile input): one object of
 * each kind for a user, a valid body for every write route, and snapshots that prove that a
 * refused request changed nothing.
 */

export type Caller = { auth: { authorization: string } };
/** A signed-up user: createOneOfEach fills their profile (PUT /api/profile/ takes the e-mail). */
export type Account = Caller & { email: string };
export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiResponse {
  status: number;
  /** Parsed JSON, or null for an empty or non-JSON body. */
  body: unknown;
  raw: string;
  contentType: string;
}

export async function call(
  t: TestApp,
  who: Caller | null,
  method: string,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const options: InjectOptions = { method: method as Method, url, headers: { ...(who?.auth ?? {}), ...headers } };
  if (payload !== undefined) {
    // Strings are sent as they are (raw JSON built by the hostile-input suite).
    options.payload = typeof payload === 'string' ? payload : JSON.stringify(payload);
    options.headers = { 'content-type': 'application/json', ...options.headers };
  }
  const res = await t.app.inject(options);
  const contentType = String(res.headers['content-type'] ?? '');
  let body: unknown = null;
  if (res.body && contentType.includes('application/json')) body = JSON.parse(res.body);
  return { status: res.statusCode, body, raw: res.body, contentType };
}

/** The resource families whose routes take an `:id`; the key is the URL segment after /api/. */
export const RESOURCES = ['contacts', 'projects', 'tasks', 'quotes', 'invoices', 'credit-notes', 'recurring-invoices', 'time-entries', 'catalogue', 'received-invoices'] as const;
export type Resource = (typeof RESOURCES)[number];

/** One object of each kind, and documents in both states (draft and issued/sent). */
export interface OwnedObjects {
  contact: number;
  project: number;
  task: number;
  quoteDraft: number;
  quoteSent: number;
  invoiceDraft: number;
  invoiceIssued: number;
  /** A payment on invoiceIssued. */
  payment: number;
  /** A credit note (partial) on invoiceIssued. */
  creditNote: number;
  /** A recurring invoice made from invoiceDraft (issue 15). */
  recurrence: number;
  /** A time entry of the task (issue 28). */
  timeEntry: number;
  /** An item of the catalogue (issue 28). */
  catalogueItem: number;
  /** A supplier's e-invoice, uploaded (issue 26). */
  receivedInvoice: number;
}

/** The ids of `objects` that an `:id` route of `resource` can be called with, by variant name. */
export function idsOf(objects: OwnedObjects, resource: Resource): Record<string, number> {
  switch (resource) {
    case 'contacts':
      return { contact: objects.contact };
    case 'projects':
      return { project: objects.project };
    case 'tasks':
      return { task: objects.task };
    case 'quotes':
      return { draft: objects.quoteDraft, sent: objects.quoteSent };
    case 'invoices':
      return { draft: objects.invoiceDraft, issued: objects.invoiceIssued };
    case 'credit-notes':
      return { creditNote: objects.creditNote };
    case 'recurring-invoices':
      return { recurrence: objects.recurrence };
    case 'time-entries':
      return { timeEntry: objects.timeEntry };
    case 'catalogue':
      return { catalogueItem: objects.catalogueItem };
    case 'received-invoices':
      return { receivedInvoice: objects.receivedInvoice };
  }
}

/**
 * The URLs an `:id` route of the resource families can be called with on `objects`, by variant:
 * every id of `idsOf`, and for a payment's route (`/api/invoices/:id/payments/:paymentId/`) the
 * issued invoice and its payment.
 */
export function objectUrls(objects: OwnedObjects, url: string): { variant: string; url: string }[] {
  if (url.includes(':paymentId')) return [{ variant: 'payment', url: withId(url, objects.invoiceIssued, objects.payment) }];
  return Object.entries(idsOf(objects, resourceOf(url)!)).map(([variant, id]) => ({ variant, url: withId(url, id) }));
}

/** `/api/contacts/:id/tasks/` → 'contacts'; null for a URL outside the resource families. */
export function resourceOf(url: string): Resource | null {
  const segment = url.split('/')[2];
  return (RESOURCES as readonly string[]).includes(segment) ? (segment as Resource) : null;
}

/** A 2 × 2 red PNG: a logo for the fixtures' accounts. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4YKl9wFKbAUIBACJSBJGhAHVTAAAAAElFTkSuQmCC',
  'base64',
);

/** Valid bodies, every text carrying `marker` so that a leak of this user's data can be spotted. */
export const bodies = {
  // With a full address and a SIREN: invoices to this contact can be issued.
  contact: (marker: string) => ({
    name: `${marker} Librairie`, email: 'librairie@exemple.fr', company: `${marker} SARL`, notes: marker, category: 'client',
    ...CLIENT_ADDRESS,
  }),
  project: (marker: string, contact: number) => ({
    name: `${marker} Refonte`, description: marker, contact_ids: [contact], status: 'en_cours', budget: 1234.56,
  }),
  task: (marker: string, project: number, contact: number) => ({
    title: `${marker} Maquettes`, description: marker, project_id: project, contact_ids: [contact],
    billable: true, hourly_rate: 61.5, estimated_time: 3.25,
  }),
  document: (marker: string, client: number, task: number | null, status = 'draft') => ({
    title: `${marker} Prestation`, description: marker, client_id: client, status,
    line_items: [{ title: `${marker} Conception`, quantity: 2, unit_price: 987.65, task_id: task }],
  }),
  // Complete: this user can issue invoices.
  profile: (marker: string, email: string) => ({
    ...COMPLETE_PROFILE, email, first_name: marker, last_name: `${marker} Nom`, company_name: `${marker} Studio`, city: 'Lyon',
  }),
  payment: (marker: string) => ({ date: parisToday(), amount: 1, method: 'virement', reference: marker }),
  // Tomorrow: the draft stays a draft, the series' first occurrence (issue 28; today would issue it).
  recurrence: () => ({ frequency: 'monthly', start_date: addDays(parisToday(), 1), mode: 'draft' }),
  // The whole series (PUT, issue 28).
  recurrenceEdit: (marker: string, client: number) => ({
    title: `${marker} Abonnement`, client_id: client, frequency: 'monthly', next_occurrence_date: addDays(parisToday(), 5), end_date: null,
    mode: 'draft', line_items: [{ title: `${marker} Licence`, description: marker, quantity: 1, unit_price: 12.5 }],
  }),
  timeEntry: (marker: string, task: number) => ({ task_id: task, started_at: `${parisToday()}T08:00:00Z`, duration_seconds: 1800, note: marker }),
  /**
   * The approved platform (issue 26), its client id carrying the marker. Its addresses are on port 1,
   * which fetch refuses at once (a "bad port"): a connection test made by a suite calls no network.
   */
  einvoicingSettings: (marker: string) => ({
    flow_service_url: 'https://localhost:1/flow-service',
    directory_service_url: 'https://localhost:1/directory-service',
    token_url: 'https://localhost:1/oauth/token',
    client_id: `${marker}-client`,
    client_secret: `${marker}-secret`,
    enabled: true,
  }),
  catalogueItem: (marker: string) => ({
    title: `${marker} Atelier`, description: marker, unit: 'HUR', unit_price: 85.125, tax_rate: 20,
  }),
  /** The official CII example (XP Z12-012), its supplier and number marked: a supplier's e-invoice to upload. */
  receivedInvoice: (marker: string) =>
    readFileSync(path.join(__dirname, '..', 'einvoicing', '__tests__', 'official-examples', 'invoices', 'UC1_F202500003_00-INV_20250701_CII.xml'), 'utf8')
      .replace('<ram:ID>F202500003</ram:ID>', `<ram:ID>${marker}-F1</ram:ID>`)
      .replace('<ram:Name>LE VENDEUR</ram:Name>', `<ram:Name>${marker} VENDEUR</ram:Name>`),
  creditNote: (marker: string) => ({
    reason: marker, line_items: [{ title: `${marker} Remise`, description: '', quantity: 1, unit_price: 1 }],
  }),
};

async function created(res: Promise<ApiResponse>, what: string): Promise<number> {
  const { status, body } = await res;
  if (status !== 201) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return (body as { id: number }).id;
}

/** Creates one object of each kind for `who` (their profile completed), every text marked with `marker`. */
export async function createOneOfEach(t: TestApp, who: Account, marker: string): Promise<OwnedObjects> {
  const post = (url: string, body: unknown) => created(call(t, who, 'POST', url, body), url);
  const profile = await call(t, who, 'PUT', '/api/profile/', bodies.profile(marker, who.email));
  if (profile.status !== 200) throw new Error(`profile: ${profile.status} ${profile.raw}`);
  // A logo (issue 28): its routes then answer the owner's own.
  const logo = await t.app.inject({ method: 'PUT', url: '/api/profile/logo/', headers: { ...who.auth, 'content-type': 'image/png' }, payload: TINY_PNG });
  if (logo.statusCode !== 200) throw new Error(`logo: ${logo.statusCode} ${logo.body}`);
  // The approved platform's settings (issue 26): GET einvoicing/settings/ then answers the owner's own.
  const einvoicing = await call(t, who, 'PUT', '/api/einvoicing/settings/', bodies.einvoicingSettings(marker));
  if (einvoicing.status !== 200) throw new Error(`einvoicing settings: ${einvoicing.status} ${einvoicing.raw}`);
  const contact = await post('/api/contacts/', bodies.contact(marker));
  const project = await post('/api/projects/', bodies.project(marker, contact));
  const task = await post('/api/tasks/', bodies.task(marker, project, contact));
  const doc = (status: string) => bodies.document(marker, contact, task, status);
  const invoiceIssued = await post('/api/invoices/', doc('sent'));
  const payment = await call(t, who, 'POST', `/api/invoices/${invoiceIssued}/payments/`, bodies.payment(marker));
  if (payment.status !== 201) throw new Error(`payment: ${payment.status} ${payment.raw}`);
  // The issued invoice bills the task (issue 15): another invoice naming it would be refused.
  const invoiceDraft = await post('/api/invoices/', bodies.document(marker, contact, null, 'draft'));
  return {
    contact,
    project,
    task,
    quoteDraft: await post('/api/quotes/', doc('draft')),
    quoteSent: await post('/api/quotes/', doc('sent')),
    invoiceDraft,
    invoiceIssued,
    payment: (payment.body as { payment: { id: number } }).payment.id,
    creditNote: await post(`/api/invoices/${invoiceIssued}/credit_note/`, bodies.creditNote(marker)),
    recurrence: await post(`/api/invoices/${invoiceDraft}/make_recurring/`, bodies.recurrence()),
    timeEntry: await post('/api/time-entries/', bodies.timeEntry(marker, task)),
    catalogueItem: await post('/api/catalogue/', bodies.catalogueItem(marker)),
    receivedInvoice: await created(
      t.app.inject({ method: 'POST', url: '/api/received-invoices/import/', headers: { ...who.auth, 'content-type': 'application/xml' }, payload: bodies.receivedInvoice(marker) })
        .then((res) => ({ status: res.statusCode, body: res.json(), raw: res.body, contentType: String(res.headers['content-type']) })),
      'received invoice',
    ),
  };
}

/** A valid body for a protected write route, its references pointing at `refs` (the caller's own objects). */
export function validBody(route: RouteEntry, refs: OwnedObjects, marker: string, email: string): unknown {
  const resource = resourceOf(route.url);
  if (['GET', 'HEAD', 'DELETE'].includes(route.method) || /\/(send_email|convert_to_invoice|pause|resume|stop|share)\/$/.test(route.url)) return undefined;
  if (route.url === '/api/profile/') return bodies.profile(marker, email);
  // The approved platform (issue 26): its settings; the connection test takes no body.
  if (route.url === '/api/einvoicing/settings/') return bodies.einvoicingSettings(marker);
  if (route.url === '/api/einvoicing/settings/test/' || route.url === '/api/einvoicing/sync/') return undefined;
  // The logo (issue 28) is raw image bytes, not JSON: a JSON body is refused (415).
  if (route.url === '/api/profile/logo/') return undefined;
  // Issue 26: a received invoice is uploaded as the file's raw bytes (a JSON body is a 415); an
  // answer approves it (a second run finds it approved: a 400 that changes nothing).
  if (route.url === '/api/received-invoices/import/') return undefined;
  if (route.url === '/api/received-invoices/:id/status/') return { status: 'approved' };
  if (route.url === '/api/import-contacts/') return [bodies.contact(marker), { name: `${marker} Second` }];
  if (route.url.endsWith('/payments/')) return bodies.payment(marker);
  if (route.url.endsWith('/credit_note/')) return bodies.creditNote(marker);
  // Issue 15: the project's time (its task), a 30 % deposit on a quote.
  if (route.url.endsWith('/invoice_time/')) return { task_ids: [refs.task] };
  if (route.url.endsWith('/deposit_invoice/')) return { percent: 30 };
  // Reminders (issue 15): the next level; the automatic reminder settings.
  if (route.url.endsWith('/send_reminder/')) return {};
  if (route.url === '/api/profile/reminders/') return { auto_reminders: true, reminder_1_days: 7, reminder_2_days: 30, reminder_3_days: null };
  // The journal (issue 23): a checkpoint is taken without a body; a verification names one (a
  // genuine one is the caller's own, made by POST ledger/checkpoint/: any other is a French 400).
  if (route.url === '/api/ledger/checkpoint/') return undefined;
  if (route.url === '/api/ledger/verify/') return { checkpoint: { format: 'carnet-ledger-checkpoint/1', owner_id: 0, seq: 0, hash: '', created_at: '', signature: '' } };
  // E-mail templates (issue 28): a subject and a text with placeholders; a preview takes the same.
  if (route.url.startsWith('/api/email-templates/')) return { subject: `${marker} {numero}`, body: `Bonjour {client}, ${marker} {montant}` };
  // Recurring invoices (issue 15).
  if (route.url.endsWith('/make_recurring/')) return bodies.recurrence();
  if (resource === 'recurring-invoices') return route.method === 'PUT' ? bodies.recurrenceEdit(marker, refs.contact) : { mode: 'draft' };
  // Time entries (issue 28): a timer on the task, a timesheet cell, the rounding setting.
  if (route.url === '/api/time-entries/start/') return { task_id: refs.task, note: marker };
  if (route.url === '/api/time-entries/day/') return { task_id: refs.task, date: parisToday(), duration_seconds: 2700 };
  if (route.url === '/api/time-entries/settings/') return { time_rounding_minutes: 6 };
  if (resource === 'time-entries') return bodies.timeEntry(marker, refs.task);
  switch (resource) {
    case 'contacts':
      return bodies.contact(marker);
    case 'projects':
      return bodies.project(marker, refs.contact);
    case 'tasks':
      return bodies.task(marker, refs.project, refs.contact);
    case 'quotes':
      return bodies.document(marker, refs.contact, refs.task);
    case 'invoices':
      // Its task is billed by the issued invoice (issue 15): an invoice naming it is refused, so a
      // valid invoice names none (quotes still carry the task reference, checked the same way).
      return bodies.document(marker, refs.contact, null);
    case 'catalogue':
      return bodies.catalogueItem(marker);
    default:
      throw new Error(`No valid body known for ${route.method} ${route.url}: add one to api-fixtures.ts`);
  }
}

/**
 * A DRF-shaped error body: a non-empty JSON object whose leaves are messages (strings), with
 * nesting as DRF does it (`{"line_items": [{}, {"title": ["…"]}]}`) and the odd number or
 * boolean beside them (`invoice_id`).
 */
export function isDrfErrorBody(body: unknown): boolean {
  let messages = 0;
  const walk = (value: unknown): boolean => {
    if (typeof value === 'string') return value.length > 0 && ++messages > 0;
    if (typeof value === 'number' || typeof value === 'boolean') return true;
    if (Array.isArray(value)) return value.every(walk);
    if (typeof value === 'object' && value !== null) return Object.values(value).every(walk);
    return false;
  };
  return typeof body === 'object' && body !== null && !Array.isArray(body) && walk(body) && messages > 0;
}

/** `/api/quotes/:id/send_email/` with id 12 → `/api/quotes/12/send_email/` (and `:paymentId` with `paymentId`). */
export const withId = (url: string, id: number | string, paymentId: number | string = 0) =>
  url.replace(':id', String(id)).replace(':paymentId', String(paymentId));

const IGNORED_TABLES = new Set([
  // Counters that any request, refused or not, may bump by design.
  'rate_limit_hits',
  // Kysely's bookkeeping.
  'kysely_migration', 'kysely_migration_lock',
]);

/** Columns written in the background whatever the request: the outbox's delivery progress (mail/outbox.ts). */
const BACKGROUND_COLUMNS: Record<string, string[]> = {
  outbox_messages: ['status', 'attempts', 'next_attempt_at', 'lease_owner', 'lease_until', 'last_error', 'updated_at'],
};

/** Per database, its tables: introspection is slow on PostgreSQL (every test file's schema), the list fixed. */
const tableNames = new WeakMap<TestApp['database'], Promise<string[]>>();

/**
 * A hash of every row of every table, per table: equal snapshots mean the request changed nothing.
 * PostgreSQL hashes in the database, all tables in one statement (the fuzz suite takes thousands
 * of snapshots: one round trip each, not one per table); SQLite reads in process, which is cheap.
 */
export async function snapshotDatabase(t: TestApp): Promise<Record<string, string>> {
  const { db, schema } = t.database;
  let names = tableNames.get(t.database);
  if (!names) {
    // On PostgreSQL introspection lists every schema (other test files' too): keep ours.
    names = underSchemaLock('shared', () => db.introspection.getTables()).then((tables) => tables.filter((table) => !schema || table.schema === schema).map((table) => table.name));
    tableNames.set(t.database, names);
  }
  const tables = (await names).filter((name) => !IGNORED_TABLES.has(name));
  if (t.database.dialect === 'postgres') {
    const hashes = tables.map((name) => {
      const rows = sql`SELECT (to_jsonb(r) - ${sql.val(BACKGROUND_COLUMNS[name] ?? [])}::text[])::text AS x FROM ${sql.table(`${schema}.${name}`)} r`;
      return sql`(SELECT coalesce(md5(string_agg(x, E'\n' ORDER BY x)), '') FROM (${rows}) s) AS ${sql.ref(name)}`;
    });
    const { rows } = await sql<Record<string, string>>`SELECT ${sql.join(hashes)}`.execute(db);
    return rows[0];
  }
  const snapshot: Record<string, string> = {};
  for (const name of tables) {
    // Any table: its rows as column → value.
    const rows = (await db.selectFrom(name as 'contacts').selectAll().execute()) as Record<string, unknown>[];
    const background = BACKGROUND_COLUMNS[name] ?? [];
    // Blobs (archived PDFs, attachments) by their digest: a JSON array of their bytes cost seconds.
    const lines = rows.map((row) => JSON.stringify(Object.entries(row)
      .filter(([column]) => !background.includes(column))
      .map(([column, value]) => [column, value instanceof Uint8Array ? createHash('sha1').update(value).digest('hex') : value]))).sort();
    snapshot[name] = createHash('sha1').update(lines.join('\n')).digest('hex');
  }
  return snapshot;
}

/** The names of the tables that differ between two snapshots. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => before[k] !== after[k]).sort();
}
