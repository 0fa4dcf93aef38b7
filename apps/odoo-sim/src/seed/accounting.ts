// Accounting setup: each company's chart of accounts and journals, the analytic plans, project accounts (on
// customers) and department accounts.
import { ins, insAll, type SeedCtx, type Vals } from './context.js';

export const COMPANY_IDS = [1, 4];

/** [code, name, account_type, reconcile] */
export const CHART: [string, string, string, boolean][] = [
  ['101401', 'Bank', 'asset_cash', false],
  ['101402', 'Bank Suspense Account', 'asset_current', false],
  ['110100', 'Stock Valuation', 'asset_current', false],
  ['121000', 'Account Receivable', 'asset_receivable', true],
  ['131000', 'Tax Paid', 'asset_current', false],
  ['211000', 'Account Payable', 'liability_payable', true],
  ['251000', 'Tax Received', 'liability_current', false],
  ['400000', 'Product Sales', 'income', false],
  ['410000', 'Service Revenue', 'income', false],
  ['500000', 'Cost of Goods Sold', 'expense_direct_cost', false],
  ['600000', 'Expenses', 'expense', false],
  ['610000', 'Subcontracting', 'expense', false],
  ['620000', 'Travel', 'expense', false],
];

/** Each company's journals. */
export const JOURNALS = [
  { name: 'Customer Invoices', code: 'INV', type: 'sale', sequence: 5 },
  { name: 'Vendor Bills', code: 'BILL', type: 'purchase', sequence: 6 },
  { name: 'Bank', code: 'BNK1', type: 'bank', sequence: 7 },
  { name: 'Miscellaneous Operations', code: 'MISC', type: 'general', sequence: 9 },
];

export const ANALYTIC_PLANS: Vals[] = [
  { id: 1, name: 'Project', default_applicability: 'optional', sequence: 10, color: 1 },
  { id: 2, name: 'Departments', default_applicability: 'optional', sequence: 20, color: 2 },
  { id: 3, name: 'Internal', default_applicability: 'unavailable', sequence: 30, color: 3 },
];
/** Sub-plans of Project. */
export const PROJECT_TYPES: Vals[] = [
  { name: 'Installation Projects', parent_id: 1, sequence: 11 },
  { name: 'Managed Services', parent_id: 1, sequence: 12 },
  { name: 'Hardware Rollouts', parent_id: 1, sequence: 13 },
];
const N_PROJECTS = 48;
/** Projects are for customers among the first this many. */
const PROJECT_CUSTOMER_POOL = 200;
const PROJECT_KINDS = [
  'Office Fit-out',
  'Network Refresh',
  'Support Contract',
  'Rollout',
  'Upgrade',
  'Security Project',
];
export const DEPARTMENTS = ['Sales', 'Operations', 'Engineering', 'Administration'];
export const INTERNAL_ANALYTIC_ACCOUNT: Vals = {
  name: 'Internal Tools',
  code: 'INT-1',
  plan_id: 3,
  company_id: false,
  active: true,
};

/** `${company}:${code}` → account id */
export type Accounts = Map<string, number>;

export interface ProjectAccount {
  id: number;
  partner: number;
  company: number;
}

export interface Analytics {
  projectAccounts: ProjectAccount[];
  deptAccounts: number[];
}

/** Each company's chart of accounts and journals. */
export function seedChart(ctx: SeedCtx): Accounts {
  const accounts: Accounts = new Map();
  for (const company of COMPANY_IDS) {
    for (const [code, name, type, reconcile] of CHART)
      accounts.set(
        `${company}:${code}`,
        ins(ctx, 'account.account', {
          code: { [String(company)]: code }, // company-dependent: no code in the other company
          name,
          account_type: type,
          company_ids: [company],
          reconcile,
          ...(ctx.v === 19 ? { active: true } : { deprecated: false }),
        }).id,
      );
    for (const j of JOURNALS)
      ins(ctx, 'account.journal', {
        name: j.name,
        code: j.code,
        type: j.type,
        company_id: company,
        sequence: j.sequence,
        active: true,
      });
  }
  return accounts;
}

// analytic plans & accounts
export function seedAnalytics(ctx: SeedCtx, customerIds: number[]): Analytics {
  const { store, rng } = ctx;
  insAll(ctx, 'account.analytic.plan', ANALYTIC_PLANS);
  const projectTypes = insAll(ctx, 'account.analytic.plan', PROJECT_TYPES).map((r) => r.id);
  const projectAccounts: ProjectAccount[] = [];
  const projectCustomers = rng.sample(customerIds.slice(0, PROJECT_CUSTOMER_POOL), N_PROJECTS);
  projectCustomers.forEach((cid, i) => {
    const company = i % 6 === 5 ? 4 : 1;
    const partner = store.get('res.partner', cid)!;
    const acc = ins(ctx, 'account.analytic.account', {
      name: `${String(partner.name).split(' ').slice(0, 2).join(' ')} ${rng.pick(PROJECT_KINDS)}`,
      code: `PRJ-${String(i + 1).padStart(4, '0')}`,
      plan_id: i < 3 ? 1 : projectTypes[i % projectTypes.length],
      partner_id: cid,
      company_id: i % 4 === 0 ? false : company,
      active: i % 23 !== 22,
    });
    projectAccounts.push({ id: acc.id, partner: cid, company });
  });
  const deptAccounts = DEPARTMENTS.map(
    (name, i) =>
      ins(ctx, 'account.analytic.account', { name, code: `DEP-${i + 1}`, plan_id: 2, company_id: false, active: true })
        .id,
  );
  ins(ctx, 'account.analytic.account', structuredClone(INTERNAL_ANALYTIC_ACCOUNT));
  return { projectAccounts, deptAccounts };
}
