// @ts-check
// `npm run lint` (eslint . --max-warnings 0). Layers (README, « Architecture »):
//   shared ← client/ui, client/lib ← client/kit ← client/features ← client/app
// A feature reaches another feature only through that feature's index.ts.
//   shared ← server infrastructure (db, http, plugins, mail, jobs, pdf) ← server/modules ← composition root
// A module reaches another module only through that module's index.ts; in a module, routes use only
// their own services, and only repositories build queries.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Elements of the import-boundary rule, matched from the repository root (src/client/main.tsx, which
 * only mounts the app, belongs to none and is not checked). */
const elements = [
  { type: 'shared', pattern: 'src/shared', partialMatch: false },
  // Server infrastructure: knows nothing of the modules (the database and its migrations, HTTP
  // helpers, Fastify plugins, mail, background jobs, PDF rendering, the e-invoicing formats and
  // platform client).
  { type: 'server-infra', pattern: 'src/server/{db,http,plugins,mail,jobs,pdf,einvoicing}', partialMatch: false },
  { type: 'server-module', pattern: 'src/server/modules/*', partialMatch: false, capture: ['name'] },
  { type: 'server-test', pattern: 'src/server/test', partialMatch: false },
  // The composition root: app.ts, context.ts, main.ts, tools/ (and the server-wide tests); config.ts
  // and fifo-lock.ts, also here, count as infrastructure (policies below).
  { type: 'server', pattern: 'src/server', partialMatch: false },
  { type: 'app', pattern: 'src/client/app', partialMatch: false },
  { type: 'feature', pattern: 'src/client/features/*', partialMatch: false, capture: ['name'] },
  { type: 'kit', pattern: 'src/client/kit', partialMatch: false },
  { type: 'ui', pattern: 'src/client/ui', partialMatch: false },
  { type: 'lib', pattern: 'src/client/lib', partialMatch: false },
  { type: 'client-test', pattern: 'src/client/test', partialMatch: false },
];

/** Test files: the test helpers in src/client/test are theirs alone. */
const files = [{ category: 'test', pattern: ['**/__tests__/**', 'src/client/test/**', 'src/server/test/**'] }];

/** Who may import whom (anything not allowed here is an error). */
const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
/** The two infrastructure files at the server's root (elements are folders). */
const SERVER_ROOT_INFRA = ['config.ts', 'fifo-lock.ts'];
const toServerRootInfra = { to: { element: { type: 'server', fileInternalPath: SERVER_ROOT_INFRA } } };
const policies = [
  { from: { element: { type: 'shared' } }, allow: to('shared') },
  // The server. Infrastructure never imports a module: what it needs of one lives in it (the receipts
  // book's model and PDF in pdf/, link redaction in http/) or is handed to it (app.ts wires the outbox's
  // archived-PDF reader).
  { from: { element: { type: 'server-infra' } }, allow: [to('server-infra', 'shared'), toServerRootInfra] },
  // A module: its own files, infrastructure, the context's types, and another module only through its
  // index.ts (its public API: service factories, route registration, job handlers, types).
  {
    from: { element: { type: 'server-module' } },
    allow: [
      to('server-infra', 'shared'),
      { to: { element: { type: 'server-module', captured: { name: '{{ from.element.captured.name }}' } } } },
      { to: { element: { type: 'server-module', fileInternalPath: 'index.ts' } } },
      { to: { element: { type: 'server', fileInternalPath: 'context.ts' } } },
      toServerRootInfra,
    ],
  },
  // Routes use their own module's services and schemas, HTTP helpers and plugins (rate limits), the
  // context's types: never a repository, db/, mail/, jobs/, pdf/ or another module (the module's
  // index.ts hands them their services).
  {
    from: { element: { type: 'server-module' }, file: { path: '**/*.routes.ts' } },
    disallow: [
      { to: { element: { type: 'server-module' }, file: { path: 'src/server/modules/*/*.repository.ts' } } },
      { to: { element: { type: 'server-infra' }, file: { path: 'src/server/{db,mail,jobs,pdf}/**' } } },
      { to: { element: { type: 'server-module', captured: { name: '!{{ from.element.captured.name }}' } } } },
    ],
    message: 'Une route n’utilise que les services et schémas de son module, http/ et plugins/ (pas de dépôt, de db/, mail/, jobs/, pdf/ ni d’autre module).',
  },
  // The composition root wires everything, a module through its index.ts.
  {
    from: { element: { type: 'server' } },
    allow: [to('server', 'server-infra', 'shared'), { to: { element: { type: 'server-module', fileInternalPath: 'index.ts' } } }],
  },
  { from: { element: { type: 'server', fileInternalPath: SERVER_ROOT_INFRA } }, disallow: to('server-module') },
  { from: { element: { type: 'lib' } }, allow: to('lib', 'shared') },
  { from: { element: { type: 'ui' } }, allow: to('ui', 'lib', 'shared') },
  // The form and editor kit (badges, due dates, pickers, list toolbar): no feature, no store.
  { from: { element: { type: 'kit' } }, allow: to('kit', 'ui', 'lib', 'shared') },
  // A feature: its own files, the layers below, the store plumbing in app/ (base API, typed hooks,
  // RootState, session), and another feature only through its index.ts.
  {
    from: { element: { type: 'feature' } },
    allow: [
      to('kit', 'ui', 'lib', 'shared'),
      { to: { element: { type: 'feature', captured: { name: '{{ from.element.captured.name }}' } } } },
      { to: { element: { type: 'feature', fileInternalPath: 'index.ts' } } },
      { to: { element: { type: 'app', fileInternalPath: ['api.ts', 'hooks.ts', 'store.ts', 'session/*'] } } },
    ],
  },
  // app/ composes everything client-side (the router lazy-loads pages, so it reaches into features).
  { from: { element: { type: 'app' } }, allow: to('app', 'feature', 'kit', 'ui', 'lib', 'shared') },
  { from: { element: { type: 'client-test' } }, allow: to('client-test', 'app', 'ui', 'lib', 'shared') },
  { from: { file: { categories: 'test' } }, allow: to('client-test') },
  // Server tests and their helpers reach whatever they check.
  {
    from: { element: { types: { anyOf: ['server', 'server-infra', 'server-module', 'server-test'] } }, file: { categories: 'test' } },
    allow: to('server', 'server-infra', 'server-module', 'server-test', 'shared'),
  },
];

/** Query building belongs to repositories (and db/): anywhere else, `kysely` gives types only. */
const KYSELY_TYPES_ONLY = {
  name: 'kysely',
  allowTypeImports: true,
  message: 'Seuls les dépôts (*.repository.ts) et db/ construisent des requêtes : importez `type { Kysely, … }` pour passer un handle.',
};
const QUERY_BUILDING = [
  {
    selector: "CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]",
    message: 'Une requête se construit dans un dépôt (*.repository.ts), pas ici.',
  },
  {
    selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]",
    message: 'Une transaction passe par inTransaction (db/database.ts) : elle rejoint celle de l’appelant.',
  },
  { selector: "TaggedTemplateExpression[tag.name='sql'], MemberExpression[object.name='sql']", message: 'Le SQL brut appartient aux dépôts (*.repository.ts) et à db/.' },
];
/** A route reaches the database only through its services (the module's index.ts hands them over). */
const ROUTE_WITHOUT_DB = [
  { selector: "MemberExpression[object.name='ctx'][property.name='db']", message: 'Une route ne touche pas ctx.db : index.ts lui donne ses services.' },
  {
    selector: "VariableDeclarator[init.name='ctx'] > ObjectPattern > Property[key.name='db']",
    message: 'Une route ne touche pas ctx.db : index.ts lui donne ses services.',
  },
];
export default defineConfig([
  globalIgnores([
    'dist/',
    'coverage/',
    'bench/results/',
    'test-results/',
    'playwright-report/',
    'data/',
    '.e2e-data*/',
    '.bench-dist*/',
    '.shots/',
  ]),
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks what is left out on purpose (`const { id: _id, ...rest } = row`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Off: migrations take `Kysely<any>` (Kysely's convention: a frozen migration must not follow
    // today's schema type); tests and benches read the JSON of many endpoints untyped.
    files: ['src/server/db/migrations/**', 'src/server/test/**', '**/__tests__/**', 'bench/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A migration is frozen: it imports no application code, which would change it after the fact.
    files: ['src/server/db/migrations/**'],
    ignores: ['src/server/db/migrations/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*'], message: 'A migration is frozen: copy what it needs instead of importing application code.' }] },
      ],
    },
  },
  {
    // Off: webpack.config.js is CommonJS, loaded by webpack-cli with require().
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['webpack.config.js'], languageOptions: { sourceType: 'commonjs' } },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // The API contracts' zod schemas validate on the server; the client takes their types only,
      // so zod never enters its bundle.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/shared/contracts/*'],
              allowTypeImports: true,
              message: 'The client imports only types from the contracts: `import type { … }`.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx,mjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/include': ['src/**/*'],
      // '@/…' is src/ (tsconfig.json's paths): the TypeScript resolver reads it.
      'import/resolver': { typescript: { project: 'tsconfig.json' }, node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies }],
    },
  },
  {
    // Only repositories build queries (rule 2 of the server's walls). Infrastructure that owns its table
    // (jobs, the outbox, the rate limiter) or builds queries for repositories (list filters and keyset pages, owned
    // references, dashboard order) is persistence code too.
    files: ['src/server/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      'src/server/db/**',
      'src/server/jobs/**',
      'src/server/mail/outbox.ts',
      'src/server/plugins/rate-limit.ts',
      'src/server/http/{list-filters,keyset,owned-refs,dashboard-order}.ts',
      'src/server/test/**',
      '**/__tests__/**',
    ],
    rules: {
      'no-restricted-imports': ['error', { paths: [KYSELY_TYPES_ONLY] }],
      'no-restricted-syntax': ['error', ...QUERY_BUILDING],
    },
  },
  {
    files: ['src/server/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...QUERY_BUILDING, ...ROUTE_WITHOUT_DB],
      // Within its own module too (the boundaries rule skips a module's own files by default): no repository.
      'boundaries/dependencies': ['error', { default: 'disallow', policies, checkInternals: true }],
    },
  },
  {
    // No import cycle in the server (a module cycle hides behind its files: documents → ledger → documents).
    files: ['src/server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads only the extensions listed here (.js by default) with these parsers.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
]);
