// PostgreSQL drops the app's connections (pg_terminate_backend) in the middle of a publish, at each of its steps:
// after every ERP request the publish makes, its next database write finds a dead connection. The process must not
// exit (an unhandled rejection fails this file), the run must end by itself (retried after its delay, never left
// "running"), and the ERP must hold exactly one order for the sale, whichever step was hit.
import type { OdooSyncStatus, SaleDto, SyncOdooAck } from '@quotewright/contracts';
import { eq, products, runs, sql } from '@quotewright/db';
import { type OdooSim, startOdooSim } from '@quotewright/odoo-sim';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl } from '../../../test/global-setup';
import { createTestApp, eventually, simConnector, type TestApp } from '../../../test/helpers';
import { baseUrl, type ClientSocket, connectSocket, identify } from '../../../test/sockets';
import { saleEvents } from '../../infra/sale-events';
import { settingsRepository } from '../../infra/settings.repository';
import { type OrderKeys, orderKeys } from '../erp/order-keys';
import { api, roleTokens, type Tokens } from './testkit';

let sim: OdooSim;
let t: TestApp;
let url: string;
let tokens: Tokens;
let call: ReturnType<typeof api>;
let keys: OrderKeys;
let admin: pg.Client;
let dbName: string;
let catalog: number[];
let customer: { id: number; name: string };
/** ERP requests seen since `armed` was set; at `killAt` the app's database connections are terminated. */
let seen = 0;
let killAt = 0;
let kills: Promise<unknown>[] = [];
/** A run silent this long lost its job: taken over (short here; 10 minutes in use). */
const STALE_MS = 4000;

const killBackends = () =>
  admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
    dbName,
  ]);

beforeAll(async () => {
  sim = await startOdooSim({ version: 18 });
  const erp = simConnector(sim, {
    protocol: 'jsonrpc',
    timeoutMs: 5_000,
    retryDelayMs: 5,
    onRequest: () => {
      seen += 1;
      if (seen === killAt) kills.push(killBackends());
    },
  });
  t = await createTestApp(
    {},
    { erp, events: saleEvents(), saleSync: { retryDelaySeconds: 1, maxAttempts: 5, staleAfterMs: STALE_MS } },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = baseUrl(t.app.server.address());
  tokens = await roleTokens(t);
  call = api(t);
  keys = orderKeys((await settingsRepository(t.database.db).get('installation_id'))!);
  const { rows } = await t.database.executeSql('SELECT current_database() AS name');
  dbName = String(rows[0]!.name);
  admin = new pg.Client({ connectionString: adminUrl(process.env.DATABASE_URL!) });
  await admin.connect();
  await t.database.db.execute(sql`select setval('sale_quote_number_seq', 60000)`);
  catalog = sim.data.search('product.product', [['sale_ok', '=', true]], { limit: 4, order: 'id' });
  await t.database.db.insert(products).values(
    catalog.map((id) => ({
      id,
      model: `P${id}`,
      name: `Product ${id}`,
      description: `Product ${id}`,
      price: '10.00',
      cost: '5.0000',
      contentHash: 'sim',
    })),
  );
  const [c] = sim.data.read(
    'res.partner',
    sim.data.search('res.partner', [['parent_id', '=', false]], { limit: 1, order: 'id' }),
    ['name'],
  );
  customer = { id: c!.id as number, name: String(c!.name) };
}, 120_000);

afterAll(async () => {
  await admin?.end();
  await t?.close();
  await sim?.close();
});

async function newSale(name: string): Promise<SaleDto> {
  const sale = await call.ok<SaleDto>('POST', '/api/sales', tokens.full, { name, customer });
  const withSection = await call.ok<SaleDto>('POST', `/api/sales/sections/create/${sale._id}`, tokens.full, {
    name: 'Hardware',
  });
  return call.ok<SaleDto>('POST', `/api/sales/lines/create/${sale._id}/${withSection.sections[0]!._id}`, tokens.full, {
    lines: catalog.map((product) => ({ product, quantity: '2' })),
  });
}

/** Publishes the sale with the connections killed after the ERP request number `step`; answers the final status. */
async function publishKilledAt(sale: SaleDto, step: number): Promise<OdooSyncStatus> {
  const s: ClientSocket = await connectSocket(url, tokens.full);
  try {
    expect((await identify(s, sale._id)).ok).toBe(true);
    seen = 0;
    killAt = step;
    kills = [];
    const ack = (await s
      .timeout(10_000)
      .emitWithAck('sync_odoo', { sale: sale._id, create_new: false })) as SyncOdooAck;
    expect(ack.ok).toBe(true);
    if (!ack.ok) throw new Error(ack.detail);
    const runId = ack.status.runId!;
    // The run ends: retried after its delay. When the connection the job queue itself used was the one cut, the job
    // can be lost with it; its run then goes silent, and the person's next click on Publish takes it over (as the
    // minute's sweep would after STALE_MS) — never a second order.
    const [run] = await eventually(async () => {
      const rows = await t.database.db
        .select()
        .from(runs)
        .where(eq(runs.id, runId))
        .catch(() => []);
      const row = rows[0];
      if (row && ['succeeded', 'failed', 'unknown'].includes(row.status)) return rows;
      if (row && Date.now() - row.heartbeatAt.getTime() > STALE_MS + 1000)
        await s.timeout(10_000).emitWithAck('sync_odoo', { sale: sale._id, create_new: false });
      return undefined;
    }, 60_000);
    await Promise.all(kills);
    // A request that meets a connection cut a moment ago (the pool has not heard of it yet) is answered 503, "try
    // again in a few seconds"; the next one gets a fresh connection. The status is asked as a person would.
    const st = await eventually(async () => {
      const res = await call.get(`/api/sales/odoo/status/${sale._id}`, tokens.full);
      if (res.statusCode === 503) return undefined;
      expect(res.statusCode).toBe(200);
      return res.json() as OdooSyncStatus;
    }, 10_000);
    expect(st.runId).toBe(run!.id);
    return st;
  } finally {
    s.close();
  }
}

describe('the database drops its connections during a publish', () => {
  it('at each step (after every ERP request it makes): no exit, the run ends synced, exactly one order', async () => {
    // An undisturbed publish tells how many ERP requests (steps) a publish of such a sale makes (the second: the
    // first also reads the ERP's field lists, which the connector keeps).
    for (const name of ['Undisturbed', 'Undisturbed again'])
      expect((await publishKilledAt(await newSale(name), 0)).state).toBe('synced');
    const steps = seen;
    expect(steps).toBeGreaterThanOrEqual(5);
    for (let step = 1; step <= steps; step++) {
      const sale = await newSale(`Outage at step ${step}`);
      const status = await publishKilledAt(sale, step);
      expect(kills, `step ${step}`).toHaveLength(1);
      expect(status.state, `step ${step}: ${status.message}`).toBe('synced');
      const orders = sim.data.search('sale.order', [['origin', '=', keys.origin(sale.quote_number, sale._id)]]);
      expect(orders, `step ${step}`).toHaveLength(1);
      const after = await call.ok<SaleDto>('GET', `/api/sales/${sale._id}`, tokens.full);
      expect(after.odoo_id).toBe(orders[0]);
    }
    expect((await call.get('/api/health', null)).statusCode).toBe(200);
  }, 600_000);
});
