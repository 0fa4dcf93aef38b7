import { currentCompany } from '../company.js';
import { userError } from '../errors.js';
import { createRecords, getRaw, writeRecords } from '../orm.js';
import type { Env } from '../store.js';
import type { Rec } from '../types.js';
import {
  bool,
  char,
  children,
  date,
  float,
  int,
  json,
  type ModelSpec,
  m2m,
  m2o,
  money,
  o2m,
  related,
  round2,
  sel,
  target,
} from './spec.js';

const MOVE_TYPES: [string, string][] = [
  ['entry', 'Journal Entry'],
  ['out_invoice', 'Customer Invoice'],
  ['out_refund', 'Customer Credit Note'],
  ['in_invoice', 'Vendor Bill'],
  ['in_refund', 'Vendor Credit Note'],
  ['out_receipt', 'Sales Receipt'],
  ['in_receipt', 'Purchase Receipt'],
];

const ACCOUNT_TYPES: [string, string][] = [
  ['asset_receivable', 'Receivable'],
  ['asset_cash', 'Bank and Cash'],
  ['asset_current', 'Current Assets'],
  ['asset_non_current', 'Non-current Assets'],
  ['asset_prepayments', 'Prepayments'],
  ['asset_fixed', 'Fixed Assets'],
  ['liability_payable', 'Payable'],
  ['liability_credit_card', 'Credit Card'],
  ['liability_current', 'Current Liabilities'],
  ['liability_non_current', 'Non-current Liabilities'],
  ['equity', 'Equity'],
  ['equity_unaffected', 'Current Year Earnings'],
  ['income', 'Income'],
  ['income_other', 'Other Income'],
  ['expense', 'Expenses'],
  ['expense_depreciation', 'Depreciation'],
  ['expense_direct_cost', 'Cost of Revenue'],
  ['off_balance', 'Off-Balance Sheet'],
];

const ANALYTIC_COLUMNS = ['account_id', 'x_plan2_id', 'x_plan3_id'];
const pendingInvoiceLines = new WeakMap<object, unknown>();

function planRoot(env: Env, planId: unknown): Rec | undefined {
  let p = target(env, 'account.analytic.plan', planId);
  for (let i = 0; p?.parent_id && i < 10; i++) p = target(env, 'account.analytic.plan', p.parent_id) ?? p;
  return p;
}

/** Column of account.analytic.line holding accounts of this analytic account's root plan. */
export function analyticColumn(env: Env, accountId: number): string {
  const acc = env.store.get('account.analytic.account', accountId);
  const root = planRoot(env, acc?.plan_id);
  const plans = env.store
    .all('account.analytic.plan')
    .filter((p) => !p.parent_id)
    .sort((a, b) => ((a.sequence as number) ?? 0) - ((b.sequence as number) ?? 0) || a.id - b.id);
  const idx = Math.max(
    0,
    plans.findIndex((p) => p.id === root?.id),
  );
  return idx === 0 ? 'account_id' : `x_plan${idx + 1}_id`;
}

function analyticSums(env: Env, accountId: number) {
  let debit = 0;
  let credit = 0;
  const seen = new Set<number>();
  for (const col of ANALYTIC_COLUMNS)
    for (const id of env.store.idsWhere('account.analytic.line', col, accountId)) {
      if (seen.has(id)) continue;
      seen.add(id);
      const amount = (env.store.get('account.analytic.line', id)?.amount as number) ?? 0;
      if (amount < 0) debit -= amount;
      else credit += amount;
    }
  return { debit: round2(debit), credit: round2(credit), balance: round2(credit - debit) };
}

function moveAmounts(env: Env, move: Rec) {
  let untaxed = 0;
  for (const l of children(env, 'account.move.line', 'move_id', move.id))
    if (l.display_type === 'product') untaxed += -(((l.debit as number) ?? 0) - ((l.credit as number) ?? 0));
  const sign = String(move.move_type).startsWith('in_') ? -1 : 1;
  return round2(untaxed * sign);
}

function journalFor(env: Env, companyId: number, type: string): number | false {
  const j = env.store.all('account.journal').find((r) => r.company_id === companyId && r.type === type);
  return j?.id ?? false;
}

function accountFor(env: Env, companyId: number, accountType: string): number | false {
  const a = env.store
    .all('account.account')
    .find((r) => (r.company_ids as number[] | undefined)?.includes(companyId) && r.account_type === accountType);
  return a?.id ?? false;
}

/** Builds journal items for invoice lines given as x2many commands on create. */
function buildInvoiceLines(env: Env, move: Rec, cmds: unknown) {
  if (!Array.isArray(cmds)) return;
  const companyId = (move.company_id as number) || 1;
  const isSale = String(move.move_type).startsWith('out_');
  const incomeAcc = accountFor(env, companyId, isSale ? 'income' : 'expense');
  const counterAcc = accountFor(env, companyId, isSale ? 'asset_receivable' : 'liability_payable');
  let total = 0;
  for (const cmd of cmds) {
    if (!Array.isArray(cmd) || cmd[0] !== 0) continue;
    const v = { ...(cmd[2] as Record<string, unknown>) };
    const p = typeof v.product_id === 'number' ? env.store.get('product.product', v.product_id) : undefined;
    const qty = (v.quantity as number) ?? 1;
    const price =
      (v.price_unit as number) ??
      (p ? (getRaw(env, 'product.product', p, isSale ? 'lst_price' : 'standard_price') as number) : 0);
    const amount = round2(qty * price);
    total += amount;
    createRecords(env, 'account.move.line', [
      {
        move_id: move.id,
        display_type: 'product',
        product_id: v.product_id ?? false,
        name: v.name ?? (p ? String(getRaw(env, 'product.product', p, 'display_name') ?? '') : ''),
        quantity: qty,
        price_unit: price,
        account_id: v.account_id ?? incomeAcc,
        partner_id: move.partner_id ?? false,
        debit: isSale ? 0 : amount,
        credit: isSale ? amount : 0,
        analytic_distribution: v.analytic_distribution ?? false,
      },
    ]);
  }
  if (total)
    createRecords(env, 'account.move.line', [
      {
        move_id: move.id,
        display_type: 'payment_term',
        name: false,
        account_id: counterAcc,
        partner_id: move.partner_id ?? false,
        debit: isSale ? round2(total) : 0,
        credit: isSale ? 0 : round2(total),
        date_maturity: move.invoice_date ?? move.date ?? false,
      },
    ]);
}

/** Posting: number the move and create analytic lines from the lines' analytic_distribution. */
export function postMove(env: Env, move: Rec) {
  const date = (move.invoice_date as string) || (move.date as string) || env.now().slice(0, 10);
  const year = date.slice(0, 4);
  const prefix =
    ({ out_invoice: 'INV', out_refund: 'RINV', in_invoice: 'BILL', in_refund: 'RBILL' } as Record<string, string>)[
      move.move_type as string
    ] ?? 'MISC';
  const name =
    move.name && move.name !== '/'
      ? move.name
      : `${prefix}/${year}/${String(env.store.nextSeq(`move.${prefix}.${year}.${move.company_id}`)).padStart(5, '0')}`;
  env.store.update('account.move', move.id, { state: 'posted', name, date, write_date: env.now() });
  const category = String(move.move_type).startsWith('out_')
    ? 'invoice'
    : String(move.move_type).startsWith('in_')
      ? 'vendor_bill'
      : 'other';
  for (const l of children(env, 'account.move.line', 'move_id', move.id)) {
    const dist = l.analytic_distribution as Record<string, number> | false | undefined;
    if (!dist) continue;
    const balance = ((l.debit as number) ?? 0) - ((l.credit as number) ?? 0);
    for (const [accKey, pct] of Object.entries(dist)) {
      for (const accId of accKey.split(',').map(Number)) {
        if (!env.store.get('account.analytic.account', accId)) continue;
        env.store.insert('account.analytic.line', {
          name: l.name || name,
          date,
          amount: round2((-balance * pct) / 100),
          unit_amount: l.quantity ?? 0,
          [analyticColumn(env, accId)]: accId,
          partner_id: move.partner_id ?? false,
          product_id: l.product_id ?? false,
          move_line_id: l.id,
          general_account_id: l.account_id ?? false,
          company_id: move.company_id ?? 1,
          category,
          create_date: env.now(),
          write_date: env.now(),
        });
      }
    }
  }
}

export const accountModels: ModelSpec[] = [
  {
    name: 'account.journal',
    description: 'Journal',
    order: 'sequence, type, code',
    fields: {
      name: char('Journal Name', { required: true }),
      code: char('Short Code'),
      type: sel(
        [
          ['sale', 'Sales'],
          ['purchase', 'Purchase'],
          ['cash', 'Cash'],
          ['bank', 'Bank'],
          ['general', 'Miscellaneous'],
        ],
        'Type',
      ),
      sequence: int('Sequence', { default: () => 10 }),
      company_id: m2o('res.company', 'Company'),
      active: bool('Active'),
    },
  },
  {
    name: 'account.payment.term',
    description: 'Payment Terms',
    order: 'sequence, id',
    fields: {
      name: char('Payment Terms', { required: true }),
      active: bool('Active', { default: () => true }),
      sequence: int('Sequence', { default: () => 10 }),
      note: { type: 'html', string: 'Description on the Invoice' },
      company_id: m2o('res.company', 'Company'),
    },
  },
  {
    name: 'account.tax',
    description: 'Tax',
    order: 'sequence,id',
    fields: {
      name: char('Tax Name', { required: true }),
      amount: float('Amount'),
      amount_type: sel(
        [
          ['group', 'Group of Taxes'],
          ['fixed', 'Fixed'],
          ['percent', 'Percentage'],
          ['division', 'Percentage Tax Included'],
        ],
        'Tax Computation',
        { default: () => 'percent' },
      ),
      type_tax_use: sel(
        [
          ['sale', 'Sales'],
          ['purchase', 'Purchases'],
          ['none', 'None'],
        ],
        'Tax Type',
      ),
      sequence: int('Sequence'),
      company_id: m2o('res.company', 'Company'),
      active: bool('Active'),
    },
  },
  {
    name: 'account.account',
    description: 'Account',
    order: 'code, id',
    fields: {
      // 18/19: computed from the company-dependent code_store, for the env's current (root) company; an account
      // of another company reads `false` (more/v19/account_account_code_display_name).
      code: char('Code', { companyDependent: true }),
      name: char('Account Name', { required: true }),
      account_type: sel(ACCOUNT_TYPES, 'Type'),
      company_ids: m2m('res.company', 'Companies'),
      currency_id: m2o('res.currency', 'Account Currency'),
      reconcile: bool('Allow Reconciliation'),
      deprecated: bool('Deprecated', { versions: [18] }),
      active: bool('Active', { versions: [19] }),
      note: { type: 'text', string: 'Internal Notes' },
    },
    displayName: (r, env) => {
      const code = getRaw(env, 'account.account', r, 'code');
      return env.version === 19 || !code ? String(r.name) : `${code} ${r.name}`;
    },
    hooks: {
      afterCreate(env, rec) {
        // The code is stored for the current company when the account belongs to it, else for its first company.
        const companies = (rec.company_ids as number[] | undefined) ?? [];
        const current = currentCompany(env);
        const raw = rec.code as Record<string, unknown> | undefined;
        if (!companies.length || current === false || companies.includes(current) || typeof raw !== 'object') return;
        const { [String(current)]: code, ...others } = raw;
        env.store.update('account.account', rec.id, { code: { ...others, [String(companies[0])]: code } });
      },
    },
  },
  {
    name: 'account.analytic.plan',
    description: 'Analytic Plans',
    order: 'sequence asc, id',
    parentField: 'parent_id',
    mandatory: ['name'],
    fields: {
      name: char('Name', { required: true }),
      description: { type: 'text', string: 'Description' },
      parent_id: m2o('account.analytic.plan', 'Parent'),
      root_id: m2o('account.analytic.plan', 'Root', { compute: (r, env) => planRoot(env, r.id)?.id ?? false }),
      children_ids: o2m('account.analytic.plan', 'parent_id', 'Childrens'),
      complete_name: char('Complete Name', { compute: (r) => r.name }),
      default_applicability: sel(
        [
          ['optional', 'Optional'],
          ['mandatory', 'Mandatory'],
          ['unavailable', 'Unavailable'],
        ],
        'Default Applicability',
        { default: () => 'optional' },
      ),
      sequence: int('Sequence', { default: () => 10 }),
      color: int('Color'),
      account_ids: o2m('account.analytic.account', 'plan_id', 'Accounts'),
      account_count: int('Analytic Accounts Count', {
        compute: (r, env) => env.store.idsWhere('account.analytic.account', 'plan_id', r.id).length,
      }),
    },
  },
  {
    name: 'account.analytic.account',
    description: 'Analytic Account',
    order: 'plan_id, name asc',
    mandatory: ['name', 'plan_id'],
    fields: {
      name: char('Analytic Account', { required: true }),
      code: char('Reference'),
      active: bool('Active'),
      plan_id: m2o('account.analytic.plan', 'Plan', { required: true }),
      root_plan_id: m2o('account.analytic.plan', 'Root Plan', {
        compute: (r, env) => planRoot(env, r.plan_id)?.id ?? false,
      }),
      company_id: m2o('res.company', 'Company'),
      partner_id: m2o('res.partner', 'Customer'),
      line_ids: o2m('account.analytic.line', 'account_id', 'Analytic Lines'),
      currency_id: m2o('res.currency', 'Currency', {
        compute: (r, env) => (r.company_id ? (target(env, 'res.company', r.company_id)?.currency_id ?? false) : false),
      }),
      balance: money('Balance', { compute: (r, env) => analyticSums(env, r.id).balance }),
      debit: money('Debit', { compute: (r, env) => analyticSums(env, r.id).debit }),
      credit: money('Credit', { compute: (r, env) => analyticSums(env, r.id).credit }),
    },
    displayName: (r, env) => {
      let n = String(r.name ?? '');
      if (r.code) n = `[${r.code}] ${n}`;
      const p = target(env, 'res.partner', r.partner_id);
      if (p) {
        const cp = target(env, 'res.partner', getRaw(env, 'res.partner', p, 'commercial_partner_id')) ?? p;
        if (cp.name) n = `${n} - ${cp.name}`;
      }
      return n;
    },
  },
  {
    name: 'account.analytic.line',
    description: 'Analytic Line',
    order: 'date desc, id desc',
    mandatory: ['name', 'date'],
    fields: {
      name: char('Description', { required: true }),
      date: date('Date', { required: true, default: (env) => env.now().slice(0, 10) }),
      amount: money('Amount', { required: true }),
      unit_amount: float('Quantity'),
      account_id: m2o('account.analytic.account', 'Project Account'),
      x_plan2_id: m2o('account.analytic.account', 'Departments'),
      x_plan3_id: m2o('account.analytic.account', 'Internal'),
      auto_account_id: m2o('account.analytic.account', 'Analytic Account', { compute: () => false }),
      partner_id: m2o('res.partner', 'Partner'),
      product_id: m2o('product.product', 'Product'),
      product_uom_id: m2o('uom.uom', 'Unit of Measure'),
      move_line_id: m2o('account.move.line', 'Journal Item'),
      general_account_id: m2o('account.account', 'Financial Account'),
      company_id: m2o('res.company', 'Company', { default: () => 1 }),
      currency_id: related('company_id.currency_id', m2o('res.currency', 'Currency')),
      user_id: m2o('res.users', 'User'),
      ref: char('Ref.'),
      category: sel(
        [
          ['invoice', 'Customer Invoice'],
          ['vendor_bill', 'Vendor Bill'],
          ['other', 'Other'],
        ],
        'Origin Category',
        { default: () => 'other' },
      ),
      analytic_distribution: json('Analytic Distribution', {
        versions: [19],
        compute: (r) => {
          const d: Record<string, number> = {};
          const ids = ANALYTIC_COLUMNS.map((c) => r[c]).filter((x): x is number => typeof x === 'number');
          if (ids.length) d[ids.join(',')] = 100;
          return ids.length ? d : false;
        },
      }),
    },
  },
  {
    name: 'account.move',
    description: 'Journal Entry',
    order: 'date desc, name desc, invoice_date desc, id desc',
    cascade: ['line_ids'],
    fields: {
      name: char('Number', { default: () => '/' }),
      ref: char('Reference'),
      move_type: sel(MOVE_TYPES, 'Type', { default: () => 'entry' }),
      state: sel(
        [
          ['draft', 'Draft'],
          ['posted', 'Posted'],
          ['cancel', 'Cancelled'],
        ],
        'Status',
        { default: () => 'draft' },
      ),
      partner_id: m2o('res.partner', 'Partner'),
      commercial_partner_id: m2o('res.partner', 'Commercial Entity', {
        compute: (r, env) => {
          const p = target(env, 'res.partner', r.partner_id);
          return p ? getRaw(env, 'res.partner', p, 'commercial_partner_id') : false;
        },
      }),
      date: date('Date', { default: (env, vals) => (vals.invoice_date as string) || env.now().slice(0, 10) }),
      invoice_date: date('Invoice/Bill Date'),
      invoice_date_due: date('Due Date'),
      invoice_origin: char('Origin'),
      journal_id: m2o('account.journal', 'Journal'),
      company_id: m2o('res.company', 'Company', { default: () => 1 }),
      currency_id: related('company_id.currency_id', m2o('res.currency', 'Currency')),
      line_ids: o2m('account.move.line', 'move_id', 'Journal Items'),
      invoice_line_ids: m2m('account.move.line', 'Invoice lines', {
        compute: (r, env) =>
          children(env, 'account.move.line', 'move_id', r.id)
            .filter((l) => l.display_type === 'product')
            .map((l) => l.id),
      }),
      amount_untaxed: money('Untaxed Amount', { compute: (r, env) => moveAmounts(env, r) }),
      amount_tax: money('Tax', { compute: () => 0 }),
      amount_total: money('Total', { compute: (r, env) => moveAmounts(env, r) }),
      amount_residual: money('Amount Due', {
        compute: (r, env) => (r.payment_state === 'paid' ? 0 : moveAmounts(env, r)),
      }),
      payment_state: sel(
        [
          ['not_paid', 'Not Paid'],
          ['in_payment', 'In Payment'],
          ['paid', 'Paid'],
          ['partial', 'Partially Paid'],
          ['reversed', 'Reversed'],
        ],
        'Payment Status',
        { default: () => 'not_paid' },
      ),
    },
    displayName: (r) =>
      r.name && r.name !== '/'
        ? String(r.name)
        : r.move_type === 'entry'
          ? `Draft Entry (* ${r.id})`
          : `Draft Invoice (* ${r.id})`,
    hooks: {
      prepareCreate(env, vals) {
        const companyId = (vals.company_id as number) || 1;
        const type = (vals.move_type as string) || 'entry';
        vals.journal_id ??= journalFor(
          env,
          companyId,
          type.startsWith('out_') ? 'sale' : type.startsWith('in_') ? 'purchase' : 'general',
        );
        if (vals.invoice_line_ids) {
          pendingInvoiceLines.set(vals, vals.invoice_line_ids);
          delete vals.invoice_line_ids;
        }
      },
      afterCreate(env, rec, vals) {
        const cmds = pendingInvoiceLines.get(vals);
        if (cmds) buildInvoiceLines(env, rec, cmds);
      },
      prepareWrite(env, recs, vals) {
        if (recs.some((r) => r.state === 'posted')) {
          const allowed = new Set(['ref', 'narration', 'payment_state', 'invoice_date_due']);
          const bad = Object.keys(vals).filter((k) => !allowed.has(k));
          if (bad.length) throw userError('You cannot modify a posted entry of this journal.');
        }
        if (vals.invoice_line_ids) {
          for (const r of recs) buildInvoiceLines(env, r, vals.invoice_line_ids);
          delete vals.invoice_line_ids;
        }
      },
      beforeUnlink(env, recs) {
        if (recs.some((r) => r.state === 'posted'))
          throw userError('You cannot delete an entry which has been posted once.');
        void env;
      },
    },
    methods: {
      action_post(env, ids) {
        for (const id of ids) {
          const m = env.store.get('account.move', id);
          if (!m) continue;
          if (m.state === 'posted') throw userError('The entry is already posted.');
          postMove(env, m);
        }
        return false;
      },
      button_draft(env, ids) {
        for (const id of ids) {
          for (const l of children(env, 'account.move.line', 'move_id', id))
            for (const al of env.store.idsWhere('account.analytic.line', 'move_line_id', l.id))
              env.store.delete('account.analytic.line', al);
        }
        writeRecords(env, 'account.move', ids, {});
        for (const id of ids) env.store.update('account.move', id, { state: 'draft' });
        return undefined;
      },
      button_cancel(env, ids) {
        for (const id of ids) env.store.update('account.move', id, { state: 'cancel', write_date: env.now() });
        return undefined;
      },
    },
  },
  {
    name: 'account.move.line',
    description: 'Journal Item',
    order: 'date desc, move_name desc, id',
    mandatory: ['move_id'],
    fields: {
      move_id: m2o('account.move', 'Journal Entry', { required: true }),
      move_name: related('move_id.name', char('Number')),
      date: related('move_id.date', date('Date')),
      parent_state: related('move_id.state', sel([], 'Status')),
      journal_id: related('move_id.journal_id', m2o('account.journal', 'Journal')),
      company_id: related('move_id.company_id', m2o('res.company', 'Company')),
      currency_id: related('move_id.currency_id', m2o('res.currency', 'Currency')),
      company_currency_id: related('move_id.currency_id', m2o('res.currency', 'Company Currency')),
      move_type: related('move_id.move_type', sel(MOVE_TYPES, 'Type')),
      ref: related('move_id.ref', char('Reference')),
      account_id: m2o('account.account', 'Account'),
      account_type: related('account_id.account_type', sel(ACCOUNT_TYPES, 'Internal Type')),
      partner_id: m2o('res.partner', 'Partner'),
      name: char('Label'),
      debit: money('Debit'),
      credit: money('Credit'),
      balance: money('Balance', {
        compute: (r) => round2(((r.debit as number) ?? 0) - ((r.credit as number) ?? 0)),
      }),
      amount_currency: money('Amount in Currency', {
        compute: (r) => round2(((r.debit as number) ?? 0) - ((r.credit as number) ?? 0)),
      }),
      amount_residual: money('Residual Amount', {
        compute: (r) => (r.reconciled ? 0 : round2(((r.debit as number) ?? 0) - ((r.credit as number) ?? 0))),
      }),
      analytic_distribution: json('Analytic Distribution'),
      matching_number: char('Matching #'),
      reconciled: bool('Reconciled'),
      date_maturity: date('Due Date'),
      tax_ids: m2m('account.tax', 'Taxes'),
      product_id: m2o('product.product', 'Product'),
      quantity: float('Quantity', { default: () => 1 }),
      price_unit: float('Unit Price'),
      price_subtotal: money('Subtotal', {
        compute: (r) => round2(((r.quantity as number) ?? 0) * ((r.price_unit as number) ?? 0)),
      }),
      display_type: sel(
        [
          ['product', 'Product'],
          ['cogs', 'Cost of Goods Sold'],
          ['tax', 'Tax'],
          ['discount', 'Discount'],
          ['rounding', 'Rounding'],
          ['payment_term', 'Payment Term'],
          ['line_section', 'Section'],
          ['line_note', 'Note'],
          ['epd', 'Early Payment Discount'],
        ],
        'Display Type',
        { default: () => 'product' },
      ),
      sequence: int('Sequence', { default: () => 10 }),
      analytic_line_ids: o2m('account.analytic.line', 'move_line_id', 'Analytic lines'),
    },
    displayName: (r, env) => {
      const m = target(env, 'account.move', r.move_id);
      const mn = m ? (m.name && m.name !== '/' ? String(m.name) : '') : '';
      return [mn, r.name || ''].filter(Boolean).join(' ');
    },
  },
];
