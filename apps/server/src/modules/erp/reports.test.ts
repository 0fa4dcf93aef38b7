import { describe, expect, it } from 'vitest';
import { isOutcomeUnknown } from './connector.js';
import { ErpError } from './erp.errors.js';
import {
  type AnalyticAccountInput,
  type AnalyticEntryInput,
  type AnalyticSaleInput,
  analyticAmount,
  buildAnalyticReport,
  distributionAccounts,
  journalItem,
  locationStockQty,
  stockEntry,
  stockLiability,
  sum2,
  totalLiability,
} from './reports.js';

const account = (id: number, over: Partial<AnalyticAccountInput> = {}): AnalyticAccountInput => ({
  id,
  name: `Account ${id}`,
  code: `PRJ-${id}`,
  active: true,
  plan: 'Installation Projects',
  partner: { id: 50 + id, name: `Customer ${id}` },
  company: null,
  ...over,
});

let nextEntry = 1;
const entry = (accountId: number, date: string, balance: number, income: boolean | null): AnalyticEntryInput => ({
  id: nextEntry++,
  source: 'analytic_line',
  posted: true,
  date,
  name: 'x',
  partner: null,
  product: null,
  account: null,
  balance,
  accountId,
  income,
});

const order = (id: number, over: Partial<AnalyticSaleInput>): AnalyticSaleInput => ({
  id,
  name: `S${id}`,
  client_order_ref: null,
  date_order: `2026-0${id}-01T10:00:00Z`,
  state: 'sale',
  amount_untaxed: 1000,
  margin: 250,
  invoice_status: 'invoiced',
  accountIds: [1],
  ...over,
});

describe('buildAnalyticReport', () => {
  it('splits entries, sums only sale/done orders, computes margins and Date Completed', () => {
    const [report] = buildAnalyticReport({
      accounts: [account(1)],
      accountingDate: '2026-06-30',
      entries: [
        entry(1, '2026-02-01', 600, true), // invoice
        entry(1, '2026-03-01', -100.1, false), // bill
        entry(1, '2026-03-05', 20, false), // vendor refund: reduces costs
        entry(1, '2026-04-01', -50, null), // timesheet (no general account): a cost by its sign
        entry(1, '2026-05-01', -30, true), // credit note: reduces invoiced
        entry(1, '2026-07-01', -999, false), // after the accounting date
        entry(2, '2026-02-01', 5, true), // another account
      ],
      sales: [
        order(1, {}),
        order(2, { state: 'done', amount_untaxed: 500.55, margin: 100.1 }),
        order(3, { state: 'draft', amount_untaxed: 9999, margin: 1, invoice_status: 'no' }),
        order(4, { state: 'cancel', amount_untaxed: 7777, margin: 1, invoice_status: 'no' }),
      ],
    });
    expect(report!.invoiced.map((e) => e.balance)).toEqual([600, -30]);
    expect(report!.expensed.map((e) => e.balance)).toEqual([-100.1, 20, -50]);
    expect(report!.totals).toEqual({
      sales_total: 1500.55,
      expected_margin: 350.1,
      expected_margin_percent: 23.33,
      expected_total_costs: 1150.45,
      current_costs: 130.1,
      current_invoiced: 570,
      current_margin: 439.9,
      current_margin_percent: 77.18,
    });
    expect(report!.projects).toEqual([
      { type: 'Installation Projects', name: 'Account 1', debit: 180.1, credit: 620, balance: 439.9 },
    ]);
    expect(report!.sales.map((s) => [s.id, s.counts])).toEqual([
      [1, true],
      [2, true],
      [3, false],
      [4, false],
    ]);
    expect(report!.sales[1]).toMatchObject({ total_cost: 400.45, margin_percent: 20 });
    expect(report!.date_completed).toBe('2026-05-01');
    expect(report!.reference).toBe('PRJ-1');
    expect(report!.customer).toEqual({ id: 51, name: 'Customer 1' });
    expect(report!.invoiced[0]).not.toHaveProperty('accountId');
  });

  it('Date Completed stays empty while a confirmed order is not fully invoiced, or without one', () => {
    const base = { accounts: [account(1)], accountingDate: '2026-12-31', entries: [entry(1, '2026-02-01', 10, true)] };
    expect(
      buildAnalyticReport({ ...base, sales: [order(1, {}), order(2, { invoice_status: 'to invoice' })] })[0]!
        .date_completed,
    ).toBeNull();
    expect(buildAnalyticReport({ ...base, sales: [order(1, { state: 'draft' })] })[0]!.date_completed).toBeNull();
    expect(buildAnalyticReport({ ...base, entries: [], sales: [order(1, {})] })[0]!.date_completed).toBeNull();
    // a draft order not invoiced does not hold it back
    expect(
      buildAnalyticReport({ ...base, sales: [order(1, {}), order(2, { state: 'draft', invoice_status: 'no' })] })[0]!
        .date_completed,
    ).toBe('2026-02-01');
  });

  it('an account without entries or sales has zero totals; margin null without sale_margin', () => {
    const [empty, noMargin] = buildAnalyticReport({
      accounts: [account(1), account(2, { partner: null, code: null })],
      accountingDate: '2026-12-31',
      entries: [],
      sales: [order(1, { accountIds: [2], margin: null })],
    });
    expect(empty!.totals).toEqual({
      sales_total: 0,
      expected_margin: 0,
      expected_margin_percent: 0,
      expected_total_costs: 0,
      current_costs: 0,
      current_invoiced: 0,
      current_margin: 0,
      current_margin_percent: 0,
    });
    expect(Object.is(empty!.totals.current_costs, -0)).toBe(false);
    expect(noMargin!.sales[0]).toMatchObject({ margin: null, total_cost: 0, margin_percent: 0 });
    expect(noMargin!.totals.sales_total).toBe(1000);
  });
});

describe('analytic helpers', () => {
  it('reads distributions (a key may name one account per plan)', () => {
    expect(distributionAccounts({ '12': 100 })).toEqual([{ accountId: 12, percent: 100 }]);
    // (JS lists integer-like keys first)
    expect(distributionAccounts({ '12,34': 40, '5': 60 })).toEqual([
      { accountId: 5, percent: 60 },
      { accountId: 12, percent: 40 },
      { accountId: 34, percent: 40 },
    ]);
    expect(distributionAccounts(false)).toEqual([]);
    expect(distributionAccounts({ x: 1 })).toEqual([]);
  });

  it('the analytic amount of a journal item is −balance × percent', () => {
    expect(analyticAmount(-1000, 100)).toBe(1000); // income (credit)
    expect(analyticAmount(333.33, 60)).toBe(-200); // cost (debit), rounded half-up
    expect(analyticAmount(0.05, 50)).toBe(-0.03);
  });

  it('sums cents without float drift', () => {
    expect(sum2([0.1, 0.2])).toBe(0.3);
    expect(sum2(Array(10).fill(0.1))).toBe(1);
  });
});

describe('journal items', () => {
  it('maps a row with account code and analytic names from the batch reads', () => {
    const item = journalItem(
      {
        id: 9,
        date: '2026-03-01',
        move_id: [4, 'INV/2026/00001'],
        move_name: 'INV/2026/00001',
        journal_id: [1, 'Customer Invoices'],
        account_id: [33, 'Product Sales'],
        partner_id: false,
        name: '=SUM(A1)',
        ref: false,
        debit: 0,
        credit: 100.5,
        balance: -100.5,
        amount_currency: -100.5,
        currency_id: [1, 'USD'],
        analytic_distribution: { '7,8': 100 },
      },
      new Map([[33, { code: '400000', name: 'Product Sales' }]]),
      new Map([
        [7, 'Project'],
        [8, 'Sales'],
      ]),
    );
    expect(item).toEqual({
      id: 9,
      date: '2026-03-01',
      move: { id: 4, name: 'INV/2026/00001' },
      journal: { id: 1, name: 'Customer Invoices' },
      account: { id: 33, code: '400000', name: 'Product Sales' },
      partner: null,
      label: '=SUM(A1)', // the xlsx writer escapes formulas
      reference: null,
      debit: 0,
      credit: 100.5,
      balance: -100.5,
      amountCurrency: -100.5,
      currency: 'USD',
      analytic: [
        { accountId: 7, name: 'Project', percent: 100 },
        { accountId: 8, name: 'Sales', percent: 100 },
      ],
    });
  });
});

describe('stock', () => {
  it('quants, Stock Qty and liability', () => {
    const q = stockEntry({
      id: 1,
      product_id: [5, 'Desk'],
      lot_id: false,
      location_id: [8, 'WH/Stock'],
      reserved_quantity: 1,
      quantity: 2.33335,
    });
    expect(q).toEqual({
      id: 1,
      product_id: { id: 5, name: 'Desk' },
      lot_id: null,
      location_id: { id: 8, name: 'WH/Stock' },
      reserved_quantity: 1,
      quantity: 2.3334,
    });
    expect(stockEntry({ id: 2, product_id: false, location_id: [8, 'x'] })).toBeNull();
    expect(locationStockQty({ quant_ids: [q!, { ...q!, quantity: -0.3334 }] })).toBe(2);
    expect(stockLiability({ qty_available: 3, cost: 12.3456 })).toBe(37.04);
    expect(
      totalLiability([
        { qty_available: 3, cost: 12.3456 },
        { qty_available: 0.1, cost: 0.2 },
      ]),
    ).toBe(37.06);
  });
});

describe('isOutcomeUnknown', () => {
  it('lost answers are unknown; Odoo refusals are not', () => {
    expect(isOutcomeUnknown(new ErpError('timeout', 'x'))).toBe(true);
    expect(isOutcomeUnknown(new ErpError('unreachable', 'x'))).toBe(true);
    expect(isOutcomeUnknown(new ErpError('unknown', 'x', { httpStatus: 502 }))).toBe(true);
    expect(isOutcomeUnknown(new ErpError('protocol', 'not json', { httpStatus: 200 }))).toBe(true);
    expect(isOutcomeUnknown(new ErpError('protocol', 'redirect', { httpStatus: 303 }))).toBe(false);
    expect(isOutcomeUnknown(new ErpError('unknown', 'x', { httpStatus: 500, odooName: 'builtins.ValueError' }))).toBe(
      false,
    );
    expect(isOutcomeUnknown(new ErpError('validation', 'x', { odooName: 'odoo.exceptions.UserError' }))).toBe(false);
    expect(isOutcomeUnknown(new Error('x'))).toBe(false);
  });
});
