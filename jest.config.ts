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

const config: Config = {
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/src/server', '<rootDir>/src/shared'],
      testMatch: ['**/__tests__/**/*.test.ts'],
      transform: tsJest,
    },
    {
      displayName: 'client',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src/client'],
      testMatch: ['**/__tests__/**/*.test.ts?(x)'],
      transform: tsJest,
      setupFilesAfterEnv: ['<rootDir>/src/client/test/setup-tests.ts'],
      moduleNameMapper: { '\\.(svg|png|ico)$': '<rootDir>/src/client/test/file-stub.ts' },
    },
  ],
};

export default config;
