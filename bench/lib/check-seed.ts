/**
 * `npx tsx bench/seed.ts --check`: seeds a fresh production server and checks through the API
 * that the app reads the data as its own: counts, dashboard aggregates recomputed from the lists,
 * a PDF, and the numbering series continuing after the seeded numbers.
 */
import assert from 'node:assert/strict';
import { OUTSTANDING_INVOICE_STATUSES } from '../../src/shared/documents';
import { parisToday } from '../../src/shared/dates';
import type { SeedOptions } from '../seed';
import { ApiSession } from './client';
import { startSeededServer } from './seeded-server';

type Doc = { id: number; status: string; total_amount: number; balance_due: number; is_overdue: boolean; invoice_number?: string | null; quote_number?: string | null; payment_date?: string | null; due_date?: string | null };

const cents = (values: number[]) => values.reduce((s, v) => s + Math.round(v * 100), 0) / 100;

export async function checkSeed(options: SeedOptions, { port, distDir }: { port: number; distDir?: string }) {
  // DATABASE_URL in the environment: the server and the seed use that PostgreSQL database.
  const { server, seeded: result } = await startSeededServer({ port, distDir, pg: Boolean(process.env.DATABASE_URL), seed: options });
  try {
    const api = await ApiSession.signIn(server.url, result);
    const step = (label: string) => console.log(`  ✓ ${label}`);

    for (const kind of ['contacts', 'projects', 'tasks', 'quotes', 'invoices'] as const) {
      const list = await api.json<unknown[]>('GET', `/api/${kind}/`);
      assert.equal(list.length, result.counts[kind], `${kind}: ${list.length} lus, ${result.counts[kind]} insérés`);
    }
    step('listes : autant de lignes que insérées');

    const firstContact = (await api.json<{ id: number }[]>('GET', '/api/contacts/'))[0];
    const detail = await api.json<{ name: string; email: string }>('GET', `/api/contacts/${firstContact.id}/`);
    assert.ok(detail.name && detail.email);
    const projects = await api.json<{ id: number; contacts: unknown[] }[]>('GET', '/api/projects/');
    assert.ok(projects.every((p) => p.contacts.length >= 1), 'chaque projet a au moins un contact');
    step('détails et liens projets ↔ contacts');

    const invoices = await api.json<Doc[]>('GET', '/api/invoices/');
    const quotes = await api.json<Doc[]>('GET', '/api/quotes/');
    const today = parisToday();
    const expected = {
      '/api/quotes/pending_sum/': { pending_quotes_sum: cents(quotes.filter((q) => q.status === 'sent').map((q) => q.total_amount)) },
      '/api/invoices/outstanding_sum/': {
        outstanding_invoices_sum: cents(invoices.filter((i) => (OUTSTANDING_INVOICE_STATUSES as readonly string[]).includes(i.status)).map((i) => i.balance_due)),
      },
      '/api/invoices/overdue_sum/': { overdue_invoices_sum: cents(invoices.filter((i) => i.is_overdue).map((i) => i.balance_due)) },
    };
    for (const [path, want] of Object.entries(expected)) {
      const got = await api.json<Record<string, number>>('GET', path);
      for (const [key, value] of Object.entries(want)) assert.equal(got[key], value, `${path} ${key}`);
      if (Object.values(want)[0] === 0) console.warn(`  ! ${path} vaut 0 à cette échelle`);
    }
    const next = await api.json<{ id: number | null; due_date: string | null }>('GET', '/api/invoices/next_expected_payment/');
    const upcoming = invoices
      .filter((i) => (OUTSTANDING_INVOICE_STATUSES as readonly string[]).includes(i.status) && (i.due_date ?? '') >= today)
      .sort((a, b) => (a.due_date! < b.due_date! ? -1 : a.due_date! > b.due_date! ? 1 : a.id - b.id));
    assert.equal(next.id, upcoming[0]?.id ?? null, 'prochain paiement attendu');
    step('agrégats du tableau de bord = sommes recalculées depuis les listes');

    const year = today.slice(0, 4);
    const issuedThisYear = invoices.filter((i) => i.invoice_number?.startsWith(`FAC-${year}-`)).map((i) => Number(i.invoice_number!.slice(-4))).sort((a, b) => a - b);
    assert.deepEqual(issuedThisYear, issuedThisYear.map((_, i) => i + 1), 'numéros de l’année sans trou');
    const issued = invoices.find((i) => i.invoice_number)!;
    const pdf = await api.request('GET', `/api/invoices/${issued.id}/generate_pdf/`);
    assert.equal(pdf.status, 200);
    assert.match(pdf.headers.get('content-type') ?? '', /application\/pdf/);
    assert.equal(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString(), '%PDF-');
    step('PDF de facture');

    const client = firstContact.id;
    const body = {
      title: 'Facture de contrôle', client_id: client, status: 'draft', tax_rate: 20,
      line_items: [{ title: 'Prestation', quantity: 2, unit_price: 150.5 }],
    };
    const draft = await api.json<Doc & { total_amount: number }>('POST', '/api/invoices/', body);
    assert.equal(draft.invoice_number, null);
    assert.equal(draft.total_amount, 361.2);
    const sent = await api.json<Doc>('PUT', `/api/invoices/${draft.id}/`, { ...body, status: 'sent' });
    const expectedNumber = `FAC-${year}-${String(issuedThisYear.length + 1).padStart(4, '0')}`;
    assert.equal(sent.invoice_number, expectedNumber);
    const direct = await api.json<Doc>('POST', '/api/invoices/', { ...body, status: 'sent' });
    assert.equal(direct.invoice_number, `FAC-${year}-${String(issuedThisYear.length + 2).padStart(4, '0')}`);
    step(`nouvelle facture émise : ${expectedNumber} puis ${direct.invoice_number} (la série continue)`);

    const activity = await api.json<unknown[]>('GET', '/api/recent-activity/');
    assert.equal(activity.length, 50);
    const search = await api.json<Record<string, unknown[]>>('GET', '/api/search/global?q=martin');
    assert.ok(search.contacts.length > 0, 'recherche « martin »');
    step('activité récente et recherche globale');
    console.log('Données de démonstration vérifiées par l’API.');
  } finally {
    await server.stop();
  }
}
