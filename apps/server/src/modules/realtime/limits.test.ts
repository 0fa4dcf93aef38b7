// The gateway's limits: inbound events per socket (a token bucket), connections per user, repeated identifies, and
// the editors announcements (coalesced per room, sent only to sockets whose list changed).
import type { EditorsEvent, SaleDto } from '@quotewright/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  createTestApp,
  createUser,
  eventually,
  login,
  modulesWith,
  type TestApp,
} from '../../../test/helpers';
import {
  baseUrl,
  type ClientSocket,
  connectSocket,
  countOf,
  identify,
  nextEvent,
  settled,
} from '../../../test/sockets';
import { INBOUND_BURST, INBOUND_REFUSALS_BEFORE_DISCONNECT, MAX_CONNECTIONS_PER_USER } from './realtime.gateway';

let t: TestApp;
let url: string;
const open: ClientSocket[] = [];
let seq = 0;
let adminToken: string;

async function person(name: string) {
  const u = await createUser(t, { name, email: `lim-${++seq}@limits.test`, modules: modulesWith('viewer') });
  return { id: u.id, name, token: await login(t, u.email) };
}
async function connect(token: string) {
  const s = await connectSocket(url, token);
  open.push(s);
  return s;
}
async function newSale(name = 'Busy sale'): Promise<SaleDto> {
  const res = await t.app.inject({ method: 'POST', url: '/api/sales', headers: bearer(adminToken), payload: { name } });
  expect(res.statusCode).toBe(201);
  return res.json();
}
const names = (e: EditorsEvent) => e.editors.map((x) => x.name);
const editorsAre = (saleId: string, expected: string[]) => (e: EditorsEvent) =>
  e.saleId === saleId && JSON.stringify(names(e)) === JSON.stringify(expected);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = baseUrl(t.app.server.address());
  adminToken = await login(t, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(() => t.close());

describe('inbound events per socket', () => {
  it('repeating identify of the sale already joined answers its version and announces nothing new', async () => {
    const olga = await person('Olga Observer');
    const vic = await person('Vic Repeat');
    const tom = await person('Tom Late');
    const sale = await newSale();
    const o = await connect(olga.token);
    await identify(o, sale._id);
    await settled(o, 'editors', editorsAre(sale._id, ['Olga Observer']));
    const v = await connect(vic.token);
    // Within the burst allowance: every one is answered, none refused.
    for (let i = 0; i < INBOUND_BURST - 1; i++) {
      expect(await identify(v, sale._id)).toEqual({ ok: true, version: sale.version });
    }
    const late = await connect(tom.token);
    await identify(late, sale._id);
    const final = ['Olga Observer', 'Vic Repeat', 'Tom Late'];
    for (const s of [o, v, late]) await settled(s, 'editors', editorsAre(sale._id, final));
    // The observer heard: itself alone, (perhaps) with Vic, and the final three — not one list per identify.
    expect(countOf(o, 'editors')).toBeLessThanOrEqual(3);
    expect(countOf(v, 'editors')).toBeLessThanOrEqual(2);
  });

  it('beyond the burst an event is refused (429, with the reason) unhandled; the socket that slows down lives on', async () => {
    const ray = await person('Ray Rapid');
    const sale = await newSale();
    // Without an ack the refusal is a problem event.
    const quiet = await connect(ray.token);
    const problem = nextEvent(quiet, 'problem');
    for (let i = 0; i < INBOUND_BURST + 3; i++) quiet.emit('identify', { sale: sale._id });
    expect(await problem).toEqual({
      event: 'identify',
      status: 429,
      code: 'RATE_LIMITED',
      detail: 'Too many messages: slow down and try again in a moment',
    });
    // With an ack, the ack says so.
    const r = await connect(ray.token);
    const answers = await Promise.all(
      Array.from({ length: INBOUND_BURST + 3 }, () => r.timeout(5000).emitWithAck('identify', { sale: sale._id })),
    );
    const refused = answers.filter((a) => !a.ok);
    expect(answers.filter((a) => a.ok).length).toBeGreaterThanOrEqual(INBOUND_BURST);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused) expect(a.detail).toBe('Too many messages: slow down and try again in a moment');
    // The bucket refills: the socket is served again.
    const again = await eventually(async () => {
      const a = await identify(r, sale._id);
      return a.ok ? a : undefined;
    });
    expect(again).toEqual({ ok: true, version: sale.version });
    expect(r.connected).toBe(true);
    expect(quiet.connected).toBe(true);
  });

  it('a flood: the socket that keeps going is disconnected with the reason; the room hears of it once at most', async () => {
    const olga = await person('Olga Flooded');
    const flo = await person('Flo Flood');
    const sale = await newSale();
    const o = await connect(olga.token);
    await identify(o, sale._id);
    await settled(o, 'editors', editorsAre(sale._id, ['Olga Flooded']));
    const f = await connect(flo.token);
    const problem = nextEvent<{ status: number; code?: string }>(f, 'problem', (p) => p.status === 429);
    const gone = nextEvent(f, 'disconnect');
    const answers: { ok: boolean; detail?: string }[] = [];
    const sent = 2000;
    for (let i = 0; i < sent; i++) f.emit('identify', { sale: sale._id }, (a) => answers.push(a));
    expect(await problem).toEqual({
      event: 'identify',
      status: 429,
      code: 'RATE_LIMITED',
      detail: 'Too many messages: the connection was closed',
    });
    await gone;
    // The refusals allowed were answered; nothing after the disconnection was handled.
    const refused = answers.filter((a) => !a.ok);
    expect(refused).toHaveLength(INBOUND_REFUSALS_BEFORE_DISCONNECT);
    expect(answers.filter((a) => a.ok).length).toBeLessThanOrEqual(INBOUND_BURST + 1);
    // The room settles without Flo; the observer was told at most of Flo's arrival and departure.
    const tom = await person('Tom After');
    const late = await connect(tom.token);
    await identify(late, sale._id);
    await settled(o, 'editors', editorsAre(sale._id, ['Olga Flooded', 'Tom After']));
    expect(countOf(o, 'editors')).toBeLessThanOrEqual(4);
    // Another socket is not affected.
    expect(await identify(o, sale._id)).toEqual({ ok: true, version: sale.version });
  });
});

describe('connections per user', () => {
  it(`allows ${MAX_CONNECTIONS_PER_USER} connections of one user, refuses the next (429), and frees a closed one's place`, async () => {
    const many = await person('Many Tabs');
    const other = await person('Other Person');
    const mine: ClientSocket[] = [];
    for (let i = 0; i < MAX_CONNECTIONS_PER_USER; i++) mine.push(await connect(many.token));
    const err = (await connect(many.token).catch((e) => e)) as Error & { data?: { status: number; code?: string } };
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toMatch(/too many open connections/i);
    expect(err.data).toEqual({ status: 429, code: 'TOO_MANY_CONNECTIONS' });
    // Another user is not affected.
    expect((await connect(other.token)).connected).toBe(true);
    // Closing a tab frees its place (once the server has seen it close).
    mine[0]!.close();
    const again = await eventually(() => connect(many.token).catch(() => undefined), 5000, 50);
    expect(again.connected).toBe(true);
  });
});

describe('editors announcements', () => {
  it('N sockets of one person: each socket hears the list once per change, not once per join (linear, not quadratic)', async () => {
    const olga = await person('Olga Many');
    const pat = await person('Pat Tabs');
    const tom = await person('Tom Last');
    const sale = await newSale();
    const o = await connect(olga.token);
    await identify(o, sale._id);
    await settled(o, 'editors', editorsAre(sale._id, ['Olga Many']));
    const n = MAX_CONNECTIONS_PER_USER;
    const tabs: ClientSocket[] = [];
    for (let i = 0; i < n; i++) tabs.push(await connect(pat.token));
    const answers = await Promise.all(tabs.map((s) => identify(s, sale._id)));
    expect(answers.every((a) => a.ok)).toBe(true);
    const two = ['Olga Many', 'Pat Tabs'];
    for (const s of [o, ...tabs]) await settled(s, 'editors', editorsAre(sale._id, two));
    const late = await connect(tom.token);
    await identify(late, sale._id);
    const three = [...two, 'Tom Last'];
    for (const s of [o, late, ...tabs]) await settled(s, 'editors', editorsAre(sale._id, three));
    // One entry per person, whatever the number of tabs; each socket heard each list it showed once.
    for (const s of tabs) expect(countOf(s, 'editors')).toBe(2);
    expect(countOf(o, 'editors')).toBe(3);
    expect(countOf(late, 'editors')).toBe(1);

    // All the tabs close: the others hear one list without Pat (not one per closed tab).
    for (const s of tabs) s.close();
    await settled(o, 'editors', editorsAre(sale._id, ['Olga Many', 'Tom Last']));
    await settled(late, 'editors', editorsAre(sale._id, ['Olga Many', 'Tom Last']));
    expect(countOf(o, 'editors')).toBe(4);
  });

  it('many people joining at once: every socket ends with the full list, in join order, without a list per join', async () => {
    const sale = await newSale();
    const people = [];
    for (let i = 0; i < 12; i++) people.push(await person(`Person ${String(i).padStart(2, '0')}`));
    const sockets = await Promise.all(people.map((p) => connect(p.token)));
    // One after the other (join order is the list's order), without waiting for the announcements.
    for (const s of sockets) expect((await identify(s, sale._id)).ok).toBe(true);
    const all = people.map((p) => p.name);
    for (const s of sockets) await settled(s, 'editors', editorsAre(sale._id, all));
    const total = sockets.reduce((sum, s) => sum + countOf(s, 'editors'), 0);
    // One announcement per join would be 1 + 2 + … + 12 = 78 messages.
    expect(total).toBeLessThan(78);
  });
});
