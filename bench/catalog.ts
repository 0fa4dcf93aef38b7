// Catalog benchmark (decision 0004, docs/architecture.md#performance-targets): 50,000 products fetched from the ERP
// simulator through the real connector and job, a re-run that must write nothing, then product-list searches as the
// picker sends them. Prints JSON figures; not a test. Runs on PGlite, and on PostgreSQL too when DATABASE_URL is set.
import { performance } from 'node:perf_hooks';
import { type Engine, quantiles } from './kit/bench-kit';
import { type BenchApp, onEachEngine } from './kit/erp-app';

async function run(engine: Engine, app: BenchApp, headers: { authorization: string }) {
  const fetchOnce = async () => {
    const t0 = performance.now();
    const { id } = (await app.inject({ method: 'POST', url: '/api/odoo/sync/products', headers })).json();
    for (;;) {
      const r = (await app.inject({ method: 'GET', url: `/api/odoo/runs/${id}`, headers })).json();
      if (r.state !== 'loading') return { ms: Math.round(performance.now() - t0), ...r };
      await new Promise((res) => setTimeout(res, 100));
    }
  };
  const first = await fetchOnce();
  const again = await fetchOnce();
  const queries = [
    '/api/products?pageSize=20',
    '/api/products?pageSize=5&search=desk',
    '/api/products?pageSize=20&search=pro%2012',
    '/api/products?pageSize=20&bundlesOnly=true',
    '/api/products?pageSize=50&page=400&sort=price&direction=desc',
    '/api/products?pageSize=20&search=zzzz-no-match',
  ];
  const perQuery: Record<string, ReturnType<typeof quantiles>> = {};
  for (const url of queries) {
    const samples: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
      samples.push(performance.now() - t0);
    }
    perQuery[url] = quantiles(samples);
  }
  return {
    engine,
    products: first.processed,
    firstFetch: { ms: first.ms, written: first.written, state: first.state },
    rerunNoChange: { ms: again.ms, written: again.written, deactivated: again.deactivated, state: again.state },
    productListMs: perQuery,
  };
}

await onEachEngine('catalog', run);
