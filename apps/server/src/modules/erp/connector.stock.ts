// The stock reports (docs/product/erp-mapping.md "Reports"): internal locations with their quants, and a row per
// product and company of its internal quants with that company's cost and on-hand quantity.

import { forReport, NO_ARCHIVE_FILTER, type OdooSession } from './connector.session.js';
import type { ErpConnector, ErpIdName, ErpStockEntry, ErpStockLocation, ErpStockProduct } from './erp.types.js';
import { num, str } from './mapping.js';
import { groupBy, idName, round4, stockEntry } from './reports.js';

const STOCK_NEEDS = 'the stock reports need read access to locations, quants and products: group Inventory / User';

export function stockReads(s: OdooSession): Pick<ErpConnector, 'stockByLocation' | 'stockByProduct'> {
  return {
    stockByLocation: () => stockByLocation(s),
    stockByProduct: () => stockByProduct(s),
  };
}

/** The quants of internal locations, each with its company (the location's). */
async function internalQuants(s: OdooSession): Promise<{ entry: ErpStockEntry; company: ErpIdName | null }[]> {
  const rows = await s.searchAll(
    'stock.quant',
    [['location_id.usage', '=', 'internal']],
    ['product_id', 'lot_id', 'location_id', 'reserved_quantity', 'quantity', 'company_id'],
  );
  return rows.flatMap((r) => {
    const entry = stockEntry(r);
    return entry ? [{ entry, company: idName(r.company_id) }] : [];
  });
}

async function stockByLocation(s: OdooSession): Promise<ErpStockLocation[]> {
  return forReport(STOCK_NEEDS, async () => {
    const locations = await s.searchRead(
      'stock.location',
      [['usage', '=', 'internal']],
      ['name', 'complete_name', 'usage', 'company_id'],
      { order: 'complete_name, id' },
    );
    const byLocation = groupBy(
      (await internalQuants(s)).map((q) => q.entry),
      (q) => q.location_id.id,
    );
    return locations.map((l) => ({
      id: l.id as number,
      name: str(l.name) ?? '',
      complete_name: str(l.complete_name) ?? str(l.name) ?? '',
      usage: str(l.usage) ?? 'internal',
      company_id: idName(l.company_id),
      quant_ids: byLocation.get(l.id as number) ?? [],
    }));
  });
}

/**
 * A row per product and company of its quants. standard_price is company-dependent (each company has its own
 * cost) and qty_available counts the activated companies, so each company's products are read with that company
 * alone in allowed_company_ids: its cost, its on-hand quantity (one read per company, not per product).
 */
async function stockByProduct(s: OdooSession): Promise<ErpStockProduct[]> {
  return forReport(STOCK_NEEDS, async () => {
    const quants = await internalQuants(s);
    const companies = new Map<number, ErpIdName | null>();
    for (const q of quants) if (!companies.has(q.company?.id ?? 0)) companies.set(q.company?.id ?? 0, q.company);
    const out: ErpStockProduct[] = [];
    for (const [companyId, company] of companies) {
      const byProduct = groupBy(
        quants.filter((q) => (q.company?.id ?? 0) === companyId).map((q) => q.entry),
        (q) => q.product_id.id,
      );
      const rows = await s.readIds(
        'product.product',
        [...byProduct.keys()],
        ['display_name', 'categ_id', 'company_id', 'qty_available', 'standard_price'],
        companyId ? { ...NO_ARCHIVE_FILTER, allowed_company_ids: [companyId] } : NO_ARCHIVE_FILTER,
      );
      for (const r of rows)
        out.push({
          id: r.id as number,
          name: str(r.display_name) ?? '',
          category: idName(r.categ_id),
          company: company ?? idName(r.company_id),
          qty_available: round4(num(r.qty_available) ?? 0),
          cost: round4(num(r.standard_price) ?? 0),
          stock_quant_ids: byProduct.get(r.id as number) ?? [],
        });
    }
    return out
      .filter((p) => p.qty_available !== 0 || p.stock_quant_ids.some((q) => q.quantity !== 0))
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id || (a.company?.id ?? 0) - (b.company?.id ?? 0));
  });
}
