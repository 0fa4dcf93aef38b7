// The built-in Odoo simulator keeps what the app wrote across restarts of the app, with PostgreSQL too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from './config';
import { setupErp } from './erp-setup';

const dataDir = mkdtempSync(join(tmpdir(), 'qw-erp-setup-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const log = { info: () => {}, warn: () => {} };

async function j2(
  sim: { url: string; db: string; apiKey: string },
  model: string,
  method: string,
  body: object,
): Promise<number[]> {
  const res = await fetch(`${sim.url}/json/2/${model}/${method}`, {
    method: 'POST',
    headers: { authorization: `bearer ${sim.apiKey}`, 'content-type': 'application/json', 'x-odoo-database': sim.db },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as number[];
}

describe('the built-in simulator with DATABASE_URL', () => {
  it('keeps its state in DATA_DIR across restarts of the app', async () => {
    const config = testConfig({
      // Only its presence matters here: the simulator never uses the application's database.
      DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      DATA_DIR: dataDir,
    });
    const first = await setupErp(config, log);
    expect(first.simulator?.stateFile).toBe(join(dataDir, 'odoo-sim.json'));
    const [id] = await j2(first.simulator!, 'sale.order', 'create', {
      vals_list: [{ partner_id: 15, origin: 'QW-PG-1' }],
    });
    await first.close();

    const second = await setupErp(config, log);
    try {
      const found = await j2(second.simulator!, 'sale.order', 'search', { domain: [['origin', '=', 'QW-PG-1']] });
      expect(found).toEqual([id]);
      const [next] = await j2(second.simulator!, 'sale.order', 'create', {
        vals_list: [{ partner_id: 15, origin: 'QW-PG-2' }],
      });
      expect(next).toBeGreaterThan(id!);
      // The app's connector reads the same order.
      const sales = await second.erp.fetchSales({ afterId: id! - 1, limit: 1 });
      expect(sales.map((s) => [s.odooId, s.origin])).toEqual([[id, 'QW-PG-1']]);
    } finally {
      await second.close();
    }
  });
});
