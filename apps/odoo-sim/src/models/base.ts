import { getRaw } from '../orm.js';
import type { Env } from '../store.js';
import type { Rec } from '../types.js';
import { bool, char, int, type ModelSpec, m2m, m2o, o2m, sel, target } from './spec.js';

const simple = (name: string, description: string, extra: ModelSpec['fields'] = {}): ModelSpec => ({
  name,
  description,
  order: 'name, id',
  fields: { name: char('Name', { required: true }), ...extra },
});

function partnerDisplay(rec: Rec, env: Env, depth = 0): string {
  const name = (rec.name as string) || '';
  const parent = target(env, 'res.partner', rec.parent_id);
  if (parent && !rec.is_company && depth < 5) {
    const label =
      name ||
      ({ invoice: 'Invoice Address', delivery: 'Delivery Address', other: 'Other Address' } as Record<string, string>)[
        rec.type as string
      ] ||
      '';
    return `${partnerDisplay(parent, env, depth + 1)}, ${label}`;
  }
  return name;
}

function commercialPartner(rec: Rec, env: Env): number {
  let cur = rec;
  for (let i = 0; i < 10; i++) {
    if (cur.is_company) return cur.id;
    const p = target(env, 'res.partner', cur.parent_id);
    if (!p) return cur.id;
    cur = p;
  }
  return cur.id;
}

export const baseModels: ModelSpec[] = [
  {
    name: 'res.company',
    description: 'Companies',
    order: 'sequence, name',
    fields: {
      name: char('Company Name', { required: true }),
      partner_id: m2o('res.partner', 'Partner'),
      currency_id: m2o('res.currency', 'Currency', { default: () => 1 }),
      parent_id: m2o('res.company', 'Parent Company'),
      child_ids: o2m('res.company', 'parent_id', 'Branches'),
      sequence: int('Sequence', { default: () => 10 }),
      active: bool('Active'),
      street: char('Street', { related: 'partner_id.street' }),
      street2: char('Street2', { related: 'partner_id.street2' }),
      city: char('City', { related: 'partner_id.city' }),
      zip: char('Zip', { related: 'partner_id.zip' }),
      state_id: m2o('res.country.state', 'Fed. State', { related: 'partner_id.state_id' }),
      country_id: m2o('res.country', 'Country', { related: 'partner_id.country_id' }),
      country_code: char('Country Code', { related: 'partner_id.country_id.code' }),
      email: char('Email', { related: 'partner_id.email' }),
      phone: char('Phone', { related: 'partner_id.phone' }),
      // 18 only: 19 removed the field (reading it there is ValueError "Invalid field 'mobile' on 'res.company'").
      mobile: char('Mobile', { related: 'partner_id.mobile', versions: [18] }),
      website: char('Website', { related: 'partner_id.website' }),
      vat: char('Tax ID', { related: 'partner_id.vat' }),
      company_registry: char('Company ID'),
      // The PDF header (report layout): a base64 PNG, html texts (false in demo data), colours.
      logo: { type: 'binary', string: 'Company Logo' },
      report_header: { type: 'html', string: 'Company Tagline' },
      report_footer: { type: 'html', string: 'Report Footer' },
      company_details: { type: 'html', string: 'Company Details' },
      primary_color: char('Primary Color'),
      secondary_color: char('Secondary Color'),
    },
  },
  {
    name: 'res.partner',
    description: 'Contact',
    order: 'complete_name asc, id desc',
    fields: {
      name: char('Name'),
      complete_name: char('Complete Name', { compute: (r, env) => partnerDisplay(r, env) }),
      parent_id: m2o('res.partner', 'Related Company'),
      child_ids: o2m('res.partner', 'parent_id', 'Contact'),
      commercial_partner_id: m2o('res.partner', 'Commercial Entity', { compute: commercialPartner }),
      type: sel(
        [
          ['contact', 'Contact'],
          ['invoice', 'Invoice Address'],
          ['delivery', 'Delivery Address'],
          ['other', 'Other Address'],
        ],
        'Address Type',
        { default: () => 'contact' },
      ),
      is_company: bool('Is a Company', { default: () => false }),
      company_type: sel(
        [
          ['person', 'Individual'],
          ['company', 'Company'],
        ],
        'Company Type',
        { compute: (r) => (r.is_company ? 'company' : 'person') },
      ),
      customer_rank: int('Customer Rank'),
      supplier_rank: int('Supplier Rank'),
      user_id: m2o('res.users', 'Salesperson'),
      company_id: m2o('res.company', 'Company'),
      country_id: m2o('res.country', 'Country'),
      state_id: m2o('res.country.state', 'State'),
      country_code: char('Country Code', { related: 'country_id.code' }),
      property_payment_term_id: m2o('account.payment.term', 'Customer Payment Terms'),
      mobile: char('Mobile', { versions: [18] }),
      active: bool('Active'),
      user_ids: o2m('res.users', 'partner_id', 'Users'),
      sale_order_ids: o2m('sale.order', 'partner_id', 'Sales Order'),
      sale_order_count: int('Sale Order Count', {
        compute: (r, env) => env.store.idsWhere('sale.order', 'partner_id', r.id).length,
      }),
    },
    displayName: (r, env) => partnerDisplay(r, env),
  },
  {
    name: 'res.users',
    description: 'User',
    order: 'name, login',
    fields: {
      name: char('Name', { related: 'partner_id.name' }),
      login: char('Login', { required: true }),
      partner_id: m2o('res.partner', 'Related Partner', { required: true }),
      email: char('Email', { related: 'partner_id.email' }),
      company_id: m2o('res.company', 'Company', { default: () => 1 }),
      company_ids: m2m('res.company', 'Companies'),
      share: bool('Share User'),
      active: bool('Active'),
      sale_team_id: m2o('crm.team', 'User Sales Team'),
      groups_id: m2m('res.groups', 'Groups', { versions: [18] }),
      group_ids: m2m('res.groups', 'Groups', { versions: [19] }),
    },
    hooks: {
      prepareCreate(env, vals) {
        if (!vals.partner_id) {
          const pid = env.store.insert('res.partner', {
            name: vals.name ?? vals.login,
            active: true,
            type: 'contact',
            create_date: env.now(),
            write_date: env.now(),
          }).id;
          vals.partner_id = pid;
        }
        delete vals.name;
      },
    },
  },
  simple('res.groups', 'Access Groups', { full_name: char('Group Name', { compute: (r) => r.name }) }),
  simple('res.currency', 'Currency', {
    symbol: char('Symbol'),
    active: bool('Active'),
    rounding: { type: 'float', string: 'Rounding Factor', default: () => 0.01 },
    position: sel(
      [
        ['after', 'After Amount'],
        ['before', 'Before Amount'],
      ],
      'Symbol Position',
      { default: () => 'after' },
    ),
    // Odoo: computed from the rounding (0.01 → 2, 1 → 0).
    decimal_places: int('Decimal Places', {
      compute: (r) => {
        const rounding = typeof r.rounding === 'number' && r.rounding > 0 ? r.rounding : 0.01;
        return rounding < 1 ? Math.ceil(Math.log10(1 / rounding) - 1e-9) : 0;
      },
    }),
    full_name: char('Name'),
    currency_unit_label: char('Currency Unit'),
    currency_subunit_label: char('Currency Subunit'),
  }),
  simple('res.country', 'Country', { code: char('Country Code') }),
  {
    name: 'res.country.state',
    description: 'Country state',
    order: 'code',
    fields: {
      name: char('State Name', { required: true }),
      code: char('State Code', { required: true }),
      country_id: m2o('res.country', 'Country', { required: true }),
    },
    // Odoo 17+: "California (US)"
    displayName: (r, env) => {
      const c = target(env, 'res.country', r.country_id);
      return c?.code ? `${String(r.name)} (${String(c.code)})` : String(r.name);
    },
  },
  {
    name: 'crm.team',
    description: 'Sales Team',
    order: 'sequence ASC, id ASC',
    fields: {
      name: char('Sales Team', { required: true }),
      sequence: int('Sequence', { default: () => 10 }),
      active: bool('Active'),
      user_id: m2o('res.users', 'Team Leader'),
      company_id: m2o('res.company', 'Company'),
      member_ids: m2m('res.users', 'Salespersons', {
        compute: (r, env) => env.store.idsWhere('res.users', 'sale_team_id', r.id),
      }),
    },
  },
  {
    name: 'x.manufacturer',
    description: 'Manufacturer',
    order: 'name, id',
    fields: {
      name: char('Name', { required: true }),
      active: bool('Active'),
      website: char('Website'),
      country_id: m2o('res.country', 'Country'),
      product_count: int('Products', {
        compute: (r, env) => env.store.idsWhere('product.template', 'x_manufacturer_id', r.id).length,
      }),
    },
  },
  {
    name: 'ir.config_parameter',
    description: 'System Parameter',
    order: 'key',
    recName: 'key',
    fields: { key: char('Key', { required: true }), value: { type: 'text', string: 'Value', required: true } },
  },
];

export function userName(env: Env, uid: number): string {
  const u = env.store.get('res.users', uid);
  return u ? String(getRaw(env, 'res.users', u, 'name')) : `User ${uid}`;
}
