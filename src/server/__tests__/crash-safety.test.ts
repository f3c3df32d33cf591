import path from 'node:path';
import {
  accepted, crmWrites, expectWritesStored, inspectSqliteFile, makeDataDir, newSecretKey, noWrites, removeDir, signUpOverHttp,
  sleep, startServer, stopAllServers, throwawayPgDatabase, writeStream, type ServerProcess, type Write,
} from '../test/server-process';
import { TEST_DATABASE_URL } from '../test/test-app';
import { readyToInvoice, viaHttp } from '../test/billing-fixtures';

/**
 * kill -9 in the middle of a stream of writes: whatever the server answered 2xx must be there
 * after a restart. On SQLite (the single-machine set-up this matters most for) the file must also
 * pass integrity_check: the server uses WAL with synchronous=NORMAL (src/server/db/database.ts), a
 * commit is in the WAL file before the answer, so killing the process loses nothing; only an OS
 * crash or power cut could lose the last commits. With TEST_DATABASE_URL the server runs on
 * PostgreSQL instead, which checks that answers only ever follow commits there too.
 */

// Four starts of a real server process (tsx) and kill -9s: past 60 s on a busy 2-core CI machine.
jest.setTimeout(180_000);

const ROUNDS = 3;
const TASKS_PER_UPDATER = 3;

const dataDir = makeDataDir('crash');
const secretKey = newSecretKey();
const sqliteFile = path.join(dataDir, 'carnet.sqlite3');
let pgDatabase: Awaited<ReturnType<typeof throwawayPgDatabase>> | null = null;

beforeAll(async () => {
  if (TEST_DATABASE_URL) pgDatabase = await throwawayPgDatabase(TEST_DATABASE_URL, 'crash');
});

afterAll(async () => {
  await stopAllServers();
  await pgDatabase?.drop();
  removeDir(dataDir);
});

const start = () => startServer({ dataDir, secretKey, databaseUrl: pgDatabase?.url, firstPort: 8507 });

/** The SQLite file as the crash left it (WAL included), before any recovery by the server. */
function expectSoundSqliteFile() {
  if (!pgDatabase) expect(inspectSqliteFile(sqliteFile)).toEqual({ integrity: 'ok', journalMode: 'wal' });
}

/** Everything the server acknowledged, accumulated across rounds. */
const acked = noWrites();
/** Per task: last version answered 2xx, and last version sent (a write in flight at the kill may have committed). */
const taskVersions = new Map<number, { acked: number; sent: number }>();

/** Updates its own tasks in turn, so the versions of one task are written one at a time. */
function updateTasks(server: ServerProcess, token: string, taskIds: number[]): Write {
  let turn = 0;
  return async () => {
    const id = taskIds[turn++ % taskIds.length];
    const state = taskVersions.get(id)!;
    const version = ++state.sent;
    const res = await server.request('PUT', `/api/tasks/${id}/`, { token, body: { title: `Tâche v${version}` } });
    if (!accepted(acked, res, 200)) return false;
    state.acked = version;
    return true;
  };
}

async function expectEveryAcknowledgedWrite(server: ServerProcess, token: string) {
  await expectWritesStored(server, token, acked);
  const tasks = await server.request('GET', '/api/tasks/', { token });
  const stored = new Map((tasks.body as { id: number; title: string }[]).map((t) => [t.id, t.title]));
  for (const [id, { acked: ackedVersion, sent }] of taskVersions) {
    const version = Number(/ v(\d+)$/.exec(stored.get(id) ?? '')?.[1] ?? -1);
    // At least the acknowledged version; a later one if its commit beat the kill to the answer.
    expect({ id, version, atLeast: version >= ackedVersion, atMost: version <= sent }).toEqual({ id, version, atLeast: true, atMost: true });
  }
}

it(`${TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}: keeps every acknowledged write across ${ROUNDS} kill -9 during a stream of writes`, async () => {
  let server = await start();
  const { access: token, email } = await signUpOverHttp(server);
  // Issuing needs a complete profile and a client with a full address.
  const client = { body: { id: await readyToInvoice(viaHttp(server, token), email, { name: 'Brasserie Lemaire' }) } };
  for (let i = 0; i < 2 * TASKS_PER_UPDATER; i++) {
    const task = await server.request('POST', '/api/tasks/', { token, body: { title: 'Tâche v0' } });
    expect(task.status).toBe(201);
    taskVersions.set(task.body.id, { acked: 0, sent: 0 });
  }

  for (let round = 1; round <= ROUNDS; round++) {
    const before = acked.contacts.size + acked.invoices.size;
    const { createContact, issueInvoice } = crmWrites(server, token, client.body.id, acked, `r${round}`);
    const taskIds = [...taskVersions.keys()];
    const stream = writeStream([
      createContact, createContact, issueInvoice, issueInvoice,
      updateTasks(server, token, taskIds.slice(0, TASKS_PER_UPDATER)), updateTasks(server, token, taskIds.slice(TASKS_PER_UPDATER)),
    ]);
    // A random moment, so that the kill lands anywhere in a request's life.
    await sleep(400 + Math.random() * 1200);
    await server.crash();
    await stream.finished;
    expect(acked.rejected).toEqual([]);
    expect(acked.contacts.size + acked.invoices.size).toBeGreaterThan(before);

    expectSoundSqliteFile();

    server = await start();
    await expectEveryAcknowledgedWrite(server, token);
  }
  await server.stop();
  expectSoundSqliteFile();
});
