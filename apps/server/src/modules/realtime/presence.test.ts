// Presence: who has a cell of which row open. A socket in a sale's room says which line's cell it has open
// (`editing`); the others in the room are told at once, a socket joining is told every open cell, and leaving the
// sale or disconnecting closes the cell for the others.
import type { PresenceEvent, SaleDto } from '@quotewright/contracts';
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
import {
  baseUrl,
  type ClientSocket,
  connectSocket,
  countOf,
  identify,
  nextEvent,
  quietFor,
} from '../../../test/sockets';

let t: TestApp;
let url: string;
let adminToken: string;
const open: ClientSocket[] = [];
let seq = 0;

async function person(level: Parameters<typeof modulesWith>[0], name: string) {
  const u = await createUser(t, { name, email: `presence-${++seq}@realtime.test`, modules: modulesWith(level) });
  return { id: u.id, name, token: await login(t, u.email) };
}
async function joined(token: string, saleId: string) {
  const s = await connectSocket(url, token);
  open.push(s);
  expect((await identify(s, saleId)).ok).toBe(true);
  return s;
}
const editing = (s: ClientSocket, sale: string, line: string | null) =>
  s.timeout(5000).emitWithAck('editing', { sale, line });
const LINE = '0f0e0d0c-0000-4000-8000-0000000000a1';
const OTHER_LINE = '0f0e0d0c-0000-4000-8000-0000000000a2';

async function newSale(): Promise<SaleDto> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sales',
    headers: bearer(adminToken),
    payload: { name: 'Presence' },
  });
  return res.json();
}

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

describe('presence', () => {
  it('tells the others in the sale which row a person has a cell of open, and when it closes', async () => {
    const sale = await newSale();
    const erin = await person('editor', 'Erin Editor');
    const bob = await person('editor', 'Bob Builder');
    const es = await joined(erin.token, sale._id);
    const bs = await joined(bob.token, sale._id);
    const opened = nextEvent<PresenceEvent>(bs, 'presence', (e) => !e.all);
    expect(await editing(es, sale._id, LINE)).toEqual({ ok: true });
    expect(await opened).toEqual({
      saleId: sale._id,
      all: false,
      cells: [{ key: expect.any(String), user: { id: erin.id, name: 'Erin Editor' }, line: LINE }],
    });
    const moved = nextEvent<PresenceEvent>(bs, 'presence', (e) => e.cells[0]?.line === OTHER_LINE);
    await editing(es, sale._id, OTHER_LINE);
    await moved;
    const closed = nextEvent<PresenceEvent>(bs, 'presence', (e) => e.cells[0]?.line === null);
    await editing(es, sale._id, null);
    expect((await closed).cells[0]?.user.name).toBe('Erin Editor');
    // The sender is not told of its own cell; the same state again tells nobody.
    const heard = countOf(bs, 'presence');
    await editing(es, sale._id, null);
    await quietFor(bs, 'presence', heard);
    expect(es.received.filter((r) => r.event === 'presence' && !(r.args[0] as PresenceEvent).all)).toEqual([]);
  });

  it('a socket joining is told every open cell of the sale; leaving or disconnecting closes a cell', async () => {
    const sale = await newSale();
    const elsewhere = await newSale();
    const erin = await person('editor', 'Erin Editor');
    const bob = await person('full_rights', 'Bob Builder');
    const carl = await person('viewer', 'Carl Viewer');
    const es = await joined(erin.token, sale._id);
    const bs = await joined(bob.token, sale._id);
    await editing(es, sale._id, LINE);
    await editing(bs, sale._id, OTHER_LINE);
    const cs = await connectSocket(url, carl.token);
    open.push(cs);
    const snapshot = nextEvent<PresenceEvent>(cs, 'presence', (e) => e.all);
    await identify(cs, sale._id);
    const cells = (await snapshot).cells.map((c) => [c.user.name, c.line]).sort();
    expect(cells).toEqual([
      ['Bob Builder', OTHER_LINE],
      ['Erin Editor', LINE],
    ]);
    // Bob opens another sale: his cell here closes for those still here.
    const left = nextEvent<PresenceEvent>(cs, 'presence', (e) => e.cells[0]?.user.id === bob.id);
    await identify(bs, elsewhere._id);
    expect((await left).cells[0]?.line).toBeNull();
    // Erin's browser goes away with her cell open.
    const gone = nextEvent<PresenceEvent>(cs, 'presence', (e) => e.cells[0]?.user.id === erin.id);
    es.close();
    expect((await gone).cells[0]?.line).toBeNull();
  });

  it('only sale editors open cells, and only in the sale they joined', async () => {
    const sale = await newSale();
    const vera = await person('viewer', 'Vera Viewer');
    const erin = await person('editor', 'Erin Editor');
    const vs = await joined(vera.token, sale._id);
    // Someone else in the room, who would hear of a cell the viewer opened.
    const watching = await joined(adminToken, sale._id);
    // (each was told the open cells on joining)
    const heard = { vs: countOf(vs, 'presence'), watching: countOf(watching, 'presence') };
    expect(await editing(vs, sale._id, LINE)).toMatchObject({ ok: false, detail: /permission/ });
    // A viewer closing nothing is harmless.
    expect(await editing(vs, sale._id, null)).toEqual({ ok: true });
    const es = await connectSocket(url, erin.token);
    open.push(es);
    expect(await editing(es, sale._id, LINE)).toMatchObject({ ok: false, detail: /Open the sale first/ });
    expect(await es.timeout(5000).emitWithAck('editing', { sale: sale._id, line: 'x' } as never)).toMatchObject({
      ok: false,
      detail: /Unknown line id/,
    });
    await quietFor(vs, 'presence', heard.vs);
    await quietFor(watching, 'presence', heard.watching);
  });
});
