#!/usr/bin/env node
// Browser tests: checks that Chromium is installed (never downloads a browser), picks a free port, builds the web
// app, then runs Playwright, which starts two fresh servers, each on a fresh embedded database.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createServer } from 'node:net';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
try {
  accessSync(chromium, constants.X_OK);
} catch {
  if (process.env.CI) {
    console.error(
      `e2e: Chromium was not found at ${chromium}. The CI image must provide it (Debian package "chromium") ` +
        'or CHROMIUM_PATH must point to it. Browser tests cannot run, so this step fails.',
    );
  } else {
    console.error(
      `e2e: Chromium was not found at ${chromium}. Install it with:\n\n    apt-get install -y chromium\n\n` +
        'or set CHROMIUM_PATH to an existing Chromium binary. (Do not use "npx playwright install".)',
    );
  }
  process.exit(1);
}

function canListen(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function freePort(from) {
  for (let port = from; port < from + 200; port++) if (await canListen(port)) return port;
  throw new Error(`e2e: no free port between ${from} and ${from + 199}`);
}

function run(cmd, args, env = process.env) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', env, shell: false });
  if (res.error) throw res.error;
  return res.status ?? 1;
}

// Two servers: the journeys run in two groups side by side (playwright.config.ts).
const port = process.env.E2E_PORT ?? String(await freePort(3400));
const portB = process.env.E2E_PORT_B ?? String(await freePort(Number(port) + 1));
const build = run('npm', ['run', 'build', '-w', 'apps/web']);
if (build !== 0) process.exit(build);
const status = run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  ...process.env,
  E2E_PORT: port,
  E2E_PORT_B: portB,
});
process.exit(status);
