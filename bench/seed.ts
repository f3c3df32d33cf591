/**
 * Fills ONE user with realistic French data, straight into the database the server uses
 * (DATA_DIR / DATABASE_URL, read by the app's own loadConfig), after running the migrations.
 *
 *   DATA_DIR=/tmp/x npx tsx bench/seed.ts [--scale 0.1|100k] [--contacts 10000] [--projects 2000]
 *     [--tasks 20000] [--quotes 5000] [--invoices 10000] [--email e] [--password p] [--seed 42] [--lazy-pdfs]
 *   npx tsx bench/seed.ts --check [--scale 0.1]   # seeds a production server and checks it through the API
 *
 * Everything the app derives is derived with the app's own code: search texts with the
 * repositories' helpers, totals with computeTotals, the password with hashPassword. Invoice and
 * quote numbers are gap-free per year and the counter rows are set so the app continues the series.
 */
import { parseArgs } from 'node:util';
import { sql, type Insertable, type Kysely } from 'kysely';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import type { ActivitiesTable, Database } from '../src/server/db/schema';
import { hashPassword } from '../src/server/modules/auth/passwords';
import { usersRepository } from '../src/server/modules/auth/users.repository';
import { contactSearchText } from '../src/server/modules/contacts/contacts.repository';
import { projectSearchText } from '../src/server/modules/projects/projects.repository';
import { taskSearchText } from '../src/server/modules/tasks/tasks.repository';
import { documentSearchText } from '../src/server/modules/documents/documents.repository';
import { activitySearchText } from '../src/server/modules/activity/activity.repository';
import { htShare } from '../src/server/modules/documents/core';
import { backfillIssuedDocuments } from '../src/server/modules/documents/ledger-backfill';
import { repairPendingPdfs } from '../src/server/modules/documents/issuing';
import { useLedgerKey } from '../src/server/modules/ledger';
import { INVOICE_KIND, QUOTE_KIND, type DocumentKindConfig } from '../src/server/modules/documents/document-kinds';
import { computeTotals, INVOICE_STATUS_LABELS, PAYMENT_METHODS, QUOTE_STATUS_LABELS } from '../src/shared/documents';
import { addDays, parisToday } from '../src/shared/dates';
import type { Priority } from '../src/shared/projects-tasks';
import {
  createRng, DOCUMENT_TITLES, LINE_TITLES, person, projectName, taskTitle, type Rng,
} from './lib/french-data';

export const DEFAULT_COUNTS = { contacts: 10_000, projects: 2_000, tasks: 20_000, quotes: 5_000, invoices: 10_000 };
export type SeedCounts = typeof DEFAULT_COUNTS;
export const DEFAULT_EMAIL = 'bench@carnet.test';
export const DEFAULT_PASSWORD = 'Carnet-Bench-2026!';

export interface SeedOptions {
  /** Environment read by loadConfig (DATA_DIR, DATABASE_URL); defaults to process.env. */
  env?: Record<string, string | undefined>;
  /** Multiplies every default count (0.1 → 1,000 contacts…). */
  scale?: number;
  /** Per-kind counts, after scaling. */
  counts?: Partial<SeedCounts>;
  email?: string;
  password?: string;
  /** PRNG seed: same seed, same data. */
  seed?: number;
  /** Days back from today that dates spread over (default 2 years). */
  spanDays?: number;
  /**
   * Leaves the issued documents' PDFs to be rendered at their first read (`--lazy-pdfs`): the 100k
   * account seeds in minutes, not the better part of an hour. Not for benches that download PDFs.
   */
  lazyPdfs?: boolean;
}

/**
 * `--scale`: a factor of DEFAULT_COUNTS (0.1, 1, 10…) or `100k`, issue 29's account of years of
 * history: 100,000 invoices, 50,000 contacts, 200,000 tasks (and 20,000 projects, 50,000 quotes).
 */
export function scaleOptions(arg: string | undefined): Pick<SeedOptions, 'scale' | 'counts'> {
  if (arg === undefined) return {};
  if (arg === '100k') return { scale: 10, counts: { contacts: 50_000 } };
  const scale = Number(arg);
  if (!(scale > 0)) throw new Error(`--scale ${arg} : un nombre positif (0.1, 1, 10…) ou 100k`);
  return { scale };
}

export interface SeedResult {
  email: string;
  password: string;
  userId: number;
  counts: SeedCounts & { activities: number };
  seconds: number;
}

const PRIORITY_WEIGHTS: Record<Priority, number> = { basse: 2, normale: 6, haute: 2, urgent: 1 };
const TAX_RATES = [2000, 2000, 2000, 2000, 1000, 550];

/** Inserts rows in chunks that stay below SQLite's bound-parameter limit; returns the new ids in input order. */
async function insertMany<T extends keyof Database>(db: Kysely<Database>, table: T, rows: Insertable<Database[T]>[], withIds: boolean) {
  const ids: number[] = [];
  if (!rows.length) return ids;
  const perRow = Object.keys(rows[0] as object).length;
  const chunk = Math.max(1, Math.min(1000, Math.floor(30_000 / perRow)));
  for (let i = 0; i < rows.length; i += chunk) {
    const query = db.insertInto(table).values(rows.slice(i, i + chunk) as never);
    if (withIds) {
      // Ids are allocated in VALUES order in both databases; sorting makes that explicit.
      const returned = (await query.returning('id' as never).execute()) as unknown as { id: number }[];
      ids.push(...returned.map((r) => Number(r.id)).sort((a, b) => a - b));
    } else {
      await query.execute();
    }
  }
  return ids;
}

const isoAt = (date: string, rng: Rng) =>
  `${date}T${String(rng.int(7, 18)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}.000Z`;

interface DocumentPlan {
  row: Omit<Insertable<Database['invoices']>, 'number' | 'search_text'> & { number: string | null };
  lines: { title: string; description: string; quantity: number; unit_price_cents: number; tax_rate: number; total_cents: number }[];
  clientName: string;
}

/** Numbers the issued documents per year in issue-date order: gap-free, like the app's counters. */
function assignNumbers(plans: DocumentPlan[], kind: DocumentKindConfig, issued: (p: DocumentPlan) => boolean) {
  const counters = new Map<number, number>();
  const ordered = plans.filter(issued).sort((a, b) => a.row.issue_date.localeCompare(b.row.issue_date));
  for (const plan of ordered) {
    const year = Number(plan.row.issue_date.slice(0, 4));
    const n = (counters.get(year) ?? 0) + 1;
    counters.set(year, n);
    plan.row.number = `${kind.prefix}-${year}-${String(n).padStart(4, '0')}`;
  }
  return counters;
}

function planLines(rng: Rng) {
  const count = rng.weighted({ 1: 3, 2: 4, 3: 3, 4: 2, 5: 1 } as Record<string, number>);
  return Array.from({ length: Number(count) }, () => {
    const [title, [min, max], unit] = rng.pick(LINE_TITLES);
    const quantity = unit === 'h' ? rng.int(2, 80) * 50 : unit === 'j' ? rng.int(1, 10) * 100 : rng.int(1, 3) * 100;
    return { title, description: rng.chance(0.3) ? 'Selon le cahier des charges validé.' : '', quantity, unit_price_cents: rng.int(min / 100, max / 100) * 100 };
  });
}

export async function seed(options: SeedOptions = {}): Promise<SeedResult> {
  const started = Date.now();
  const scale = options.scale ?? 1;
  const counts: SeedCounts = { ...DEFAULT_COUNTS };
  for (const k of Object.keys(counts) as (keyof SeedCounts)[]) counts[k] = Math.max(1, Math.round(counts[k] * scale));
  Object.assign(counts, Object.fromEntries(Object.entries(options.counts ?? {}).filter(([, v]) => v !== undefined)));
  const email = (options.email ?? DEFAULT_EMAIL).toLowerCase();
  const password = options.password ?? DEFAULT_PASSWORD;
  const rng = createRng(options.seed ?? 42);
  const spanDays = options.spanDays ?? 730;
  const today = parisToday();
  const daysAgo = (n: number) => addDays(today, -n);
  const randomPastDate = () => daysAgo(rng.int(0, spanDays));

  const config = loadConfig(options.env ?? process.env);
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database);
    const { db } = database;
    const users = usersRepository(db);
    if (await users.findByEmail(email)) throw new Error(`${email} existe déjà dans cette base : choisissez --email`);
    const passwordHash = await hashPassword(password);
    let activities = 0;

    const userId = await db.transaction().execute(async (trx) => {
      const user = await usersRepository(trx).create(email, passwordHash);
      await usersRepository(trx).update(user.id, {
        is_active: 1, first_name: 'Claire', last_name: 'Fontaine', company_name: 'Fontaine Conseil', business_type: 'EI',
        address: '8 rue des Lilas', city: 'Lyon', postal_code: '69003', phone: '04 72 00 00 00',
        siret: '73282932000074', vat_number: 'FR44732829320',
        // Liable to VAT (its invoices carry 20 %, 10 %, 5.5 %): the default, « franchise », refuses any rate.
        vat_regime: 'assujetti',
      });
      const ownerId = user.id;
      const activityRows: Insertable<ActivitiesTable>[] = [];
      const activity = (objectType: string, objectId: number, label: string, timestamp: string, extra: Partial<Insertable<ActivitiesTable>> = {}) => {
        const entry = { owner_id: ownerId, object_type: objectType, object_id: objectId, object_label: label.slice(0, 200), action: 'créé', changes: '', timestamp, client_name: null, project_name: null, ...extra };
        activityRows.push({ ...entry, search_text: activitySearchText(entry) });
      };

      // Contacts: created over the span, oldest first (ids follow creation).
      const contactDates = Array.from({ length: counts.contacts }, randomPastDate).sort();
      const contactRows = contactDates.map((date, i) => {
        const p = person(rng, i + 1);
        const created = isoAt(date, rng);
        const category = rng.weighted({ client: 6, prospect: 2.5, partenaire: 1.5 });
        return { ...p, category, owner_id: ownerId, created_at: created, updated_at: created, search_text: contactSearchText(p) };
      });
      const contactIds = await insertMany(trx, 'contacts', contactRows, true);
      const contacts = contactRows.map((c, i) => ({ id: contactIds[i], name: c.name, company: c.company, category: c.category, created: c.created_at }));
      const clients = contacts.filter((c) => c.category === 'client');
      const someClient = () => rng.pick(clients.length ? clients : contacts);
      contacts.forEach((c) => activity('contact', c.id, c.name, c.created));

      // Projects, each with one or two of the user's contacts.
      const projectRows = Array.from({ length: counts.projects }, () => {
        const client = someClient();
        const start = randomPastDate();
        const status = rng.weighted({ brouillon: 1, en_attente: 1.5, en_cours: 3, termine: 4, annule: 0.5 });
        const created = isoAt(addDays(start, -rng.int(0, 20)), rng);
        const budget = rng.int(5, 400) * 10000;
        const name = projectName(rng, client.company || client.name, Number(start.slice(0, 4)));
        return {
          client,
          row: {
            owner_id: ownerId, name, description: rng.chance(0.5) ? `Projet mené pour ${client.company || client.name}.` : '',
            status, priority: rng.weighted(PRIORITY_WEIGHTS), start_date: start, due_date: addDays(start, rng.int(15, 180)),
            completed_date: status === 'termine' ? addDays(start, rng.int(10, 170)) : null, budget_cents: budget,
            revenue_cents: status === 'termine' ? Math.round(budget * (0.7 + rng.next() * 0.5)) : 0,
            created_at: created, updated_at: created, search_text: projectSearchText({ name }),
          },
        };
      });
      const projectIds = await insertMany(trx, 'projects', projectRows.map((p) => p.row), true);
      const projectContacts = projectRows.flatMap((p, i) => {
        const ids = new Set([p.client.id, ...(rng.chance(0.3) ? [rng.pick(contacts).id] : [])]);
        return [...ids].map((contact_id) => ({ project_id: projectIds[i], contact_id }));
      });
      await insertMany(trx, 'project_contacts', projectContacts, false);
      projectRows.forEach((p, i) => activity('project', projectIds[i], p.row.name, p.row.created_at));

      // Tasks: most belong to a project; some are linked to a contact.
      const taskRows = Array.from({ length: counts.tasks }, () => {
        const projectIndex = rng.chance(0.8) && projectIds.length ? rng.int(0, projectIds.length - 1) : -1;
        const date = randomPastDate();
        const created = isoAt(date, rng);
        const status = rng.weighted({ brouillon: 1, en_attente: 2, en_cours: 2.5, termine: 4, annule: 0.5 });
        const billable = rng.chance(0.6);
        const estimated = rng.int(1, 32) * 50;
        const title = taskTitle(rng);
        const start = status === 'termine' || status === 'en_cours' ? `${date}T08:00:00.000Z` : null;
        return {
          projectIndex,
          row: {
            owner_id: ownerId, title, description: rng.chance(0.3) ? 'Voir le compte rendu de la dernière réunion.' : '',
            status, priority: rng.weighted(PRIORITY_WEIGHTS), due_date: rng.chance(0.8) ? addDays(date, rng.int(1, 45)) : null,
            project_id: projectIndex >= 0 ? projectIds[projectIndex] : null, estimated_centihours: estimated,
            actual_centihours: status === 'termine' ? Math.max(25, estimated + rng.int(-4, 8) * 25) : 0,
            start_time: start, end_time: start && status === 'termine' ? `${date}T17:00:00.000Z` : null,
            billable: billable ? 1 : 0, hourly_rate_cents: billable ? rng.int(45, 120) * 100 : 0,
            bill_reference: '', payment_status: billable && status === 'termine' ? rng.weighted({ paid: 3, unpaid: 1 }) : 'unpaid',
            created_at: created, updated_at: created, search_text: taskSearchText({ title }),
          },
        };
      });
      const taskIds = await insertMany(trx, 'tasks', taskRows.map((t) => t.row), true);
      const taskContacts = taskRows.flatMap((_t, i) => (rng.chance(0.35) ? [{ task_id: taskIds[i], contact_id: someClient().id }] : []));
      await insertMany(trx, 'task_contacts', taskContacts, false);
      taskRows.forEach((t, i) =>
        activity('task', taskIds[i], t.row.title, t.row.created_at, {
          project_name: t.projectIndex >= 0 ? projectRows[t.projectIndex].row.name : null,
        }),
      );

      // Quotes then invoices: lines and totals through computeTotals, numbers per year.
      const planDocuments = (n: number, status: (issue: string, end: string) => string) =>
        Array.from({ length: n }, (): DocumentPlan => {
          const client = someClient();
          const issue = randomPastDate();
          const end = addDays(issue, 30);
          const lines = planLines(rng);
          const taxRate = rng.pick(TAX_RATES);
          const totals = computeTotals(lines.map((l) => ({ quantity: l.quantity / 100, unit_price: l.unit_price_cents / 100 })), taxRate / 100);
          const st = status(issue, end);
          const paymentDate = st === 'paid' ? [addDays(issue, rng.int(3, 45)), today].sort()[0] : null;
          const created = isoAt(issue, rng);
          return {
            clientName: client.name,
            lines: lines.map((l, i) => ({ ...l, tax_rate: taxRate, total_cents: totals.lines[i] })),
            row: {
              owner_id: ownerId, number: null, title: `${rng.pick(DOCUMENT_TITLES)} — ${client.company || client.name}`,
              description: '', client_id: client.id, status: st, priority: rng.weighted(PRIORITY_WEIGHTS), issue_date: issue,
              end_date: end, payment_date: paymentDate, tax_rate: taxRate, legal_notice: '', signature_notice: '',
              subtotal_cents: totals.subtotal, tax_cents: totals.tax, total_cents: totals.total, created_at: created, updated_at: created,
            },
          };
        });
      const quotePlans = planDocuments(counts.quotes, (_issue, end) =>
        end >= today ? rng.weighted({ draft: 2, sent: 5, accepted: 2, rejected: 1 }) : rng.weighted({ accepted: 5, rejected: 2, expired: 3 }),
      );
      const invoicePlans = planDocuments(counts.invoices, (issue, end) => {
        if (issue >= daysAgo(10) && rng.chance(0.3)) return 'draft';
        if (end >= today) return rng.weighted({ sent: 6, paid: 3, partially_paid: 1 });
        // 'sent' past its due date is overdue (derived); 'cancelled' stands for an invoice cancelled by credit.
        return rng.weighted({ paid: 85, sent: 9, partially_paid: 3, cancelled: 3 });
      });
      // Money after issue as the ledger keeps it: payments (paid, partly paid), credits (cancelled).
      const paymentPlans: { plan: DocumentPlan; date: string; amount: number }[] = [];
      for (const plan of invoicePlans) {
        const total = plan.row.total_cents;
        if (plan.row.status === 'paid') paymentPlans.push({ plan, date: plan.row.payment_date!, amount: total });
        if (plan.row.status === 'partially_paid') {
          paymentPlans.push({ plan, date: [addDays(plan.row.issue_date, rng.int(1, 30)), today].sort()[0], amount: Math.round(total * 0.4) });
        }
        plan.row.paid_cents = paymentPlans.at(-1)?.plan === plan ? paymentPlans.at(-1)!.amount : 0;
        plan.row.credited_cents = plan.row.status === 'cancelled' ? total : 0;
      }
      const counterRows: Insertable<Database['document_counters']>[] = [];
      for (const [kind, plans, issued] of [
        [QUOTE_KIND, quotePlans, () => true],
        [INVOICE_KIND, invoicePlans, (p: DocumentPlan) => p.row.status !== 'draft'],
      ] as const) {
        const perYear = assignNumbers(plans, kind, issued);
        for (const [year, last] of perYear) counterRows.push({ owner_id: ownerId, kind: kind.kind, year, last_number: last });
        const ids = await insertMany(
          trx,
          kind.table as 'invoices',
          plans.map((p) => ({ ...p.row, search_text: documentSearchText({ title: p.row.title, number: p.row.number }) })),
          true,
        );
        const lineRows = plans.flatMap((p, i) =>
          // Stored units since migration 0022: ten-thousandths of a unit and of a euro.
          p.lines.map(({ unit_price_cents, ...l }, position) => ({
            ...l, quantity: l.quantity * 100, unit_price_centicents: unit_price_cents * 100, document_id: ids[i], position, task_id: null,
          })),
        );
        await insertMany(trx, kind.linesTable as 'invoice_lines', lineRows, false);
        const labels: Record<string, string> = kind === QUOTE_KIND ? QUOTE_STATUS_LABELS : INVOICE_STATUS_LABELS;
        plans.forEach((p, i) => {
          activity(kind.objectType, ids[i], p.row.title, p.row.created_at, { client_name: p.clientName });
          if (p.row.status !== 'draft' && rng.chance(0.3)) {
            const ts = new Date(Math.min(Date.parse(p.row.created_at) + rng.int(1, 20) * 86400000, Date.now())).toISOString();
            activity(kind.objectType, ids[i], p.row.title, ts, {
              action: 'mis à jour', changes: `(Statut: ${labels.draft} → ${labels[p.row.status]})`, client_name: p.clientName,
            });
          }
        });
      }
      await insertMany(trx, 'document_counters', counterRows, false);
      const invoiceIds = new Map(
        (await trx.selectFrom('invoices').select(['id', 'number']).where('owner_id', '=', ownerId).where('number', 'is not', null).execute())
          .map((r) => [r.number, r.id]),
      );
      await insertMany(
        trx,
        'payments',
        paymentPlans.map(({ plan, date, amount }) => ({
          owner_id: ownerId, invoice_id: invoiceIds.get(plan.row.number)!, date, amount_cents: amount,
          amount_ht_cents: htShare(amount, plan.row.subtotal_cents, plan.row.total_cents), method: rng.pick(PAYMENT_METHODS),
          reference: '', created_at: isoAt(date, rng),
        })),
        false,
      );
      activities = activityRows.length;
      await insertMany(trx, 'activities', activityRows.sort((a, b) => a.timestamp.localeCompare(b.timestamp)), false);
      return ownerId;
    });
    // Issued documents get their frozen copy and journal entry as the server would at start
    // (ledger-backfill.ts), their journal entries sealed with the key the server will use
    // (DATA_DIR/ledger_key or LEDGER_KEY); then one PDF rendered per issued document (≈ 90 % of a
    // seed's time), or none with `lazyPdfs`: each is rendered from its snapshot at its first read.
    const releaseLedgerKey = useLedgerKey(config.ledgerKey);
    try {
      await backfillIssuedDocuments(db, database.dialect);
      if (!options.lazyPdfs) await repairPendingPdfs(db, Infinity);
    } finally {
      releaseLedgerKey();
    }
    // Planner statistics for the new volume, as the app's hourly PRAGMA optimize (SQLite) or
    // autovacuum (PostgreSQL) would soon gather them. PostgreSQL's vacuum also marks the freshly
    // written pages all-visible, as autovacuum would: until then every index-only read (a list's
    // count) visits the table too — the 100k contacts' first page at one connection: 66 req/s before, 100 after.
    await sql`${sql.raw(database.dialect === 'postgres' ? 'vacuum (analyze)' : 'analyze')}`.execute(db);
    return { email, password, userId, counts: { ...counts, activities }, seconds: (Date.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}

async function cli() {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string' }, contacts: { type: 'string' }, projects: { type: 'string' }, tasks: { type: 'string' },
      quotes: { type: 'string' }, invoices: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' },
      seed: { type: 'string' }, check: { type: 'boolean' }, port: { type: 'string' }, dist: { type: 'string' },
      'lazy-pdfs': { type: 'boolean' },
    },
  });
  const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const { scale, counts } = scaleOptions(values.scale);
  const options: SeedOptions = {
    scale,
    counts: {
      ...counts,
      ...Object.fromEntries(
        Object.entries({ contacts: values.contacts, projects: values.projects, tasks: values.tasks, quotes: values.quotes, invoices: values.invoices })
          .filter(([, v]) => v !== undefined).map(([k, v]) => [k, Number(v)]),
      ),
    },
    email: values.email,
    password: values.password,
    seed: num(values.seed),
    ...(values['lazy-pdfs'] ? { lazyPdfs: true } : {}),
  };
  if (values.check) {
    const { checkSeed } = await import('./lib/check-seed');
    await checkSeed(options, { port: num(values.port) ?? 8301, distDir: values.dist });
    return;
  }
  const result = await seed(options);
  console.log(JSON.stringify(result));
}

if (require.main === module) {
  cli().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
