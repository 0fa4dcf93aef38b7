#!/usr/bin/env node
// `npm test`: the unit suites (vitest) and the browser journeys (Playwright) side by side. The journeys spend most of
// their time waiting on the browser and the server (~0.4 of a core), the unit suites keep the cores busy: together
// they take about as long as the longer of the two, not their sum. Each line is printed with its suite's name;
// the exit status fails when either suite does. TEST_SERIAL=1 runs them one after the other instead.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const serial = process.env.TEST_SERIAL === '1';
const suites = [
  // (alongside the journeys, one test file fewer at a time: they need a core now and then)
  { name: 'unit', args: ['run', 'test:unit', '--', ...(serial ? [] : ['--maxWorkers=3'])] },
  { name: 'e2e', args: ['run', 'test:e2e'] },
];

function run({ name, args }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        (stream === child.stderr ? process.stderr : process.stdout).write(`[${name}] ${line}\n`);
      });
    }
    child.on('close', (code, signal) => {
      resolve({ name, ok: code === 0, code: code ?? signal, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

const results = [];
if (serial) for (const suite of suites) results.push(await run(suite));
else results.push(...(await Promise.all(suites.map(run))));
for (const r of results) console.log(`${r.name}: ${r.ok ? 'passed' : `FAILED (${r.code})`} in ${r.seconds} s`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
