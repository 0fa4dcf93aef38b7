// The customer PDF of a big quote (issue #24; docs/product/rules.md#the-customer-pdf): a sale of BENCH_PDF_LINES
// (default 2,000) lines in 20 sections — one of them Quantities only, one Total only, one Optional when the sections
// have a presentation — with long descriptions every tenth line and a cover letter, built through the API; then
// BENCH_PDF_RUNS (default 5) downloads of its PDF through the route (GET /api/sales/reports/:id, in-process:
// app.inject, the server's own time from request to the last byte of the document). For each: the time, the pages, the
// bytes, and the growth of the process's resident memory over the download (peak sampled every 5 ms, minus the
// resident size just before). Targets: ≤ 2 s and ≤ 150 MB growth. Runs on PGlite (the route reads the sale; the
// drawing is the same on PostgreSQL). Prints JSON; not a test.
import { performance } from 'node:perf_hooks';
import type { SaleDto } from '@quotewright/contracts';
import { products } from '@quotewright/db';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase, quantiles } from './kit/bench-kit';

const LINES = Number(process.env.BENCH_PDF_LINES ?? 2000);
const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 5);
const SECTIONS = 20;
const ADMIN = { email: 'bench@quotewright.test', password: 'bench-password-1' };
const TARGETS = { ms: 2000, growthMb: 150 };
const MB = 1024 * 1024;

const { database, drop } = await openDatabase('pglite', 'pdf');
const app = await buildApp({
  config: testConfig({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, JWT_SECRET: 'b'.repeat(40) }),
  database,
  logger: false,
});
try {
  const { token } = (await app.inject({ method: 'POST', url: '/api/users/login', payload: ADMIN })).json();
  const headers = { authorization: `Bearer ${token}` };
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res;
  };
  await database.db.insert(products).values(
    Array.from({ length: 50 }, (_, i) => ({
      id: i + 1,
      model: `M-${i + 1}`,
      name: `Product ${i + 1}`,
      description:
        i % 10 === 0
          ? `Product ${i + 1}: a long description of a configured item, with its options, its warranty terms and the details a customer asks about, long enough to wrap over two or three lines of the table`
          : `Product ${i + 1}, a thing of some length`,
      manufacturer: 'Maker',
      price: `${100 + i}.50`,
      cost: `${60 + i}.2500`,
      contentHash: 'bench',
    })),
  );
  const sale = (await call('POST', '/api/sales', { name: 'PDF bench' })).json() as SaleDto;
  const per = Math.ceil(LINES / SECTIONS);
  const sectionIds: string[] = [];
  for (let s = 0; s < SECTIONS; s++) {
    const d = (await call('POST', `/api/sales/sections/create/${sale._id}`, { name: `Room ${s + 1}` })).json();
    const section = d.changes.sections.order.at(-1) as string;
    sectionIds.push(section);
    await call('POST', `/api/sales/lines/create/${sale._id}/${section}`, {
      lines: Array.from({ length: per }, (_, i) => ({
        product: 1 + ((s * per + i) % 50),
        quantity: String(1 + (i % 5)),
      })),
      sequence: -1,
    });
  }
  // Three presentations besides Details, where the API has them (a sale of an older build keeps Details).
  const presentations: [number, string][] = [
    [3, 'quantities'],
    [7, 'total'],
    [SECTIONS - 1, 'optional'],
  ];
  let presented = 0;
  for (const [i, presentation] of presentations) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/sales/sections/update/${sale._id}/${sectionIds[i]}`,
      headers,
      payload: { presentation },
    });
    if (res.statusCode < 300) presented++;
  }
  await call('PUT', `/api/sales/${sale._id}/document`, {
    body: Array.from({ length: 12 }, (_, i) => [
      { text: `Paragraph ${i + 1} of the cover letter, with a few sentences of text.` },
    ]),
  });

  const runs: { ms: number; growthMb: number; bytes: number; pages: number }[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const t0 = performance.now();
    const res = await call('GET', `/api/sales/reports/${sale._id}`);
    const ms = performance.now() - t0;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const pdf = res.rawPayload;
    const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    // The first download warms the code paths up (fonts parsed, modules compiled): not counted.
    if (i > 0) runs.push({ ms: Math.round(ms), growthMb: Math.round((peak - before) / MB), bytes: pdf.length, pages });
  }
  const time = quantiles(runs.map((r) => r.ms));
  const growth = Math.max(...runs.map((r) => r.growthMb));
  console.log(
    JSON.stringify(
      {
        bench: 'pdf',
        lines: LINES,
        sections: SECTIONS,
        sectionsWithAnotherPresentation: presented,
        pages: runs[0]?.pages,
        bytes: runs[0]?.bytes,
        ms: { ...time, target: TARGETS.ms, met: time.max <= TARGETS.ms },
        memoryGrowthMb: {
          max: growth,
          runs: runs.map((r) => r.growthMb),
          target: TARGETS.growthMb,
          met: growth <= TARGETS.growthMb,
        },
      },
      null,
      2,
    ),
  );
} finally {
  await app.close();
  await database.close();
  await drop();
}
