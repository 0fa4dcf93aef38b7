import { createDb } from '@quotewright/db';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { setupErp } from './erp-setup';
import { guardUnhandledRejections } from './process-guard';

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
  const app = await buildApp({ config, database, erp: erp.erp, ...(erp.demo ? { erpDemo: erp.demo } : {}) });
  // A promise rejection nobody handled is logged and the server keeps serving (process-guard.ts).
  guardUnhandledRejections(app.log);
  const close = async () => {
    await app.close();
    await erp.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(`Quotewright failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
