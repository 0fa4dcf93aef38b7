// Sales list benchmark (issue 5, DESIGN §10): 100,000 sales; p50/p95 server time of list pages as the Sales list
// screen asks for them (paging, every sort, a state filter, a search). Target: a page under 50 ms p95.
// Prints JSON; not a test. PGlite always; PostgreSQL too when DATABASE_URL is set (a fresh database, dropped after).
import { performance } from 'node:perf_hooks';
import { createDb, type Database } from '@quotewright/db';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';

const ADMIN = { email: 'bench@quotewright.test', password: 'bench-password-1' };
const SALES = Number(process.env.BENCH_SALES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

function quantiles(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => Number(s[Math.min(s.length - 1, Math.floor(q * s.length))]!.toFixed(2));
  return { p50: at(0.5), p95: at(0.95), n: s.length };
}

async function openDatabase(engine: 'pglite' | 'postgres'): Promise<{ database: Database; drop(): Promise<void> }> {
  if (engine === 'pglite') return { database: await createDb(), drop: async () => {} };
  const base = new URL(process.env.DATABASE_URL!);
  const name = `qw_bench_list_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: Object.assign(new URL(base), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const database = await createDb({ url: Object.assign(new URL(base), { pathname: `/${name}` }).toString() });
  return {
    database,
    drop: async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 20 ? ' WITH (FORCE)' : ''}`);
          break;
        } catch (e) {
          if (attempt >= 20) throw e;
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      await admin.end();
    },
  };
}

async function run(engine: 'pglite' | 'postgres') {
  const { database, drop } = await openDatabase(engine);
  await database.migrate();
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

const results = [await run('pglite')];
if (process.env.DATABASE_URL) results.push(await run('postgres'));
console.log(JSON.stringify({ bench: 'sales-list', target: { pageP95Ms: 50 }, results }, null, 2));
