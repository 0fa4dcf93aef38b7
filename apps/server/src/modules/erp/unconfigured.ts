// The connector of a server started without an ERP (tests that do not need one): every call says so clearly.
import { ErpError } from './erp.errors.js';
import type { ErpConnector } from './erp.types.js';

/**
 * A connector for a server without an ERP: every call fails with ErpError kind 'unreachable' and `message`
 * (journalItems fails on the first page); saleUrl answers ''.
 */
export function unconfiguredErp(message = 'No ERP connection is configured'): ErpConnector {
  const fail = async (): Promise<never> => {
    throw new ErpError('unreachable', message);
  };
  return {
    serverInfo: fail,
    fetchProducts: fail,
    countProducts: fail,
    fetchPartners: fail,
    countPartners: fail,
    fetchSalespersons: fail,
    fetchQuotationTemplates: fail,
    fetchSales: fail,
    countSales: fail,
    saleUrl: () => '',
    companies: fail,
    fetchCompany: fail,
    fetchPaymentTerms: fail,
    publishSale: fail,
    syncSale: fail,
    previewSale: fail,
    ordersByOrigin: fail,
    analyticAccounts: fail,
    analyticSummary: fail,
    journalItems: () => ({
      [Symbol.asyncIterator]: () => ({ next: fail }),
    }),
    stockByLocation: fail,
    stockByProduct: fail,
  };
}
