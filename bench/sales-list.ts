// Sales list benchmark (docs/architecture.md#performance-targets): 100,000 sales; p50/p95 server time of list pages as
// the Sales list screen asks for them (paging, every sort, a state filter, a search, pages of groups and a group's
// sales). Target: a page under 50 ms p95.
// Prints JSON; not a test. PGlite always; PostgreSQL too when DATABASE_URL is set (a fresh database, dropped after).
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { type Engine, engines, openDatabase, quantiles } from './kit/bench-kit';

const ADMIN = { email: 'bench@quotewright.test', password: 'bench-password-1' };
const SALES = Number(process.env.BENCH_SALES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

async function run(engine: Engine) {
  const { database, drop } = await openDatabase(engine, 'list');
  const t0 = performance.now();
  // Seeding is not what is measured: one set-based insert.
  await database.executeSql(`
    insert into sales (name, quote_number, state, customer_id, customer_name, salesperson_id, salesperson_name,
                       total_price, updated_at, created_at)
    select 'Quote for project ' || g, 'Q' || lpad(g::text, 6, '0'),
           (array['draft','sent','sale','done','cancel'])[1 + g % 5],
           g % 997, 'Customer ' || (g % 997), g % 13, 'Salesperson ' || (g % 13),
           ((g * 7919) % 1000000) / 100.0, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    from generate_series(1, ${SALES}) g`);
  await database.executeSql('analyze sales');
  const seedMs = Math.round(performance.now() - t0);
  const app = await buildApp({
    config: testConfig({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, JWT_SECRET: 'l'.repeat(40) }),
    database,
    logger: false,
    workers: false,
  });
  try {
    const { token } = (await app.inject({ method: 'POST', url: '/api/users/login', payload: ADMIN })).json();
    const headers = { authorization: `Bearer ${token}` };
    const pages = [
      '/api/sales?page=0&pageSize=20',
      '/api/sales?page=200&pageSize=20',
      '/api/sales?page=0&pageSize=200&sort=total_price&direction=desc',
      '/api/sales?page=0&pageSize=20&sort=customer',
      '/api/sales?page=0&pageSize=20&sort=quote_number&direction=desc',
      '/api/sales?page=0&pageSize=20&state=draft',
      // grouped: pages of groups (GROUP BY: counts and totals of whole groups), then one group's sales
      '/api/sales/groups?page=0&pageSize=20&groupBy=state',
      '/api/sales/groups?page=0&pageSize=20&groupBy=customer',
      '/api/sales/groups?page=10&pageSize=20&groupBy=customer&sort=total_price&direction=desc',
      '/api/sales/groups?page=0&pageSize=20&groupBy=salesperson&search=customer%2042',
      '/api/sales?page=0&pageSize=20&groupBy=state&group=cancel',
      '/api/sales?page=50&pageSize=20&groupBy=salesperson&group=Salesperson%207',
      '/api/sales?page=0&pageSize=20&groupBy=customer&group=Customer%2042&sort=name',
      // a selective search (a quote number) and a broad one (a word every seeded sale contains)
      '/api/sales?page=0&pageSize=20&search=Q004242',
      '/api/sales?page=0&pageSize=20&search=customer%2042',
      '/api/sales?page=0&pageSize=1000',
    ];
    const results: Record<string, ReturnType<typeof quantiles>> = {};
    for (const url of pages) {
      const samples: number[] = [];
      for (let i = 0; i < RUNS + 3; i++) {
        const start = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (i >= 3) samples.push(performance.now() - start);
      }
      results[url] = quantiles(samples);
    }
    return { engine, sales: SALES, seedMs, pageMs: results };
  } finally {
    await app.close();
    await database.close();
    await drop();
  }
}

const results = [];
for (const engine of engines()) results.push(await run(engine));
console.log(JSON.stringify({ bench: 'sales-list', target: { pageP95Ms: 50 }, results }, null, 2));
