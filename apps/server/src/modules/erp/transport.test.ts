// Transports and error mapping against the Odoo simulator over real HTTP, with injected faults.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type OdooSim, startOdooSim } from '@quotewright/odoo-sim';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createErpConnector } from './connector.js';
import { ErpError } from './erp.errors.js';
import { createTransport, type RequestLogEntry, type TransportOptions } from './transport.js';

async function rejection(p: Promise<unknown>): Promise<ErpError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ErpError);
    return e as ErpError;
  }
  throw new Error('expected the call to fail');
}

const PROTOCOLS = [
  { version: 18 as const, protocol: 'jsonrpc' as const },
  { version: 19 as const, protocol: 'json2' as const },
];

describe.each(PROTOCOLS)('transport $protocol against Odoo $version', ({ version, protocol }) => {
  let sim: OdooSim;
  const opts = (over: Partial<TransportOptions> = {}): TransportOptions => ({
    url: sim.url,
    db: sim.db,
    login: sim.login,
    apiKey: sim.apiKey,
    protocol,
    retryDelayMs: 5,
    ...over,
  });
  /** requests that reached the simulator for model.method since `from` */
  const callsTo = (model: string, method: string, from = 0) =>
    sim.calls.slice(from).filter((c) => c.model === model && c.method === method).length;
  /**
   * every HTTP request that reached the simulator since `from` (its call log leaves model/method out of the
   * requests a fault answered, so faulted attempts are counted in total; nothing else runs meanwhile)
   */
  const requestsSince = (from: number) => sim.calls.length - from;
  /** Waits until the simulator has logged, since `from`, the end of a request it delayed (a 1 s fault). */
  const endOfDelayedRequest = (from: number) =>
    vi.waitFor(() => expect(sim.calls.slice(from).some((c) => c.ms >= 900)).toBe(true), {
      timeout: 5000,
      interval: 10,
    });

  beforeAll(async () => {
    sim = await startOdooSim({ version });
  });
  afterAll(async () => {
    await sim.close();
  });
  afterEach(() => {
    sim.faults.reset();
    sim.access.reset();
  });

  it('reads with domain, fields, order and context, and reports its version', async () => {
    const t = createTransport(opts());
    expect(await t.version()).toEqual({ serverVersion: `${version}.0`, major: version });
    expect(await t.protocol()).toBe(protocol);
    const rows = (await t.call('product.product', 'search_read', [], {
      domain: [['active', '=', false]],
      fields: ['display_name', 'active'],
      order: 'id asc',
      limit: 3,
      context: { active_test: false },
    })) as { id: number; active: boolean }[];
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.active === false)).toBe(true);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => a - b));
    // positional style works on both transports too
    const count = await t.call('product.product', 'search_count', [[['active', '=', false]]], {
      context: { active_test: false },
    });
    expect(count).toBe(sim.data.search('product.product', [['active', '=', false]], { activeTest: false }).length);
  });

  it('creates and writes with either argument style, and a method returning None gives null', async () => {
    const t = createTransport(opts());
    const partner = sim.data.search('res.partner', [['parent_id', '=', false]], { limit: 1 })[0]!;
    const created = (await t.call('res.partner', 'create', [], {
      vals_list: [{ name: 'QW transport test', parent_id: partner, type: 'invoice' }],
    })) as number[];
    expect(created).toHaveLength(1);
    expect(sim.data.value('res.partner', created[0]!, 'name')).toBe('QW transport test');
    await t.call('res.partner', 'write', [created, { name: 'QW renamed' }], {});
    expect(sim.data.value('res.partner', created[0]!, 'name')).toBe('QW renamed');
    // action_lock returns None: no `result` key on 18, null on 19
    const order = sim.data.search('sale.order', [['state', '=', 'sale']], { limit: 1 })[0]!;
    expect(await t.call('sale.order', 'action_lock', [[order]], {})).toBeNull();
    expect(sim.data.value('sale.order', order, 'locked')).toBe(true);
    await t.call('sale.order', 'action_unlock', [[order]], {});
  });

  it('ERP down (closed port) → unreachable, naming the URL and the cause', async () => {
    const other = await startOdooSim({ version });
    const url = other.url;
    await other.close();
    const log: RequestLogEntry[] = [];
    const t = createTransport(opts({ url, onRequest: (e) => log.push(e) }));
    const err = await rejection(t.call('res.partner', 'search_read', [], { domain: [], limit: 1 }));
    expect(err.kind).toBe('unreachable');
    expect(err.message).toBe(`Cannot reach the ERP at ${url}: ECONNREFUSED`);
    expect(log.filter((e) => e.error?.kind === 'unreachable').length).toBeGreaterThanOrEqual(3); // retried
  });

  it('connection dropped without an answer → unreachable', async () => {
    const t = createTransport(opts({ retries: 0 }));
    await t.version();
    sim.faults.set({ down: true, match: 'res.partner' });
    const err = await rejection(t.call('res.partner', 'search_read', [], { domain: [], limit: 1 }));
    expect(err.kind).toBe('unreachable');
    expect(err.message).toMatch(new RegExp(`^Cannot reach the ERP at ${sim.url}: `));
  });

  it('slow past the timeout → timeout, with the limit in seconds', async () => {
    const t = createTransport(opts({ timeoutMs: 150, retries: 0 }));
    await t.call('res.partner', 'search_count', [], { domain: [] }); // login / version out of the way
    sim.faults.set({ delayMs: 600, match: 'res.partner.search_read' });
    const err = await rejection(t.call('res.partner', 'search_read', [], { domain: [], limit: 1 }));
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('The ERP did not answer within 0.15 s (res.partner.search_read)');
  });

  it('a read that timed out is sent again and succeeds; a write that timed out is not', async () => {
    const log: RequestLogEntry[] = [];
    const t = createTransport(opts({ timeoutMs: 400, onRequest: (e) => log.push(e) }));
    await t.call('res.partner', 'search_count', [], { domain: [] });
    const fromRead = sim.calls.length;
    sim.faults.set({ delayMs: 1000, match: 'res.partner.search_read', times: 1 });
    const rows = await t.call('res.partner', 'search_read', [], { domain: [], fields: ['name'], limit: 1 });
    expect(rows).toHaveLength(1);
    const reads = log.filter((e) => e.operation === 'res.partner.search_read');
    expect(reads[0]!.error?.kind).toBe('timeout');
    expect(reads.at(-1)!.error).toBeUndefined();
    expect(reads.length).toBeGreaterThanOrEqual(2);
    // the simulator logs the abandoned (delayed) request when it ends: out of the way before the next part
    await endOfDelayedRequest(fromRead);

    const partner = sim.data.search('res.partner', [['parent_id', '=', false]], { limit: 1 })[0]!;
    sim.faults.set({ delayMs: 1000, match: 'res.partner.write', times: 1 });
    const from = sim.calls.length;
    const err = await rejection(t.call('res.partner', 'write', [[partner], { comment: 'slow' }], {}));
    expect(err.kind).toBe('timeout');
    // once the delayed write has ended on the simulator, it is the only request that reached it: no retry
    await endOfDelayedRequest(from);
    expect(requestsSince(from)).toBe(1);
    expect(log.filter((e) => e.operation === 'res.partner.write')).toHaveLength(1);
  });

  it('HTTP 500 → unknown with the status; a read is retried and succeeds', async () => {
    const t = createTransport(opts());
    await t.call('res.partner', 'search_count', [], { domain: [] });
    sim.faults.set({ httpStatus: 500, match: 'res.partner.search_read', times: 2 });
    const from = sim.calls.length;
    const rows = await t.call('res.partner', 'search_read', [], { domain: [], fields: ['name'], limit: 2 });
    expect(rows).toHaveLength(2);
    expect(requestsSince(from)).toBe(3); // 2 failures + 1 success
    expect(callsTo('res.partner', 'search_read', from)).toBe(1);

    sim.faults.set({ httpStatus: 500, match: 'res.partner.search_read' });
    const from2 = sim.calls.length;
    const err = await rejection(t.call('res.partner', 'search_read', [], { domain: [], limit: 2 }));
    expect(err.kind).toBe('unknown');
    expect(err.httpStatus).toBe(500);
    expect(err.message).toBe(
      'The ERP reported an error: HTTP 500 on res.partner.search_read: 500 Internal Server Error',
    );
    expect(requestsSince(from2)).toBe(3); // 1 + retries (2), then gives up
  });

  it('writes are never retried: one request on HTTP 500, one record on a drop after commit', async () => {
    const t = createTransport(opts());
    const partner = sim.data.search('res.partner', [['parent_id', '=', false]], { limit: 1 })[0]!;
    await t.call('res.partner', 'search_count', [], { domain: [] });

    sim.faults.set({ httpStatus: 500, match: 'res.partner.write' });
    let from = sim.calls.length;
    const err = await rejection(t.call('res.partner', 'write', [[partner], { comment: 'x' }], {}));
    expect(err.httpStatus).toBe(500);
    expect(requestsSince(from)).toBe(1);

    sim.faults.set({ dropAfterCommit: true, match: 'res.partner.create' });
    from = sim.calls.length;
    const name = `QW drop ${version}`;
    const err2 = await rejection(t.call('res.partner', 'create', [[{ name }]], {}));
    expect(err2.kind).toBe('unreachable');
    expect(requestsSince(from)).toBe(1);
    expect(sim.data.search('res.partner', [['name', '=', name]])).toHaveLength(1); // committed exactly once
  });

  it('wrong API key → auth, naming the settings', async () => {
    const t = createTransport(opts({ apiKey: 'not-the-key' }));
    const from = sim.calls.length;
    const err = await rejection(t.call('res.partner', 'search_read', [], { domain: [], limit: 1 }));
    expect(err.kind).toBe('auth');
    expect(err.message).toMatch(/^The ERP refused the credentials \(ODOO_LOGIN \/ ODOO_API_KEY\)/);
    // auth is not transient: no retry storm
    expect(sim.calls.slice(from).filter((c) => c.method !== 'version').length).toBe(1);
  });

  it('unknown database → auth error naming ODOO_DB', async () => {
    const t = createTransport(opts({ db: 'no_such_db' }));
    const err = await rejection(t.call('res.partner', 'search_read', [], { domain: [], limit: 1 }));
    expect(err.kind).toBe('auth');
    expect(err.message).toBe('The ERP has no database "no_such_db" (ODOO_DB)');
  });

  it('access error on a model → access, with Odoo message naming the model', async () => {
    sim.access.denyModel('product.product', ['read'], 'Inventory / User');
    const t = createTransport(opts());
    const err = await rejection(t.call('product.product', 'search_read', [], { domain: [], limit: 1 }));
    expect(err.kind).toBe('access');
    expect(err.odooName).toBe('odoo.exceptions.AccessError');
    expect(err.message).toMatch(/^The ERP user lacks access: You are not allowed to access .*\(product\.product\)/);
    if (protocol === 'json2') expect(err.httpStatus).toBe(403);
  });

  it('access error on fields → access, naming the fields', async () => {
    sim.access.restrictFields('account.analytic.account', ['debit', 'credit'], 'Technical / Show Accounting Features');
    const t = createTransport(opts());
    const err = await rejection(
      t.call('account.analytic.account', 'search_read', [], { domain: [], fields: ['name', 'debit', 'credit'] }),
    );
    expect(err.kind).toBe('access');
    expect(err.message).toMatch(/"debit,credit" on .*\(account\.analytic\.account\)/);
  });

  it('UserError / ValidationError → validation with Odoo message verbatim; MissingError → missing', async () => {
    const t = createTransport(opts());
    const err = await rejection(t.call('sale.order', 'create', [[{ order_line: [] }]], {}));
    expect(err.kind).toBe('validation');
    expect(err.odooName).toBe('odoo.exceptions.ValidationError');
    expect(err.message).toMatch(/^The operation cannot be completed:.*partner_id/s);

    const missing = await rejection(t.call('res.partner', 'write', [[999999], { name: 'x' }], {}));
    expect(missing.kind).toBe('missing');
    expect(missing.message).toMatch(/Record does not exist or has been deleted/);
    // read of a missing id is not an error in Odoo
    expect(await t.call('res.partner', 'read', [[999999], ['name']], {})).toEqual([]);
  });

  it('a Python error is unknown and not retried', async () => {
    const t = createTransport(opts());
    await t.call('res.partner', 'search_count', [], { domain: [] });
    const from = sim.calls.length;
    const err = await rejection(t.call('res.partner', 'search_read', [], { domain: [], fields: ['no_such_field'] }));
    expect(err.kind).toBe('unknown');
    expect(err.odooName).toBe('builtins.ValueError');
    expect(err.message).toMatch(/no_such_field/);
    expect(callsTo('res.partner', 'search_read', from)).toBe(1);
  });

  it('malformed answer → protocol', async () => {
    const t = createTransport(opts({ retries: 0 }));
    await t.call('res.partner', 'search_count', [], { domain: [] });
    sim.faults.set({ malformed: true, match: 'res.partner.search_read' });
    const err = await rejection(t.call('res.partner', 'search_read', [], { domain: [], limit: 1 }));
    expect(err.kind).toBe('protocol');
    expect(err.message).toMatch(
      /^The ERP sent an unexpected answer: res\.partner\.search_read answered HTTP 200 with a body that is not JSON/,
    );
  });
});

describe('protocol selection', () => {
  let sim18: OdooSim;
  let sim19: OdooSim;
  beforeAll(async () => {
    [sim18, sim19] = await Promise.all([startOdooSim({ version: 18 }), startOdooSim({ version: 19 })]);
  });
  afterAll(async () => {
    await Promise.all([sim18.close(), sim19.close()]);
  });
  const base = (sim: OdooSim) => ({ url: sim.url, db: sim.db, login: sim.login, apiKey: sim.apiKey });

  it('auto picks JSON-RPC for 18 and JSON-2 for 19', async () => {
    const t18 = createTransport({ ...base(sim18), protocol: 'auto' });
    const t19 = createTransport({ ...base(sim19), protocol: 'auto' });
    expect(await t18.protocol()).toBe('jsonrpc');
    expect(await t19.protocol()).toBe('json2');
    const from = sim19.calls.length;
    expect(await t19.call('res.partner', 'search_count', [], { domain: [] })).toBeGreaterThan(0);
    expect(sim19.calls.slice(from).map((c) => c.transport)).toContain('json2');
  });

  it('JSON-RPC still works on 19 when forced', async () => {
    const t = createTransport({ ...base(sim19), protocol: 'jsonrpc' });
    expect(await t.call('res.partner', 'search_count', [], { domain: [] })).toBeGreaterThan(0);
  });

  it('JSON-2 against an 18 (login redirect) → protocol error with the hint', async () => {
    const t = createTransport({ ...base(sim18), protocol: 'json2', retries: 0 });
    const err = await rejection(t.call('res.partner', 'search_read', [], { domain: [] }));
    expect(err.kind).toBe('protocol');
    expect(err.httpStatus).toBe(303);
    expect(err.message).toMatch(/ODOO_PROTOCOL=jsonrpc/);
  });

  it('JSON-2 never touches /jsonrpc (deprecated in 19): its version comes from /web/version', async () => {
    const from = sim19.calls.length;
    const t = createTransport({ ...base(sim19), protocol: 'json2' });
    expect(await t.version()).toEqual({ serverVersion: '19.0', major: 19 });
    expect(await t.call('res.partner', 'search_count', [], { domain: [] })).toBeGreaterThan(0);
    const erp = createErpConnector({ ...base(sim19), protocol: 'json2' });
    expect(await erp.serverInfo()).toEqual({ serverVersion: '19.0', protocol: 'json2' });
    expect(await erp.countProducts()).toBeGreaterThan(0);
    expect((await erp.fetchProducts({ afterId: 0, limit: 5 })).length).toBe(5);
    expect((await erp.fetchSales({ afterId: 0, limit: 5 })).length).toBe(5);
    const seen = sim19.calls.slice(from).map((c) => c.transport);
    expect(seen).toContain('json2');
    expect(seen).not.toContain('jsonrpc');
  });

  it('JSON-2 against a server that records every request: no /jsonrpc, even when /web/version fails', async () => {
    const paths: string[] = [];
    let versionStatus = 200;
    const server = http.createServer((req, res) => {
      paths.push(`${req.method} ${req.url}`);
      if (req.url === '/web/version' && versionStatus === 200) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ version_info: [19, 0, 0, 'final', 0, ''], version: '19.0' }));
      } else if (req.url === '/json/2/res.partner/search_count') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('7');
      } else {
        res.writeHead(404, { 'Content-Type': 'text/html' });
        res.end('<!doctype html><title>404 Not Found</title>');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const opts = { url, db: 'x', login: 'x', apiKey: 'x', protocol: 'json2' as const, retryDelayMs: 5 };
      const t = createTransport(opts);
      expect(await t.call('res.partner', 'search_count', [], { domain: [] })).toBe(7);
      expect(await t.version()).toEqual({ serverVersion: '19.0', major: 19 });
      versionStatus = 404;
      const err = await rejection(createTransport(opts).version());
      expect(err.kind).toBe('protocol');
      expect(err.message).toMatch(/\/web\/version/);
      expect(paths.length).toBeGreaterThan(2);
      expect(paths.filter((p) => p.includes('/jsonrpc'))).toEqual([]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('without /jsonrpc (a future Odoo), auto reads /web/version and picks JSON-2', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/web/version') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ version_info: [20, 0, 0, 'final', 0, ''], version: '20.0' }));
      } else {
        res.writeHead(404, { 'Content-Type': 'text/html' });
        res.end('<!doctype html><title>404 Not Found</title>');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const t = createTransport({ url, db: 'x', login: 'x', apiKey: 'x', protocol: 'auto', retryDelayMs: 5 });
      expect(await t.version()).toEqual({ serverVersion: '20.0', major: 20 });
      expect(await t.protocol()).toBe('json2');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
