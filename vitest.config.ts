import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace. The server suites run once on PGlite and, when DATABASE_URL is set,
// once more on PostgreSQL (each test file gets its own fresh database there).
const serverProject = (engine: 'pglite' | 'pg') => ({
  test: {
    name: `server-${engine}`,
    root: './apps/server',
    include: ['src/**/*.test.ts'],
    // *.pg.test.ts exercise PostgreSQL itself (dropped connections, several processes): PostgreSQL project only;
    // *.pglite.test.ts the embedded engine itself (its data directories): PGlite project only.
    exclude: engine === 'pglite' ? ['src/**/*.pg.test.ts'] : ['src/**/*.pglite.test.ts'],
    environment: 'node',
    env: { TEST_DB_ENGINE: engine },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['./test/global-setup.ts'],
    // One worker runs file after file with the modules it imported kept: the server, its dependencies and PGlite's
    // compiled WebAssembly are loaded once per worker instead of once per file (a new process each). The files share
    // no state through modules: each builds its own app on its own database (test/helpers.ts).
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // At least four test files at a time, also on a 2-core machine (vitest's default would be one): much of the
    // suite waits on PostgreSQL, the Odoo simulator, sockets or timers, and CPU time shows half the cores idle at
    // two (on this 2-core machine, both engines: 22 → 12 minutes with four).
    maxWorkers: Math.max(4, availableParallelism() - 1),
    projects: [
      { test: { name: 'domain', root: './packages/domain', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'contracts', root: './packages/contracts', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'db',
          root: './packages/db',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'odoo-sim',
          root: './apps/odoo-sim',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      serverProject('pglite'),
      ...(process.env.DATABASE_URL ? [serverProject('pg')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
