// Pure report logic over plain inputs (the connector reads Odoo and normalises; these functions aggregate), so
// the report routes and the xlsx writer only wire them (docs/product/erp-mapping.md#reports).
import type {
  AnalyticAccountReport,
  AnalyticEntry,
  AnalyticSale,
  AnalyticSummaryRow,
  AnalyticTotals,
  ErpIdName,
  ErpJournalItem,
  ErpSaleState,
  ErpStockEntry,
  ErpStockLocation,
  ErpStockProduct,
} from './erp.types.js';
import { decimalString, num, ref, str } from './mapping.js';

/** Half-up to cents, exact (see decimalString). */
export const round2 = (x: number): number => Number(decimalString(x, 2));
/** Half-up to 4 decimals (quantities, unit costs). */
export const round4 = (x: number): number => Number(decimalString(x, 4));

/** Sum of amounts in cents, so that many 2-decimal amounts add up without float drift. */
export function sum2(values: Iterable<number>): number {
  let cents = 0;
  for (const v of values) cents += Math.round(v * 100);
  return cents / 100;
}

const pct = (part: number, whole: number) => (whole === 0 ? 0 : round2((part / whole) * 100));

export const idName = (v: unknown): ErpIdName | null => {
  const r = ref(v);
  return r ? { id: r.odooId, name: r.name } : null;
};

// ---- analytic distribution ---------------------------------------------------------------------------------

/**
 * Odoo's analytic_distribution {"12": 100, "12,34": 40}: a key names one account per plan, the value is the
 * percentage. One row per account of a key (a key naming two accounts gives each the key's percentage).
 */
export function distributionAccounts(dist: unknown): { accountId: number; percent: number }[] {
  if (!dist || typeof dist !== 'object' || Array.isArray(dist)) return [];
  const out: { accountId: number; percent: number }[] = [];
  for (const [key, value] of Object.entries(dist as Record<string, unknown>)) {
    const percent = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(percent)) continue;
    for (const part of key.split(',')) {
      const accountId = Number(part);
      if (Number.isInteger(accountId) && accountId > 0) out.push({ accountId, percent });
    }
  }
  return out;
}

/** The analytic amount Odoo posts for a journal item's balance and a percentage (income positive, costs negative). */
export const analyticAmount = (balance: number, percent: number): number => round2((-balance * percent) / 100);

// ---- analytic account summary ------------------------------------------------------------------------------

export interface AnalyticAccountInput {
  id: number;
  name: string;
  code: string | null;
  active: boolean;
  /** plan (project type) name */
  plan: string;
  partner: ErpIdName | null;
  company: ErpIdName | null;
}

/** One entry for one analytic account (an analytic line naming accounts of several plans gives several). */
export interface AnalyticEntryInput extends AnalyticEntry {
  accountId: number;
  /** the general account is an income account (true), another account (false), or unknown/none (null) */
  income: boolean | null;
}

export interface AnalyticSaleInput {
  id: number;
  name: string;
  client_order_ref: string | null;
  date_order: string | null;
  state: ErpSaleState;
  amount_untaxed: number;
  margin: number | null;
  invoice_status: string | null;
  /** the analytic accounts the order's lines (or, Odoo ≤ 16, the order) name */
  accountIds: number[];
}

export interface AnalyticReportInput {
  accounts: AnalyticAccountInput[];
  entries: AnalyticEntryInput[];
  sales: AnalyticSaleInput[];
  /** 'YYYY-MM-DD': later entries are left out */
  accountingDate: string;
}

/** Income accounts make the invoiced column; any other account is a cost; without one, the sign decides. */
export const isInvoiced = (e: Pick<AnalyticEntryInput, 'income' | 'balance'>): boolean =>
  e.income === null ? e.balance > 0 : e.income;

export const countsInTotals = (state: ErpSaleState): boolean => state === 'sale' || state === 'done';

export function analyticSale(s: AnalyticSaleInput): AnalyticSale {
  const margin = s.margin;
  return {
    id: s.id,
    name: s.name,
    client_order_ref: s.client_order_ref,
    date_order: s.date_order,
    state: s.state,
    amount_untaxed: round2(s.amount_untaxed),
    margin: margin === null ? null : round2(margin),
    total_cost: margin === null ? 0 : round2(s.amount_untaxed - margin),
    margin_percent: margin === null ? 0 : pct(margin, s.amount_untaxed),
    invoice_status: s.invoice_status,
    counts: countsInTotals(s.state),
  };
}

export function analyticTotals(sales: AnalyticSale[], expensed: AnalyticEntry[], invoiced: AnalyticEntry[]) {
  return analyticTotalsOf(sales, sum2(expensed.map((e) => e.balance)), sum2(invoiced.map((e) => e.balance)));
}

/** The totals from the summed balances of the cost entries (negative for costs) and the income entries. */
export function analyticTotalsOf(sales: AnalyticSale[], expensedBalance: number, invoicedBalance: number) {
  const counted = sales.filter((s) => s.counts);
  const salesTotal = sum2(counted.map((s) => s.amount_untaxed));
  const expectedMargin = sum2(counted.map((s) => s.margin ?? 0));
  const currentCosts = -round2(expensedBalance) || 0;
  const currentInvoiced = round2(invoicedBalance);
  const currentMargin = sum2([currentInvoiced, -currentCosts]);
  const totals: AnalyticTotals = {
    sales_total: salesTotal,
    expected_margin: expectedMargin,
    expected_margin_percent: pct(expectedMargin, salesTotal),
    expected_total_costs: sum2([salesTotal, -expectedMargin]),
    current_costs: currentCosts,
    current_invoiced: currentInvoiced,
    current_margin: currentMargin,
    current_margin_percent: pct(currentMargin, currentInvoiced),
  };
  return totals;
}

/**
 * Date Completed: the date of the last entry once every linked confirmed (sale/done) order is fully invoiced;
 * null while one is not, when there is no confirmed order, or when there is no entry.
 */
export function dateCompleted(sales: AnalyticSale[], entries: AnalyticEntry[]): string | null {
  if (entries.length === 0) return null;
  return dateCompletedOf(
    sales,
    entries.reduce((max, e) => (e.date > max ? e.date : max), entries[0]!.date),
  );
}

/** dateCompleted from the date of the last entry (null: no entry). */
export function dateCompletedOf(sales: AnalyticSale[], lastEntry: string | null): string | null {
  const confirmed = sales.filter((s) => s.counts);
  if (confirmed.length === 0 || !lastEntry) return null;
  if (!confirmed.every((s) => s.invoice_status === 'invoiced')) return null;
  return lastEntry;
}

const byDateId = (a: { date: string; id: number }, b: { date: string; id: number }) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id;

export function buildAnalyticReport(input: AnalyticReportInput): AnalyticAccountReport[] {
  const entriesByAccount = new Map<number, AnalyticEntryInput[]>();
  for (const e of input.entries) {
    if (e.date > input.accountingDate) continue;
    const list = entriesByAccount.get(e.accountId) ?? [];
    list.push(e);
    entriesByAccount.set(e.accountId, list);
  }
  const salesByAccount = new Map<number, AnalyticSale[]>();
  for (const s of input.sales) {
    const sale = analyticSale(s);
    for (const a of new Set(s.accountIds)) {
      const list = salesByAccount.get(a) ?? [];
      list.push(sale);
      salesByAccount.set(a, list);
    }
  }
  return input.accounts.map((a) => {
    const entries = (entriesByAccount.get(a.id) ?? []).sort(byDateId);
    const strip = ({ accountId: _a, income: _i, ...e }: AnalyticEntryInput): AnalyticEntry => e;
    const expensed = entries.filter((e) => !isInvoiced(e)).map(strip);
    const invoiced = entries.filter(isInvoiced).map(strip);
    const sales = (salesByAccount.get(a.id) ?? []).sort(
      (x, y) => (x.date_order ?? '').localeCompare(y.date_order ?? '') || x.id - y.id,
    );
    const debit = -sum2(entries.filter((e) => e.balance < 0).map((e) => e.balance)) || 0;
    const credit = sum2(entries.filter((e) => e.balance > 0).map((e) => e.balance));
    return {
      id: a.id,
      name: a.name,
      reference: a.code,
      active: a.active,
      date_completed: dateCompleted(sales, entries),
      customer: a.partner,
      company: a.company,
      projects: [{ type: a.plan, name: a.name, debit, credit, balance: sum2([credit, -debit]) }],
      sales,
      expensed,
      invoiced,
      totals: analyticTotals(sales, expensed, invoiced),
    };
  });
}

// ---- analytic summary (aggregated by Odoo) ------------------------------------------------------------------

/** One group of entries of one account: the sum of their amounts, their last date and their count. */
export interface AnalyticSums {
  accountId: number;
  /** the group's general account is an income account (true), another one (false) */
  income: boolean;
  amount: number;
  lastDate: string | null;
  count: number;
}

export interface AnalyticSummaryInput {
  accounts: AnalyticAccountInput[];
  sums: AnalyticSums[];
  sales: AnalyticSaleInput[];
}

export function buildAnalyticSummary(input: AnalyticSummaryInput): AnalyticSummaryRow[] {
  const sumsByAccount = groupBy(input.sums, (s) => s.accountId);
  const salesByAccount = new Map<number, AnalyticSale[]>();
  for (const s of input.sales) {
    const sale = analyticSale(s);
    for (const a of new Set(s.accountIds)) {
      const list = salesByAccount.get(a) ?? [];
      list.push(sale);
      salesByAccount.set(a, list);
    }
  }
  return input.accounts.map((a) => {
    const sums = sumsByAccount.get(a.id) ?? [];
    const sales = (salesByAccount.get(a.id) ?? []).sort(
      (x, y) => (x.date_order ?? '').localeCompare(y.date_order ?? '') || x.id - y.id,
    );
    let lastDate: string | null = null;
    for (const g of sums) if (g.lastDate && (!lastDate || g.lastDate > lastDate)) lastDate = g.lastDate;
    return {
      id: a.id,
      name: a.name,
      reference: a.code,
      active: a.active,
      customer: a.partner,
      company: a.company,
      project_type: a.plan,
      date_completed: dateCompletedOf(sales, lastDate),
      entries: sums.reduce((n, g) => n + g.count, 0),
      sales,
      totals: analyticTotalsOf(
        sales,
        sum2(sums.filter((g) => !g.income).map((g) => g.amount)),
        sum2(sums.filter((g) => g.income).map((g) => g.amount)),
      ),
    };
  });
}

// ---- journal items -----------------------------------------------------------------------------------------

export interface AccountInfo {
  code: string;
  name: string;
}

/** account.move.line row (search_read) → export row; account codes and analytic names come from batch reads. */
export function journalItem(
  row: Record<string, unknown>,
  accounts: ReadonlyMap<number, AccountInfo>,
  analyticNames: ReadonlyMap<number, string>,
): ErpJournalItem {
  const move = idName(row.move_id);
  const acc = idName(row.account_id);
  const info = acc ? accounts.get(acc.id) : undefined;
  const currency = ref(row.currency_id);
  return {
    id: row.id as number,
    date: str(row.date) ?? '',
    move: { id: move?.id ?? 0, name: str(row.move_name) ?? move?.name ?? '' },
    journal: idName(row.journal_id),
    account: acc ? { id: acc.id, code: info?.code ?? '', name: info?.name ?? acc.name } : null,
    partner: idName(row.partner_id),
    label: str(row.name) ?? '',
    reference: str(row.ref),
    debit: round2(num(row.debit) ?? 0),
    credit: round2(num(row.credit) ?? 0),
    balance: round2(num(row.balance) ?? (num(row.debit) ?? 0) - (num(row.credit) ?? 0)),
    amountCurrency: round2(num(row.amount_currency) ?? 0),
    currency: currency ? currency.name || null : null,
    analytic: distributionAccounts(row.analytic_distribution).map((d) => ({
      accountId: d.accountId,
      name: analyticNames.get(d.accountId) ?? '',
      percent: d.percent,
    })),
  };
}

// ---- stock -------------------------------------------------------------------------------------------------

/** stock.quant row → Stock entry; null when the row lacks its product or location. */
export function stockEntry(row: Record<string, unknown>): ErpStockEntry | null {
  const product = idName(row.product_id);
  const location = idName(row.location_id);
  if (!product || !location) return null;
  return {
    id: row.id as number,
    product_id: product,
    lot_id: idName(row.lot_id),
    location_id: location,
    reserved_quantity: round4(num(row.reserved_quantity) ?? 0),
    quantity: round4(num(row.quantity) ?? 0),
  };
}

export function groupBy<T>(items: T[], key: (t: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const t of items) {
    const k = key(t);
    const list = out.get(k);
    if (list) list.push(t);
    else out.set(k, [t]);
  }
  return out;
}

/** Stock Qty of a location: the sum of its quants' on-hand quantities. */
export const locationStockQty = (loc: Pick<ErpStockLocation, 'quant_ids'>): number =>
  round4(loc.quant_ids.reduce((s, q) => s + q.quantity, 0));

/** Total Liability of a product: on-hand quantity × unit cost, to the cent. */
export const stockLiability = (p: Pick<ErpStockProduct, 'qty_available' | 'cost'>): number =>
  round2(p.qty_available * p.cost);

/** The header figure of the Stock by Product screen. */
export const totalLiability = (products: Pick<ErpStockProduct, 'qty_available' | 'cost'>[]): number =>
  sum2(products.map(stockLiability));
