// A real Node process with the guard: a promise rejection nobody handles is logged and the process keeps running
// (without the guard, Node ends it with exit code 1).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

function run(withGuard: boolean): Promise<{ code: number | null; out: string }> {
  const script = `
    ${
      withGuard
        ? `const { guardUnhandledRejections } = await import(${JSON.stringify(join(here, 'process-guard.ts'))});
    guardUnhandledRejections({ error: (o, m) => console.log(JSON.stringify({ msg: m, ...o })) });`
        : ''
    }
    Promise.reject(new Error('a write on a dropped connection'));
    // The next turn of the event loop: Node has dealt with the rejection by then (and, unguarded, ended the process).
    setImmediate(() => { console.log('still serving'); process.exit(0); });
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: here,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('unhandled promise rejections', () => {
  it('are logged and the process keeps serving', async () => {
    const { code, out } = await run(true);
    expect(out).toContain('unhandled promise rejection');
    expect(out).toContain('a write on a dropped connection');
    expect(out).toContain('still serving');
    expect(code).toBe(0);
  });

  it('(without the guard, Node would end the process)', async () => {
    const { code, out } = await run(false);
    expect(out).not.toContain('still serving');
    expect(code).toBe(1);
  });
});
