/// <reference lib="dom" />
// Browser scrolling benchmark (docs/architecture.md#performance-targets: big quotes stay fast in the browser): a sale
// with one section of 2,000 lines (products with descriptions of one to three lines, notes and headers every so often),
// created through the API, opened in headless Chromium; the lines table is scrolled through programmatically — each
// animation frame moves it by a fixed step, down to the end and back — while the page records every frame's duration
// (requestAnimationFrame timestamps) and its long tasks. Target: frame p95 ≤ 25 ms (≥ 40 fps at worst, ≥ 50 fps
// typically).
//
// Prints JSON; not a test. Runs once with no CPU throttling and, when SCROLL_THROTTLE is set (e.g. 4), once more
// with Chromium's CPU throttling at that rate. Builds the web app first unless SCROLL_SKIP_BUILD=1.
// Other knobs: SCROLL_LINES (2000), SCROLL_SECONDS (8), SCROLL_STEP_PX (per frame; default 240 px, 14,400 px/s at
// 60 fps: a fast flick, two to four rows new at each frame), SCROLL_PROFILE=file.cpuprofile (a CPU profile of the first run),
// SCROLL_MODE=gesture (scroll with a synthesized mouse-wheel gesture at 14,400 px/s through Chromium's input
// pipeline, down and back up, instead of setting scrollTop at every frame), SCROLL_TRACE=file.json (a Chromium performance trace of the first run, for the DevTools Performance panel),
// SCROLL_WEB_DIST (a web build to serve instead, e.g. one built with `vite build --minify false` for profiling).
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { products } from '@quotewright/db';
import { quantiles } from './kit/bench-kit';
import { BENCH_ADMIN, ensureWebBuild, WEB_DIST, withBrowserApp } from './kit/browser-app';

const LINES = Number(process.env.SCROLL_LINES ?? 2000);
const SECONDS = Number(process.env.SCROLL_SECONDS ?? 8);
const STEP_PX = process.env.SCROLL_STEP_PX ? Number(process.env.SCROLL_STEP_PX) : undefined;
const THROTTLE = process.env.SCROLL_THROTTLE ? Number(process.env.SCROLL_THROTTLE) : undefined;
const PROFILE = process.env.SCROLL_PROFILE;
const TRACE = process.env.SCROLL_TRACE;
/** steps: the page sets scrollTop at every frame; gesture: Chromium's input pipeline scrolls (a mouse-wheel gesture). */
const MODE = process.env.SCROLL_MODE === 'gesture' ? 'gesture' : 'steps';
const PRODUCTS = 50;
const webDist = process.env.SCROLL_WEB_DIST ?? WEB_DIST;

if (!process.env.SCROLL_WEB_DIST) ensureWebBuild('scroll', process.env.SCROLL_SKIP_BUILD === '1');

/** Descriptions of one, two or three lines at the table's width. */
const description = (i: number) =>
  [
    `Product ${i}`,
    `Product ${i}: height-adjustable frame, steel, powder-coated; cable tray and levelling feet included`,
    `Product ${i}: height-adjustable frame, steel, powder-coated; cable tray and levelling feet included. ` +
      'Delivered flat-packed with assembly instructions; five-year warranty on the frame, two on the motors.',
  ][i % 3]!;

async function main() {
  await withBrowserApp('scroll', webDist, async ({ database, base, browser }) => {
    // The catalog comes from the ERP: written straight to the database. The sale is built through the API.
    await database.db.insert(products).values(
      Array.from({ length: PRODUCTS }, (_, i) => ({
        id: i + 1,
        model: `MODEL-${1000 + i}`,
        name: `Product ${i + 1}`,
        description: description(i),
        manufacturer: ['Steelcase', 'Herman Miller', 'Haworth', 'Knoll'][i % 4]!,
        uom: 'Units',
        price: String(100 + i * 7.5),
        cost: String(60 + i * 4.25),
        contentHash: String(i),
      })),
    );
    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const call = async <T>(path: string, body: unknown): Promise<T> => {
      const res = await fetch(`${base}/api${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const t0 = performance.now();
    const sale = await call<{ _id: string }>('/sales', { name: 'Scroll bench' });
    const created = await call<{ changes: { sections: { changed: { _id: string }[] } } }>(
      `/sales/sections/create/${sale._id}`,
      { name: 'Big section' },
    );
    const section = created.changes.sections.changed[0]!._id;
    const texts = Math.floor(LINES / 25);
    let remaining = LINES - texts;
    while (remaining > 0) {
      const n = Math.min(1000, remaining);
      await call(`/sales/lines/create/${sale._id}/${section}`, {
        lines: Array.from({ length: n }, (_, i) => ({
          product: ((remaining - i) % PRODUCTS) + 1,
          quantity: String((i % 9) + 1),
        })),
      });
      remaining -= n;
    }
    for (let k = 0; k < texts; k++) {
      const kind = k % 4 === 3 ? 'header' : 'note';
      await call(`/sales/lines/${kind}/${sale._id}/${section}`, {
        name: kind === 'header' ? `Room ${k + 1}` : `Note ${k + 1}: deliver to the loading dock before 10 am`,
        sequence: k * 25,
      });
    }
    const seedMs = Math.round(performance.now() - t0);

    const runs = [];
    for (const throttle of THROTTLE ? [1, THROTTLE] : [1]) {
      runs.push(await measure(base, token, sale._id, throttle, throttle === 1));
    }
    const verdict = runs.map((r) => ({ throttle: r.throttle, p95: r.p95 <= 25 ? 'ok' : 'MISSED' }));
    console.log(
      JSON.stringify(
        {
          benchmark: 'scroll',
          cores: availableParallelism(),
          cpu: cpus()[0]?.model,
          chromium: browser.version(),
          lines: LINES,
          seedMs,
          target: { frameP95Ms: 25 },
          runs,
          verdict,
        },
        null,
        2,
      ),
    );

    async function measure(base: string, token: string, saleId: string, throttle: number, first: boolean) {
      const profile = first ? PROFILE : undefined;
      const trace = first ? TRACE : undefined;
      const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, baseURL: base });
      await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
      // tsx compiles this file with esbuild's keepNames: functions sent to the page call its __name helper.
      await context.addInitScript('globalThis.__name = (f) => f;');
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await page.goto(`/sale/${saleId}`);
      await page.getByTestId('section-row').filter({ hasText: 'Big section' }).getByText('Big section').click();
      await page.getByTestId('line-row').first().waitFor();
      await page.waitForTimeout(1000);
      if (throttle !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      if (profile) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      if (trace) {
        await browser.startTracing(page, {
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'v8.execute'],
        });
      }
      // The gesture starts over the lines table: bring it into view (a gesture outside the viewport does nothing).
      if (MODE === 'gesture') await page.getByTestId('lines-scroll').evaluate((el) => el.scrollIntoView());
      const box = (await page.getByTestId('lines-scroll').boundingBox())!;
      const running = page.evaluate(
        async ({ seconds, step, gesture }) => {
          const el = document.querySelector<HTMLElement>('[data-testid="lines-scroll"]')!;
          const longTasks: number[] = [];
          const observer = new PerformanceObserver((list) => {
            for (const e of list.getEntries()) longTasks.push(e.duration);
          });
          observer.observe({ type: 'longtask' });
          const range = el.scrollHeight - el.clientHeight;
          const px = step ?? 240;
          const frames: number[] = [];
          let rows = 0;
          let dir = 1;
          let travelled = 0;
          await new Promise<void>((done) => {
            let last = 0;
            let start = 0;
            // The harness itself reads layout as little as it can (a read forces the pending layout early): the scroll
            // position is tracked here, the height read again only near the end, the rows counted every 15 frames.
            let top = el.scrollTop;
            let max = range;
            const tick = (now: number) => {
              if (start === 0) start = now;
              else frames.push(now - last);
              last = now;
              if (frames.length % 15 === 0)
                rows = Math.max(rows, el.querySelectorAll('[data-testid="line-row"]').length);
              if (gesture) {
                // Chromium scrolls; the page only records (and reads where the gesture got to).
                const at = el.scrollTop;
                travelled += Math.abs(at - top);
                top = at;
                if ((window as { scrollDone?: boolean }).scrollDone || now - start >= 4 * seconds * 1000) return done();
                requestAnimationFrame(tick);
                return;
              }
              if (now - start >= seconds * 1000) return done();
              if (dir > 0 && top + px > max) max = el.scrollHeight - el.clientHeight;
              if (top + dir * px > max) dir = -1;
              else if (top + dir * px < 0) dir = 1;
              top += dir * px;
              el.scrollTop = top;
              travelled += px;
              requestAnimationFrame(tick);
            };
            requestAnimationFrame(tick);
          });
          observer.disconnect();
          return {
            frames,
            longTasks,
            rows,
            // the grid's rows: the header row and the lines
            rowCount: Number(el.closest('[role="grid"]')?.getAttribute('aria-rowcount')) - 1,
            stepPx: px,
            scrollHeight: el.scrollHeight,
            startScrollHeight: range + el.clientHeight,
            travelled,
          };
        },
        { seconds: SECONDS, step: STEP_PX, gesture: MODE === 'gesture' },
      );
      if (MODE === 'gesture') {
        const distance = Math.round((SECONDS / 2) * 14_400);
        const at = { x: Math.round(box.x + box.width / 2), y: Math.round(Math.min(box.y + box.height / 2, 840)) };
        for (const yDistance of [-distance, distance]) {
          await cdp.send('Input.synthesizeScrollGesture', {
            ...at,
            yDistance,
            speed: 14_400,
            gestureSourceType: 'mouse',
            preventFling: true,
          });
        }
        await page.evaluate(() => {
          (window as { scrollDone?: boolean }).scrollDone = true;
        });
      }
      const res = await running;
      if (profile) {
        const { profile: data } = await cdp.send('Profiler.stop');
        writeFileSync(profile, JSON.stringify(data));
      }
      if (trace) writeFileSync(trace, await browser.stopTracing());
      await context.close();
      const q = quantiles(res.frames);
      const mean = res.frames.reduce((a, b) => a + b, 0) / res.frames.length;
      return {
        mode: MODE,
        throttle,
        rowsInTable: res.rowCount,
        maxRowsInDom: res.rows,
        stepPx: res.stepPx,
        // The table's height from the estimated row heights at the start, and once the rows seen were measured.
        scrollHeightAtStart: res.startScrollHeight,
        scrollHeight: res.scrollHeight,
        travelledPx: res.travelled,
        frames: res.frames.length,
        p50: q.p50,
        p95: q.p95,
        max: q.max,
        fps: Number((1000 / mean).toFixed(1)),
        longTasks: res.longTasks.length,
        longTaskMs: Math.round(res.longTasks.reduce((a, b) => a + b, 0)),
      };
    }
  });
}

await main();
