// The set-up of the benchmarks that drive the app in headless Chromium (scroll, paste-review): the web app built
// once, the server in this process on an embedded database of its own, a Chromium, all closed after.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import type { Database } from '@quotewright/db';
import { buildApp } from '../../apps/server/src/app';
import { testConfig } from '../../apps/server/src/config';
import { openDatabase } from './bench-kit';

export const BENCH_ADMIN = { email: 'bench@quotewright.test', password: 'bench-password-1' };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = new URL('../..', import.meta.url).pathname;
export const WEB_DIST = join(root, 'apps/web/dist');

/** Builds the web app into `webDist` unless `skip` and a build is there. */
export function ensureWebBuild(bench: string, skip: boolean, webDist = WEB_DIST): void {
  if (skip && existsSync(join(webDist, 'index.html'))) return;
  console.error(`${bench}: building the web app`);
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (built.status !== 0) throw new Error(`${bench}: the web app did not build`);
}

/** Runs `bench` against the app serving `webDist` (its admin: BENCH_ADMIN) and a headless Chromium. */
export async function withBrowserApp<T>(
  name: string,
  webDist: string,
  bench: (ctx: { database: Database; base: string; browser: Browser }) => Promise<T>,
): Promise<T> {
  const { database, drop } = await openDatabase('pglite', name);
  const config = testConfig({
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    JWT_SECRET: 'b'.repeat(40),
    WEB_DIST: webDist,
  });
  const app = await buildApp({ config, database, logger: false, workers: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    return await bench({ database, base, browser });
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    await drop();
  }
}
