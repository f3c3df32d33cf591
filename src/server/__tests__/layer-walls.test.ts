import { execFile } from 'node:child_process';
import path from 'node:path';

/**
 * The server's walls (issue 24, eslint.config.mjs, README « Architecture »): the lint refuses each
 * leak below, a small virtual file linted at a real path, naming the rule that fires; imports
 * through a module's index.ts pass. One ESLint instance lints them all, in a child process
 * (test/lint-text.mjs: Jest's sandbox cannot load ESLint's config).
 */

const ROOT = path.resolve(__dirname, '../../..');
// ESLint loads the whole config and the TypeScript resolver: seconds on a busy machine.
jest.setTimeout(120_000);

const CASES = {
  infraImportsModule: ['src/server/pdf/pdfa.ts', "import { healthModule } from '@/server/modules/health';\nexport const x = healthModule;\n"],
  infraImportsRepository: [
    'src/server/mail/mailer.ts',
    "import { usersRepository } from '@/server/modules/auth/users.repository';\nexport const x = usersRepository;\n",
  ],
  routeImportsKysely: ['src/server/modules/tasks/tasks.routes.ts', "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n"],
  routeImportsRepository: ['src/server/modules/tasks/tasks.routes.ts', "import { tasksRepository } from './tasks.repository';\nexport const x = tasksRepository;\n"],
  routeImportsOutbox: ['src/server/modules/tasks/tasks.routes.ts', "import { enqueueMail } from '@/server/mail/outbox';\nexport const x = enqueueMail;\n"],
  routeImportsModule: ['src/server/modules/tasks/tasks.routes.ts', "import { searchModule } from '@/server/modules/search';\nexport const x = searchModule;\n"],
  routeTouchesDb: [
    'src/server/modules/tasks/tasks.routes.ts',
    "import type { AppContext } from '@/server/context';\nexport const tables = (ctx: AppContext) => ctx.db.introspection;\n",
  ],
  serviceImportsInternals: [
    'src/server/modules/tasks/tasks.service.ts',
    "import { recordActivity } from '@/server/modules/activity/activity.recorder';\nexport const x = recordActivity;\n",
  ],
  serviceBuildsQueries: [
    'src/server/modules/tasks/tasks.service.ts',
    "import type { Kysely } from 'kysely';\nimport type { Database } from '@/server/db/schema';\n" +
      "export const ids = (db: Kysely<Database>) => db.selectFrom('tasks').select('id').execute();\n" +
      'export const write = (db: Kysely<Database>) => db.transaction().execute(async () => 1);\n',
  ],
  // activity.recorder.ts imports activity.repository.ts.
  fileCycle: ['src/server/modules/activity/activity.repository.ts', "import { recordActivity } from './activity.recorder';\nexport const x = recordActivity;\n"],
  // tasks.service.ts records activity through the activity module's index.ts.
  moduleCycle: ['src/server/modules/activity/activity.service.ts', "import { tasksService } from '@/server/modules/tasks';\nexport const x = tasksService;\n"],
  allowed: [
    'src/server/modules/tasks/tasks.service.ts',
    "import type { Kysely } from 'kysely';\nimport type { Database } from '@/server/db/schema';\nimport { inTransaction } from '@/server/db/database';\n" +
      "import { recordActivity } from '@/server/modules/activity';\n" +
      'export const record = (db: Kysely<Database>) => inTransaction(db, async () => recordActivity);\n',
  ],
} satisfies Record<string, [filePath: string, code: string]>;

type Messages = { rule: string | null; message: string }[];
let found: Record<keyof typeof CASES, Messages>;
beforeAll(async () => {
  const names = Object.keys(CASES) as (keyof typeof CASES)[];
  const input = JSON.stringify(names.map((name) => ({ filePath: CASES[name][0], code: CASES[name][1] })));
  const output = await new Promise<string>((resolve, reject) => {
    const child = execFile(process.execPath, [path.join(ROOT, 'src/server/test/lint-text.mjs')], { cwd: ROOT, maxBuffer: 16 << 20 }, (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    );
    child.stdin!.end(input);
  });
  const results = JSON.parse(output) as Messages[];
  found = Object.fromEntries(names.map((name, i) => [name, results[i]])) as typeof found;
});
const rules = (name: keyof typeof CASES) => found[name].map((m) => m.rule);

test('infrastructure never imports a module', () => {
  expect(rules('infraImportsModule')).toEqual(['boundaries/dependencies']);
  expect(rules('infraImportsRepository')).toEqual(['boundaries/dependencies']);
});

test('a route imports neither kysely at run time, nor a repository, nor another module, and never touches ctx.db', () => {
  expect(rules('routeImportsKysely')).toEqual(['no-restricted-imports', 'no-restricted-syntax']);
  expect(found.routeImportsKysely[0].message).toMatch(/Seuls les dépôts \(\*\.repository\.ts\) et db\/ construisent des requêtes/);
  expect(found.routeImportsRepository).toEqual([
    {
      rule: 'boundaries/dependencies',
      message: 'Une route n’utilise que les services et schémas de son module, http/ et plugins/ (pas de dépôt, de db/, mail/, jobs/, pdf/ ni d’autre module).',
    },
  ]);
  expect(rules('routeImportsOutbox')).toEqual(['boundaries/dependencies']);
  expect(rules('routeImportsModule')).toEqual(['boundaries/dependencies']);
  expect(found.routeTouchesDb).toEqual([{ rule: 'no-restricted-syntax', message: 'Une route ne touche pas ctx.db : index.ts lui donne ses services.' }]);
});

test('a service reaches another module only through its index.ts, and builds no query', () => {
  expect(rules('serviceImportsInternals')).toEqual(['boundaries/dependencies']);
  expect(found.serviceBuildsQueries).toEqual([
    { rule: 'no-restricted-syntax', message: 'Une requête se construit dans un dépôt (*.repository.ts), pas ici.' },
    { rule: 'no-restricted-syntax', message: 'Une transaction passe par inTransaction (db/database.ts) : elle rejoint celle de l’appelant.' },
  ]);
});

test('no import cycle, within a module or between modules (through their index.ts)', () => {
  expect(rules('fileCycle')).toEqual(['import-x/no-cycle']);
  expect(rules('moduleCycle')).toEqual(['import-x/no-cycle']);
});

test('allowed: another module through its index.ts, kysely types to pass a handle, inTransaction', () => {
  expect(found.allowed).toEqual([]);
});
