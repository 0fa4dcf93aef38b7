// The ERP side of bench/reports.ts, in its own process as a real Odoo would be: the demo simulator plus 100,000
// posted journal items (company 1, dated 2030) and 1,000 analytic accounts with 200,000 analytic lines (2029).
// Prints one JSON line with the connection and the setup times, then serves until killed.
import { performance } from 'node:perf_hooks';
import { startOdooSim } from '@quotewright/odoo-sim';

const ITEMS = Number(process.env.BENCH_JOURNAL_ITEMS ?? 100_000);
const ACCOUNTS = Number(process.env.BENCH_ANALYTIC_ACCOUNTS ?? 1_000);
const LINES = Number(process.env.BENCH_ANALYTIC_LINES ?? 200_000);

const sim = await startOdooSim({ port: 0, version: 19 });
type Rec = Record<string, unknown> & { id: number };
const all = (model: string) => sim.store.all(model) as Rec[];
const m2oId = (v: unknown) => (Array.isArray(v) ? (v[0] as number) : (v as number));

// ---- data: 100,000 posted journal items of company 1 dated 2030 (the demo data stops before) -------------------
const t0 = performance.now();
const templateMove = all('account.move').find((m) => m.state === 'posted' && m2oId(m.company_id) === 1)!;
const templateLine = all('account.move.line').find((l) => l.move_id === templateMove.id)!;
const accounts = all('account.account').filter((a) => ((a.company_ids as number[]) ?? []).includes(1));
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

console.log(
  JSON.stringify({
    url: sim.url,
    db: sim.db,
    login: sim.login,
    apiKey: sim.apiKey,
    journalDataMs,
    analyticDataMs,
    analyticLines: sim.store.count('account.analytic.line'),
  }),
);
