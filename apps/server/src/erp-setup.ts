import { join, resolve } from 'node:path';
import { startOdooSim } from '@quotewright/odoo-sim';
import type { Config } from './config';
import { createErpConnector } from './modules/erp/connector';
import type { ErpConnector } from './modules/erp/erp.types';
import { type DemoErp, simulatorDemoErp } from './modules/erp-order/demo-erp';

interface Log {
  info(obj: object | string, msg?: string): void;
}

/**
 * The ERP behind the app: a real Odoo when ODOO_URL is set, else the built-in simulator with its demo company,
 * started on a loopback port and used through the very same connector over HTTP. The simulator keeps what the
 * app writes (published quotes) in DATA_DIR so it survives restarts. `demo` is set for the simulator: it has no web
 * client, so 'Open in Odoo' opens a read-only page of the order in the app itself.
 */
export async function setupErp(
  config: Config,
  log: Log,
): Promise<{ erp: ErpConnector; demo?: DemoErp; close(): Promise<void> }> {
  if (config.ODOO_URL) {
    const erp = createErpConnector({
      url: config.ODOO_URL,
      db: config.ODOO_DB!,
      login: config.ODOO_LOGIN!,
      apiKey: config.ODOO_API_KEY!,
      protocol: config.ODOO_PROTOCOL,
      timeoutMs: config.ODOO_TIMEOUT * 1000,
      ...(config.ODOO_PUBLIC_URL ? { publicUrl: config.ODOO_PUBLIC_URL } : {}),
      ...(config.ODOO_MANUFACTURER_FIELD ? { manufacturerField: config.ODOO_MANUFACTURER_FIELD } : {}),
    });
    log.info({ url: config.ODOO_URL, db: config.ODOO_DB }, 'ERP: Odoo');
    return { erp, close: async () => {} };
  }
  const sim = await startOdooSim({
    port: 0,
    host: '127.0.0.1',
    stateFile: config.DATABASE_URL ? undefined : join(resolve(config.DATA_DIR), 'odoo-sim.json'),
  });
  log.info({ url: sim.url, db: sim.db }, 'ERP: built-in Odoo simulator (demo company)');
  const erp = createErpConnector({
    url: sim.url,
    db: sim.db,
    login: sim.login,
    apiKey: sim.apiKey,
    protocol: config.ODOO_PROTOCOL,
    timeoutMs: config.ODOO_TIMEOUT * 1000,
  });
  return { erp, demo: simulatorDemoErp(sim), close: () => sim.close() };
}
