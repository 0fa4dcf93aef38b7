// Standalone simulator: `npm run odoo-sim` (PORT, ODOO_SIM_VERSION, ODOO_SIM_SIZE, ODOO_SIM_API_KEY, ODOO_SIM_STATE,
// ODOO_SIM_CURRENCY=EUR for a demo company in euros).
import { startOdooSim } from './index.js';

const port = Number(process.env.PORT ?? 8069);
const version = process.env.ODOO_SIM_VERSION === '18' ? 18 : 19;
const size = process.env.ODOO_SIM_SIZE === 'bench' ? 'bench' : 'demo';
const t0 = performance.now();
const sim = await startOdooSim({
  port,
  host: process.env.HOST ?? '127.0.0.1',
  version,
  size,
  db: process.env.ODOO_SIM_DB ?? 'demo',
  apiKey: process.env.ODOO_SIM_API_KEY,
  stateFile: process.env.ODOO_SIM_STATE,
  currency: process.env.ODOO_SIM_CURRENCY === 'EUR' ? 'EUR' : 'USD',
});
console.log(`Odoo ${sim.version} simulator ready in ${Math.round(performance.now() - t0)} ms`);
console.log(`  url:      ${sim.url}`);
console.log(`  db:       ${sim.db}`);
console.log(`  login:    ${sim.login} / password ${sim.password}`);
console.log(`  api key:  ${sim.apiKey}`);
console.log(
  `  demo user (restricted): ${sim.demoUser.login} / ${sim.demoUser.password}, api key ${sim.demoUser.apiKey}`,
);
const stop = async () => {
  await sim.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
