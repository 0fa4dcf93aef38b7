// The Settings buttons show each fetch's percentage while it runs: the run knows its total from the start and moves
// page by page. The sales fetch carries every order's lines, so its pages are smaller than the others' and the demo
// company's few hundred orders still move the percentage.
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
import type { ErpConnector } from '../erp/erp.types';

let sim: OdooSim;
let t: TestApp;
let admin: string;
type Run = { id: string; state: string; progress: number; total: number | null; processed: number; message: string };
/** The run as the Settings screen reads it, each time the fetch asks the ERP for a page of sales. */
const seen: Run[] = [];

const latest = async (kind: string) =>
  (
    (await t.app.inject({ method: 'GET', url: `/api/odoo/sync/${kind}`, headers: bearer(admin) })).json() as {
      run: Run | null;
    }
  ).run;

beforeAll(async () => {
  sim = await startOdooSim({ port: 0, version: 19 });
  const real = simConnector(sim, {
    protocol: 'json2',
    timeoutMs: 5000,
  });
  const erp: ErpConnector = {
    ...real,
    fetchSales: async (p) => {
      const run = await latest('sales');
      if (run) seen.push(run);
      return real.fetchSales(p);
    },
  };
  t = await createTestApp({}, { erp });
  admin = await login(t, ADMIN_EMAIL, ADMIN_PASSWORD);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

describe('ERP fetch progress', () => {
  it('the sales fetch reports its total at once and a percentage that moves before it ends', async () => {
    const orders = sim.data.search('sale.order', []).length;
    expect(orders).toBeGreaterThan(100);
    const res = await t.app.inject({ method: 'POST', url: '/api/odoo/sync/sales', headers: bearer(admin) });
    expect(res.statusCode).toBe(202);
    const { id } = res.json() as Run;
    const done = await eventually(async () => {
      const r = await latest('sales');
      return r?.id === id && r.state !== 'loading' ? r : undefined;
    }, 90_000);
    expect(done.state).toBe('success');
    expect(done.progress).toBe(100);
    // From the first page on, the screen has a total and so a percentage to show.
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((r) => r.id === id && r.total === orders)).toBe(true);
    expect(seen[0]!.message).toBe(`Fetching ${orders} sales`);
    const moving = seen.filter((r) => r.progress > 0 && r.progress < 100);
    expect(moving.length).toBeGreaterThan(0);
    expect(moving.map((r) => r.progress)).toEqual([...moving.map((r) => r.progress)].sort((a, b) => a - b));
    expect(moving[0]!.message).toMatch(new RegExp(`^Fetched \\d+ of ${orders} sales$`));
  }, 120_000);
});
