/// <reference lib="dom" />
// The paste review at 2,000 rows, in headless Chromium (docs/architecture.md#performance-targets: the review stays
// responsive at 2,000 rows). A catalog of 2,000 products; a section of a new sale; `Paste lines` with 2,000 rows (a
// header, then 80 % exact models, 10 % models with a typo, 10 % parts the catalog does not have). Measures:
// - match: from `Match products` to the review table on screen (the server matching the 2,000 rows included);
// - scroll: every frame's duration while the review table is scrolled through, down and back (a fixed step per frame);
// - edit: a row's Qty changed (select, type, Enter) → the totals of what will be added show the new figure, painted;
// - choose: `Add as a note` chosen for an unmatched row → the totals of what will be added painted.
// Targets: scroll frame p95 ≤ 25 ms; edit and choose p95 ≤ 100 ms. Prints JSON; not a test. Builds the web app first
// unless PASTE_REVIEW_SKIP_BUILD=1. Knobs: PASTE_REVIEW_ROWS (2000), PASTE_REVIEW_EDITS (20).
import { availableParallelism, cpus } from 'node:os';
import type { Page } from '@playwright/test';
import { products } from '@quotewright/db';
import { quantiles } from './kit/bench-kit';
import { BENCH_ADMIN, ensureWebBuild, WEB_DIST, withBrowserApp } from './kit/browser-app';

const ROWS = Number(process.env.PASTE_REVIEW_ROWS ?? 2000);
const EDITS = Number(process.env.PASTE_REVIEW_EDITS ?? 20);

ensureWebBuild('paste-review', process.env.PASTE_REVIEW_SKIP_BUILD === '1');

const model = (i: number) => `MODEL-${10_000 + i}`;

/** The sheet: a header, then exact models, models with a typo and unknown parts, with quantities and prices. */
function sheet(): string {
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const kind = i % 10;
    const m = kind === 8 ? `${model(i)}`.replace('MODEL', 'MODLE') : kind === 9 ? `UNKNOWN-${i}` : model(i);
    return [m, `Line ${i + 1} of the bill of materials`, String((i % 5) + 1), `${(20 + (i % 50)).toFixed(2)}`].join(
      '\t',
    );
  });
  return ['Model\tDescription\tQty\tPrice', ...rows].join('\n');
}

/** Runs `act` and answers how long until the element `testId` changed its text and the next frame was painted. */
async function untilPainted(page: Page, testId: string, act: () => Promise<void>): Promise<number> {
  await page.evaluate((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`)!;
    const w = window as unknown as { started: number; changed: Promise<number> };
    w.changed = new Promise<number>((done, fail) => {
      setTimeout(() => fail(new Error(`${id} did not change`)), 10_000);
      const seen = new MutationObserver(() => {
        seen.disconnect();
        requestAnimationFrame(() => setTimeout(() => done(performance.now() - w.started), 0));
      });
      seen.observe(el, { subtree: true, childList: true, characterData: true });
    });
    // the key press or click that starts it, as the page receives it
    const start = () => {
      w.started = performance.now();
    };
    window.addEventListener('keydown', start, { capture: true, once: true });
    window.addEventListener('pointerdown', start, { capture: true, once: true });
  }, testId);
  await act();
  return page.evaluate(() => (window as unknown as { changed: Promise<number> }).changed);
}

async function scrollFrames(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const el = document.querySelector<HTMLElement>('[data-testid="paste-rows"]')!;
    const frames: number[] = [];
    let top = 0;
    let dir = 1;
    let last = 0;
    const max = () => el.scrollHeight - el.clientHeight;
    await new Promise<void>((done) => {
      const tick = (now: number) => {
        if (last) frames.push(now - last);
        last = now;
        if (dir < 0 && top <= 0) return done();
        if (top + 240 > max()) dir = -1;
        top = Math.max(0, top + dir * 240);
        el.scrollTop = top;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    return frames;
  });
}

async function main() {
  await withBrowserApp('paste-review', WEB_DIST, async ({ database, base, browser }) => {
    await database.db.insert(products).values(
      Array.from({ length: ROWS }, (_, i) => ({
        id: i + 1,
        model: model(i),
        name: `Product ${i + 1}`,
        description: `Product ${i + 1}, from the catalog`,
        price: String(100 + (i % 90)),
        cost: String(60 + (i % 70)),
        contentHash: String(i),
      })),
    );
    const post = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
      const res = await fetch(`${base}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const { token } = await post<{ token: string }>('/users/login', BENCH_ADMIN);
    const sale = await post<{ _id: string }>('/sales', { name: 'Paste review bench' }, token);
    const made = await post<{ changes: { sections: { changed: { _id: string }[] } } }>(
      `/sales/sections/create/${sale._id}`,
      { name: 'Bill of materials' },
      token,
    );
    const section = made.changes.sections.changed[0]!._id;

    const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, baseURL: base });
    await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
    // tsx compiles this file with esbuild's keepNames: functions sent to the page call its __name helper.
    await context.addInitScript('globalThis.__name = (f) => f;');
    const page = await context.newPage();
    await page.goto(`/sale/${sale._id}?section=${section}`);
    await page.getByRole('button', { name: 'Paste lines' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paste lines' });
    await dialog.getByRole('textbox', { name: 'Rows from a spreadsheet' }).fill(sheet());
    const t0 = Date.now();
    await dialog.getByRole('button', { name: 'Match products' }).click();
    await dialog.getByTestId('paste-row').first().waitFor();
    const matchMs = Date.now() - t0;
    const counts = await dialog.getByTestId('paste-counts').textContent();

    const frames = quantiles(await scrollFrames(page));
    await dialog.getByTestId('paste-rows').evaluate((el) => {
      el.scrollTop = 0;
    });
    const edits: number[] = [];
    for (let k = 0; k < EDITS; k++) {
      const qty = dialog.getByRole('textbox', { name: 'Qty of row 1', exact: true });
      await qty.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type(String(10 + k));
      edits.push(await untilPainted(page, 'paste-totals', () => page.keyboard.press('Enter')));
    }
    const chooses: number[] = [];
    for (let k = 0; k < Math.min(EDITS, 8); k++) {
      const row = 10 + k * 10; // rows 10, 20, …: unknown parts (every tenth row)
      await dialog.getByRole('combobox', { name: new RegExp(`^Product for row ${row}\\b`) }).click();
      const note = page.getByRole('option', { name: 'Add as a note' });
      chooses.push(await untilPainted(page, 'paste-totals', () => note.click()));
    }
    await context.close();
    const edit = quantiles(edits);
    const choose = quantiles(chooses);
    console.log(
      JSON.stringify(
        {
          benchmark: 'paste-review',
          cores: availableParallelism(),
          cpu: cpus()[0]?.model,
          chromium: browser.version(),
          rows: ROWS,
          counts,
          matchMs,
          scrollFrameMs: frames,
          editToTotalsMs: edit,
          chooseToTotalsMs: choose,
          verdict: {
            scroll: frames.p95 <= 25 ? 'ok' : 'MISSED',
            edit: edit.p95 <= 100 ? 'ok' : 'MISSED',
            choose: choose.p95 <= 100 ? 'ok' : 'MISSED',
          },
        },
        null,
        2,
      ),
    );
  });
}

await main();
