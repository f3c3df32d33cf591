import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestApp, signUp, TEST_LEDGER_KEY, type TestApp } from '../test/test-app';
import { readyToInvoice, viaInject } from '../test/billing-fixtures';

/**
 * `npm run verify-ledger -- --checkpoint FICHIER` (issue 23): the shell's check of every journal of
 * the configured database, here a SQLite file (the tool opens the database as the server does),
 * against a checkpoint the user kept: exit 0 and "conforme", then, once the tail is truncated and
 * the head rewound, exit 1 naming the account, the entry and why.
 */

const ROOT = path.resolve(__dirname, '../../..');
// Each run starts npm and compiles the tool from the sources (tsx): seconds on a busy machine.
jest.setTimeout(120_000);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DATABASE_URL: '' });
});
afterAll(() => t.close());

async function verifyLedgerCli(checkpointFile: string) {
  const env = { ...process.env, DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.databaseUrl, LEDGER_KEY: TEST_LEDGER_KEY, LOG_LEVEL: 'silent' };
  try {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '--silent', 'verify-ledger', '--', '--checkpoint', checkpointFile], { cwd: ROOT, env });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

it('checks every journal against a kept checkpoint, and names a truncated one', async () => {
  const who = await signUp(t);
  const send = viaInject(t, who);
  const clientId = await readyToInvoice(send, who.email);
  for (let i = 0; i < 2; i++) {
    expect((await send('POST', '/api/invoices/', { title: `Mission ${i}`, client_id: clientId, status: 'sent', line_items: [{ title: 'Audit', quantity: 1, unit_price: 100 }] })).status).toBe(201);
  }
  const checkpoint = (await send('POST', '/api/ledger/checkpoint/')).body as { owner_id: number; seq: number };
  expect(checkpoint.seq).toBe(2);
  const file = path.join(t.config.dataDir, 'point-de-controle.json');
  writeFileSync(file, JSON.stringify(checkpoint));

  const ok = await verifyLedgerCli(file);
  expect(ok.code).toBe(0);
  expect(ok.output).toContain(`Compte ${checkpoint.owner_id} : conforme au point de contrôle (entrée 2).`);
  expect(ok.output).toMatch(/intègres\.$/m);

  const db = t.database.db;
  const first = await db.selectFrom('ledger_entries').select('hash').where('owner_id', '=', checkpoint.owner_id).where('seq', '=', 1).executeTakeFirstOrThrow();
  await db.deleteFrom('ledger_entries').where('owner_id', '=', checkpoint.owner_id).where('seq', '=', 2).execute();
  await db.updateTable('ledger_heads').set({ seq: 1, hash: first.hash }).where('owner_id', '=', checkpoint.owner_id).execute();
  await db.deleteFrom('ledger_checkpoints').where('owner_id', '=', checkpoint.owner_id).execute();
  const broken = await verifyLedgerCli(file);
  expect(broken.code).toBe(1);
  expect(broken.output).toContain(`Compte ${checkpoint.owner_id} : journal rompu à l’entrée 2`);
  expect(broken.output).toContain('1 en erreur');
});
