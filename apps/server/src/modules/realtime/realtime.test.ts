// The realtime gateway in one process: handshake, identify, editors, the bus relayed to rooms, re-checks.
import { createServer } from 'node:http';
import { applySaleDelta, type EditorsEvent, type SaleDelta, type SaleDto } from '@quotewright/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  createTestApp,
  createUser,
  login,
  modulesWith,
  type TestApp,
} from '../../../test/helpers';
import { baseUrl, type ClientSocket, connectSocket, identify, nextEvent, quietFor } from '../../../test/sockets';
import { type SaleEvents, saleEvents } from '../../infra/sale-events';
import { tokenService } from '../auth/tokens';
import { createRealtime } from './realtime.gateway';

let t: TestApp;
let url: string;
let events: SaleEvents;
const open: ClientSocket[] = [];
let seq = 0;

async function person(level: Parameters<typeof modulesWith>[0], name: string) {
  const u = await createUser(t, { name, email: `rt-${++seq}-${level}@realtime.test`, modules: modulesWith(level) });
  return { id: u.id, name, email: u.email, token: await login(t, u.email) };
}
async function connect(token: string | null) {
  const s = await connectSocket(url, token);
  open.push(s);
  return s;
}
let adminToken: string;
async function newSale(name = 'Live sale'): Promise<SaleDto> {
  const res = await t.app.inject({ method: 'POST', url: '/api/sales', headers: bearer(adminToken), payload: { name } });
  expect(res.statusCode).toBe(201);
  return res.json();
}
const delta = (saleId: string, version: number): SaleDelta => ({
  saleId,
  version,
  by: { id: 'x', name: 'Someone' },
  changes: {
    sale: {
      version,
      updated_on: new Date().toISOString(),
      updated_by: { name: 'Someone' },
      pricing: {
        total_price: '0.00',
        total_cost: '0.00',
        total_margin: '0.00',
        total_margin_percent: 0,
        total_markup_percent: 0,
        optional_total: '0.00',
        total_with_optional: '0.00',
      },
      total_price: '0.00',
      odoo_synced: false,
      name: `Version ${version}`,
    },
  },
});

beforeAll(async () => {
  events = saleEvents();
  t = await createTestApp({}, { events });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = baseUrl(t.app.server.address());
  adminToken = await login(t, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(() => t.close());

describe('handshake', () => {
  it('refuses a connection without a token, or with a bad one, saying why', async () => {
    for (const token of [null, 'not-a-token', `${adminToken}x`]) {
      const err = (await connect(token).catch((e) => e)) as Error & { data?: { status: number } };
      expect(err).toBeInstanceOf(Error);
      expect(err.message).toMatch(/sign in again/);
      expect(err.data).toEqual({ status: 401, code: 'SESSION_ENDED' });
    }
  });

  it('accepts a valid token', async () => {
    const s = await connect(adminToken);
    expect(s.connected).toBe(true);
  });
});

describe('identify', () => {
  it('joins a sale with view rights, answering ok and the editors', async () => {
    const viewer = await person('viewer', 'Vera Viewer');
    const sale = await newSale();
    const s = await connect(viewer.token);
    const editors = nextEvent<EditorsEvent>(s, 'editors');
    expect(await identify(s, sale._id)).toEqual({ ok: true, version: sale.version });
    expect(await editors).toEqual({ saleId: sale._id, editors: [{ id: viewer.id, name: 'Vera Viewer' }] });
  });

  it('refuses a user without sales rights (403), an unknown sale (404) and bad payloads (400)', async () => {
    const disabled = await person('disabled', 'Dis Abled');
    const viewer = await person('viewer', 'Val Viewer');
    const sale = await newSale();
    const d = await connect(disabled.token);
    expect(await identify(d, sale._id)).toEqual({ ok: false, detail: 'You do not have permission to view sales' });
    const v = await connect(viewer.token);
    expect(await identify(v, '6f1d2c3b-0000-4000-8000-000000000000')).toEqual({ ok: false, detail: 'Sale not found' });
    expect(await identify(v, 'nope')).toEqual({ ok: false, detail: 'sale: Unknown sale id' });
    const unknownField = await v.timeout(5000).emitWithAck('identify', { sale: sale._id, user: 'me' } as never);
    expect(unknownField).toEqual({ ok: false, detail: 'Unknown field: user' });
    const notObject = await v.timeout(5000).emitWithAck('identify', 'sale' as never);
    expect(notObject.ok).toBe(false);
    // Nothing was joined: someone opening the sale afterwards is listed alone, and the refused sockets, which the
    // same list would have reached had they been in the room, heard none.
    const watcher = await person('viewer', 'Wes Watcher');
    const w = await connect(watcher.token);
    const listed = nextEvent<EditorsEvent>(w, 'editors');
    expect(await identify(w, sale._id)).toEqual({ ok: true, version: sale.version });
    expect(await listed).toEqual({ saleId: sale._id, editors: [{ id: watcher.id, name: 'Wes Watcher' }] });
    await quietFor(v, 'editors');
    await quietFor(d, 'editors');
  });

  it('answers a refusal without an ack, and an unknown event, with a problem event; the socket lives on', async () => {
    const viewer = await person('viewer', 'Pat Problem');
    const s = await connect(viewer.token);
    const p1 = nextEvent(s, 'problem');
    s.emit('identify', { sale: 42 } as never);
    expect(await p1).toEqual({ event: 'identify', status: 400, detail: expect.stringContaining('sale:') });
    const p2 = nextEvent(s, 'problem');
    (s as unknown as { emit(e: string, p: unknown): void }).emit('sync_everything', { all: true });
    expect(await p2).toEqual({ event: 'sync_everything', status: 404, detail: 'Unknown event: sync_everything' });
    const sale = await newSale();
    expect(await identify(s, sale._id)).toEqual({ ok: true, version: sale.version });
  });
});

describe('editors', () => {
  it('lists each user once in join order, across join, second tab, leave and disconnect', async () => {
    const ann = await person('editor', 'Ann Able');
    const bob = await person('viewer', 'Bob Baker');
    const sale = await newSale();
    const other = await newSale('Other');
    const a1 = await connect(ann.token);
    await identify(a1, sale._id);
    const b = await connect(bob.token);
    const both = nextEvent<EditorsEvent>(a1, 'editors', (e) => e.editors.length === 2);
    await identify(b, sale._id);
    const expected = [
      { id: ann.id, name: 'Ann Able' },
      { id: bob.id, name: 'Bob Baker' },
    ];
    expect((await both).editors).toEqual(expected);

    // Ann's second tab: still two editors, Ann still first; only the new tab hears the (unchanged) list.
    const a2 = await connect(ann.token);
    const tabList = nextEvent<EditorsEvent>(a2, 'editors');
    const heardBefore = b.received.filter((r) => r.event === 'editors').length;
    await identify(a2, sale._id);
    expect((await tabList).editors).toEqual(expected);

    // Ann's first tab closes: her second tab keeps her in; she is now after Bob (join order of her remaining tab).
    const afterClose = nextEvent<EditorsEvent>(b, 'editors');
    a1.close();
    expect((await afterClose).editors).toEqual([expected[1], expected[0]]);
    expect(b.received.filter((r) => r.event === 'editors')).toHaveLength(heardBefore + 1);

    // Bob moves to another sale: this sale's room is told, the other room gets Bob.
    const left = nextEvent<EditorsEvent>(a2, 'editors', (e) => e.editors.length === 1);
    const joined = nextEvent<EditorsEvent>(b, 'editors', (e) => e.saleId === other._id);
    await identify(b, other._id);
    expect(await left).toEqual({ saleId: sale._id, editors: [expected[0]] });
    expect((await joined).editors).toEqual([expected[1]]);

    // identify {sale: null} leaves: the room's deltas no longer reach that socket.
    const b2 = await connect(bob.token);
    await identify(b2, other._id);
    expect(await identify(b, null)).toEqual({ ok: true });
    const d = delta(other._id, other.version + 1);
    const reached = nextEvent(b2, 'sale_changed');
    events.publish({ type: 'sale_changed', delta: d });
    await reached;
    await quietFor(b, 'sale_changed');
  });
});

describe('the bus, relayed', () => {
  it('sends sale_changed (the same delta) to the sale room only, and sales_changed to every sales viewer', async () => {
    const viewer = await person('viewer', 'Room Mate');
    const elsewhere = await person('viewer', 'Else Where');
    const disabled = await person('disabled', 'No Sales');
    const sale = await newSale();
    const other = await newSale('Other');
    const inRoom = await connect(viewer.token);
    await identify(inRoom, sale._id);
    const out = await connect(elsewhere.token);
    await identify(out, other._id);
    const noRights = await connect(disabled.token);

    const d = delta(sale._id, sale.version + 1);
    const got = nextEvent<SaleDelta>(inRoom, 'sale_changed');
    const listInRoom = nextEvent(inRoom, 'sales_changed');
    const listOut = nextEvent(out, 'sales_changed');
    events.publish({ type: 'sale_changed', delta: d });
    expect(await got).toEqual(d);
    expect(await listInRoom).toEqual({ saleId: sale._id, version: d.version });
    expect(await listOut).toEqual({ saleId: sale._id, version: d.version });
    await quietFor(out, 'sale_changed');
    await quietFor(noRights, 'sales_changed');
    expect(noRights.received.map((r) => r.event)).toEqual([]);

    const created = nextEvent(out, 'sales_changed');
    events.publish({ type: 'sale_created', saleId: other._id, version: 1, by: { id: 'x', name: 'Someone' } });
    expect(await created).toEqual({ saleId: other._id, version: 1 });

    const deleted = nextEvent(inRoom, 'sale_deleted');
    const listDeleted = nextEvent(out, 'sales_changed', (e: { version: number | null }) => e.version === null);
    events.publish({ type: 'sale_deleted', saleId: sale._id, by: { id: 'x', name: 'Someone' } });
    expect(await deleted).toEqual({ saleId: sale._id, by: { id: 'x', name: 'Someone' } });
    expect(await listDeleted).toEqual({ saleId: sale._id, version: null });
    // The deleted sale's room is emptied: a later delta for it reaches nobody.
    events.publish({ type: 'sale_changed', delta: delta(sale._id, 99) });
    await quietFor(inRoom, 'sale_changed', 1);
    await quietFor(noRights, 'sale_deleted');
    expect(noRights.received).toEqual([]);
  });

  it('an HTTP edit reaches the room as a delta that turns the sale held before into the sale answered', async () => {
    const viewer = await person('viewer', 'Watcher');
    const sale = await newSale();
    const s = await connect(viewer.token);
    await identify(s, sale._id);
    const got = nextEvent<SaleDelta>(s, 'sale_changed');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sales/sections/create/${sale._id}`,
      headers: bearer(adminToken),
      payload: { name: 'Live section' },
    });
    expect(res.statusCode).toBe(200);
    // The answer is the very delta the room receives; applied to the sale held before, it gives the sale now.
    const answered = res.json() as SaleDelta;
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/sales/${sale._id}`, headers: bearer(adminToken) })
    ).json() as SaleDto;
    const d = await got;
    expect(d).toEqual(answered);
    expect(d).toMatchObject({ saleId: sale._id, version: sale.version + 1, by: { name: 'Administrator' } });
    expect(Object.keys(d.by).sort()).toEqual(['id', 'name']);
    expect(applySaleDelta(sale, d)).toEqual(after);
  });

  it('a sale deleted through the API is announced with who deleted it', async () => {
    const viewer = await person('viewer', 'Deletion Watcher');
    const sale = await newSale();
    const s = await connect(viewer.token);
    await identify(s, sale._id);
    const got = nextEvent<{ saleId: string; by: { name: string } }>(s, 'sale_deleted');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/sales/${sale._id}`, headers: bearer(adminToken) });
    expect(res.statusCode).toBe(200);
    expect((await got).saleId).toBe(sale._id);
  });
});

describe('re-checks: at once when the user changes, and on each inbound event', () => {
  it('a password change ends the socket at once, without waiting for its next event', async () => {
    const u = await person('viewer', 'Changing Password');
    const s = await connect(u.token);
    const problem = nextEvent(s, 'problem');
    const gone = nextEvent(s, 'disconnect');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/resetpassword/${u.id}`,
      headers: bearer(u.token),
      payload: { password: 'another-password-1', password2: 'another-password-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(await problem).toEqual({
      event: 'session',
      status: 401,
      code: 'SESSION_ENDED',
      detail: expect.stringMatching(/sign in again/),
    });
    await gone;
    expect(s.connected).toBe(false);
  });

  it('a deleted user is disconnected at once', async () => {
    const u = await person('editor', 'Soon Deleted');
    const s = await connect(u.token);
    const gone = nextEvent(s, 'disconnect');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${u.id}`, headers: bearer(adminToken) });
    expect(res.statusCode).toBe(204);
    await gone;
  });

  it("a user whose sales rights were removed leaves the sale room at once; another user's sockets stay", async () => {
    const u = await person('viewer', 'Losing Rights');
    const watcher = await person('viewer', 'Stays');
    const sale = await newSale();
    const s = await connect(u.token);
    await identify(s, sale._id);
    const w = await connect(watcher.token);
    await identify(w, sale._id);
    const shrunk = nextEvent<EditorsEvent>(w, 'editors', (e) => e.editors.length === 1);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${u.id}`,
      headers: bearer(adminToken),
      payload: { modules: { sales: { enabled: false } } },
    });
    expect(res.statusCode).toBe(200);
    // No inbound event from the socket: the change alone took it out of the room.
    expect((await shrunk).editors).toEqual([{ id: watcher.id, name: 'Stays' }]);
    const reached = nextEvent(w, 'sale_changed');
    events.publish({ type: 'sale_changed', delta: delta(sale._id, sale.version + 1) });
    await reached;
    await quietFor(s, 'sale_changed');
    await quietFor(s, 'sales_changed');
    expect(s.connected).toBe(true);
    // And the next identify is refused with the reason.
    expect(await identify(s, sale._id)).toEqual({ ok: false, detail: 'You do not have permission to view sales' });
  });
});

describe('the token expiring', () => {
  /** A token of the app's own signing that lives `seconds` (the configured lifetime is at least a minute). */
  async function shortToken(name: string, seconds: number) {
    const u = await createUser(t, { name, email: `rt-${++seq}-short@realtime.test`, modules: modulesWith('viewer') });
    const token = await tokenService(t.config.JWT_SECRET!, seconds).issue(u);
    const exp = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).exp as number;
    return { id: u.id, token, exp };
  }

  it('ends the socket at its expiry, without waiting for an inbound event: sale data stops, the reason is said', async () => {
    const watcher = await person('viewer', 'Long Lived');
    const sale = await newSale();
    // Made last, just before it is used: on a busy machine the set-up alone can take a second or two.
    const short = await shortToken('Short Lived', 4);
    const s = await connect(short.token);
    await identify(s, sale._id);
    const w = await connect(watcher.token);
    await identify(w, sale._id);
    const live = nextEvent<SaleDelta>(s, 'sale_changed');
    events.publish({ type: 'sale_changed', delta: delta(sale._id, sale.version + 1) });
    await live;

    const problem = nextEvent(s, 'problem', undefined, 10_000);
    const gone = nextEvent(s, 'disconnect', undefined, 10_000);
    expect(await problem).toEqual({
      event: 'session',
      status: 401,
      code: 'SESSION_EXPIRED',
      detail: 'Session expired — sign in again',
    });
    await gone;
    // Not before the token's own expiry.
    expect(Date.now()).toBeGreaterThanOrEqual(short.exp * 1000);
    expect(s.connected).toBe(false);
    // The room carries on without it.
    const reached = nextEvent(w, 'sale_changed');
    events.publish({ type: 'sale_changed', delta: delta(sale._id, sale.version + 2) });
    await reached;
    expect(s.received.filter((r) => r.event === 'sale_changed')).toHaveLength(1);
  });

  it('a connection with an expired token is refused saying the session expired', async () => {
    const expired = await shortToken('Already Expired', -5);
    const err = (await connect(expired.token).catch((e) => e)) as Error & { data?: unknown };
    expect(err.message).toBe('Session expired — sign in again');
    expect(err.data).toEqual({ status: 401, code: 'SESSION_EXPIRED' });
  });
});

describe('sales rewritten by the ERP fetch', () => {
  it('sale_replaced reaches each rewritten sale room with its version; the lists hear one sales_changed', async () => {
    const viewer = await person('viewer', 'Fetch Watcher');
    const lister = await person('viewer', 'List Watcher');
    const a = await newSale('A');
    const b = await newSale('B');
    const sa = await connect(viewer.token);
    await identify(sa, a._id);
    const list = await connect(lister.token);
    const got = nextEvent(sa, 'sale_replaced');
    const listed = nextEvent(list, 'sales_changed');
    const erp = { id: 'erp', name: 'ERP' };
    events.publish({
      type: 'sales_replaced',
      sales: [
        { saleId: a._id, version: 7 },
        { saleId: b._id, version: 3 },
      ],
      by: erp,
    });
    expect(await got).toEqual({ saleId: a._id, version: 7, by: erp });
    expect(await listed).toEqual({ saleId: null, version: null });
    await quietFor(list, 'sales_changed', 1);
    expect(list.received.filter((r) => r.event === 'sales_changed')).toHaveLength(1);
    expect(sa.received.filter((r) => r.event === 'sale_replaced')).toHaveLength(1);
  });
});

describe('closing the app', () => {
  it('disconnects every socket', async () => {
    const own = await createTestApp({}, {});
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const s = await connectSocket(baseUrl(own.app.server.address()), await login(own, ADMIN_EMAIL, ADMIN_PASSWORD));
    const gone = nextEvent(s, 'disconnect');
    await own.close();
    await gone;
    expect(s.connected).toBe(false);
  });
});

describe('REDIS_URL', () => {
  it('a Redis that cannot be reached stops the start with a clear message', async () => {
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const start = createRealtime(createServer(), {
      auth: { authenticate: async () => null, forget: () => undefined },
      sales: { watchVersion: async () => undefined },
      events: saleEvents(),
      log: quiet,
      redisUrl: 'redis://127.0.0.1:1',
    });
    await expect(start).rejects.toThrow(/cannot reach Redis at REDIS_URL/);
  });
});
