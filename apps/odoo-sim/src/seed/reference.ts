// Reference data: currencies, countries, groups, units of measure, system parameters.
import { insAll, type SeedCtx, type Vals } from './context.js';

export const CURRENCIES: Vals[] = [
  { id: 1, name: 'USD', symbol: '$', active: true, rounding: 0.01 },
  { id: 2, name: 'EUR', symbol: '€', active: true, rounding: 0.01 },
  { id: 3, name: 'CAD', symbol: '$', active: true, rounding: 0.01 },
];

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
