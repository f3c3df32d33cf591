/**
 * Realistic mixed traffic for bench/memory.ts and bench/load.ts: what the SPA sends when a person
 * opens the dashboard, browses contacts, searches, or creates and issues invoices. Every request
 * is timed and checked (a non-2xx/3xx answer or a socket error is an error).
 */
import http from 'node:http';
import { ApiSession } from './client';
import { bodyText, rawRequest } from './http';
import { createRng, type Rng, SEARCH_TERMS, taskTitle, person } from './french-data';

export interface Sample {
  ms: number;
  status: number;
  label: string;
  error?: string;
}

/** One signed-in account and what its traffic needs to know about its data. */
export interface Account {
  session: ApiSession;
  contactIds: number[];
  projectIds: number[];
  issuedInvoiceIds: number[];
}

export async function openAccount(baseUrl: string, credentials: { email: string; password: string }): Promise<Account> {
  const session = await ApiSession.signIn(baseUrl, credentials);
  const contacts = await session.json<{ id: number }[]>('GET', '/api/contacts/');
  const projects = await session.json<{ id: number }[]>('GET', '/api/projects/');
  const invoices = await session.json<{ id: number; invoice_number: string | null }[]>('GET', '/api/invoices/');
  return {
    session,
    contactIds: contacts.map((c) => c.id),
    projectIds: projects.map((p) => p.id),
    issuedInvoiceIds: invoices.filter((i) => i.invoice_number).slice(-200).map((i) => i.id),
  };
}

/** A virtual user: one account, its own ETags (like a browser cache) and its own random stream. */
export class VirtualUser {
  readonly rng: Rng;
  private readonly etags = new Map<string, string>();

  constructor(
    readonly account: Account,
    readonly agent: http.Agent,
    readonly record: (sample: Sample) => void,
    seed: number,
  ) {
    this.rng = createRng(seed);
  }

  /** Sends one request as the SPA would (gzip accepted, If-None-Match on lists); returns its JSON when asked. */
  async call<T = unknown>(method: string, path: string, body?: unknown, options: { json?: boolean; label?: string; revalidate?: boolean } = {}): Promise<T | null> {
    const { session } = this.account;
    await session.renew();
    const headers: Record<string, string> = { authorization: session.authorization, 'accept-encoding': 'gzip' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const cached = options.revalidate ? this.etags.get(path) : undefined;
    if (cached) headers['if-none-match'] = cached;
    const label = options.label ?? `${method} ${path.replace(/\/\d+\//g, '/{id}/').replace(/\?.*$/, '?…')}`;
    const started = performance.now();
    try {
      const res = await rawRequest(session.baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), agent: this.agent });
      const ms = performance.now() - started;
      const ok = res.status >= 200 && res.status < 400;
      this.record({ ms, status: res.status, label, ...(ok ? {} : { error: bodyText(res).slice(0, 300) }) });
      if (!ok) return null;
      if (options.revalidate && typeof res.headers.etag === 'string') this.etags.set(path, res.headers.etag);
      return options.json && res.status !== 304 && res.status !== 204 ? (JSON.parse(bodyText(res)) as T) : null;
    } catch (err) {
      this.record({ ms: performance.now() - started, status: 0, label, error: String(err) });
      return null;
    }
  }

  pick<T>(items: T[]): T {
    return this.rng.pick(items);
  }
}

const invoiceBody = (vu: VirtualUser, status: 'draft' | 'sent') => ({
  title: `Prestation ${vu.rng.pick(['de conseil', 'graphique', 'de développement', 'de formation'])}`,
  client_id: vu.pick(vu.account.contactIds),
  status,
  tax_rate: vu.rng.pick([20, 20, 10, 5.5]),
  line_items: Array.from({ length: vu.rng.int(1, 4) }, (_, i) => ({
    title: ['Développement', 'Conception graphique', 'Réunion de cadrage', 'Déplacement'][i],
    quantity: vu.rng.int(1, 20),
    unit_price: vu.rng.int(40, 900),
  })),
});

/** What a person does in one sitting; weights say how often. */
/** A list as the app asks for it since issue 29: its first page (the whole list is the SPEC's plain answer, which the app no longer loads). */
const FIRST_PAGE = 'page_size=50';

export const SCENARIOS: { name: string; weight: number; run: (vu: VirtualUser) => Promise<void> }[] = [
  {
    name: 'tableau de bord',
    weight: 4,
    run: async (vu) => {
      // The dashboard loads its cards in parallel.
      await Promise.all([
        vu.call('GET', '/api/quotes/pending_sum/'),
        vu.call('GET', '/api/invoices/outstanding_sum/'),
        vu.call('GET', '/api/invoices/overdue_sum/'),
        vu.call('GET', '/api/invoices/current_month_revenue/'),
        vu.call('GET', '/api/invoices/next_expected_payment/'),
        vu.call('GET', '/api/recent-activity/', undefined, { revalidate: true }),
      ]);
    },
  },
  {
    name: 'contacts',
    weight: 2,
    run: async (vu) => {
      await vu.call('GET', `/api/contacts/?${FIRST_PAGE}`, undefined, { revalidate: true });
      const id = vu.pick(vu.account.contactIds);
      await Promise.all([
        vu.call('GET', `/api/contacts/${id}/`),
        vu.call('GET', `/api/contacts/${id}/projects/`),
        vu.call('GET', `/api/contacts/${id}/invoices/`),
      ]);
    },
  },
  {
    name: 'recherche',
    weight: 3,
    run: async (vu) => {
      // Keystrokes: the SPA searches as the term grows.
      const term = vu.pick(SEARCH_TERMS);
      for (let n = 3; n <= term.length; n += 2) await vu.call('GET', `/api/search/global?q=${encodeURIComponent(term.slice(0, n))}`);
    },
  },
  {
    name: 'projets et tâches',
    weight: 2,
    run: async (vu) => {
      await vu.call('GET', `/api/projects/?${FIRST_PAGE}`, undefined, { revalidate: true });
      const project = vu.pick(vu.account.projectIds);
      await vu.call('GET', `/api/projects/${project}/`);
      const task = await vu.call<{ id: number }>('POST', '/api/tasks/', { title: taskTitle(vu.rng), project_id: project, estimated_time: vu.rng.int(1, 8) }, { json: true });
      if (task) await vu.call('PUT', `/api/tasks/${task.id}/`, { title: 'Tâche terminée', project_id: project, status: 'termine' });
      await vu.call('GET', `/api/tasks/?${FIRST_PAGE}`, undefined, { revalidate: true });
    },
  },
  {
    name: 'facturation',
    weight: 2,
    run: async (vu) => {
      await vu.call('GET', `/api/invoices/?ordering=end_date&${FIRST_PAGE}`, undefined, { revalidate: true });
      const draft = await vu.call<{ id: number }>('POST', '/api/invoices/', invoiceBody(vu, 'draft'), { json: true });
      if (!draft) return;
      const full = await vu.call<Record<string, unknown>>('GET', `/api/invoices/${draft.id}/`, undefined, { json: true });
      // Issuing gives the legal number: concurrent issues must still make a gap-free series.
      if (full) await vu.call('PUT', `/api/invoices/${draft.id}/`, { ...invoiceBody(vu, 'sent'), client_id: (full.client as { id: number }).id, line_items: full.line_items, tax_rate: full.tax_rate });
    },
  },
  {
    name: 'PDF',
    weight: 0.5,
    run: async (vu) => {
      if (vu.account.issuedInvoiceIds.length) await vu.call('GET', `/api/invoices/${vu.pick(vu.account.issuedInvoiceIds)}/generate_pdf/`);
    },
  },
  {
    name: 'nouveau contact',
    weight: 1,
    run: async (vu) => {
      const p = person(vu.rng, vu.rng.int(100000, 999999));
      const created = await vu.call<{ id: number }>('POST', '/api/contacts/', p, { json: true });
      if (created) await vu.call('PUT', `/api/contacts/${created.id}/`, { ...p, city: 'Nantes', postal_code: '44000' });
    },
  },
];

export function pickScenario(rng: Rng) {
  const weights = Object.fromEntries(SCENARIOS.map((s) => [s.name, s.weight]));
  const name = rng.weighted(weights);
  return SCENARIOS.find((s) => s.name === name)!;
}

/** Legal numbering check after concurrent issues: each year's series is 1…n without gaps. */
export async function checkInvoiceSeries(session: ApiSession): Promise<string | null> {
  const invoices = await session.json<{ invoice_number: string | null }[]>('GET', '/api/invoices/');
  const byYear = new Map<string, number[]>();
  for (const { invoice_number: n } of invoices) {
    if (!n) continue;
    const [, year, seq] = /^FAC-(\d{4})-(\d+)$/.exec(n) ?? [];
    byYear.set(year, [...(byYear.get(year) ?? []), Number(seq)]);
  }
  for (const [year, numbers] of byYear) {
    numbers.sort((a, b) => a - b);
    if (numbers.some((n, i) => n !== i + 1)) return `série ${year} de ${session.credentials.email} : trous ou doublons`;
  }
  return null;
}
