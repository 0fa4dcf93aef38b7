// Reference data: currencies, countries, groups, units of measure, system parameters.
import { insAll, type SeedCtx, type Vals } from './context.js';

export const CURRENCIES: Vals[] = [
  {
    id: 1,
    name: 'USD',
    symbol: '$',
    active: true,
    rounding: 0.01,
    position: 'before',
    full_name: 'United States dollar',
    currency_unit_label: 'Dollars',
    currency_subunit_label: 'Cents',
  },
  {
    id: 2,
    name: 'EUR',
    symbol: '€',
    active: true,
    rounding: 0.01,
    position: 'after',
    full_name: 'Euro',
    currency_unit_label: 'Euros',
    currency_subunit_label: 'Cents',
  },
  {
    id: 3,
    name: 'CAD',
    symbol: '$',
    active: true,
    rounding: 0.01,
    position: 'before',
    full_name: 'Canadian dollar',
    currency_unit_label: 'Dollars',
    currency_subunit_label: 'Cents',
  },
];

/** res.country.state: the ids Odoo's demo data uses (California is 13, Illinois 22, Ohio 38). */
export const COUNTRY_STATES: Vals[] = [
  { id: 13, name: 'California', code: 'CA', country_id: 233 },
  { id: 22, name: 'Illinois', code: 'IL', country_id: 233 },
  { id: 38, name: 'Ohio', code: 'OH', country_id: 233 },
  { id: 60, name: 'Ontario', code: 'ON', country_id: 38 },
];

/** The 11 payment terms of Odoo's demo data (same ids, names and notes on 18 and 19). */
export const PAYMENT_TERMS: Vals[] = [
  ['Immediate Payment', 'Immediate Payment'],
  ['15 Days', '15 Days'],
  ['21 Days', '21 Days'],
  ['30 Days', '30 Days'],
  ['45 Days', '45 Days'],
  ['End of Following Month', 'End of Following Month'],
  ['10 Days after End of Next Month', '10 Days after End of Next Month'],
  ['30% Now, Balance 60 Days', '30% Now, Balance 60 Days'],
  ['2/7 Net 30', '30 Days, 2% Early Payment Discount under 7 days'],
  ['90 days, on the 10th', '90 days, on the 10th'],
  ['30% Advance End of Following Month', '30% Advance End of Following Month'],
].map(([name, note], i) => ({
  id: i + 1,
  name,
  note: `<p>Payment terms: ${note}</p>`,
  sequence: 10,
  active: true,
}));

export const COUNTRIES: Vals[] = [
  { id: 233, name: 'United States', code: 'US' },
  { id: 38, name: 'Canada', code: 'CA' },
];

export const countryId = (code: string) => (code === 'CA' ? 38 : 233);

export const GROUPS: Vals[] = [
  { id: 1, name: 'Role / User' },
  { id: 2, name: 'Role / Administrator' },
  { id: 10, name: 'Technical / Show Accounting Features - Readonly' },
  { id: 11, name: 'Analytic Accounting' },
  { id: 12, name: 'Sales / User: Own Documents Only' },
  { id: 13, name: 'Sales / User: All Documents' },
  { id: 14, name: 'Sales / Administrator' },
  { id: 15, name: 'Inventory / User' },
  { id: 16, name: 'Invoicing / Billing' },
  { id: 17, name: 'Portal' },
];

/** 18 only (19 has no uom.category). */
export const UOM_CATEGORIES_18: Vals[] = [
  { id: 1, name: 'Unit' },
  { id: 2, name: 'Weight' },
  { id: 3, name: 'Working Time' },
  { id: 4, name: 'Length / Distance' },
];

interface UomData {
  id: number;
  name: string;
  factor: number;
  /** 18's uom_type. */
  type: 'reference' | 'bigger' | 'smaller';
  /** 18's category_id. */
  category: number;
  /** 19's relative_uom_id: the reference unit of the category, false for a reference unit. */
  relativeTo: number | false;
}

export const UOMS: UomData[] = [
  { id: 1, name: 'Units', factor: 1, type: 'reference', category: 1, relativeTo: false },
  { id: 2, name: 'Dozens', factor: 1 / 12, type: 'bigger', category: 1, relativeTo: 1 },
  { id: 3, name: 'Days', factor: 1, type: 'reference', category: 3, relativeTo: false },
  { id: 4, name: 'Hours', factor: 8, type: 'smaller', category: 3, relativeTo: 3 },
  { id: 5, name: 'm', factor: 1, type: 'reference', category: 4, relativeTo: false },
  { id: 6, name: 'cm', factor: 100, type: 'smaller', category: 4, relativeTo: 5 },
  { id: 7, name: 'kg', factor: 1, type: 'reference', category: 2, relativeTo: false },
  { id: 8, name: 'g', factor: 1000, type: 'smaller', category: 2, relativeTo: 7 },
];

export const CONFIG_PARAMETERS: Vals[] = [
  { key: 'web.base.url', value: 'http://127.0.0.1:8069' },
  { key: 'database.uuid', value: '8f1c6a2e-5b7d-4e3a-9c1f-2d4b6a8e0c13' },
];

export const uomRecord = (v: number, u: UomData): Vals => ({
  id: u.id,
  name: u.name,
  factor: u.factor,
  rounding: 0.01,
  active: true,
  ...(v === 18
    ? { category_id: u.category, uom_type: u.type }
    : { relative_factor: 1 / u.factor, relative_uom_id: u.relativeTo, sequence: u.id }),
});

/** Currencies, countries, groups and units; returns the unit ids by name. */
export function seedReference(ctx: SeedCtx): Map<string, number> {
  insAll(ctx, 'res.currency', CURRENCIES);
  insAll(ctx, 'res.country', COUNTRIES);
  insAll(ctx, 'res.groups', GROUPS);
  if (ctx.v === 18) insAll(ctx, 'uom.category', UOM_CATEGORIES_18);
  insAll(
    ctx,
    'uom.uom',
    UOMS.map((u) => uomRecord(ctx.v, u)),
  );
  return new Map(UOMS.map((u) => [u.name, u.id]));
}
