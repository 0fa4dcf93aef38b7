#!/usr/bin/env node
// Runs every bench/*.ts (or the ones named on the command line) with tsx, one after the other, and prints the JSON
// each one prints. Benchmarks are scripts that print figures, not tests: a missed target is reported, not failed.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dir = join(root, 'bench');
const wanted = process.argv.slice(2);
// Run only when named (`npm run chaos` = `node scripts/bench.mjs chaos`): not a benchmark, and ten minutes long.
const onlyByName = new Set(['chaos.ts']);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .filter((f) => (wanted.length === 0 ? !onlyByName.has(f) : wanted.some((w) => f === w || f === `${w}.ts`)))
  .sort();
if (files.length === 0) {
  console.error(`bench: nothing to run in ${dir}${wanted.length ? ` matching ${wanted.join(', ')}` : ''}`);
  process.exit(1);
}
let failed = 0;
for (const file of files) {
  console.error(`bench: ${file}`);
  const t0 = Date.now();
  const res = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file)], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: process.env,
  });
  console.error(
    `bench: ${file} ${res.status === 0 ? 'done' : `FAILED (exit ${res.status})`} in ${Math.round((Date.now() - t0) / 1000)} s`,
  );
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
