import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * The built app (npm run build) on its own port and data directory, e-mails in DATA_DIR/outbox.
 * E2E_PORT / E2E_DATA_DIR let two runs coexist on one machine.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8123);
export const E2E_DATA_DIR = path.resolve(__dirname, process.env.E2E_DATA_DIR ?? '.e2e-data');

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Each test signs up its own account: tests run side by side, three at a time (on a slow 2-core
  // machine a worker keeps about a core busy, mostly Chromium's rendering; CI runs two, .ci/run).
  // E2E_WORKERS=1 to watch one.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // A trace records a screencast and DOM snapshots of every action of every test, kept only for
    // a failure: measured on a slow 2-core machine, a third of a journey's time and CPU. CI's clone
    // is thrown away with its traces (a failure there prints the error and its call log), so CI
    // records none; a local run keeps a failing test's trace (npx playwright show-trace).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // Through the README's own script, so a broken `npm run serve` fails CI.
    command: `rm -rf "${E2E_DATA_DIR}" && npm run serve`,
    url: `http://localhost:${E2E_PORT}/api/health/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // The suite signs up and in many times from one address.
      RATE_LIMIT_SCALE: '20',
    },
  },
});
