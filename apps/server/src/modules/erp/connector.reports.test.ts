// companies, analytic account summary, journal items and stock reports against the Odoo simulator over real
// HTTP, on both transports. Every expected figure is computed here from the simulator's store directly.
import { type OdooSim, startOdooSim } from '@quotewright/odoo-sim';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createErpConnector, type ErpConnectorOptions } from './connector.js';
import { ErpError } from './erp.errors.js';
import type { AnalyticAccountReport, ErpConnector, ErpEntryStatus, ErpJournalItem } from './erp.types.js';
import { stockLiability, totalLiability } from './reports.js';

const CASES = [
  { version: 18 as const, protocol: 'jsonrpc' as const },
  { version: 19 as const, protocol: 'json2' as const },
];

type Row = Record<string, unknown> & { id: number };
const m2oId = (v: unknown) => (Array.isArray(v) ? (v[0] as number) : typeof v === 'number' && v > 0 ? v : null);
const cents = (xs: number[]) => Math.round(xs.reduce((s, x) => s + Math.round(x * 100), 0)) / 100;
const PLAN_COLUMNS = ['account_id', 'x_plan2_id', 'x_plan3_id'];

describe.each(CASES)('reports, Odoo $version over $protocol', ({ version, protocol }) => {
  let sim: OdooSim;
  let erp: ErpConnector;
  const connect = (over: Partial<ErpConnectorOptions> = {}) =>
    createErpConnector({
      url: sim.url,
      db: sim.db,
      login: sim.login,
      apiKey: sim.apiKey,
      protocol,
      retryDelayMs: 5,
      ...over,
    });
  const all = (model: string) => sim.store.all(model) as Row[];
  const value = (model: string, id: number, field: string) => sim.data.value(model, id, field);

  /** What the analytic report should say, from the store. */
  function expectedAnalytic(status: ErpEntryStatus, date: string) {
    const entries = new Map<number, { id: number; balance: number; income: boolean | null; date: string }[]>();
    const push = (acc: number, e: { id: number; balance: number; general: number | null; date: string }) => {
      const type = e.general ? String(sim.store.get('account.account', e.general)?.account_type ?? '') : null;
      const list = entries.get(acc) ?? [];
      list.push({
        id: e.id,
        balance: e.balance,
        date: e.date,
        income: type === null ? null : type.startsWith('income'),
      });
      entries.set(acc, list);
    };
    if (status !== 'unposted')
      for (const l of all('account.analytic.line')) {
        if (String(l.date) > date) continue;
        for (const acc of new Set(PLAN_COLUMNS.map((c) => m2oId(l[c])).filter((x) => x !== null)))
          push(acc!, {
            id: l.id,
            balance: l.amount as number,
            general: m2oId(l.general_account_id),
            date: String(l.date),
          });
      }
    if (status !== 'posted')
      for (const l of all('account.move.line')) {
        const move = sim.store.get('account.move', l.move_id as number)!;
        const dist = l.analytic_distribution as Record<string, number> | false;
        if (move.state !== 'draft' || !dist || String(move.date) > date) continue;
        const balance = ((l.debit as number) ?? 0) - ((l.credit as number) ?? 0);
        for (const [key, pct] of Object.entries(dist))
          for (const acc of key.split(',').map(Number))
            push(acc, {
              id: l.id,
              balance: Math.round(((-balance * pct) / 100) * 100) / 100,
              general: m2oId(l.account_id),
              date: String(move.date),
            });
      }
    const orders = new Map<number, Set<number>>();
    for (const l of all('sale.order.line')) {
      const dist = l.analytic_distribution as Record<string, number> | false;
      if (!dist) continue;
      for (const key of Object.keys(dist))
        for (const acc of key.split(',').map(Number)) {
          const set = orders.get(acc) ?? new Set<number>();
          set.add(l.order_id as number);
          orders.set(acc, set);
        }
    }
    return { entries, orders };
  }

  function checkAnalytic(report: AnalyticAccountReport[], status: ErpEntryStatus, date: string) {
    const exp = expectedAnalytic(status, date);
    const accounts = all('account.analytic.account');
    expect(report.map((a) => a.id)).toEqual(accounts.map((a) => a.id).sort((a, b) => a - b));
    for (const a of report) {
      const rec = sim.store.get('account.analytic.account', a.id)!;
      expect(a.name).toBe(rec.name);
      expect(a.reference).toBe(rec.code || null);
      expect(a.customer?.id ?? null).toBe(m2oId(rec.partner_id));
      expect(a.projects).toHaveLength(1);
      expect(a.projects[0]!.type).toBe(sim.store.get('account.analytic.plan', rec.plan_id as number)!.name);

      const entries = exp.entries.get(a.id) ?? [];
      const invoiced = entries.filter((e) => (e.income === null ? e.balance > 0 : e.income));
      const expensed = entries.filter((e) => !(e.income === null ? e.balance > 0 : e.income));
      expect(a.invoiced.map((e) => e.id).sort()).toEqual(invoiced.map((e) => e.id).sort());
      expect(a.expensed.map((e) => e.id).sort()).toEqual(expensed.map((e) => e.id).sort());
      expect(a.totals.current_invoiced).toBe(cents(invoiced.map((e) => e.balance)));
      expect(a.totals.current_costs).toBe(-cents(expensed.map((e) => e.balance)) || 0);
      expect(a.projects[0]!.balance).toBe(cents(entries.map((e) => e.balance)));
      for (const e of [...a.invoiced, ...a.expensed]) {
        expect(e.date <= date).toBe(true);
        expect(e.posted).toBe(e.source === 'analytic_line');
      }

      const orderIds = [...(exp.orders.get(a.id) ?? [])].sort((x, y) => x - y);
      expect(a.sales.map((s) => s.id).sort((x, y) => x - y)).toEqual(orderIds);
      const state = (id: number) => {
        const o = sim.store.get('sale.order', id)!;
        return o.state === 'sale' && o.locked ? 'done' : (o.state as string);
      };
      const counted = orderIds.filter((id) => ['sale', 'done'].includes(state(id)));
      expect(a.totals.sales_total).toBe(
        cents(counted.map((id) => value('sale.order', id, 'amount_untaxed') as number)),
      );
      expect(a.totals.expected_margin).toBe(cents(counted.map((id) => value('sale.order', id, 'margin') as number)));
      for (const s of a.sales) {
        expect(s.state).toBe(state(s.id));
        expect(s.counts).toBe(counted.includes(s.id));
        expect(s.amount_untaxed).toBe(value('sale.order', s.id, 'amount_untaxed'));
      }
      const complete =
        counted.length > 0 &&
        entries.length > 0 &&
        counted.every((id) => value('sale.order', id, 'invoice_status') === 'invoiced');
      expect(a.date_completed).toBe(
        complete
          ? entries
              .map((e) => e.date)
              .sort()
              .at(-1)
          : null,
      );
    }
  }

  beforeAll(async () => {
    sim = await startOdooSim({ version });
    erp = connect({ reportPageSize: 500 });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('companies', async () => {
    const companies = await erp.companies();
    expect(companies).toEqual(
      all('res.company')
        .filter((c) => c.active !== false)
        .map((c) => ({ odooId: c.id, name: c.name }))
        .sort((a, b) => a.odooId - b.odooId),
    );
    expect(companies.map((c) => c.odooId)).toEqual([1, 4]);
  });

  it('analytic accounts, posted entries: lines of every plan column, sales by distribution, totals', async () => {
    const report = await erp.analyticAccounts({ entryStatus: 'posted', accountingDate: '2100-01-01' });
    checkAnalytic(report, 'posted', '2100-01-01');
    // the data exercises every branch
    expect(report.filter((a) => a.invoiced.length > 0).length).toBeGreaterThan(5);
    expect(report.filter((a) => a.expensed.length > 0).length).toBeGreaterThan(5);
    expect(report.filter((a) => a.sales.some((s) => !s.counts)).length).toBeGreaterThan(0);
    expect(report.filter((a) => a.date_completed !== null).length).toBeGreaterThan(0);
    expect(report.filter((a) => a.reference?.startsWith('DEP-') && a.expensed.length > 0).length).toBeGreaterThan(0);
    expect(report.every((a) => a.expensed.every((e) => e.posted && e.account !== null))).toBe(true);
    // Account codes are per company in Odoo: each entry shows its general account's code in the entry's company.
    const entries = report.flatMap((a) => [...a.invoiced, ...a.expensed]);
    const companyOf = new Map(all('account.analytic.line').map((l) => [l.id as number, l.company_id as number]));
    expect(new Set(entries.map((e) => companyOf.get(e.id))).size).toBeGreaterThan(1);
    for (const e of entries.filter((x) => x.account !== null)) {
      const stored = sim.store.get('account.account', e.account!.id)!;
      const codes = stored.code as Record<string, string> | string;
      const want = typeof codes === 'string' ? codes : codes[String(companyOf.get(e.id))];
      expect(e.account!.code, `entry ${e.id} (company ${companyOf.get(e.id)})`).toBe(want);
    }
  });

  it('analytic accounts, unposted and both, up to an accounting date', async () => {
    const dates = all('account.analytic.line')
      .map((l) => String(l.date))
      .sort();
    const mid = dates[Math.floor(dates.length / 2)]!;
    const unposted = await erp.analyticAccounts({ entryStatus: 'unposted', accountingDate: '2100-01-01' });
    checkAnalytic(unposted, 'unposted', '2100-01-01');
    expect(unposted.some((a) => a.invoiced.length + a.expensed.length > 0)).toBe(true);
    const both = await erp.analyticAccounts({ entryStatus: 'both', accountingDate: mid });
    checkAnalytic(both, 'both', mid);
    const posted = await erp.analyticAccounts({ entryStatus: 'posted', accountingDate: mid });
    const count = (r: AnalyticAccountReport[]) => r.reduce((s, a) => s + a.invoiced.length + a.expensed.length, 0);
    const all2100 = await erp.analyticAccounts({ entryStatus: 'posted', accountingDate: '2100-01-01' });
    expect(count(posted)).toBeLessThan(count(all2100));
    expect(count(both)).toBeGreaterThan(count(posted));
  });

  it('analytic summary: summed by Odoo (read_group / formatted_read_group), equal to the detailed report', async () => {
    const dates = all('account.analytic.line')
      .map((l) => String(l.date))
      .sort();
    const mid = dates[Math.floor(dates.length / 2)]!;
    for (const [entryStatus, accountingDate] of [
      ['posted', '2100-01-01'],
      ['both', mid],
      ['unposted', '2100-01-01'],
    ] as const) {
      const before = sim.calls.length;
      const summary = await erp.analyticSummary({ entryStatus, accountingDate });
      const calls = sim.calls.slice(before);
      const detailed = await erp.analyticAccounts({ entryStatus, accountingDate });
      expect(summary.map((a) => a.id)).toEqual(detailed.map((a) => a.id));
      for (const [i, a] of summary.entries()) {
        const d = detailed[i]!;
        expect(a.totals).toEqual(d.totals);
        expect(a.date_completed).toBe(d.date_completed);
        expect(a.sales).toEqual(d.sales);
        expect(a.entries).toBe(d.invoiced.length + d.expensed.length);
        expect(a.project_type).toBe(d.projects[0]!.type);
        expect([a.reference, a.customer, a.company, a.name]).toEqual([d.reference, d.customer, d.company, d.name]);
      }
      // the analytic lines are never read one by one
      expect(calls.filter((c) => c.model === 'account.analytic.line' && c.method === 'search_read')).toEqual([]);
      if (entryStatus !== 'unposted')
        expect(calls.map((c) => `${c.model}.${c.method}`)).toContain(
          `account.analytic.line.${version === 19 ? 'formatted_read_group' : 'read_group'}`,
        );
    }
  });

  it('journal items: pages cover every posted line of the company between the dates exactly once', async () => {
    const start = '2026-01-01';
    const end = '2026-09-30';
    for (const companyId of [1, 4]) {
      const expected = all('account.move.line')
        .filter((l) => {
          const m = sim.store.get('account.move', l.move_id as number)!;
          return m.state === 'posted' && m.company_id === companyId && m.date! >= start && m.date! <= end;
        })
        .map((l) => l.id)
        .sort((a, b) => a - b);
      expect(expected.length).toBeGreaterThan(companyId === 1 ? 500 : 50);
      const pages: ErpJournalItem[][] = [];
      const from = sim.calls.length;
      for await (const page of erp.journalItems({ startDate: start, endDate: end, companyId })) pages.push(page);
      const ids = pages.flat().map((i) => i.id);
      expect(ids).toEqual(expected); // ordered, each once
      expect(pages.length).toBe(Math.floor(expected.length / 500) + 1);
      expect(pages.slice(0, -1).every((p) => p.length === 500)).toBe(true);
      const lineCalls = sim.calls.slice(from).filter((c) => c.model === 'account.move.line');
      expect(lineCalls.length).toBeLessThanOrEqual(pages.length + 1);
      for (const item of pages.flat().filter((_, i) => i % 17 === 0)) {
        const l = sim.store.get('account.move.line', item.id)!;
        const move = sim.store.get('account.move', l.move_id as number)!;
        const acc = sim.store.get('account.account', l.account_id as number)!;
        expect(item.date).toBe(move.date);
        expect(item.move).toEqual({ id: move.id, name: move.name });
        // the account's code in the item's company (company-dependent: another company's account has none)
        const code = (acc.code as Record<string, string>)[String(companyId)];
        expect(code).toMatch(/^\d{6}$/);
        expect(item.account).toEqual({ id: acc.id, code, name: acc.name });
        expect(item.journal?.id).toBe(move.journal_id);
        expect(item.debit).toBe(l.debit);
        expect(item.credit).toBe(l.credit);
        expect(item.balance).toBe(Math.round(((l.debit as number) - (l.credit as number)) * 100) / 100);
        expect(item.label).toBe(l.name || '');
        expect(item.currency).toMatch(/^[A-Z]{3}$/);
        const dist = l.analytic_distribution as Record<string, number> | false;
        expect(item.analytic.map((d) => d.accountId)).toEqual(
          dist ? Object.keys(dist).flatMap((k) => k.split(',').map(Number)) : [],
        );
        for (const d of item.analytic)
          expect(d.name).toBe(sim.store.get('account.analytic.account', d.accountId)!.name);
      }
    }
    expect(
      (
        await (async () => {
          const out = [];
          for await (const p of erp.journalItems({ startDate: '1990-01-01', endDate: '1990-12-31', companyId: 1 }))
            out.push(p);
          return out;
        })()
      ).length,
    ).toBe(0);
  });

  it('stock by location: internal locations with their quants', async () => {
    const locations = await erp.stockByLocation();
    const internal = all('stock.location').filter((l) => l.usage === 'internal' && l.active !== false);
    expect(locations.map((l) => l.id).sort((a, b) => a - b)).toEqual(internal.map((l) => l.id).sort((a, b) => a - b));
    const quants = all('stock.quant');
    let seen = 0;
    for (const loc of locations) {
      expect(loc.usage).toBe('internal');
      expect(loc.complete_name).toBe(value('stock.location', loc.id, 'complete_name'));
      expect(loc.company_id?.id ?? null).toBe(m2oId(sim.store.get('stock.location', loc.id)!.company_id));
      const mine = quants.filter((q) => q.location_id === loc.id);
      expect(loc.quant_ids.map((q) => q.id).sort((a, b) => a - b)).toEqual(mine.map((q) => q.id).sort((a, b) => a - b));
      for (const q of loc.quant_ids) {
        const raw = sim.store.get('stock.quant', q.id)!;
        expect(q.product_id.id).toBe(raw.product_id);
        expect(q.lot_id?.id ?? null).toBe(m2oId(raw.lot_id));
        expect(q.quantity).toBe(raw.quantity);
        expect(q.reserved_quantity).toBe(raw.reserved_quantity ?? 0);
        expect(q.location_id.id).toBe(loc.id);
      }
      seen += loc.quant_ids.length;
    }
    expect(seen).toBeGreaterThan(20);
    expect(locations.some((l) => l.quant_ids.some((q) => q.lot_id !== null))).toBe(true);
  });

  it('stock by product: a row per product and company, with that company quantity, cost and quants', async () => {
    const products = await erp.stockByProduct();
    const companyOf = new Map(
      all('stock.location')
        .filter((l) => l.usage === 'internal')
        .map((l) => [l.id, l.company_id as number]),
    );
    const quants = all('stock.quant').filter((q) => companyOf.has(q.location_id as number));
    const rowKeys = [...new Set(quants.map((q) => `${q.product_id}:${companyOf.get(q.location_id as number)}`))].sort();
    expect(products.length).toBeGreaterThan(10);
    expect(products.map((p) => `${p.id}:${p.company?.id}`).sort()).toEqual(rowKeys);
    const inCompany = (id: number, company: number) =>
      sim.data.call('product.product', 'read', [[id], ['qty_available', 'standard_price']], {
        context: { allowed_company_ids: [company] },
      }) as { qty_available: number; standard_price: number }[];
    for (const p of products) {
      const company = p.company!.id;
      expect(p.company!.name).toBe(sim.store.get('res.company', company)!.name);
      const [odoo] = inCompany(p.id, company);
      // that company's cost (standard_price is company-dependent) and on-hand quantity
      expect(p.cost).toBe((sim.store.get('product.product', p.id)!.standard_price as Record<string, number>)[company]);
      expect(p.cost).toBeCloseTo(odoo!.standard_price, 4);
      expect(p.qty_available).toBe(odoo!.qty_available);
      expect(p.name).toBe(sim.data.read('product.product', [p.id], ['display_name'])[0]!.display_name);
      expect(p.category?.name).toBeTruthy();
      expect(p.stock_quant_ids.map((q) => q.id).sort((a, b) => a - b)).toEqual(
        quants
          .filter((q) => q.product_id === p.id && companyOf.get(q.location_id as number) === company)
          .map((q) => q.id)
          .sort((a, b) => a - b),
      );
      expect(p.qty_available).toBeCloseTo(
        p.stock_quant_ids.reduce((s, q) => s + q.quantity, 0),
        4,
      );
      expect(stockLiability(p)).toBe(Math.round(p.qty_available * p.cost * 100) / 100);
    }
    // products stocked by both companies: two rows, each at its company's cost
    const twice = products.filter((p) => products.some((o) => o.id === p.id && o.company?.id !== p.company?.id));
    expect(twice.length).toBeGreaterThan(2);
    expect(
      twice.some((p) => p.company?.id === 4 && products.find((o) => o.id === p.id && o !== p)!.cost !== p.cost),
    ).toBe(true);
    expect(totalLiability(products)).toBeGreaterThan(0);
  });

  it('on the wire: the company as allowed_company_ids, read_group arguments positionally on 18 (as the captures)', async () => {
    type Sent = { model: string; method: string; args: unknown[]; kwargs: Record<string, unknown> };
    const sent: Sent[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      if (url.endsWith('/jsonrpc') && body?.params?.method === 'execute_kw') {
        // 18: execute_kw(db, uid, key, model, method, args, kwargs); the context travels in kwargs
        const [, , , model, method, args, kwargs] = body.params.args;
        sent.push({ model, method, args, kwargs });
      } else if (url.includes('/json/2/')) {
        // 19: named arguments only; the context travels in the body
        const [model, method] = url.split('/json/2/')[1]!.split('/').map(decodeURIComponent) as [string, string];
        sent.push({ model, method, args: [], kwargs: body });
      }
      return realFetch(input, init);
    });
    const phase = { journal: 0, stock: 0 };
    try {
      const c = connect({ reportPageSize: 5000 });
      await c.analyticSummary({ entryStatus: 'posted', accountingDate: '2100-01-01' });
      phase.journal = sent.length;
      for await (const _ of c.journalItems({ startDate: '2026-01-01', endDate: '2026-12-31', companyId: 4 })) void _;
      phase.stock = sent.length;
      await c.stockByProduct();
    } finally {
      spy.mockRestore();
    }
    const of = (model: string, method: string, from = 0, to = sent.length) =>
      sent.slice(from, to).filter((x) => x.model === model && x.method === method);
    const domain = [['date', '<=', '2100-01-01']];
    if (version === 18) {
      // more/read_group_account_analytic_line_amount_by_account.json: [domain, fields, groupby], {lazy: false}
      const [g] = of('account.analytic.line', 'read_group');
      expect(g!.args.slice(0, 2)).toEqual([domain, ['amount:sum', 'date:max']]);
      expect(g!.args[2]).toEqual(expect.arrayContaining(['account_id', 'general_account_id']));
      expect(g!.args).toHaveLength(3);
      expect(g!.kwargs).toEqual({ lazy: false });
      expect(of('account.analytic.line', 'formatted_read_group')).toEqual([]);
    } else {
      const [g] = of('account.analytic.line', 'formatted_read_group');
      expect(g!.kwargs).toMatchObject({ domain, aggregates: ['amount:sum', 'date:max', '__count'] });
      expect(Object.keys(g!.kwargs).sort()).toEqual(['aggregates', 'domain', 'groupby']);
    }
    const company4 = { allowed_company_ids: [4] };
    const lines = of('account.move.line', 'search_read', phase.journal, phase.stock);
    const accounts = of('account.account', 'read', phase.journal, phase.stock);
    expect(lines.length).toBeGreaterThan(0);
    expect(accounts.length).toBeGreaterThan(0);
    for (const x of [...lines, ...accounts]) expect(x.kwargs.context).toEqual(company4);
    // stock by product: one product read per company of the quants, with that company alone
    const productReads = of('product.product', 'read', phase.stock).map((x) => x.kwargs.context);
    expect(productReads).toEqual(
      expect.arrayContaining([
        { active_test: false, allowed_company_ids: [1] },
        { active_test: false, allowed_company_ids: [4] },
      ]),
    );
    expect(productReads).toHaveLength(2);
  });

  it('an integration user without the analytic / accounting / inventory groups gets an access error', async () => {
    const attempt = async (fn: () => Promise<unknown>) => {
      const err = await fn().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ErpError);
      expect((err as ErpError).kind).toBe('access');
      return (err as ErpError).message;
    };
    try {
      sim.access.removeGroup('analytic');
      expect(
        await attempt(() => connect().analyticAccounts({ entryStatus: 'posted', accountingDate: '2100-01-01' })),
      ).toMatch(/\(account\.analytic\.(account|line)\)[\s\S]*analytic account report needs/);
      expect(
        await attempt(() => connect().analyticSummary({ entryStatus: 'posted', accountingDate: '2100-01-01' })),
      ).toMatch(/\(account\.analytic\.(account|line)\)[\s\S]*analytic account report needs/);
      sim.access.reset();
      sim.access.removeGroup('accounting_readonly');
      expect(
        await attempt(() => connect().analyticAccounts({ entryStatus: 'both', accountingDate: '2100-01-01' })),
      ).toMatch(/\(account\.(analytic\.line|move\.line|account)\)/);
      expect(
        await attempt(async () => {
          for await (const _ of connect().journalItems({
            startDate: '2026-01-01',
            endDate: '2026-12-31',
            companyId: 1,
          }))
            break;
        }),
      ).toMatch(/\(account\.move\.line\)[\s\S]*journal items export needs/);
      sim.access.reset();
      sim.access.removeGroup('stock');
      expect(await attempt(() => connect().stockByLocation())).toMatch(/\(stock\.(location|quant)\)[\s\S]*Inventory/);
      expect(await attempt(() => connect().stockByProduct())).toMatch(/\(stock\.quant\)/);
      sim.access.reset();
      // a field the report cannot do without, hidden from the user, is named
      sim.access.restrictFields('sale.order.line', ['analytic_distribution'], 'Analytic Accounting');
      expect(
        await attempt(() => connect().analyticAccounts({ entryStatus: 'posted', accountingDate: '2100-01-01' })),
      ).toMatch(/sale\.order\.line\.analytic_distribution/);
    } finally {
      sim.access.reset();
    }
  });

  it('rejects bad report arguments before calling the ERP', async () => {
    await expect(erp.analyticAccounts({ entryStatus: 'posted', accountingDate: '21/11/2026' })).rejects.toThrow(
      RangeError,
    );
    await expect(
      erp.analyticAccounts({ entryStatus: 'all' as ErpEntryStatus, accountingDate: '2026-11-21' }),
    ).rejects.toThrow(RangeError);
    const it = erp.journalItems({ startDate: '2026-01-01', endDate: 'x', companyId: 1 })[Symbol.asyncIterator]();
    await expect(it.next()).rejects.toThrow(RangeError);
  });
});
