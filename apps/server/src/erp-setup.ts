import { join, resolve } from 'node:path';
import { startOdooSim } from '@quotewright/odoo-sim';
import type { Config } from './config';
import { createErpConnector } from './modules/erp/connector';
import type { ErpConnector } from './modules/erp/erp.types';
import { type DemoErp, simulatorDemoErp } from './modules/erp-order/demo-erp';

interface Log {
  info(obj: object | string, msg?: string): void;
  warn?(obj: object | string, msg?: string): void;
}

export interface ErpSetup {
  erp: ErpConnector;
  demo?: DemoErp;
  /** The built-in simulator's address and key (undefined with ODOO_URL), and where it keeps its state. */
  simulator?: { url: string; db: string; apiKey: string; stateFile: string | undefined };
  close(): Promise<void>;
}

/**
 * The ERP behind the app: a real Odoo when ODOO_URL is set, else the built-in simulator with its demo company,
 * started on a loopback port and used through the very same connector over HTTP. The simulator keeps what the
 * app writes (published quotes) in DATA_DIR/odoo-sim.json (+ .journal) so it survives restarts, with PGlite and
 * with PostgreSQL alike: it stands for an external ERP with its own storage, not a part of the app's database. A
 * write is on disk before the simulator answers it. One process keeps it: another one on the same DATA_DIR keeps
 * nothing (logged). `demo` is set for the simulator: it has no web client, so 'Open in Odoo' opens a read-only page
 * of the order in the app itself.
 */
export async function setupErp(config: Config, log: Log): Promise<ErpSetup> {
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
      ...(config.ODOO_PART_NUMBER_FIELD ? { partNumberField: config.ODOO_PART_NUMBER_FIELD } : {}),
    });
    log.info({ url: config.ODOO_URL, db: config.ODOO_DB }, 'ERP: Odoo');
    return { erp, close: async () => {} };
  }
  const sim = await startOdooSim({
    port: 0,
    host: '127.0.0.1',
    stateFile: join(resolve(config.DATA_DIR), 'odoo-sim.json'),
  });
  log.info({ url: sim.url, db: sim.db, state: sim.stateFile }, 'ERP: built-in Odoo simulator (demo company)');
  if (sim.stateNote) (log.warn ?? log.info)({ state: sim.stateNote }, 'ERP: the simulator keeps nothing');
  const erp = createErpConnector({
    url: sim.url,
    db: sim.db,
    login: sim.login,
    apiKey: sim.apiKey,
    protocol: config.ODOO_PROTOCOL,
    timeoutMs: config.ODOO_TIMEOUT * 1000,
  });
  return {
    erp,
    demo: simulatorDemoErp(sim),
    simulator: { url: sim.url, db: sim.db, apiKey: sim.apiKey, stateFile: sim.stateFile },
    close: () => sim.close(),
  };
}
