// The publish's approval gate on the run itself (decision 0030): the content a run sends is judged, so an approved
// sale publishes, and an edit that breaks a rule between the start and the run — even one no listener saw (another
// program's SQL) — cannot slip through. Odoo 19 simulator over JSON-2; PGlite and PostgreSQL.
import type { ApprovalStateDto, OdooSyncStatus, SaleDto, SyncOdooAck } from '@quotewright/contracts';
import { eq, products, saleLines } from '@quotewright/db';
import { defaultApprovalRules } from '@quotewright/domain';
import { type OdooSim, startOdooSim } from '@quotewright/odoo-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, simConnector, type TestApp } from '../../../test/helpers';
import { baseUrl, type ClientSocket, connectSocket, identify } from '../../../test/sockets';
import { buildApp } from '../../app';
import { saleEvents } from '../../infra/sale-events';
import { api, roleTokens, type Tokens } from '../sales/testkit';

let sim: OdooSim;
let erp: ReturnType<typeof simConnector>;
let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;
let url: string;
let product: number;
let customer: { id: number; name: string };
const open: ClientSocket[] = [];

beforeAll(async () => {
  sim = await startOdooSim({ version: 19 });
  erp = simConnector(sim, { timeoutMs: 5_000, retryDelayMs: 5 });
  // No workers here: a run started on this app is executed by a second app on the same database (the test decides when).
  t = await createTestApp({}, { erp, events: saleEvents(), workers: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = baseUrl(t.app.server.address());
  tok = await roleTokens(t);
  a = api(t);
  product = sim.data.search(
    'product.product',
    [
      ['sale_ok', '=', true],
      ['default_code', '!=', false],
    ],
    { limit: 1 },
  )[0]!;
  const [p] = sim.data.read('product.product', [product], ['default_code', 'display_name']);
  await t.database.db.insert(products).values({
    id: product,
    model: String(p!.default_code),
    name: String(p!.display_name),
    description: 'A product',
    price: '100.00',
    cost: '60.0000',
    contentHash: 'sim',
  });
  const [c] = sim.data.read(
    'res.partner',
    sim.data.search(
      'res.partner',
      [
        ['parent_id', '=', false],
        ['customer_rank', '>', 0],
      ],
      { limit: 1 },
    ),
    ['name'],
  );
  customer = { id: c!.id as number, name: String(c!.name) };
  const rules = { ...defaultApprovalRules(), line_margin: { enabled: true, threshold: 15, approver: 'sales_full' } };
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/approval-rules',
    headers: bearer(tok.admin),
    payload: rules,
  });
  expect(res.statusCode).toBe(200);
}, 120_000);
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
  await sim?.close();
});

/**
 * Runs the queued publish of `runId` in a second process on the same database (with workers) and answers its final
 * status (listened for before that process starts: it may take the run over while starting).
 */
async function runElsewhere(runId: string): Promise<OdooSyncStatus> {
  const bus = saleEvents();
  const ended = new Promise<OdooSyncStatus>((resolve) => {
    bus.subscribe((e) => {
      if (e.type === 'odoo_sync_status' && e.status.runId === runId && FINAL.has(e.status.state)) resolve(e.status);
    });
  });
  const app = await buildApp({ config: t.config, database: t.database, logger: false, erp, events: bus });
  try {
    await app.ready();
    return await ended;
  } finally {
    await app.close();
  }
}
const FINAL = new Set(['synced', 'error', 'unknown']);

/** A sale whose only line is under the 15 % line margin (100 / 90), requested and approved. */
async function approvedSale() {
  let sale = await a.ok<SaleDto>('POST', '/api/sales', tok.full, { name: 'Approved', customer });
  sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.full, { name: 'A' });
  const A = sale.sections[0]!._id;
  sale = await a.ok('POST', `/api/sales/lines/create/${sale._id}/${A}`, tok.full, {
    lines: [{ product, quantity: 1 }],
    sequence: -1,
  });
  const line = sale.sections[0]!.lines[0]!._id;
  await a.ok('POST', `/api/sales/lines/update/${sale._id}/${A}`, tok.full, [{ _id: line, cost: 90 }]);
  const s = await a.ok<ApprovalStateDto>('POST', `/api/sales/approval/request/${sale._id}`, tok.editor, {});
  await a.ok('POST', `/api/sales/approval/approve/${sale._id}`, tok.full, { version: s.version });
  return { id: sale._id, line };
}
async function start(saleId: string): Promise<string> {
  const s = await connectSocket(url, tok.full);
  open.push(s);
  expect((await identify(s, saleId)).ok).toBe(true);
  const ack = (await s.timeout(10_000).emitWithAck('sync_odoo', { sale: saleId, create_new: false })) as SyncOdooAck;
  if (!ack.ok) throw new Error(`sync_odoo refused: ${ack.detail}`);
  return ack.status.runId!;
}

describe('the publish of a sale that needs approval', () => {
  it('goes through once approved', async () => {
    const sale = await approvedSale();
    const status = await runElsewhere(await start(sale.id));
    expect(status.state, status.message ?? '').toBe('synced');
  });

  it('fails with the reason when the content sent was changed past the approval after the start, unseen', async () => {
    const sale = await approvedSale();
    const runId = await start(sale.id);
    // Another program's SQL: no event, no listener; only the run's own judgement of what it sends can catch it.
    await t.database.db.update(saleLines).set({ cost: '95' }).where(eq(saleLines.id, sale.line));
    const status = await runElsewhere(runId);
    expect(status.state).toBe('error');
    expect(status.message).toContain('Needs approval: 1 line under 15 % margin');
    // Nothing was sent: the sale has no ERP order.
    expect((await a.ok<SaleDto>('GET', `/api/sales/${sale.id}`, tok.viewer)).odoo_id).toBeNull();
    const st = await a.ok<ApprovalStateDto>('GET', `/api/sales/approval/${sale.id}`, tok.viewer);
    expect(st.approval?.status).toBe('void');
  });
});
