// The simulator's state file: an acknowledged write survives a kill -9 of a real process, ids are never handed out
// twice, a torn journal line is cut off, the journal is folded into the snapshot without losing or reviving anything,
// and two processes never write the same files.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type OdooSim, startOdooSim } from '../src/index.js';

const simDir = path.resolve(import.meta.dirname, '..');
const API_KEY = 'durability-test-key-0123456789';
const dirs: string[] = [];
const children: ChildProcess[] = [];

function stateFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'odoo-sim-durable-'));
  dirs.push(dir);
  return path.join(dir, 'odoo-sim.json');
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

interface Endpoint {
  url: string;
  db: string;
  apiKey: string;
}

async function j2(sim: Endpoint, model: string, method: string, body: Record<string, unknown>) {
  const res = await fetch(`${sim.url}/json/2/${model}/${method}`, {
    method: 'POST',
    headers: { authorization: `bearer ${sim.apiKey}`, 'content-type': 'application/json', 'x-odoo-database': sim.db },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text);
}

/** The standalone simulator (`npm run odoo-sim`) as a child process; resolves once it printed its address. */
function startProcess(file: string): Promise<{ child: ChildProcess; sim: Endpoint }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: simDir,
    env: { ...process.env, PORT: '0', ODOO_SIM_STATE: file, ODOO_SIM_API_KEY: API_KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stderr?.on('data', (b: Buffer) => {
      out += b;
    });
    child.stdout?.on('data', (b: Buffer) => {
      out += b;
      const url = /url:\s+(\S+)/.exec(out)?.[1];
      if (url) resolve({ child, sim: { url, db: 'demo', apiKey: API_KEY } });
    });
    child.once('exit', (code, signal) => reject(new Error(`simulator exited (${code ?? signal}):\n${out}`)));
  });
}

function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

const ordersOf = (sim: Endpoint, prefix: string) =>
  j2(sim, 'sale.order', 'search_read', {
    domain: [['origin', '=like', `${prefix}%`]],
    fields: ['name', 'origin', 'client_order_ref'],
    order: 'id',
  }) as Promise<{ id: number; name: string; origin: string; client_order_ref: string | false }[]>;

describe('an acknowledged write survives kill -9', () => {
  it('orders answered before SIGKILL are there after a restart, and their ids and names are never reused', async () => {
    const file = stateFile();
    const first = await startProcess(file);
    // Several at once (their journal lines share a disk flush) and one after the other.
    const together = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        j2(first.sim, 'sale.order', 'create', { vals_list: [{ partner_id: 15, origin: `KILL-${i}` }] }),
      ),
    );
    const ids: number[] = together.map((r) => r[0]);
    ids.push(
      (await j2(first.sim, 'sale.order', 'create', { vals_list: [{ partner_id: 15, origin: 'KILL-last' }] }))[0],
    );
    await j2(first.sim, 'sale.order', 'write', {
      ids: [ids[0]],
      vals: { client_order_ref: 'changed before the kill' },
    });
    const before = await ordersOf(first.sim, 'KILL-');
    expect(before.map((o) => o.id)).toEqual([...ids].sort((a, b) => a - b));
    // Killed right after the last answer: no clean shutdown, no timer left to write anything.
    await kill9(first.child);

    const second = await startProcess(file);
    expect(await ordersOf(second.sim, 'KILL-')).toEqual(before);
    const [fresh] = await j2(second.sim, 'sale.order', 'create', { vals_list: [{ partner_id: 15, origin: 'AFTER' }] });
    expect(fresh).toBeGreaterThan(Math.max(...ids));
    const [after] = await ordersOf(second.sim, 'AFTER');
    expect(before.map((o) => o.name)).not.toContain(after!.name);
    await kill9(second.child);

    // The order made after the restart is kept as well.
    const third = await startProcess(file);
    expect((await ordersOf(third.sim, 'AFTER')).map((o) => o.id)).toEqual([fresh]);
    expect(await ordersOf(third.sim, 'KILL-')).toEqual(before);
    await kill9(third.child);
  });
});

describe('journal and snapshot', () => {
  const create = async (sim: OdooSim, origin: string): Promise<number> =>
    (await j2(sim, 'sale.order', 'create', { vals_list: [{ partner_id: 15, origin }] }))[0];

  it('a torn last journal line (a crash mid-write) is cut off; what follows is kept', async () => {
    const file = stateFile();
    const a = await startOdooSim({ stateFile: file });
    const first = await create(a, 'TORN-1');
    // The process "dies" half-way through writing a line that was never acknowledged.
    fs.appendFileSync(`${file}.journal`, '{"records":[["sale.order",99999,{"id":99999,"origin":"HALF');
    const b = await startOdooSim({ stateFile: file });
    expect(b.data.search('sale.order', [['origin', '=like', 'TORN-%']])).toEqual([first]);
    expect(b.data.search('sale.order', [['id', '=', 99999]])).toEqual([]);
    const second = await create(b, 'TORN-2');
    expect(second).toBeGreaterThan(first);
    await b.close();
    const c = await startOdooSim({ stateFile: file });
    expect(c.data.search('sale.order', [['origin', '=like', 'TORN-%']], { order: 'id' })).toEqual([first, second]);
    await c.close();
    await a.close();
  });

  it('folds the journal into the snapshot as it grows; a restart finds every write', async () => {
    const file = stateFile();
    const a = await startOdooSim({ stateFile: file, compactAtBytes: 1 });
    const initial = JSON.parse(fs.readFileSync(file, 'utf8')).gen;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await create(a, `FOLD-${i}`));
    await a.close();
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).gen).toBeGreaterThan(initial);
    // Folded: the journal holds its header (and at most the last commit), not five orders.
    expect(fs.readFileSync(`${file}.journal`, 'utf8').split('\n').filter(Boolean).length).toBeLessThanOrEqual(2);
    const b = await startOdooSim({ stateFile: file });
    expect(b.data.search('sale.order', [['origin', '=like', 'FOLD-%']], { order: 'id' })).toEqual(ids);
    await b.close();
  });

  it('a journal older than its snapshot (a crash between the two) is ignored, never replayed over newer data', async () => {
    const file = stateFile();
    const a = await startOdooSim({ stateFile: file });
    const id = await create(a, 'OLD-1');
    await j2(a, 'sale.order', 'write', { ids: [id], vals: { client_order_ref: 'v1' } });
    const oldJournal = fs.readFileSync(`${file}.journal`);
    await j2(a, 'sale.order', 'write', { ids: [id], vals: { client_order_ref: 'v2' } });
    await a.flush();
    await a.close();
    // As if the process died after the new snapshot was renamed into place, before the journal was restarted.
    fs.writeFileSync(`${file}.journal`, oldJournal);
    const b = await startOdooSim({ stateFile: file });
    expect(b.data.value('sale.order', id, 'client_order_ref')).toBe('v2');
    await b.close();
  });

  it('data.* changes (no HTTP call) are kept by close() and flush()', async () => {
    const file = stateFile();
    const a = await startOdooSim({ stateFile: file });
    const id = a.data.create('sale.order', { partner_id: 15, origin: 'DIRECT-1' });
    await a.close();
    const b = await startOdooSim({ stateFile: file });
    expect(b.data.search('sale.order', [['origin', '=', 'DIRECT-1']])).toEqual([id]);
    await b.close();
  });
});

describe('one owner per state file', () => {
  it('a second live process keeps nothing rather than writing the same files; a dead owner is taken over', async () => {
    const file = stateFile();
    const a = await startOdooSim({ stateFile: file });
    await j2(a, 'sale.order', 'create', { vals_list: [{ partner_id: 15, origin: 'OWNER' }] });
    await a.close();
    const snapshot = fs.readFileSync(file);
    // A live process (this one's parent) holds the lock.
    fs.writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.ppid }));
    const b = await startOdooSim({ stateFile: file });
    expect(b.stateFile).toBeUndefined();
    expect(b.stateNote).toMatch(/another process/);
    expect(b.data.search('sale.order', [['origin', '=', 'OWNER']])).toEqual([]);
    await j2(b, 'sale.order', 'create', { vals_list: [{ partner_id: 15, origin: 'NOT-KEPT' }] });
    await b.close();
    expect(fs.readFileSync(file).equals(snapshot)).toBe(true);
    // A lock left by a process that died (kill -9) is stale.
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.once('exit', r));
    fs.writeFileSync(`${file}.lock`, JSON.stringify({ pid: dead.pid }));
    const c = await startOdooSim({ stateFile: file });
    expect(c.stateFile).toBe(path.resolve(file));
    expect(c.data.search('sale.order', [['origin', '=', 'OWNER']]).length).toBe(1);
    expect(c.data.search('sale.order', [['origin', '=', 'NOT-KEPT']])).toEqual([]);
    await c.close();
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
  });
});
