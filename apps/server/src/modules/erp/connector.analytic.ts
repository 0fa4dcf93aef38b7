// The analytic account reports (docs/product/erp-mapping.md "Reports", docs/decisions/0013-reports.md): the full
// report with its entry lists (analyticAccounts) and the summary summed by Odoo (analyticSummary). Both start from
// the same set-up (analyticSetup: the plan columns, the accounts, how orders name them) and end with the same
// linked sales; the figures are built by the pure part (reports.ts).

import {
  forReport,
  ISO_DATE,
  NO_ARCHIVE_FILTER,
  type OdooSession,
  type Row,
  requireFields,
  type Schema,
} from './connector.session.js';
import { erpErrors } from './erp.errors.js';
import type { AnalyticAccountReport, AnalyticAccountsQuery, AnalyticSummaryRow, ErpConnector } from './erp.types.js';
import { asRows, isoDatetime, num, refId, refName, saleState, str } from './mapping.js';
import {
  type AnalyticAccountInput,
  type AnalyticEntryInput,
  type AnalyticSaleInput,
  type AnalyticSums,
  analyticAmount,
  buildAnalyticReport,
  buildAnalyticSummary,
  distributionAccounts,
  idName,
  round2,
} from './reports.js';

const ANALYTIC_NEEDS =
  'the analytic account report needs read access to analytic accounts, analytic lines, journal items, accounts and sale order lines: groups Analytic Accounting and Accounting / Read-only or better';

export function analyticReads(s: OdooSession): Pick<ErpConnector, 'analyticAccounts' | 'analyticSummary'> {
  return {
    analyticAccounts: (q) => analyticReport(s, q, [], (a) => accountsReport(s, q, a)),
    analyticSummary: (q) =>
      analyticReport(s, q, ['general_account_id', 'amount', 'date'], (a) => summaryReport(s, q, a)),
  };
}

/** What both analytic reports start from. */
interface AnalyticSetup {
  aal: Schema;
  so: Schema;
  sol: Schema;
  /** the account.analytic.line columns naming an analytic account: account_id and x_plan<N>_id */
  columns: string[];
  /** sale.order's own analytic account field (Odoo ≤ 16), else null: the lines' analytic_distribution */
  orderAccountField: string | null;
  /** every analytic account, archived included, by id */
  accounts: AnalyticAccountInput[];
  accountIds: number[];
  known: Set<number>;
}

/**
 * Checks the query, reads what both reports need (fields_get of the models, the analytic accounts) and runs the
 * report's own part, with access errors naming what the report needs. `lineFields`: the account.analytic.line
 * fields the report cannot do without (besides an account column).
 */
async function analyticReport<T>(
  s: OdooSession,
  q: AnalyticAccountsQuery,
  lineFields: string[],
  report: (a: AnalyticSetup) => Promise<T>,
): Promise<T> {
  if (!ISO_DATE.test(q.accountingDate)) throw new RangeError('accountingDate must be YYYY-MM-DD');
  if (!['posted', 'unposted', 'both'].includes(q.entryStatus))
    throw new RangeError('entryStatus must be posted, unposted or both');
  return forReport(ANALYTIC_NEEDS, async () => {
    const [aal, so, sol] = await Promise.all([
      s.schema('account.analytic.line'),
      s.schema('sale.order'),
      s.schema('sale.order.line'),
    ]);
    // Accounts of the 1st plan are in account_id, of the others in x_plan<N>_id (one column per root plan).
    const columns = Object.entries(aal)
      .filter(
        ([name, f]) =>
          f.type === 'many2one' &&
          f.relation === 'account.analytic.account' &&
          (name === 'account_id' || /^x_plan\d+_id$/.test(name)),
      )
      .map(([name]) => name);
    if (!columns.includes('account_id')) requireFields('account.analytic.line', aal, ['account_id']);
    if (lineFields.length) requireFields('account.analytic.line', aal, lineFields);
    const orderAccountField = 'analytic_account_id' in so ? 'analytic_account_id' : null;
    if (!orderAccountField) requireFields('sale.order.line', sol, ['analytic_distribution']);

    const accountRows = await s.searchRead(
      'account.analytic.account',
      [],
      ['name', 'code', 'active', 'plan_id', 'partner_id', 'company_id'],
      { order: 'id asc', context: NO_ARCHIVE_FILTER },
    );
    const accountIds = accountRows.map((r) => r.id as number);
    const accounts = accountRows.map((r) => ({
      id: r.id as number,
      name: str(r.name) ?? '',
      code: str(r.code),
      active: r.active !== false,
      plan: refName(r.plan_id) ?? '',
      partner: idName(r.partner_id),
      company: idName(r.company_id),
    }));
    return report({ aal, so, sol, columns, orderAccountField, accounts, accountIds, known: new Set(accountIds) });
  });
}

/**
 * Unposted entries: draft journal items up to the date whose analytic_distribution names an account (a draft entry
 * has no analytic lines yet), a share per known account, split as Odoo will post them. Read only when the query
 * asks for unposted entries.
 */
async function draftShares(
  s: OdooSession,
  q: AnalyticAccountsQuery,
  a: AnalyticSetup,
  fields: string[],
): Promise<{ item: Row; accountId: number; amount: number }[]> {
  if (q.entryStatus === 'posted' || a.accountIds.length === 0) return [];
  const items = await s.searchAll(
    'account.move.line',
    [
      ['parent_state', '=', 'draft'],
      ['date', '<=', q.accountingDate],
      ['analytic_distribution', 'in', a.accountIds],
    ],
    fields,
  );
  const out: { item: Row; accountId: number; amount: number }[] = [];
  for (const l of items) {
    const balance = (num(l.debit) ?? 0) - (num(l.credit) ?? 0);
    for (const d of distributionAccounts(l.analytic_distribution)) {
      if (!a.known.has(d.accountId)) continue;
      out.push({ item: l, accountId: d.accountId, amount: analyticAmount(balance, d.percent) });
    }
  }
  return out;
}

/** Orders whose lines' analytic_distribution names one of the accounts (≤ 16: the order's account). */
async function linkedSales(s: OdooSession, a: AnalyticSetup): Promise<AnalyticSaleInput[]> {
  const { accountIds, known, so, sol, orderAccountField } = a;
  const orderAccounts = new Map<number, Set<number>>();
  const link = (order: number | null, account: number) => {
    if (order === null || !known.has(account)) return;
    const set = orderAccounts.get(order) ?? new Set<number>();
    set.add(account);
    orderAccounts.set(order, set);
  };
  if (accountIds.length > 0) {
    if ('analytic_distribution' in sol)
      for (const l of await s.searchAll(
        'sale.order.line',
        [['analytic_distribution', 'in', accountIds]],
        ['order_id', 'analytic_distribution'],
      ))
        for (const d of distributionAccounts(l.analytic_distribution)) link(refId(l.order_id), d.accountId);
    if (orderAccountField)
      for (const r of await s.searchAll('sale.order', [[orderAccountField, 'in', accountIds]], [orderAccountField]))
        link(r.id as number, refId(r[orderAccountField]) ?? 0);
  }
  const orderFields = ['name', 'client_order_ref', 'date_order', 'state', 'amount_untaxed'];
  for (const f of ['locked', 'margin', 'invoice_status']) if (f in so) orderFields.push(f);
  return (await s.readIds('sale.order', [...orderAccounts.keys()], orderFields)).map((r) => ({
    id: r.id as number,
    name: str(r.name) ?? '',
    client_order_ref: str(r.client_order_ref),
    date_order: isoDatetime(r.date_order),
    state: saleState(r.state, r.locked),
    amount_untaxed: num(r.amount_untaxed) ?? 0,
    margin: 'margin' in r ? (num(r.margin) ?? 0) : null,
    invoice_status: str(r.invoice_status),
    accountIds: [...(orderAccounts.get(r.id as number) ?? [])],
  }));
}

// ---- the report with its entries ------------------------------------------------------------------------------

/** An entry before its general account is known: that account's id and the entry's company (codes are per company). */
type RawEntry = Omit<AnalyticEntryInput, 'income' | 'account'> & { generalId: number | null; company: number | null };

async function accountsReport(
  s: OdooSession,
  q: AnalyticAccountsQuery,
  a: AnalyticSetup,
): Promise<AnalyticAccountReport[]> {
  // Entries: posted = Odoo's analytic lines (a draft entry has none); unposted = draft journal items
  // carrying an analytic distribution, split as Odoo will when they are posted.
  const raw = [...(await postedEntries(s, q, a)), ...(await draftEntries(s, q, a))];
  const general = await generalAccounts(s, raw);
  const entries: AnalyticEntryInput[] = raw.map(({ generalId, company, ...e }) => {
    const g = generalId !== null ? general.get(`${company}:${generalId}`) : undefined;
    return {
      ...e,
      account: g && generalId !== null ? { id: generalId, code: g.code, name: g.name } : null,
      income: g ? g.income : null,
    };
  });

  const sales = await linkedSales(s, a);

  return buildAnalyticReport({ accounts: a.accounts, entries, sales, accountingDate: q.accountingDate });
}

async function postedEntries(s: OdooSession, q: AnalyticAccountsQuery, a: AnalyticSetup): Promise<RawEntry[]> {
  if (q.entryStatus === 'unposted') return [];
  const raw: RawEntry[] = [];
  // Account codes are per company (company-dependent in 18/19): each entry's company is read with it.
  const lines = await s.searchAll(
    'account.analytic.line',
    [['date', '<=', q.accountingDate]],
    [
      'date',
      'name',
      'amount',
      'partner_id',
      'product_id',
      'general_account_id',
      ...('company_id' in a.aal ? ['company_id'] : []),
      ...a.columns,
    ],
  );
  for (const l of lines) {
    const base = {
      id: l.id as number,
      source: 'analytic_line' as const,
      posted: true,
      date: str(l.date) ?? '',
      name: str(l.name) ?? '',
      partner: idName(l.partner_id),
      product: idName(l.product_id),
      balance: round2(num(l.amount) ?? 0),
      generalId: refId(l.general_account_id),
      company: refId(l.company_id),
    };
    for (const accountId of new Set(a.columns.map((c) => refId(l[c])).filter((x): x is number => x !== null)))
      if (a.known.has(accountId)) raw.push({ ...base, accountId });
  }
  return raw;
}

async function draftEntries(s: OdooSession, q: AnalyticAccountsQuery, a: AnalyticSetup): Promise<RawEntry[]> {
  const shares = await draftShares(s, q, a, [
    'date',
    'name',
    'move_name',
    'partner_id',
    'product_id',
    'account_id',
    'debit',
    'credit',
    'analytic_distribution',
    'company_id',
  ]);
  return shares.map(({ item: l, accountId, amount }) => ({
    company: refId(l.company_id),
    id: l.id as number,
    source: 'journal_item',
    posted: false,
    date: str(l.date) ?? '',
    name: str(l.name) ?? str(l.move_name) ?? '',
    partner: idName(l.partner_id),
    product: idName(l.product_id),
    balance: amount,
    generalId: refId(l.account_id),
    accountId,
  }));
}

/** The general accounts of the entries, read per company with that company as the current one (more/v19 account codes). */
async function generalAccounts(
  s: OdooSession,
  raw: RawEntry[],
): Promise<Map<string, { code: string; name: string; income: boolean }>> {
  const general = new Map<string, { code: string; name: string; income: boolean }>();
  const byCompany = new Map<number | null, Set<number>>();
  for (const e of raw) {
    if (e.generalId === null) continue;
    const ids = byCompany.get(e.company) ?? new Set<number>();
    ids.add(e.generalId);
    byCompany.set(e.company, ids);
  }
  for (const [company, ids] of byCompany) {
    const context = company === null ? undefined : { allowed_company_ids: [company] };
    for (const acc of await s.readIds('account.account', [...ids], ['code', 'name', 'account_type'], context))
      general.set(`${company}:${acc.id}`, {
        code: str(acc.code) ?? '',
        name: str(acc.name) ?? '',
        income: String(acc.account_type ?? '').startsWith('income'),
      });
  }
  return general;
}

// ---- the summary, summed by Odoo ------------------------------------------------------------------------------

type Group = {
  accounts: number[];
  general: number | null;
  amount: number;
  lastDate: string | null;
  count: number;
};

async function summaryReport(
  s: OdooSession,
  q: AnalyticAccountsQuery,
  a: AnalyticSetup,
): Promise<AnalyticSummaryRow[]> {
  const groups = await postedGroups(s, q, a);
  // Unposted entries: draft entries are few (they are posted or deleted); their amounts are split as Odoo will
  // post them.
  for (const d of await draftShares(s, q, a, ['date', 'account_id', 'debit', 'credit', 'analytic_distribution']))
    groups.push({
      accounts: [d.accountId],
      general: refId(d.item.account_id),
      amount: d.amount,
      lastDate: str(d.item.date),
      count: 1,
    });
  const generalIds = [...new Set(groups.map((g) => g.general).filter((x): x is number => x !== null && x > 0))];
  const income = new Map<number, boolean>();
  for (const acc of await s.readIds('account.account', generalIds, ['account_type']))
    income.set(acc.id as number, String(acc.account_type ?? '').startsWith('income'));
  const sums: AnalyticSums[] = groups.flatMap((g) =>
    g.accounts.map((accountId) => ({
      accountId,
      // -1: the positive part of the lines without a general account; null: the rest (costs)
      income: g.general === -1 ? true : g.general === null ? false : (income.get(g.general) ?? g.amount > 0),
      amount: g.amount,
      lastDate: g.lastDate,
      count: g.count,
    })),
  );
  const sales = await linkedSales(s, a);
  return buildAnalyticSummary({ accounts: a.accounts, sums, sales });
}

/**
 * Posted entries: Odoo's analytic lines, summed by Odoo per plan columns × general account (one call: the groups
 * are the combinations present, a few per account). A line naming accounts of several plans counts for each of
 * them.
 */
async function postedGroups(s: OdooSession, q: AnalyticAccountsQuery, a: AnalyticSetup): Promise<Group[]> {
  const groups: Group[] = [];
  if (q.entryStatus === 'unposted') return groups;
  const accountsOf = (g: Record<string, unknown>) => [
    ...new Set(a.columns.map((c) => refId(g[c])).filter((x): x is number => x !== null && a.known.has(x))),
  ];
  const domain = [['date', '<=', q.accountingDate]];
  const rows = await groupSums(
    s,
    'account.analytic.line',
    domain,
    [...a.columns, 'general_account_id'],
    ['amount:sum', 'date:max'],
  );
  for (const r of rows) {
    const accounts = accountsOf(r.group);
    if (accounts.length === 0) continue;
    groups.push({
      accounts,
      general: refId(r.group.general_account_id),
      amount: num(r.values.amount) ?? 0,
      lastDate: str(r.values.date),
      count: r.count,
    });
  }
  // Lines without a general account (timesheets, manual lines): the sign tells income from costs, so their
  // positive part is summed apart.
  if (groups.some((g) => g.general === null)) {
    const positive = await groupSums(
      s,
      'account.analytic.line',
      [...domain, ['general_account_id', '=', false], ['amount', '>', 0]],
      a.columns,
      ['amount:sum', 'date:max'],
    );
    for (const r of positive) {
      const accounts = accountsOf(r.group);
      if (accounts.length === 0) continue;
      const amount = num(r.values.amount) ?? 0;
      groups.push({ accounts, general: -1, amount, lastDate: str(r.values.date), count: r.count });
      const rest = groups.find((g) => g.general === null && g.accounts.join() === accounts.join());
      if (rest) {
        rest.amount -= amount;
        rest.count -= r.count;
      }
    }
  }
  return groups;
}

/**
 * Sums of one model grouped by `groupby`, computed by Odoo: formatted_read_group on 19 (named arguments, keys
 * "amount:sum"), read_group(domain, fields, groupby, lazy=False) on 18 (bare keys). Each row gives the group
 * values, the aggregates and the count.
 */
async function groupSums(
  s: OdooSession,
  model: string,
  domain: unknown[],
  groupby: string[],
  aggregates: string[],
): Promise<{ group: Record<string, unknown>; values: Record<string, unknown>; count: number }[]> {
  const major = s.knownMajor() ?? (await s.version()).major;
  if (major >= 19) {
    const r = await s.transport.call(model, 'formatted_read_group', [], {
      domain,
      groupby,
      aggregates: [...aggregates, '__count'],
    });
    const rows = asRows(r);
    if (!rows)
      throw erpErrors.protocol(`${model}.formatted_read_group did not answer a list of groups`, {
        operation: `${model}.formatted_read_group`,
      });
    return rows.map((row) => ({
      group: Object.fromEntries(groupby.map((g) => [g, row[g]])),
      values: Object.fromEntries(aggregates.map((a) => [a.split(':')[0]!, row[a]])),
      count: Number(row.__count ?? 0),
    }));
  }
  // Positionally, as every 18 capture (more/read_group_*.json): keyword names of 18 methods depend on the
  // installed add-ons' overrides (more/INDEX.md); only `lazy` goes by name.
  const r = await s.transport.call(model, 'read_group', [domain, aggregates, groupby], { lazy: false });
  const rows = asRows(r);
  if (!rows)
    throw erpErrors.protocol(`${model}.read_group did not answer a list of groups`, {
      operation: `${model}.read_group`,
    });
  return rows.map((row) => ({
    group: Object.fromEntries(groupby.map((g) => [g, row[g]])),
    values: Object.fromEntries(aggregates.map((a) => [a.split(':')[0]!, row[a.split(':')[0]!]])),
    count: Number(row.__count ?? 0),
  }));
}
