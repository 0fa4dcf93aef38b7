// The Odoo connector: pages of products, partners, salespersons, quotation templates and sales, mapped to the
// plain types of erp.types.ts. Pure HTTP + mapping; no database, no retries of its own (the transport retries
// reads). Every page costs a fixed number of calls whatever its size: related records (order lines, BoMs,
// addresses, optional products' variants) are read for the whole page at once, never per record.
//
// Version differences are found by asking, not by version number: fields_get of each model is read once per
// connector and decides which optional fields exist (locked, margin, purchase_price, the line UoM field —
// product_uom on ≤ 18, product_uom_id on 19 —, mrp's bom_ids, the manufacturer and part number fields).
//
// This file composes the connector: connector.session.ts is the shared call layer (the transport, the version,
// fields_get once per model, batch reads); each area is a small factory over it: connector.catalog.ts (products,
// quotation templates), connector.partners.ts (partners, salespersons, companies), connector.sales.ts (sales
// pages, saleUrl), connector.orders.ts (publish, sync, preview, ordersByOrigin), connector.analytic.ts,
// connector.journal.ts and connector.stock.ts (reports).
import { analyticReads } from './connector.analytic.js';
import { catalogReads } from './connector.catalog.js';
import { journalReads } from './connector.journal.js';
import { orderWrites } from './connector.orders.js';
import { partnerReads } from './connector.partners.js';
import { saleReads } from './connector.sales.js';
import { createOdooSession } from './connector.session.js';
import { stockReads } from './connector.stock.js';
import type { ErpConnector, ErpRequestEvent, ErpServerInfo } from './erp.types.js';
import {
  createTransport,
  type OdooProtocol,
  type OdooTransport,
  type RequestLogEntry,
  type TransportOptions,
} from './transport.js';

export type { ErpConnector } from './erp.types.js';

export interface ErpConnectorOptions {
  url: string;
  db: string;
  login: string;
  apiKey: string;
  protocol: OdooProtocol;
  timeoutMs?: number;
  /** The ERP's address as people's browsers reach it, for 'Open in {ERP}' links (default: `url`). */
  publicUrl?: string;
  retries?: number;
  retryDelayMs?: number;
  /**
   * product.product field holding the manufacturer (many2one, char or selection). Default: detected with
   * fields_get (x_manufacturer_id, manufacturer_id, product_brand_id, … then any field named like
   * manufacturer/brand). '' turns the manufacturer off.
   */
  manufacturerField?: string;
  /**
   * product.product field holding the manufacturer's part number (a text field). Default: detected with fields_get
   * (x_part_number, x_mpn, the OCA product_manufacturer's manufacturer_pref, mpn, … of type char), else none. ''
   * turns it off.
   */
  partNumberField?: string;
  /** rows per call when reading the lines of a page of orders (they can be thousands) */
  linePageSize?: number;
  onRequest?: TransportOptions['onRequest'];
  /** rows per call for report reads (analytic lines, quants, journal items…); default 2,000 */
  reportPageSize?: number;
  /** x2many commands per sale.order.write when syncing a huge order; default 1,000 */
  syncBatchSize?: number;
  /** use this transport instead of creating one (tests) */
  transport?: OdooTransport;
}

const DEFAULT_LINE_PAGE = 5000;
const DEFAULT_REPORT_PAGE = 2000;
const DEFAULT_SYNC_BATCH = 1000;

export { isOutcomeUnknown } from './connector.session.js';

export function createErpConnector(opts: ErpConnectorOptions): ErpConnector {
  const webUrl = (opts.publicUrl ?? opts.url).replace(/\/+$/, '');
  const observers = new Set<(e: ErpRequestEvent) => void>();
  const onRequest = (e: RequestLogEntry) => {
    opts.onRequest?.(e);
    for (const o of observers) o(e);
  };
  const transport =
    opts.transport ??
    createTransport({
      url: opts.url,
      db: opts.db,
      login: opts.login,
      apiKey: opts.apiKey,
      protocol: opts.protocol,
      ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
      ...(opts.retries !== undefined ? { retries: opts.retries } : {}),
      ...(opts.retryDelayMs !== undefined ? { retryDelayMs: opts.retryDelayMs } : {}),
      onRequest,
    });
  const s = createOdooSession(transport, {
    linePageSize: opts.linePageSize ?? DEFAULT_LINE_PAGE,
    reportPageSize: opts.reportPageSize ?? DEFAULT_REPORT_PAGE,
  });
  const catalog = catalogReads(s, { manufacturerField: opts.manufacturerField, partNumberField: opts.partNumberField });
  const partners = partnerReads(s, { login: opts.login });
  const sales = saleReads(s, webUrl);
  const orders = orderWrites(s, { syncBatchSize: opts.syncBatchSize ?? DEFAULT_SYNC_BATCH });
  const analytic = analyticReads(s);
  const journal = journalReads(s);
  const stock = stockReads(s);

  return {
    async serverInfo(): Promise<ErpServerInfo> {
      const [v, protocol] = await Promise.all([s.version(), transport.protocol()]);
      return { serverVersion: v.serverVersion, protocol };
    },
    ...(transport.ping ? { ping: (timeoutMs: number) => transport.ping!(timeoutMs) } : {}),
    observe(listener) {
      observers.add(listener);
      return () => observers.delete(listener);
    },
    fetchProducts: catalog.fetchProducts,
    countProducts: catalog.countProducts,
    fetchPartners: partners.fetchPartners,
    countPartners: partners.countPartners,
    fetchSalespersons: partners.fetchSalespersons,
    fetchQuotationTemplates: catalog.fetchQuotationTemplates,
    fetchSales: sales.fetchSales,
    countSales: sales.countSales,
    saleUrl: sales.saleUrl,
    companies: partners.companies,
    fetchCompany: partners.fetchCompany,
    fetchPaymentTerms: partners.fetchPaymentTerms,
    publishSale: orders.publishSale,
    syncSale: orders.syncSale,
    previewSale: orders.previewSale,
    ordersByOrigin: orders.ordersByOrigin,
    analyticAccounts: analytic.analyticAccounts,
    analyticSummary: analytic.analyticSummary,
    journalItems: journal.journalItems,
    stockByLocation: stock.stockByLocation,
    stockByProduct: stock.stockByProduct,
  };
}
