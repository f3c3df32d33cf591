// @ts-check
// `npm run lint` (eslint . --max-warnings 0). Layers (README, « Architecture »):
//   shared ← server;  shared ← client/ui, client/lib ← client/kit ← client/features ← client/app
// A feature reaches another feature only through that feature's index.ts.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Elements of the import-boundary rule, matched from the repository root (src/client/main.tsx, which
 * only mounts the app, belongs to none and is not checked). */
const elements = [
  { type: 'shared', pattern: 'src/shared', partialMatch: false },
  { type: 'server', pattern: 'src/server', partialMatch: false },
  { type: 'app', pattern: 'src/client/app', partialMatch: false },
  { type: 'feature', pattern: 'src/client/features/*', partialMatch: false, capture: ['name'] },
  { type: 'kit', pattern: 'src/client/kit', partialMatch: false },
  { type: 'ui', pattern: 'src/client/ui', partialMatch: false },
  { type: 'lib', pattern: 'src/client/lib', partialMatch: false },
  { type: 'client-test', pattern: 'src/client/test', partialMatch: false },
];

/** Test files: the test helpers in src/client/test are theirs alone. */
const files = [{ category: 'test', pattern: ['**/__tests__/**', 'src/client/test/**'] }];

/** Who may import whom (anything not allowed here is an error). */
const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });
const policies = [
  { from: { element: { type: 'shared' } }, allow: to('shared') },
  { from: { element: { type: 'server' } }, allow: to('server', 'shared') },
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
]);
