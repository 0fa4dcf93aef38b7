// Reports benchmark (issue 13): 100,000 journal items from the ERP simulator to journalitems.xlsx through the real
// route (HTTP, streamed), against a bare exceljs streaming write of the same rows; RSS growth while it runs; then the
// analytic summary over 1,000 extra accounts and 200,000 analytic lines. Prints JSON; not a test.
// Targets: export ≤ 2× the bare write, ≤ 250 MB RSS growth; analytic summary ≤ 2 s.

import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { startOdooSim } from '@quotewright/odoo-sim';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { createErpConnector } from '../apps/server/src/modules/erp/connector';
import type { ErpJournalItem } from '../apps/server/src/modules/erp/erp.types';
import { journalItemRow } from '../apps/server/src/modules/reports/reports.xlsx';
import { openDatabase, quantiles } from './kit/bench-kit';

const ADMIN = { email: 'bench@quotewright.test', password: 'bench-password-1' };
const ITEMS = Number(process.env.BENCH_JOURNAL_ITEMS ?? 100_000);
const ACCOUNTS = Number(process.env.BENCH_ANALYTIC_ACCOUNTS ?? 1_000);
const LINES = Number(process.env.BENCH_ANALYTIC_LINES ?? 200_000);
const MB = 1024 * 1024;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

const sim = await startOdooSim({ port: 0, version: 19 });
type Rec = Record<string, unknown> & { id: number };
const all = (model: string) => sim.store.all(model) as Rec[];
const m2oId = (v: unknown) => (Array.isArray(v) ? (v[0] as number) : (v as number));

// ---- data: 100,000 posted journal items of company 1 dated 2030 (the demo data stops before) -------------------
const t0 = performance.now();
const templateMove = all('account.move').find((m) => m.state === 'posted' && m2oId(m.company_id) === 1)!;
const templateLine = all('account.move.line').find((l) => l.move_id === templateMove.id)!;
const accounts = all('account.account').filter((a) => m2oId(a.company_id) === 1 || !a.company_id);
const partners = all('res.partner').slice(0, 200);
const PER_MOVE = 100;
for (let m = 0; m < ITEMS / PER_MOVE; m++) {
  const date = `2030-${String((m % 12) + 1).padStart(2, '0')}-${String((m % 28) + 1).padStart(2, '0')}`;
  const move = sim.store.insert('account.move', {
    ...templateMove,
    id: undefined,
    name: `BENCH/2030/${String(m + 1).padStart(5, '0')}`,
    date,
    ref: `Bench ${m}`,
    line_ids: undefined,
  });
  for (let i = 0; i < PER_MOVE; i++) {
    const amount = ((m * 37 + i * 11) % 100_000) / 100 + 1;
    const debit = i % 2 === 0;
    sim.store.insert('account.move.line', {
      ...templateLine,
      id: undefined,
      move_id: move.id,
      move_name: move.name,
      date,
      account_id: accounts[(m + i) % accounts.length]!.id,
      partner_id: partners[(m + i) % partners.length]!.id,
      name: i % 10 === 0 ? `=HYPERLINK("x") line ${i}` : `Bench line ${m}/${i}`,
      debit: debit ? amount : 0,
      credit: debit ? 0 : amount,
      balance: debit ? amount : -amount,
      amount_currency: debit ? amount : -amount,
      analytic_distribution: false,
    });
  }
}
const journalDataMs = Math.round(performance.now() - t0);

// ---- data: 1,000 analytic accounts, 200,000 analytic lines --------------------------------------------------------
const t1 = performance.now();
const templateAccount = all('account.analytic.account').find((a) => a.code && a.partner_id)!;
const templateAal = all('account.analytic.line').find((l) => l.account_id && l.general_account_id)!;
const income = all('account.account').filter((a) => String(a.account_type).startsWith('income'));
const expense = all('account.account').filter((a) => String(a.account_type).startsWith('expense'));
const newAccounts: number[] = [];
for (let a = 0; a < ACCOUNTS; a++)
  newAccounts.push(
    sim.store.insert('account.analytic.account', {
      ...templateAccount,
      id: undefined,
      name: `Bench Project ${a + 1}`,
      code: `BP-${a + 1}`,
      partner_id: partners[a % partners.length]!.id,
    }).id,
  );
for (let l = 0; l < LINES; l++) {
  const inc = l % 3 === 0;
  const amount = (((l * 7919) % 50_000) / 100 + 1) * (inc ? 1 : -1);
  sim.store.insert('account.analytic.line', {
    ...templateAal,
    id: undefined,
    account_id: newAccounts[l % ACCOUNTS],
    general_account_id: (inc ? income : expense)[l % (inc ? income : expense).length]!.id,
    amount,
    date: `2029-${String((l % 12) + 1).padStart(2, '0')}-${String((l % 28) + 1).padStart(2, '0')}`,
    name: `Bench analytic ${l}`,
    move_line_id: false,
  });
}
const analyticDataMs = Math.round(performance.now() - t1);

// ---- the server ---------------------------------------------------------------------------------------------------
const { database } = await openDatabase('pglite', 'reports');
const erp = createErpConnector({ url: sim.url, db: sim.db, login: sim.login, apiKey: sim.apiKey, protocol: 'auto' });
const app = await buildApp({
  config: testConfig({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, JWT_SECRET: 'b'.repeat(40) }),
  database,
  erp,
  logger: false,
  workers: false,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const { token } = (await app.inject({ method: 'POST', url: '/api/users/login', payload: ADMIN })).json();
const headers = { authorization: `Bearer ${token}` };

/** Streams the download, counting bytes; samples the RSS meanwhile. */
async function download(path: string) {
  gc();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const start = performance.now();
  const res = await fetch(`${address}${path}`, { headers });
  const firstByteMs = performance.now() - start;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const ms = performance.now() - start;
  clearInterval(timer);
  return {
    ms: Math.round(ms),
    firstByteMs: Math.round(firstByteMs),
    bytes,
    rssGrowthMb: Math.round((peak - before) / MB),
  };
}

const exportRun = await download(`/api/accounting/report/journalitems/2030-01-01/2030-12-31/1`);

// The same rows, read once more (untimed), then written by a bare exceljs streaming writer to a sink.
const rows: ErpJournalItem[] = [];
for await (const page of erp.journalItems({ startDate: '2030-01-01', endDate: '2030-12-31', companyId: 1 }))
  rows.push(...page);
const sink = () =>
  new Writable({
    write(_c, _e, cb) {
      cb();
    },
  });
const bareStart = performance.now();
{
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink(), useSharedStrings: false, useStyles: true });
  const ws = wb.addWorksheet('Journal Items');
  for (const j of rows) ws.addRow(journalItemRow(j)).commit();
  ws.commit();
  await wb.commit();
}
const bareMs = Math.round(performance.now() - bareStart);
rows.length = 0;

// ---- analytic summary ---------------------------------------------------------------------------------------------
const summarySamples: number[] = [];
let accountsInReport = 0;
for (let i = 0; i < 5; i++) {
  const s = performance.now();
  const res = await app.inject({
    method: 'GET',
    url: '/api/accounting/reports/analyticaccounts/posted/2100-01-01',
    headers,
  });
  summarySamples.push(performance.now() - s);
  if (res.statusCode !== 200) throw new Error(`analytic: ${res.statusCode} ${res.body.slice(0, 300)}`);
  accountsInReport = (res.json() as unknown[]).length;
}
const summary = quantiles(summarySamples);

await app.close();
await database.close();
await sim.close();

console.log(
  JSON.stringify(
    {
      bench: 'reports',
      journalItems: {
        rows: ITEMS,
        dataSetupMs: journalDataMs,
        exportMs: exportRun.ms,
        firstByteMs: exportRun.firstByteMs,
        xlsxBytes: exportRun.bytes,
        bareExceljsMs: bareMs,
        ratio: Number((exportRun.ms / bareMs).toFixed(2)),
        rssGrowthMb: exportRun.rssGrowthMb,
        target: { ratioMax: 2, rssGrowthMbMax: 250 },
        met: exportRun.ms <= 2 * bareMs && exportRun.rssGrowthMb <= 250,
      },
      analyticSummary: {
        accounts: accountsInReport,
        analyticLines: sim.store.count('account.analytic.line'),
        dataSetupMs: analyticDataMs,
        ms: summary,
        target: { msMax: 2000 },
        met: summary.p50 <= 2000,
      },
    },
    null,
    2,
  ),
);
