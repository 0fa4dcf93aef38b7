// Every kind of ERP failure during a fetch: the run ends in error with a clear message, and the local data is exactly
// what the previous successful fetch left (decision 0004: faults give the typed error and leave local data unchanged).
import { partners, products, sales } from '@quotewright/db';
import { type OdooSim, startOdooSim } from '@quotewright/odoo-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  createTestApp,
  eventually,
  login,
  simConnector,
  type TestApp,
} from '../../../test/helpers';
import { createErpConnector } from '../erp/connector';
import type { ErpConnector } from '../erp/erp.types';

let sim: OdooSim;
let t: TestApp;
let admin: string;
/** The app's connector delegates to `current`, so a test can swap in a misconfigured one. */
let current: ErpConnector;
const good = () =>
  simConnector(sim, {
    protocol: 'json2',
    timeoutMs: 5000,
  });

beforeAll(async () => {
  sim = await startOdooSim({ port: 0, version: 19 });
  current = good();
  const erp = new Proxy({} as ErpConnector, {
    get: (_target, key: keyof ErpConnector) => (current[key] as (...a: unknown[]) => unknown).bind(current),
  });
  t = await createTestApp({}, { erp });
  admin = await login(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  for (const kind of ['products', 'contacts', 'sales'] as const) expect((await run(kind)).state).toBe('success');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

type Run = { id: string; state: string; error: string | null };
async function run(kind: 'products' | 'sales' | 'contacts'): Promise<Run> {
  const res = await t.app.inject({ method: 'POST', url: `/api/odoo/sync/${kind}`, headers: bearer(admin) });
  expect(res.statusCode).toBe(202);
  const { id } = res.json() as Run;
  return eventually(async () => {
    const r = (
      await t.app.inject({ method: 'GET', url: `/api/odoo/runs/${id}`, headers: bearer(admin) })
    ).json() as Run;
    return r.state === 'loading' ? undefined : r;
  }, 60_000);
}

const localData = async () => {
  const db = t.database.db;
  const [p, c, s] = await Promise.all([
    db.select().from(products),
    db.select().from(partners),
    db.select().from(sales),
  ]);
  const strip = <T extends { updatedAt?: Date }>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();
  return { products: strip(p), partners: strip(c), sales: strip(s) };
};

const FAULTS: { name: string; message: RegExp; arrange(): void }[] = [
  {
    name: 'the ERP is down',
    message: /Cannot reach the ERP/,
    arrange: () => sim.faults.set({ down: true }),
  },
  {
    name: 'the ERP is slower than the timeout',
    message: /did not answer within/,
    arrange: () => {
      current = simConnector(sim, {
        protocol: 'json2',
        timeoutMs: 200,
        retries: 0,
      });
      sim.faults.set({ delayMs: 1000 });
    },
  },
  { name: 'HTTP 500', message: /ERP/, arrange: () => sim.faults.set({ httpStatus: 500 }) },
  { name: 'a malformed answer', message: /unexpected answer/, arrange: () => sim.faults.set({ malformed: true }) },
  {
    name: 'a wrong API key',
    message: /refused the credentials/,
    arrange: () => {
      current = createErpConnector({
        url: sim.url,
        db: sim.db,
        login: sim.login,
        apiKey: 'wrong-key',
        protocol: 'json2',
      });
    },
  },
  {
    name: 'an access error',
    message: /lacks access/,
    arrange: () => {
      sim.access.denyModel('product.product', ['read'], 'Sales/User');
      sim.access.denyModel('res.partner', ['read'], 'Sales/User');
      sim.access.denyModel('sale.order', ['read'], 'Sales/User');
    },
  },
];

describe('ERP failures during a fetch', () => {
  it.each(FAULTS)('$name: every fetch fails with a clear message and local data stays as it was', async (fault) => {
    const before = await localData();
    fault.arrange();
    try {
      for (const kind of ['products', 'contacts', 'sales'] as const) {
        const r = await run(kind);
        expect(r.state, kind).toBe('error');
        expect(r.error, kind).toMatch(fault.message);
      }
    } finally {
      sim.faults.reset();
      sim.access.reset();
      current = good();
    }
    expect(await localData()).toEqual(before);
    // and the ERP being back, the next fetch works again
    expect((await run('products')).state).toBe('success');
  });
});
