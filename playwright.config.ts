// Browser journeys against the built app on a fresh server and a fresh embedded database per run.
// Run through `npm run test:e2e` (scripts/e2e.mjs), which checks for Chromium and builds the web app first.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The config is evaluated by the runner and again by each worker: the values are fixed once, in the runner, and
// inherited by the workers through the environment so they all talk to the same servers.
// The journeys run in two groups side by side, each against its own server and database (one file at a time in a
// group, as before: a group's journeys never share a server with the other's). A new spec file goes to group B.
process.env.E2E_PORT ??= String(3400 + (process.pid % 500));
process.env.E2E_PORT_B ??= String(Number(process.env.E2E_PORT) + 1);
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'quotewright-e2e-'));
process.env.E2E_DATA_DIR_B ??= mkdtempSync(join(tmpdir(), 'quotewright-e2e-b-'));
const ADMIN_EMAIL = 'admin@quotewright.test';
const ADMIN_PASSWORD = 'E2e-admin-pass-1';
process.env.E2E_ADMIN_EMAIL = ADMIN_EMAIL;
process.env.E2E_ADMIN_PASSWORD = ADMIN_PASSWORD;

/** Group A's spec files (about half of the journeys' time, measured); every other file is group B's. */
const GROUP_A = [
  'sale-editor',
  'editor-comfort',
  'sale-layout',
  'browser-defects',
  'sales-list',
  'live-editing',
  'preferences',
  'editor-values',
  'spa',
  'instant-edit',
  'edit-conflicts',
].map((name) => `**/${name}.spec.ts`);

// The journeys' servers run on the embedded defaults, as `npm start` does: not on the PostgreSQL and Redis that CI
// gives the unit suites (both servers would share that one database, and a shared Redis would join them in one
// cluster: one group's sales showed up in the other's lists). Playwright starts a web server with the runner's whole
// environment under the entries given here, so leaving the two variables out is not enough: they are set empty,
// which the server reads as "not set".
const servers = [
  { port: Number(process.env.E2E_PORT), dataDir: process.env.E2E_DATA_DIR },
  { port: Number(process.env.E2E_PORT_B), dataDir: process.env.E2E_DATA_DIR_B },
];
const serverEnv = (server: (typeof servers)[number]) => ({
  DATABASE_URL: '',
  REDIS_URL: '',
  DATA_DIR: server.dataDir,
  PORT: String(server.port),
  HOST: '127.0.0.1',
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  WEB_DIST: process.env.WEB_DIST ?? 'apps/web/dist',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // Stopped at the end of the run: no load balancer to wait for.
  DRAIN_DELAY: '0',
});

const chromium = {
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
      // Chromium's own address-bar popup, built as web pages in every new tab even headless (no address bar): work
      // on the machine's CPUs beside the app under test (bench/browser.ts says the same).
      '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
    ],
  },
};

export default defineConfig({
  testDir: './e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  // Within a group the journeys share one server and database; one after another keeps them independent of timing.
  fullyParallel: false,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // No retries, in CI either: a journey that fails once is a defect to fix, not to hide.
  retries: 0,
  // The longest journeys (a quote built from scratch: ~45 s alone) run beside the other group on 2 cores.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : 'list',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1366, height: 860 },
    // As a person who asked their system for reduced motion: the app then skips its transitions and ripples
    // (app/theme.ts), and each click no longer waits for a dialog or menu to finish moving (measured: ~10 % less
    // time per journey on 2 cores). The transitions themselves are cosmetic; e2e/accessibility.spec.ts runs with them.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      testMatch: GROUP_A,
      workers: 1,
      use: { ...chromium, baseURL: `http://127.0.0.1:${servers[0]!.port}` },
    },
    {
      name: 'chromium-b',
      testIgnore: GROUP_A,
      workers: 1,
      use: { ...chromium, baseURL: `http://127.0.0.1:${servers[1]!.port}` },
    },
  ],
  webServer: servers.map((server) => ({
    command: 'npx tsx apps/server/src/main.ts',
    url: `http://127.0.0.1:${server.port}/api/health`,
    env: serverEnv(server),
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
