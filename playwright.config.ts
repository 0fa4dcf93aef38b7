// Browser journeys against the built app on a fresh server and a fresh embedded database per run.
// Run through `npm run test:e2e` (scripts/e2e.mjs), which checks for Chromium and builds the web app first.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The config is evaluated by the runner and again by each worker: the values are fixed once, in the runner, and
// inherited by the workers through the environment so they all talk to the same server.
process.env.E2E_PORT ??= String(3400 + (process.pid % 500));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'quotewright-e2e-'));
const port = Number(process.env.E2E_PORT);
const ADMIN_EMAIL = 'admin@quotewright.test';
const ADMIN_PASSWORD = 'E2e-admin-pass-1';
process.env.E2E_ADMIN_EMAIL = ADMIN_EMAIL;
process.env.E2E_ADMIN_PASSWORD = ADMIN_PASSWORD;

const serverEnv: Record<string, string> = {};
// The journeys' server runs on the embedded defaults, as `npm start` does: not on the PostgreSQL and Redis that the
// unit suites use at the same time (npm test runs both side by side; the shared Redis would join them in one cluster).
for (const [k, v] of Object.entries(process.env))
  if (v !== undefined && k !== 'DATABASE_URL' && k !== 'REDIS_URL') serverEnv[k] = v;
Object.assign(serverEnv, {
  DATA_DIR: process.env.E2E_DATA_DIR,
  PORT: String(port),
  HOST: '127.0.0.1',
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  WEB_DIST: process.env.WEB_DIST ?? 'apps/web/dist',
  LOG_LEVEL: 'warn',
});

export default defineConfig({
  testDir: './e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  // The journeys share one server and database; running them one after another keeps them independent of timing.
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1366, height: 860 },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 860 },
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          headless: true,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'npx tsx apps/server/src/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    env: serverEnv,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
