/**
 * Loaded by ts-node without type checking (the type check runs apart): about 4 s of CPU saved on
 * each jest start.
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "commonjs", "moduleResolution": "node10"}}
 */
import type { Config } from 'jest';

/**
 * SWC strips the types file by file (no type checking: `npm run typecheck` does it apart): a server
 * test file that loads the whole app costs a third of the CPU ts-jest took to compile it, and CI
 * compiles every file afresh. @swc/jest hoists `jest.mock` calls as ts-jest did.
 */
const typescript = {
  '^.+\\.tsx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

/**
 * The official Factur-X kit (../shared/facturx, with poppler and libxml2 from Debian) runs in its own
 * project, `npm run test:facturx` (`jest --selectProjects facturx`). Any other run leaves it out, so
 * that `npm test` (and `npm test -- <pattern>`) needs nothing outside the repository.
 */
/** `@/…` is src/ (tsconfig.json's paths). */
const moduleNameMapper = { '^@/(.*)$': '<rootDir>/src/$1' };

/**
 * Server tests whose code opens no database: the pure invoicing core (modules/\*\/core, kept free of
 * I/O by the lint walls), src/shared, PDF rendering and the lint walls themselves. The PostgreSQL
 * project leaves them out: it would only repeat the SQLite run's work.
 */
const DATABASE_FREE_TESTS = ['/src/shared/', '/src/server/modules/[^/]+/core/', '/src/server/pdf/', '/src/server/einvoicing/', '/src/server/test/__tests__/pdf-reader\\.test', '/src/server/__tests__/layer-walls\\.test'];

/**
 * With TEST_DATABASE_URL set (CI sets it), the server suites run twice in the same jest run: project
 * `server` on SQLite (its setup file hides the variable from its files) and project `server-pg` on
 * PostgreSQL. One run and one pool of two workers for everything: two jest runs side by side gave
 * four workers on two cores, slower in all than one after the other.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const ON_SQLITE = '<rootDir>/src/server/test/on-sqlite.ts';

const serverProject = (displayName: string, options: { setupFiles: string[]; ignore: string[] }) => ({
  displayName,
  testEnvironment: 'node',
  roots: ['<rootDir>/src/server', '<rootDir>/src/shared'],
  testMatch: ['**/__tests__/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', ...options.ignore],
  setupFiles: options.setupFiles,
  transform: typescript,
  moduleNameMapper,
});

const facturxSelected = process.argv.some((arg) => /(^|=)facturx$/.test(arg));
const facturx: NonNullable<Config['projects']>[number] = {
  displayName: 'facturx',
  testEnvironment: 'node',
  roots: ['<rootDir>/src/server'],
  testMatch: ['**/__facturx__/**/*.test.ts'],
  setupFiles: [ON_SQLITE],
  transform: typescript,
  moduleNameMapper,
};

/**
 * Two server processes behind Debian's HAProxy (issue 29, src/server/test/__haproxy__): its own project,
 * `npm run test:haproxy` (CI), left out of every other run like the Factur-X kit, so that `npm test`
 * needs no Debian package. On PostgreSQL when TEST_DATABASE_URL is set.
 */
const haproxySelected = process.argv.some((arg) => /(^|=)haproxy$/.test(arg));
const haproxy: NonNullable<Config['projects']>[number] = {
  displayName: 'haproxy',
  testEnvironment: 'node',
  roots: ['<rootDir>/src/server'],
  testMatch: ['**/__haproxy__/**/*.test.ts'],
  // Its servers take ports of their own, apart from the server suites' (server-process.ts).
  setupFiles: ['<rootDir>/src/server/test/haproxy-ports.ts'],
  transform: typescript,
  moduleNameMapper,
};

const config: Config = {
  // For every project (jest-circus reads only the global value). Server: scrypt, app start-up and PDF
  // rendering are real work, on a busy 2-core machine too. Client: above setup-tests.ts's 20 s for
  // findBy*/waitFor, so that a slow wait fails saying what it waited for.
  testTimeout: 30_000,
  // Two test files at a time, even on two cores (Jest's default there is one, in band): much of a
  // server test is waiting (scrypt in libuv's pool, PostgreSQL, child server processes), which the
  // other file's work fills. Each file has its own database, data directory and ports.
  maxWorkers: 2,
  projects: [
    serverProject('server', { setupFiles: [ON_SQLITE], ignore: [] }),
    ...(postgresUrl ? [serverProject('server-pg', { setupFiles: [], ignore: DATABASE_FREE_TESTS })] : []),
    {
      displayName: 'client',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src/client'],
      testMatch: ['**/__tests__/**/*.test.ts?(x)'],
      transform: typescript,
      setupFilesAfterEnv: ['<rootDir>/src/client/test/setup-tests.ts'],
      moduleNameMapper: { ...moduleNameMapper, '\\.(svg|png|ico)$': '<rootDir>/src/client/test/file-stub.ts' },
    },
    ...(facturxSelected ? [facturx] : []),
    ...(haproxySelected ? [haproxy] : []),
  ],
};

export default config;
