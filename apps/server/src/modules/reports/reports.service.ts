// Accounting and inventory reports (docs/product/rules.md#reports): access first, then the ERP. The analytic summary
// is summed by Odoo; the journal items stream from Odoo into the xlsx page by page.
import { PassThrough, type Readable } from 'node:stream';
import {
  type AnalyticAccountDto,
  type AnalyticParams,
  type CompanyDto,
  REPORT_FILES,
  type StockByProductDto,
  type StockLocationDto,
} from '@quotewright/contracts';
import { type AuthUser, authorize } from '../../policy';
import type { ErpConnector, ErpStockLocation, ErpStockProduct } from '../erp/erp.types';
import { locationStockQty, stockLiability, totalLiability } from '../erp/reports';
import type { ReportsRepository } from './reports.repository';
import { DownloadAborted, writeJournalItems, writeStockReport } from './reports.xlsx';

export interface ReportsDeps {
  erp: ErpConnector;
  repo: ReportsRepository;
  log?: { error(obj: unknown, msg: string): void };
}

const toLocation = (l: ErpStockLocation): StockLocationDto => ({ ...l, stock_qty: locationStockQty(l) });
const toProducts = (products: ErpStockProduct[]): StockByProductDto => ({
  total_liability: totalLiability(products),
  products: products.map((p) => ({
    id: p.id,
    name: p.name,
    category: { name: p.category?.name ?? null },
    company: { id: p.company?.id ?? null, name: p.company?.name ?? null },
    qty_available: p.qty_available,
    cost: p.cost,
    liability: stockLiability(p),
    stock_quant_ids: p.stock_quant_ids,
  })),
});

export function reportsService(deps: ReportsDeps) {
  const { erp } = deps;
  return {
    async analyticAccounts(actor: AuthUser | null, q: AnalyticParams): Promise<AnalyticAccountDto[]> {
      authorize(actor, 'accounting.view');
      return erp.analyticSummary(q);
    },

    /** The ERP's companies (the journal items' company select). */
    async companies(actor: AuthUser | null): Promise<CompanyDto[]> {
      authorize(actor, 'accounting.view');
      return (await erp.companies()).map((c) => ({ id: c.odooId, name: c.name }));
    },

    /**
     * journalitems.xlsx. The first page is read before answering (an ERP error is a proper error answer); the
     * rest streams into the download, which starts at once. A failure later aborts the download.
     */
    async journalItems(
      actor: AuthUser | null,
      q: { startDate: string; endDate: string; companyId: number },
    ): Promise<{ fileName: string; stream: Readable }> {
      authorize(actor, 'accounting.view');
      const pages = erp.journalItems(q)[Symbol.asyncIterator]();
      const first = await pages.next();
      const out = new PassThrough();
      writeJournalItems(pages, first.done ? null : first.value, out).catch((e) => {
        if (!(e instanceof DownloadAborted))
          deps.log?.error({ err: e }, 'the journal items export failed while streaming');
        out.destroy(e);
      });
      return { fileName: REPORT_FILES.journalItems, stream: out };
    },

    async stockByLocation(actor: AuthUser | null): Promise<StockLocationDto[]> {
      authorize(actor, 'inventory.view');
      return (await erp.stockByLocation()).map(toLocation);
    },

    async stockByProduct(actor: AuthUser | null): Promise<StockByProductDto> {
      authorize(actor, 'inventory.view');
      return toProducts(await erp.stockByProduct());
    },

    /** stockreport.xlsx: both views; the user's discrete mode leaves unit cost and liability out. */
    async stockReport(actor: AuthUser | null): Promise<{ fileName: string; stream: Readable }> {
      const user = authorize(actor, 'inventory.view');
      const [locations, products, prefs] = await Promise.all([
        erp.stockByLocation(),
        erp.stockByProduct(),
        deps.repo.preferencesOf(user.id),
      ]);
      const byProduct = toProducts(products);
      const out = new PassThrough();
      writeStockReport(
        {
          locations: locations.map(toLocation),
          products: byProduct.products,
          totalLiability: byProduct.total_liability,
        },
        { discrete: prefs.discreteMode },
        out,
      ).catch((e) => out.destroy(e));
      return { fileName: REPORT_FILES.stock, stream: out };
    },
  };
}
export type ReportsService = ReturnType<typeof reportsService>;
