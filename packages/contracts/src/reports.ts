// Accounting and inventory reports (decision 0013; docs/product/api.md#reports): the route parameters and the answers.
// Plain z.objects (serializing through one drops what it does not name). Money is a number with 2 decimals,
// quantities with 4 (the ERP's own precision), dates 'YYYY-MM-DD'.
import { ENTRY_STATUSES, SALE_STATES } from '@quotewright/domain';
import { z } from 'zod';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day 'YYYY-MM-DD' that exists (2026-02-30 does not). */
export const isoDaySchema = z
  .string()
  .regex(ISO_DAY, 'Expected a date YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Expected a date YYYY-MM-DD');

export const idNameSchema = z.object({ id: z.number().int(), name: z.string() });
export type IdName = z.infer<typeof idNameSchema>;

// ---- analytic account summary ------------------------------------------------------------------------------

export const analyticParamsSchema = z.strictObject({
  entryStatus: z.enum(ENTRY_STATUSES, { error: 'Expected posted, unposted or both' }),
  accountingDate: isoDaySchema,
});
export type AnalyticParams = z.infer<typeof analyticParamsSchema>;

export const analyticSaleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  client_order_ref: z.string().nullable(),
  /** ISO datetime */
  date_order: z.string().nullable(),
  state: z.enum(SALE_STATES),
  amount_untaxed: z.number(),
  margin: z.number().nullable(),
  total_cost: z.number(),
  margin_percent: z.number(),
  invoice_status: z.string().nullable(),
  /** sale or done: counts in the totals; the others are greyed out */
  counts: z.boolean(),
});
export type AnalyticSaleDto = z.infer<typeof analyticSaleSchema>;

export const analyticTotalsSchema = z.object({
  sales_total: z.number(),
  expected_margin: z.number(),
  expected_margin_percent: z.number(),
  expected_total_costs: z.number(),
  current_costs: z.number(),
  current_invoiced: z.number(),
  current_margin: z.number(),
  current_margin_percent: z.number(),
});
export type AnalyticTotalsDto = z.infer<typeof analyticTotalsSchema>;

export const analyticAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  reference: z.string().nullable(),
  active: z.boolean(),
  customer: idNameSchema.nullable(),
  company: idNameSchema.nullable(),
  project_type: z.string(),
  date_completed: z.string().nullable(),
  /** entries summed */
  entries: z.number().int(),
  sales: z.array(analyticSaleSchema),
  totals: analyticTotalsSchema,
});
export type AnalyticAccountDto = z.infer<typeof analyticAccountSchema>;
export const analyticReportSchema = z.array(analyticAccountSchema);

// ---- journal items -----------------------------------------------------------------------------------------

export const journalItemsParamsSchema = z
  .strictObject({
    startDate: isoDaySchema,
    endDate: isoDaySchema,
    companyId: z.coerce.number<string>().int('Expected a company id').positive('Expected a company id'),
  })
  .refine((p) => p.startDate <= p.endDate, { message: 'The start date is after the end date', path: ['endDate'] });

export const companySchema = z.object({ id: z.number().int(), name: z.string() });
export type CompanyDto = z.infer<typeof companySchema>;
export const companiesSchema = z.array(companySchema);

/** The journal items export's columns, in order (the xlsx header row). */
export const JOURNAL_ITEM_COLUMNS = [
  'Date',
  'Journal Entry',
  'Journal',
  'Account Code',
  'Account',
  'Partner',
  'Label',
  'Reference',
  'Debit',
  'Credit',
  'Balance',
  'Amount in Currency',
  'Currency',
  'Analytic Distribution',
] as const;

// ---- stock -------------------------------------------------------------------------------------------------

export const stockEntrySchema = z.object({
  id: z.number().int(),
  product_id: idNameSchema,
  lot_id: idNameSchema.nullable(),
  location_id: idNameSchema,
  reserved_quantity: z.number(),
  quantity: z.number(),
});
export type StockEntryDto = z.infer<typeof stockEntrySchema>;

export const stockLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  complete_name: z.string(),
  usage: z.string(),
  company_id: idNameSchema.nullable(),
  /** Σ on-hand quantity of the quants */
  stock_qty: z.number(),
  quant_ids: z.array(stockEntrySchema),
});
export type StockLocationDto = z.infer<typeof stockLocationSchema>;
export const stockByLocationSchema = z.array(stockLocationSchema);

/** A product's stock in one company (a product stocked by two companies is two rows: each has its own cost). */
export const stockProductSchema = z.object({
  /** the product's id; with company.id, the row's key */
  id: z.number().int(),
  name: z.string(),
  category: z.object({ name: z.string().nullable() }),
  /** the company of the row's quants */
  company: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
  qty_available: z.number(),
  cost: z.number(),
  /** qty_available × cost, to the cent */
  liability: z.number(),
  stock_quant_ids: z.array(stockEntrySchema),
});
export type StockProductDto = z.infer<typeof stockProductSchema>;
export const stockByProductSchema = z.object({
  /** Σ liability: the figure in the screen's header */
  total_liability: z.number(),
  products: z.array(stockProductSchema),
});
export type StockByProductDto = z.infer<typeof stockByProductSchema>;

export const REPORT_FILES = { journalItems: 'journalitems.xlsx', stock: 'stockreport.xlsx' } as const;
