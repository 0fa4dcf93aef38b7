/// <reference lib="dom" />
// What a salesperson feels on a big quote, measured in the browser: a 2,000-line sale in 20 sections (one big
// section of 1,050 lines — product lines with descriptions of one to three lines, notes and headers among them —
// and 19 of 50), served by the server as `npm start` runs it (its own process, production mode, built web app,
// built-in ERP simulator), opened and edited in headless Debian Chromium on this machine.
//
// Prints JSON (p50 / p95 in ms, target beside each figure; a missed target is reported, not failed):
// - open: the sale's URL loaded in a new browser profile (a first visit: nothing cached) → its sections on screen; a
//   click on the big section → its first lines on screen; the two together ("open → first lines"); the sale opened
//   again from the sales list once seen (shown from the cache); and "returning": the URL loaded in a new tab of a
//   browser that has used the app before (its files cached), the sale changed since (its JSON read whole).
// - edit: a quantity typed in a cell of the big section and Enter pressed → the cell shows the value; → the section's
//   totals and the sale's total (the drawer's summary) show the new figures; → a co-editor's browser on the same
//   section shows the value. Times are taken in the pages (the keydown's and the DOM change's timestamps, one clock).
// - scroll: the big section's lines scrolled from top to bottom and back, one step per animation frame: frames per
//   second and frame p95.
// - heap: the page's JS heap after opening, editing and scrolling (after a garbage collection).
// Knobs: BROWSER_RUNS (edits, default 30), BROWSER_OPENS (default 5), BROWSER_PAUSE_MS (between edits, 300),
// BROWSER_WEB_DIST (another web build to serve, e.g. an older one to compare), BROWSER_PROFILE=file.cpuprofile (CPU
// profiles of the edits from Enter to the marks, one per edit: file.1.cpuprofile, …), BROWSER_OPEN_PROFILE=file.cpuprofile (of the first open: URL → sections → click → first
// lines), BROWSER_TRACE=file.json (a Chromium performance trace of the edits: open it in DevTools' Performance panel),
// BROWSER_OPEN_TRACE=file.json (a trace of the returning user's last open), BROWSER_SERVER_LOG=file (the server's log).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { quantiles } from './kit/bench-kit';

const RUNS = Number(process.env.BROWSER_RUNS ?? 30);
const OPENS = Number(process.env.BROWSER_OPENS ?? 5);
const PAUSE = Number(process.env.BROWSER_PAUSE_MS ?? 300);
const PROFILE = process.env.BROWSER_PROFILE;
const OPEN_PROFILE = process.env.BROWSER_OPEN_PROFILE;
const TRACE = process.env.BROWSER_TRACE;
const OPEN_TRACE = process.env.BROWSER_OPEN_TRACE;
const SERVER_LOG = process.env.BROWSER_SERVER_LOG;
/** Chromium's address-bar popup made of web pages (see the browser's launch). */
const CHROMIUM_UI_FEATURES = 'WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN = { email: 'bench@quotewright.test', password: 'bench-password-1' };
const BIG = 1050;
const SMALL = 50;
const SECTIONS = 20;
const root = new URL('..', import.meta.url).pathname;

const TARGETS = {
  openToFirstLinesP50: 1000,
  enterToCellP95: 50,
  enterToTotalsP95: 100,
  coEditorP95: 150,
  scrollFps: 55,
  heapMb: 150,
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Page-side marks: when the first section row and the first line row appeared (ms since navigation start). */
const MARKS_SCRIPT = `
  window.__marks = {};
  new MutationObserver(() => {
    const m = window.__marks;
    if (m.sections === undefined && document.querySelector('[data-testid="section-row"]')) m.sections = performance.now();
    if (m.lines === undefined && document.querySelector('[data-testid="line-row"]')) m.lines = performance.now();
  }).observe(document, { childList: true, subtree: true });
  globalThis.__name = (f) => f;
`;

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // `npm start` exactly as a person runs it (it builds the server and the web app first), in its own process group
  // so that the whole tree is stopped after.
  const server: ChildProcess = spawn('npm', ['start', '--silent'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'qw-bench-browser-')),
      DRAIN_DELAY: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(process.env.BROWSER_WEB_DIST ? { WEB_DIST: process.env.BROWSER_WEB_DIST } : {}),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    },
    stdio: ['ignore', SERVER_LOG ? openSync(SERVER_LOG, 'w') : 'ignore', 'inherit'],
  });
  let browser: Browser | undefined;
  try {
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`);
      if (i > 1500) throw new Error('the server did not start');
      await pause(200);
    }
    const call = async <T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> => {
      const res = await fetch(`${base}/api${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
      return (text ? JSON.parse(text) : null) as T;
    };
    const { token } = await call<{ token: string }>('POST', '/users/login', null, ADMIN);
    // The catalog comes from the ERP (the built-in simulator), as in use.
    const run = await call<{ id: string }>('POST', '/odoo/sync/products', token);
    for (;;) {
      const r = await call<{ state: string }>('GET', `/odoo/runs/${run.id}`, token);
      if (r.state !== 'loading') break;
      await pause(200);
    }
    const catalog = (await call<{ items: { id: number }[] }>('GET', '/products?pageSize=50&page=1', token)).items;
    const t0 = performance.now();
    const sale = await call<{ _id: string; quote_number: string }>('POST', '/sales', token, { name: 'Browser bench' });
    for (let s = 0; s < SECTIONS; s++)
      await call('POST', `/sales/sections/create/${sale._id}`, token, { name: s === 0 ? 'Big section' : `Room ${s}` });
    const built = await call<{ sections: { _id: string }[] }>('GET', `/sales/${sale._id}`, token);
    for (const [s, section] of built.sections.entries()) {
      const n = s === 0 ? BIG : SMALL;
      const texts = Math.floor(n / 25);
      for (let done = 0; done < n - texts; done += 500)
        await call('POST', `/sales/lines/create/${sale._id}/${section._id}`, token, {
          lines: Array.from({ length: Math.min(500, n - texts - done) }, (_, i) => ({
            product: catalog[(s + done + i) % catalog.length]!.id,
            quantity: String(((done + i) % 9) + 1),
          })),
        });
      for (let k = 0; k < texts; k++) {
        const kind = k % 4 === 3 ? 'header' : 'note';
        await call('POST', `/sales/lines/${kind}/${sale._id}/${section._id}`, token, {
          name: kind === 'header' ? `Room part ${k + 1}` : `Note ${k + 1}: deliver to the loading dock before 10 am`,
          sequence: k * 25 + 1,
        });
      }
    }
    const seedMs = Math.round(performance.now() - t0);
    const json = await fetch(`${base}/api/sales/${sale._id}`, { headers: { authorization: `Bearer ${token}` } });
    const saleJsonBytes = (await json.arrayBuffer()).byteLength;

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        // Chromium 15x builds its own address bar's popup as web pages (chrome://omnibox-popup…) in every new tab,
        // also headless where there is no address bar: ~60 files and their scripts on this 2-core machine's CPUs while
        // our page loads. A person's browser has done that once, long before they open a sale.
        `--disable-features=${CHROMIUM_UI_FEATURES}`,
      ],
    });
    const newContext = async () => {
      const context = await browser!.newContext({ viewport: { width: 1440, height: 900 }, baseURL: base });
      await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
      await context.addInitScript(MARKS_SCRIPT);
      return context;
    };

    // A change to a line of a small section, made through the API between the returning user's opens.
    const seeded = await call<{ sections: { _id: string; lines: { _id: string; kind: string }[] }[] }>(
      'GET',
      `/sales/${sale._id}`,
      token,
    );
    const touched = seeded.sections[1]!;
    const touchedLine = touched.lines.find((l) => l.kind === 'product')!;
    let touches = 0;
    const changeSale = async () => {
      await call('POST', `/sales/lines/update/${sale._id}/${touched._id}`, token, [
        { _id: touchedLine._id, quantity: String(2 + (touches++ % 7)) },
      ]);
    };
    const open = await measureOpen(newContext, sale, changeSale);
    const a = await newContext();
    const b = await newContext();
    const edits = await measureEdits(a, b, sale._id, browser);
    const pageA = a.pages()[0]!;
    const scroll = await measureScroll(pageA);
    const heapMb = await heap(pageA);
    await a.close();
    await b.close();

    const verdict = {
      openToFirstLines: open.openToFirstLines.p50 <= TARGETS.openToFirstLinesP50 ? 'ok' : 'MISSED',
      openToFirstLinesReturning: open.returning.openToFirstLines.p50 <= TARGETS.openToFirstLinesP50 ? 'ok' : 'MISSED',
      enterToCell: edits.enterToCell.p95 <= TARGETS.enterToCellP95 ? 'ok' : 'MISSED',
      enterToTotals:
        Math.max(edits.enterToSectionTotals.p95, edits.enterToSaleTotal.p95) <= TARGETS.enterToTotalsP95
          ? 'ok'
          : 'MISSED',
      coEditor: edits.coEditorSees.p95 <= TARGETS.coEditorP95 ? 'ok' : 'MISSED',
      scroll: scroll.fps >= TARGETS.scrollFps ? 'ok' : 'MISSED',
      heap: heapMb <= TARGETS.heapMb ? 'ok' : 'MISSED',
    };
    console.log(
      JSON.stringify(
        {
          benchmark: 'browser',
          cores: availableParallelism(),
          cpu: cpus()[0]?.model,
          chromium: browser.version(),
          sale: { lines: BIG + (SECTIONS - 1) * SMALL, sections: SECTIONS, bigSection: BIG },
          server: 'separate process, as npm start runs it (PGlite, built-in ERP simulator)',
          viewport: '1440x900',
          seedMs,
          saleJsonBytes,
          targets: TARGETS,
          open,
          edits,
          scroll,
          heapMb,
          verdict,
        },
        null,
        2,
      ),
    );
  } finally {
    await browser?.close();
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

/** Forgets the marks `reset` and records the time of the page's next click as the mark "click". */
async function markNextClick(page: Page, reset: string[]): Promise<void> {
  await page.evaluate((names) => {
    const marks = (window as unknown as { __marks: Record<string, number> }).__marks;
    for (const name of names) delete marks[name];
    document.addEventListener(
      'click',
      () => {
        marks.click ??= performance.now();
      },
      { capture: true, once: true },
    );
  }, reset);
}

/**
 * The sale's URL loaded in `page` → its sections on screen (ms from the navigation's start), then a click on the big
 * section → its first lines (ms from the click).
 */
async function openOnce(page: Page, saleId: string): Promise<{ sections: number; lines: number }> {
  await page.goto(`/sale/${saleId}`);
  await page.getByTestId('section-row').first().waitFor();
  const shown = await page.evaluate(() => (window as unknown as { __marks: { sections: number } }).__marks.sections);
  // the click on the big section → its first line rows
  await markNextClick(page, ['lines']);
  await page.getByTestId('section-row').filter({ hasText: 'Big section' }).getByText('Big section').click();
  await page.getByTestId('line-row').first().waitFor();
  const m = await page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
  return { sections: shown, lines: m.lines! - m.click! };
}

/**
 * Opens the sale OPENS times on a first visit (a new browser profile: nothing cached), then once more each time from
 * the sales list once it is cached; then OPENS times as a returning user does (a new tab of a browser that has used
 * the app before: the app's files in its cache; the sale changed since, so its JSON is read whole).
 */
async function measureOpen(
  newContext: () => Promise<BrowserContext>,
  sale: { _id: string; quote_number: string },
  changeSale: () => Promise<void>,
) {
  const sections: number[] = [];
  const lines: number[] = [];
  const total: number[] = [];
  const fromList: number[] = [];
  for (let i = 0; i < OPENS; i++) {
    const context = await newContext();
    const page = await context.newPage();
    const cdp = OPEN_PROFILE && i === 0 ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const opened = await openOnce(page, sale._id);
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(OPEN_PROFILE!, JSON.stringify(profile));
    }
    sections.push(opened.sections);
    lines.push(opened.lines);
    total.push(opened.sections + opened.lines);
    // Again from the sales list: the sale is in the cache now.
    await page.goto('/');
    await page.getByText(sale.quote_number).first().waitFor();
    await markNextClick(page, ['sections', 'lines', 'click']);
    await page.getByText(sale.quote_number).first().click();
    await page.getByTestId('section-row').first().waitFor();
    const again = await page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
    fromList.push(again.sections! - again.click!);
    await context.close();
  }
  // A returning user: the browser has used the app (and this sale) before; each open is a new tab.
  const returning = { sections: [] as number[], lines: [] as number[], total: [] as number[] };
  const context = await newContext();
  for (let i = 0; i < OPENS + 2; i++) {
    await changeSale();
    const page = await context.newPage();
    const trace = OPEN_TRACE && i === OPENS + 1 ? context.browser() : null;
    await trace?.startTracing(page, {
      path: OPEN_TRACE,
      screenshots: false,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'v8.execute',
        'toplevel',
        'netlog',
        'loading',
      ],
    });
    const opened = await openOnce(page, sale._id);
    await trace?.stopTracing();
    await page.close();
    // the first two visits fill the browser's caches
    if (i < 2) continue;
    returning.sections.push(opened.sections);
    returning.lines.push(opened.lines);
    returning.total.push(opened.sections + opened.lines);
  }
  await context.close();
  return {
    urlToSections: quantiles(sections),
    sectionClickToFirstLines: quantiles(lines),
    openToFirstLines: quantiles(total),
    fromListToSections: quantiles(fromList),
    returning: {
      urlToSections: quantiles(returning.sections),
      sectionClickToFirstLines: quantiles(returning.lines),
      openToFirstLines: quantiles(returning.total),
    },
  };
}

async function openBigSection(page: Page, saleId: string) {
  await page.goto(`/sale/${saleId}`);
  await page.getByTestId('section-row').filter({ hasText: 'Big section' }).getByText('Big section').click();
  await page.getByTestId('line-row').first().waitFor();
}

/**
 * Edits the quantity of product rows near the top of the big section in page A; B has the same section open. Each
 * edit: double-click the cell, type, press Enter; A's and B's pages record when the cell, the section totals, the
 * sale's total and B's cell changed (performance.timeOrigin + now(): one clock for both pages).
 */
async function measureEdits(a: BrowserContext, b: BrowserContext, saleId: string, browser: Browser) {
  const pageA = await a.newPage();
  pageA.on('console', (m) => {
    if (m.text().startsWith('browser bench:')) console.error(m.text());
  });
  const pageB = await b.newPage();
  await openBigSection(pageA, saleId);
  await openBigSection(pageB, saleId);
  const cell: number[] = [];
  const sectionTotals: number[] = [];
  const saleTotal: number[] = [];
  const coEditor: number[] = [];
  const cdp = PROFILE ? await a.newCDPSession(pageA) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  }
  if (TRACE)
    await browser.startTracing(pageA, {
      path: TRACE,
      screenshots: false,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'v8.execute',
        'toplevel',
      ],
    });
  const productRows = pageA.locator('[data-testid="line-row"][data-kind="product"]');
  for (let i = 0; i < RUNS + 3; i++) {
    const row = productRows.nth(i % 6);
    const lineId = (await row.getAttribute('data-line-id'))!;
    const current = (await row.locator('[data-column="quantity"]').innerText()).trim();
    const value = current === '17' ? '23' : '17';
    await row.locator('[data-column="quantity"] [role="button"]').dblclick();
    const input = row.locator('[data-column="quantity"] input');
    await input.fill(value);
    // Both pages watch before Enter.
    // Each page's watcher is installed (awaited) before Enter; its result is awaited after.
    await pageB.evaluate(
      ({ lineId, value }) => {
        (window as unknown as { __watch: Promise<number> }).__watch = new Promise<number>((resolve) => {
          const check = () => {
            const el = document.querySelector(`[data-line-id="${lineId}"] [data-column="quantity"]`);
            if (el && el.textContent?.trim() === value) {
              observer.disconnect();
              clearTimeout(timer);
              resolve(performance.timeOrigin + performance.now());
              return true;
            }
            return false;
          };
          const observer = new MutationObserver(check);
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          const timer = setTimeout(() => {
            observer.disconnect();
            resolve(Number.NaN);
          }, 15_000);
          check();
        });
      },
      { lineId, value },
    );
    await pageA.evaluate(
      ({ lineId, value }) => {
        (window as unknown as { __watch: Promise<Record<string, number>> }).__watch = new Promise<
          Record<string, number>
        >((resolve) => {
          const marks: Record<string, number> = {};
          const text = (sel: string) => document.querySelector(sel)?.textContent ?? '';
          const totalsBefore = text('[data-testid="section-totals"]');
          const saleBefore = text('[data-testid="summary-total"]');
          const now = () => performance.timeOrigin + performance.now();
          window.addEventListener(
            'keydown',
            (e) => {
              if (e.key === 'Enter') marks.enter = now();
            },
            { capture: true, once: true },
          );
          const check = () => {
            if (marks.enter === undefined) return;
            const el = document.querySelector(`[data-line-id="${lineId}"] [data-column="quantity"]`);
            // (each mark is also a User Timing mark, to be found in a BROWSER_TRACE)
            if (marks.cell === undefined && el && !el.querySelector('input') && el.textContent?.trim() === value) {
              marks.cell = now();
              performance.mark('bench: cell shown');
            }
            if (marks.totals === undefined && text('[data-testid="section-totals"]') !== totalsBefore) {
              marks.totals = now();
              performance.mark('bench: section totals shown');
            }
            if (marks.sale === undefined && text('[data-testid="summary-total"]') !== saleBefore) {
              marks.sale = now();
              performance.mark('bench: sale total shown');
            }
            if (marks.cell !== undefined && marks.totals !== undefined && marks.sale !== undefined) {
              observer.disconnect();
              clearTimeout(timer);
              resolve(marks);
            }
          };
          const observer = new MutationObserver(check);
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          // A mark that never came: reported as missing (the run fails rather than waiting for ever).
          const timer = setTimeout(() => {
            observer.disconnect();
            resolve({ ...marks, timedOut: 1, cellText: Number.NaN });
            console.log(
              'browser bench: missing marks',
              JSON.stringify(marks),
              document.querySelector(`[data-line-id="${lineId}"] [data-column="quantity"]`)?.textContent,
              text('[data-testid="section-totals"]'),
              totalsBefore,
              text('[data-testid="summary-total"]'),
              saleBefore,
            );
          }, 15_000);
        });
      },
      { lineId, value },
    );
    if (cdp) await cdp.send('Profiler.start');
    await pageA.keyboard.press('Enter');
    const [marks, seenB] = await Promise.all([
      pageA.evaluate(() => (window as unknown as { __watch: Promise<Record<string, number>> }).__watch),
      pageB.evaluate(() => (window as unknown as { __watch: Promise<number> }).__watch),
    ]);
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(PROFILE!.replace(/(\.cpuprofile)?$/, `.${i + 1}.cpuprofile`), JSON.stringify(profile));
    }
    if (marks.timedOut || Number.isNaN(seenB))
      throw new Error(`edit ${i}: a change did not show within 15 s: ${JSON.stringify({ marks, seenB })}`);
    if (i >= 3) {
      cell.push(marks.cell! - marks.enter!);
      sectionTotals.push(marks.totals! - marks.enter!);
      saleTotal.push(marks.sale! - marks.enter!);
      coEditor.push(seenB - marks.enter!);
    }
    await pause(PAUSE);
  }
  if (TRACE) await browser.stopTracing();
  await pageB.close();
  return {
    runs: RUNS,
    enterToCell: quantiles(cell),
    enterToSectionTotals: quantiles(sectionTotals),
    enterToSaleTotal: quantiles(saleTotal),
    coEditorSees: quantiles(coEditor),
  };
}

/** Scrolls the big section's lines down and back, one step per animation frame; frames per second and frame p95. */
async function measureScroll(page: Page) {
  const frames = await page.evaluate(async () => {
    const el = document.querySelector<HTMLElement>('[data-testid="lines-scroll"]')!;
    const range = el.scrollHeight - el.clientHeight;
    const step = 120;
    const times: number[] = [];
    let direction = 1;
    let last = performance.now();
    const start = last;
    await new Promise<void>((resolve) => {
      const frame = (t: number) => {
        times.push(t - last);
        last = t;
        el.scrollTop = Math.max(0, Math.min(range, el.scrollTop + direction * step));
        if (el.scrollTop >= range) direction = -1;
        if ((direction === -1 && el.scrollTop <= 0) || t - start > 10_000) resolve();
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    return { times: times.slice(1), seconds: (last - start) / 1000 };
  });
  return {
    frames: frames.times.length,
    fps: Number((frames.times.length / frames.seconds).toFixed(1)),
    frameMs: quantiles(frames.times),
  };
}

async function heap(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  return Math.round(used / 1024 / 1024);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
