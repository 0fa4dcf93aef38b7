// The person of bench/paste.ts's quick-add figures, in a process of its own (as a browser is): reads one JSON line
// {url, token, texts, pauseMs} on stdin, types each text letter by letter into GET /api/products/suggest (one call
// per letter, the next letter pauseMs after the answer), and prints one JSON line: per text, each call's round trip
// in ms and how many products it answered.
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

type Input = { url: string; token: string; texts: string[]; pauseMs: number };

const [line] = (await once(createInterface({ input: process.stdin }), 'line')) as [string];
const { url, token, texts, pauseMs } = JSON.parse(line) as Input;
const headers = { authorization: `Bearer ${token}` };
const out: { ms: number[]; found: number[] }[] = [];
for (const text of texts) {
  const ms: number[] = [];
  const found: number[] = [];
  for (let n = 1; n <= text.length; n++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/products/suggest?q=${encodeURIComponent(text.slice(0, n))}`, { headers });
    const body = (await res.json()) as unknown[];
    ms.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`suggest: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    found.push(body.length);
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  out.push({ ms, found });
}
process.stdout.write(`${JSON.stringify(out)}\n`);
