// The report routes end to end: the server over real HTTP to the Odoo simulator (18 over JSON-RPC, 19 over JSON-2),
// on the test database. Expected figures come from the connector's detailed report or the simulator's store.
import { JOURNAL_ITEM_COLUMNS } from '@quotewright/contracts';
import { type OdooSim, startOdooSim } from '@quotewright/odoo-sim';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, modulesWith, type TestApp } from '../../../test/helpers';
import { createErpConnector } from '../erp/connector';
import type { ErpConnector } from '../erp/erp.types';
import { STOCK_LOCATION_COLUMNS, STOCK_PRODUCT_COLUMNS } from './reports.xlsx';

type Row = Record<string, unknown> & { id: number };
const m2oId = (v: unknown) => (Array.isArray(v) ? (v[0] as number) : typeof v === 'number' && v > 0 ? v : null);

async function workbook(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}
const headerOf = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1);

describe.each([
  { version: 18 as const, protocol: 'jsonrpc' as const },
  { version: 19 as const, protocol: 'json2' as const },
])('report routes, Odoo $version', ({ version, protocol }) => {
  let sim: OdooSim;
  let t: TestApp;
  let erp: ErpConnector;
  let accountant: string;
  let storekeeper: string;
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  beforeAll(async () => {
    sim = await startOdooSim({ port: 0, version });
    const connect = () =>
      createErpConnector({
        url: sim.url,
        db: sim.db,
        login: sim.login,
        apiKey: sim.apiKey,
        protocol,
        timeoutMs: 10_000,
      });
    erp = connect();
    t = await createTestApp({}, { erp: connect(), workers: false });
    const a = await createUser(t, {
      email: `acc${version}@reports.test`,
      modules: modulesWith('viewer', ['accounting']),
    });
    const s = await createUser(t, {
      email: `inv${version}@reports.test`,
      modules: modulesWith('viewer', ['inventory']),
      preferences: { darkMode: true, wideScreen: false, discreteMode: true },
    });
    accountant = await login(t, a.email);
    storekeeper = await login(t, s.email);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('analytic summary: one row per analytic account, totals as the detailed report computes them', async () => {
    const res = await get('/api/accounting/reports/analyticaccounts/posted/2100-01-01', accountant);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const rows = res.json() as { id: number; totals: unknown; sales: { counts: boolean }[]; customer: unknown }[];
    const detailed = await erp.analyticAccounts({ entryStatus: 'posted', accountingDate: '2100-01-01' });
    expect(rows.map((r) => r.id)).toEqual(detailed.map((d) => d.id));
    for (const [i, r] of rows.entries()) expect(r.totals).toEqual(detailed[i]!.totals);
    // the demo data has rows for every branch of the screen
    expect(rows.some((r) => r.sales.some((s) => !s.counts))).toBe(true);
    expect(rows.some((r) => r.customer === null)).toBe(true);
    const unposted = await get('/api/accounting/reports/analyticaccounts/unposted/2100-01-01', accountant);
    expect(unposted.statusCode).toBe(200);
  });

  it('analytic summary: bad parameters are refused with field errors', async () => {
    for (const url of [
      '/api/accounting/reports/analyticaccounts/all/2026-01-01',
      '/api/accounting/reports/analyticaccounts/posted/2026-02-30',
      '/api/accounting/reports/analyticaccounts/posted/11-24-2026',
    ]) {
      const res = await get(url, accountant);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('companies: the ERP companies, 1 and 4', async () => {
    const res = await get('/api/accounting/companies', accountant);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { id: number }) => c.id)).toEqual([1, 4]);
  });

  it('journal items: journalitems.xlsx with the headers and one row per posted item of the company', async () => {
    const [start, end, company] = ['2026-01-01', '2026-12-31', 4];
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/accounting/report/journalitems/${start}/${end}/${company}`,
      headers: bearer(accountant),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="journalitems.xlsx"');
    const ws = (await workbook(res.rawPayload)).getWorksheet('Journal Items')!;
    expect(headerOf(ws)).toEqual([...JOURNAL_ITEM_COLUMNS]);
    const expected = (sim.store.all('account.move.line') as Row[]).filter((l) => {
      const m = sim.store.get('account.move', l.move_id as number)!;
      const d = String(l.date ?? m.date);
      return m.state === 'posted' && m2oId(l.company_id ?? m.company_id) === company && d >= start && d <= end;
    });
    expect(expected.length).toBeGreaterThan(10);
    expect(ws.actualRowCount - 1).toBe(expected.length);
    const debit = JOURNAL_ITEM_COLUMNS.indexOf('Debit') + 1;
    const credit = JOURNAL_ITEM_COLUMNS.indexOf('Credit') + 1;
    let d = 0;
    let c = 0;
    ws.eachRow((row, n) => {
      if (n === 1) return;
      d += Math.round(Number(row.getCell(debit).value) * 100);
      c += Math.round(Number(row.getCell(credit).value) * 100);
      expect(row.getCell(1).value).toBeInstanceOf(Date);
      expect([row.getCell(1).numFmt, row.getCell(debit).numFmt]).toEqual(['mm/dd/yyyy', '$#,##0.00']);
    });
    // posted entries balance
    expect(d).toBe(c);
  });

  it('journal items: bad parameters are refused before the ERP is called', async () => {
    for (const url of [
      '/api/accounting/report/journalitems/2026-12-31/2026-01-01/1',
      '/api/accounting/report/journalitems/2026-01-01/2026-13-01/1',
      '/api/accounting/report/journalitems/2026-01-01/2026-12-31/x',
      '/api/accounting/report/journalitems/2026-01-01/2026-12-31/0',
    ]) {
      const res = await get(url, accountant);
      expect(res.statusCode, url).toBe(400);
    }
  });

  it('stock by location and by product: quantities, liabilities and their total', async () => {
    const loc = await get('/api/inventory/stock/bylocation', storekeeper);
    expect(loc.statusCode).toBe(200);
    const locations = loc.json() as { stock_qty: number; quant_ids: { quantity: number }[] }[];
    expect(locations.length).toBeGreaterThan(1);
    for (const l of locations)
      expect(l.stock_qty).toBeCloseTo(
        l.quant_ids.reduce((s, q) => s + q.quantity, 0),
        4,
      );
    const prod = await get('/api/inventory/stock/byproduct', storekeeper);
    expect(prod.statusCode).toBe(200);
    const body = prod.json() as {
      total_liability: number;
      products: { liability: number; cost: number; qty_available: number }[];
    };
    expect(body.products.length).toBeGreaterThan(10);
    for (const p of body.products) expect(p.liability).toBe(Math.round(p.qty_available * p.cost * 100) / 100);
    expect(body.total_liability).toBe(body.products.reduce((s, p) => s + Math.round(p.liability * 100), 0) / 100);
  });

  it('stock report: stockreport.xlsx with both sheets; discrete mode leaves the money columns out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/inventory/stock/report', headers: bearer(storekeeper) });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="stockreport.xlsx"');
    const wb = await workbook(res.rawPayload);
    expect(headerOf(wb.getWorksheet('By Location')!)).toEqual([...STOCK_LOCATION_COLUMNS]);
    expect(headerOf(wb.getWorksheet('By Product')!)).toEqual(
      STOCK_PRODUCT_COLUMNS.filter((c) => c !== 'Unit Cost' && c !== 'Total Liability'),
    );
    const quants = (await erp.stockByLocation()).reduce((n, l) => n + Math.max(1, l.quant_ids.length), 0);
    expect(wb.getWorksheet('By Location')!.actualRowCount - 1).toBe(quants);

    const admin = await createUser(t, { email: `full${version}@reports.test`, modules: modulesWith('viewer') });
    const full = await t.app.inject({
      method: 'GET',
      url: '/api/inventory/stock/report',
      headers: bearer(await login(t, admin.email)),
    });
    const bp = (await workbook(full.rawPayload)).getWorksheet('By Product')!;
    expect(headerOf(bp)).toEqual([...STOCK_PRODUCT_COLUMNS]);
    const last = bp.getRow(bp.actualRowCount);
    expect(last.getCell(1).value).toBe('Total Liability');
    const total = (await get('/api/inventory/stock/byproduct', storekeeper)).json().total_liability;
    expect(last.getCell(STOCK_PRODUCT_COLUMNS.indexOf('Total Liability') + 1).value).toBe(total);
  });

  it('each module sees only its own reports', async () => {
    expect((await get('/api/inventory/stock/bylocation', accountant)).statusCode).toBe(403);
    expect((await get('/api/inventory/stock/report', accountant)).statusCode).toBe(403);
    expect((await get('/api/accounting/reports/analyticaccounts/posted/2026-01-01', storekeeper)).statusCode).toBe(403);
    expect((await get('/api/accounting/report/journalitems/2026-01-01/2026-01-31/1', storekeeper)).statusCode).toBe(
      403,
    );
  });

  it('an integration user without the accounting groups: a configuration error naming what is missing', async () => {
    try {
      sim.access.removeGroup('accounting_readonly');
      const res = await get('/api/accounting/report/journalitems/2026-01-01/2026-12-31/1', accountant);
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('ERP_ACCESS_DENIED');
      expect(res.json().detail).toMatch(/journal items export needs[\s\S]*Accounting/);
      sim.access.reset();
      sim.access.removeGroup('analytic');
      const a = await get('/api/accounting/reports/analyticaccounts/posted/2026-01-01', accountant);
      expect(a.statusCode).toBe(502);
      expect(a.json().detail).toMatch(/analytic account report needs/);
      sim.access.reset();
      sim.access.removeGroup('stock');
      const s = await get('/api/inventory/stock/bylocation', storekeeper);
      expect(s.statusCode).toBe(502);
      expect(s.json().detail).toMatch(/Inventory/);
    } finally {
      sim.access.reset();
    }
  });
});
