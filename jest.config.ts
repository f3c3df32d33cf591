/**
 * Loaded by ts-node without type checking (the type check runs apart): about 4 s of CPU saved on
 * each jest start.
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "commonjs", "moduleResolution": "node10"}}
 */
import type { Config } from 'jest';

// ts-jest compiles to CommonJS without type checking (typecheck runs separately via `npm run typecheck`).
const tsJest = {
  '^.+\\.tsx?$': [
    'ts-jest',
    {
      tsconfig: { module: 'commonjs', moduleResolution: 'node10', jsx: 'react-jsx', isolatedModules: true },
      diagnostics: false,
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
 * run (TEST_DATABASE_URL set) leaves them out: it would only repeat the SQLite run's work.
 */
const DATABASE_FREE_TESTS = ['/src/shared/', '/src/server/modules/[^/]+/core/', '/src/server/pdf/', '/src/server/test/__tests__/pdf-reader\\.test', '/src/server/__tests__/layer-walls\\.test'];

const facturxSelected = process.argv.some((arg) => /(^|=)facturx$/.test(arg));
const facturx: NonNullable<Config['projects']>[number] = {
  displayName: 'facturx',
  testEnvironment: 'node',
  roots: ['<rootDir>/src/server'],
  testMatch: ['**/__facturx__/**/*.test.ts'],
  transform: tsJest,
  moduleNameMapper,
};

const config: Config = {
  // For every project (jest-circus reads only the global value). Server: scrypt, app start-up and PDF
  // rendering are real work, on a busy 2-core machine too. Client: above setup-tests.ts's 10 s for
  // findBy*/waitFor, so that a slow wait fails saying what it waited for.
  testTimeout: 30_000,
  // Two test files at a time, even on two cores (Jest's default there is one, in band): much of a
  // server test is waiting (scrypt in libuv's pool, PostgreSQL, child server processes), which the
  // other file's work fills. Each file has its own database, data directory and ports.
  maxWorkers: 2,
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/src/server', '<rootDir>/src/shared'],
      testMatch: ['**/__tests__/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...(process.env.TEST_DATABASE_URL ? DATABASE_FREE_TESTS : [])],
      transform: tsJest,
      moduleNameMapper,
    },
    {
      displayName: 'client',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src/client'],
      testMatch: ['**/__tests__/**/*.test.ts?(x)'],
      transform: tsJest,
      setupFilesAfterEnv: ['<rootDir>/src/client/test/setup-tests.ts'],
      moduleNameMapper: { ...moduleNameMapper, '\\.(svg|png|ico)$': '<rootDir>/src/client/test/file-stub.ts' },
    },
    ...(facturxSelected ? [facturx] : []),
  ],
};

export default config;
