// The set-up of the in-process benches that need the ERP's catalog (catalog, paste): the ERP simulator at bench size,
// then on each engine a fresh database, the app on the real connector, an admin's headers; everything closed after.
// Prints `{bench, results}` as JSON.
import { startOdooSim } from '@quotewright/odoo-sim';
import { buildApp } from '../../apps/server/src/app';
import { testConfig } from '../../apps/server/src/config';
import { createErpConnector } from '../../apps/server/src/modules/erp/connector';
import { type Engine, engines, openDatabase } from './bench-kit';

const ADMIN = { email: 'bench@quotewright.test', password: 'bench-password-1' };

export type BenchApp = Awaited<ReturnType<typeof buildApp>>;

export async function onEachEngine<R>(
  bench: string,
  run: (engine: Engine, app: BenchApp, headers: { authorization: string }) => Promise<R>,
): Promise<void> {
  const sim = await startOdooSim({ port: 0, size: 'bench' });
  try {
    const results: R[] = [];
    for (const engine of engines()) {
      const { database, drop } = await openDatabase(engine, bench);
      const erp = createErpConnector({
        url: sim.url,
        db: sim.db,
        login: sim.login,
        apiKey: sim.apiKey,
        protocol: 'auto',
      });
      const app = await buildApp({
        config: testConfig({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, JWT_SECRET: 'b'.repeat(40) }),
        database,
        erp,
        logger: false,
      });
      try {
        const { token } = (await app.inject({ method: 'POST', url: '/api/users/login', payload: ADMIN })).json();
        results.push(await run(engine, app, { authorization: `Bearer ${token}` }));
      } finally {
        await app.close();
        await database.close();
        await drop();
      }
    }
    console.log(JSON.stringify({ bench, results }, null, 2));
  } finally {
    await sim.close();
  }
}
