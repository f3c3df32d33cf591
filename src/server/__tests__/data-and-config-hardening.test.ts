import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { createTestSchema, dropTestSchema, STRONG_PASSWORD, TEST_DATABASE_URL, uniqueEmail, migrateTestDatabase } from '../test/test-app';
import { answerOnceAccountMailSettled, lastLinkSentTo } from '../test/outbox';
import { suitePort } from '../test/server-process';

/**
 * Data and configuration (issue 16): account-link tokens never reach the logs, DATA_DIR and what
 * the server writes in it are for its user only, a short secret key stops the server, and the
 * production client build serves no source maps.
 */

const ROOT = path.resolve(__dirname, '../../..');
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `carnet-${prefix}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('logs', () => {
  it('hide the token of activation and reset links: request URLs and the outbox line alike', async () => {
    const dataDir = tempDir('logs');
    const schema = await createTestSchema();
    const config = loadConfig({
      DATA_DIR: dataDir, SECRET_KEY: 's'.repeat(40), APP_URL: 'http://carnet.test', RATE_LIMIT_SCALE: '100',
      ...(TEST_DATABASE_URL ? { DATABASE_URL: TEST_DATABASE_URL } : {}),
    });
    const database = openDatabase(config.databaseUrl, { searchPath: TEST_DATABASE_URL ? schema : undefined });
    await migrateTestDatabase(database);
    const lines: string[] = [];
    const app = await buildApp({ config, database, logger: { level: 'info', stream: { write: (line) => lines.push(line) } } });
    answerOnceAccountMailSettled(app, database.db);
    try {
      const email = uniqueEmail('journal');
      const payload = { email, password: STRONG_PASSWORD, password2: STRONG_PASSWORD };
      expect((await app.inject({ method: 'POST', url: '/api/register/', payload })).statusCode).toBe(201);
      const activation = new URL(lastLinkSentTo(dataDir, email)).pathname;
      expect((await app.inject({ method: 'GET', url: activation })).headers.location).toBe('/activation-success');
      await app.inject({ method: 'POST', url: '/api/reset-password/', payload: { email } });
      const reset = new URL(lastLinkSentTo(dataDir, email)).pathname;
      // The page the link opens (the SPA), then the API call it makes.
      await app.inject({ method: 'GET', url: reset });
      const confirm = await app.inject({ method: 'POST', url: `/api${reset}/`, payload: { password: 'Nouveau-Passe-42', password2: 'Nouveau-Passe-42' } });
      expect(confirm.statusCode).toBe(200);

      const tokens = [activation, reset].map((link) => link.split('/').filter(Boolean).at(-1)!);
      const log = lines.join('');
      for (const token of tokens) expect(log).not.toContain(token);
      // What the lines say instead: the requests, and the outbox line with both links, token hidden.
      const uid = activation.split('/').filter(Boolean).at(-2)!;
      expect(log).toContain(`"url":"/api/activate/${uid}/[masqué]/"`);
      expect(log).toContain(`"url":"/api/reset-password-confirm/${uid}/[masqué]/"`);
      expect(log).toContain(`"url":"/reset-password-confirm/${uid}/[masqué]"`);
      const outboxLines = lines.filter((l) => l.includes('E-mail written to outbox')).map((l) => JSON.parse(l) as { links: string[] });
      expect(outboxLines.map((l) => l.links)).toEqual([
        [`http://carnet.test/api/activate/${uid}/[masqué]/`],
        [`http://carnet.test/reset-password-confirm/${uid}/[masqué]`],
      ]);
    } finally {
      await app.close();
      await database.close();
      await dropTestSchema(schema);
    }
  });
});

describe('file modes', () => {
  it('creates DATA_DIR 0700, the SQLite file 0600 (with its WAL) and the outbox 0700 with 0600 messages', async () => {
    const dataDir = path.join(tempDir('modes'), 'data', 'carnet');
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_SCALE: '100' });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'secret_key'))).toBe(0o600);
    // The SQLite database, whatever TEST_DATABASE_URL says: it is the default store.
    const database = openDatabase(config.databaseUrl);
    await migrateTestDatabase(database);
    const app = await buildApp({ config, database, logger: false });
    answerOnceAccountMailSettled(app, database.db);
    try {
      const email = uniqueEmail('modes');
      await app.inject({ method: 'POST', url: '/api/register/', payload: { email, password: STRONG_PASSWORD, password2: STRONG_PASSWORD } });
      const sqliteFiles = readdirSync(dataDir).filter((f) => f.startsWith('carnet.sqlite3'));
      expect(sqliteFiles).toEqual(expect.arrayContaining(['carnet.sqlite3', 'carnet.sqlite3-wal']));
      for (const file of sqliteFiles) expect({ file, mode: modeOf(path.join(dataDir, file)) }).toEqual({ file, mode: 0o600 });
      const outbox = path.join(dataDir, 'outbox');
      expect(modeOf(outbox)).toBe(0o700);
      const mails = readdirSync(outbox);
      expect(mails).toHaveLength(1);
      expect(modeOf(path.join(outbox, mails[0]))).toBe(0o600);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('closes up a database and an outbox left readable by an earlier version', async () => {
    const dataDir = tempDir('old-modes');
    const file = path.join(dataDir, 'carnet.sqlite3');
    writeFileSync(file, '', { mode: 0o644 });
    chmodSync(file, 0o644);
    mkdirSync(path.join(dataDir, 'outbox'), { mode: 0o755 });
    chmodSync(path.join(dataDir, 'outbox'), 0o755);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const database = openDatabase(config.databaseUrl);
    const app = await buildApp({ config, database, logger: false });
    await app.close();
    await database.close();
    expect([modeOf(file), modeOf(path.join(dataDir, 'outbox'))]).toEqual([0o600, 0o700]);
  });
});

describe('secret key', () => {
  const withKeyFile = (content: string) => {
    const dataDir = tempDir('secret');
    writeFileSync(path.join(dataDir, 'secret_key'), content, { mode: 0o600 });
    return dataDir;
  };

  it('refuses a DATA_DIR/secret_key or a SECRET_KEY shorter than 32 characters, saying which and why', () => {
    for (const content of ['', 'court', `${'x'.repeat(31)}\n`, ' '.repeat(40)]) {
      const dataDir = withKeyFile(content);
      expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(`${path.join(dataDir, 'secret_key')} : la clé secrète compte`);
    }
    const dataDir = tempDir('secret-env');
    for (const key of ['x'.repeat(31), ' '.repeat(32)]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, SECRET_KEY: key })).toThrow('SECRET_KEY: doit compter au moins 32 caractères');
    }
    // Long enough either way: accepted (the file's trailing newline is not part of the key).
    expect(loadConfig({ DATA_DIR: withKeyFile(`${'x'.repeat(32)}\n`) }).secretKey).toBe('x'.repeat(32));
    expect(loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'y'.repeat(32) }).secretKey).toBe('y'.repeat(32));
  });

  it('the server does not start on an empty key file: exit 1 with the message, nothing listening', async () => {
    const dataDir = withKeyFile('');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(suitePort(8519)), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
    for (const key of ['SECRET_KEY', 'DATABASE_URL', 'NODE_OPTIONS']) delete env[key];
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('la clé secrète compte 0 caractère(s), il en faut au moins 32');
    expect(existsSync(path.join(dataDir, 'carnet.sqlite3'))).toBe(false);
  });
});

describe('client build', () => {
  it('production writes its source maps outside dist/public, with no sourceMappingURL in the served files', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const webpackConfig = require(path.join(ROOT, 'webpack.config.js')) as (env: object, argv: { mode: string }) => {
      devtool: string | false;
      output: { path: string };
      plugins: { constructor: { name: string }; options?: { filename?: string; append?: unknown } }[];
    };
    const production = webpackConfig({ skipLandingPrerender: true }, { mode: 'production' });
    expect(production.devtool).toBe(false);
    const maps = production.plugins.filter((p) => p.constructor.name === 'SourceMapDevToolPlugin');
    expect(maps).toHaveLength(1);
    expect(maps[0].options?.append).toBe(false);
    const mapFile = path.resolve(production.output.path, maps[0].options!.filename!.replace('[file]', 'assets/main.js'));
    expect(path.relative(production.output.path, mapFile).startsWith('..')).toBe(true);
    expect(path.relative(path.join(ROOT, 'dist'), mapFile)).toBe(path.join('sourcemaps', 'assets', 'main.js.map'));
    // Development keeps its inline maps (webpack serve, never deployed).
    expect(webpackConfig({}, { mode: 'development' }).devtool).toBe('eval-cheap-module-source-map');
  });
});
