import { createDb, DataDirBusy, type DataDirLock, lockDataDir } from '@quotewright/db';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { setupErp } from './erp-setup';
import { guardUnhandledRejections } from './process-guard';
import { drainOnSignals } from './shutdown';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78);
    }
    throw e;
  }
  // The embedded database belongs to this process alone while it runs (a second server, a backup opening the
  // directory or a restore would corrupt it): the data directory's lock says who holds it.
  let lock: DataDirLock | undefined;
  if (!config.DATABASE_URL) {
    try {
      lock = lockDataDir(config.DATA_DIR, 'server');
    } catch (e) {
      if (!(e instanceof DataDirBusy)) throw e;
      console.error(`${e.message}: stop it first, or give this server another DATA_DIR`);
      process.exit(75);
    }
  }
  const database = await createDb({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    // A dropped connection is logged and replaced; requests that used it are answered 503 (plugins/errors.ts).
    onConnectionError: (err) =>
      console.error(JSON.stringify({ level: 40, time: Date.now(), msg: 'database connection lost', err: err.message })),
  });
  await database.migrate();
  const erp = await setupErp(config, {
    info: (o, m) => console.log(m ?? '', typeof o === 'string' ? o : JSON.stringify(o)),
  });
  const app = await buildApp({
    config,
    database,
    erp: erp.erp,
    ...(erp.demo ? { erpDemo: erp.demo } : {}),
    ...(lock ? { opsSecret: lock.secret } : {}),
  });
  // A promise rejection nobody handled is logged and the server keeps serving (process-guard.ts).
  guardUnhandledRejections(app.log);
  // SIGTERM drains (shutdown.ts): /api/ready turns 503, requests in flight finish, sockets reconnect elsewhere.
  drainOnSignals(app, {
    delayMs: config.DRAIN_DELAY * 1000,
    timeoutMs: config.SHUTDOWN_TIMEOUT * 1000,
    release: async () => {
      await erp.close();
      await database.close();
      lock?.release();
    },
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  if (lock && address && typeof address === 'object') {
    const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? '127.0.0.1' : address.address;
    lock.update({ url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}` });
  }
}

main().catch((err) => {
  console.error(`Quotewright failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
