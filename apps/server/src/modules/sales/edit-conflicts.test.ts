// No silent overwrite (decision 0020): a line edit carries the values it was based on, and a change of a field someone
// else changed since is refused (409 EDIT_CONFLICT with the value now, who set it and when) instead of written; edits
// of other fields or lines merge; two saves at the same moment give one winner and one question; an explicit
// overwrite tells the person whose value it replaced. Through the API, on PGlite and PostgreSQL, in one process and
// across two (each holding the sale in memory: the one-statement path).
import { type EditConflictProblem, type ValueReplacedEvent, valueReplacedText } from '@quotewright/contracts';
import { eq, saleLines } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, modulesWith, type TestApp } from '../../../test/helpers';
import { baseUrl, type ClientSocket, connectSocket, identify, nextEvent, quietFor } from '../../../test/sockets';
import { buildApp } from '../../app';
import { type SaleEvents, saleEvents } from '../../infra/sale-events';
import type { LineDto, SaleDto } from './sales.dto';
import { api, expectProblem, seedProducts } from './testkit';

let t: TestApp;
let events: SaleEvents;
let a: ReturnType<typeof api>;
/** A second process on the same database (its own memory): its edits race this one's. */
let other: Awaited<ReturnType<typeof buildApp>>;
let b: ReturnType<typeof api>;
let url: string;
const people = {} as Record<'erin' | 'bob' | 'viewer', { id: string; name: string; token: string }>;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  events = saleEvents();
  t = await createTestApp({}, { events });
  a = api(t);
  await seedProducts(t, [1, 2, 3]);
  other = await buildApp({ config: t.config, database: t.database, logger: false, workers: false });
  b = api({ ...t, app: other });
  for (const [key, name, level] of [
    ['erin', 'Erin Editor', 'editor'],
    ['bob', 'Bob Builder', 'editor'],
    ['viewer', 'Vera Viewer', 'viewer'],
  ] as const) {
    const u = await createUser(t, { name, email: `${key}@conflicts.test`, modules: modulesWith(level) });
    people[key] = { id: u.id, name, token: await login(t, u.email) };
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = baseUrl(t.app.server.address());
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await other.close();
  await t.close();
});

/** A draft with one section: desk ×2 (price 100, cost 60), leg ×4, a note; read (held) by both processes. */
async function fixture() {
  const { token } = people.erin;
  let sale = await a.ok('POST', '/api/sales', token, { name: 'Conflicts' });
  sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, token, { name: 'Hardware' });
  const A = sale.sections[0]!._id;
  await a.ok('POST', `/api/sales/lines/create/${sale._id}/${A}`, token, {
    lines: [
      { product: 1, quantity: '2' },
      { product: 2, quantity: '4' },
    ],
    sequence: -1,
  });
  sale = await a.ok('POST', `/api/sales/lines/note/${sale._id}/${A}`, token, { name: 'Deliver by May', sequence: -1 });
  await b.ok('GET', `/api/sales/${sale._id}`, token);
  const [desk, leg, note] = sale.sections[0]!.lines.map((l) => l._id) as [string, string, string];
  return { sale, A, desk, leg, note, url: `/api/sales/lines/update/${sale._id}/${A}` };
}

const lineOf = (sale: SaleDto, id: string): LineDto => sale.sections.flatMap((s) => s.lines).find((l) => l._id === id)!;
const read = async (saleId: string) => a.ok<SaleDto>('GET', `/api/sales/${saleId}`, people.viewer.token);
const stored = async (id: string) => (await t.database.db.select().from(saleLines).where(eq(saleLines.id, id)))[0]!;
const conflictOf = (res: Awaited<ReturnType<typeof a.post>>) => {
  expectProblem(res, 409, 'EDIT_CONFLICT');
  return res.json() as EditConflictProblem;
};

describe('an edit based on a value someone else changed since', () => {
  it('is refused with the value now, who set it and when, and nothing is written', async () => {
    const f = await fixture();
    await a.ok('POST', f.url, people.erin.token, [{ _id: f.desk, quantity: '44', base: { quantity: '2' } }]);
    const before = await read(f.sale._id);
    const res = await b.post(f.url, people.bob.token, [{ _id: f.desk, quantity: '33', base: { quantity: '2' } }]);
    const problem = conflictOf(res);
    expect(problem.detail).toBe('Erin Editor changed Qty to 44 while you were editing');
    expect(problem.conflicts).toEqual([
      {
        line: f.desk,
        field: 'quantity',
        value: '44',
        base: '2',
        by: { id: people.erin.id, name: 'Erin Editor' },
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    // Nothing of it: the value, the sale's version and its activity feed are as they were.
    expect(await read(f.sale._id)).toEqual(before);
    expect((await stored(f.desk)).quantity).toBe('44.0000');
  });

  it('holds for every field a person edits: description, price, cost, discount, markup', async () => {
    const f = await fixture();
    const erin = people.erin.token;
    await a.ok('POST', f.url, erin, [
      { _id: f.note, name: 'Deliver by June' },
      { _id: f.desk, price: '120', cost: '70', discount: '5' },
    ]);
    const desk = lineOf(await read(f.sale._id), f.desk);
    const cases = [
      { _id: f.note, name: 'Deliver by July', base: { name: 'Deliver by May' } },
      { _id: f.desk, price: '99', base: { price: '100.00' } },
      { _id: f.desk, cost: '50', base: { cost: '60.00' } },
      { _id: f.desk, discount: '10', base: { discount: 0 } },
      // Markup % follows from price, cost and discount: Erin changed those.
      { _id: f.desk, markup_percent: '50', base: { markup_percent: 66.67 } },
    ];
    const fields = ['name', 'price', 'cost', 'discount', 'markup_percent'];
    for (const [i, edit] of cases.entries()) {
      const problem = conflictOf(await b.post(f.url, people.bob.token, [edit]));
      const field = fields[i]!;
      expect(problem.conflicts[0]).toMatchObject({ field, by: { name: 'Erin Editor' } });
      const now = field === 'name' ? 'Deliver by June' : String(desk[field as keyof LineDto]);
      expect(problem.conflicts[0]!.value).toBe(now);
    }
  });

  it('a value set through Set Markup names who set the markup', async () => {
    const f = await fixture();
    await a.ok('POST', `/api/sales/lines/markup/${f.sale._id}/${f.A}`, people.erin.token, {
      ids: [f.desk],
      markup: '50',
    });
    const problem = conflictOf(
      await b.post(f.url, people.bob.token, [{ _id: f.desk, price: '95', base: { price: '100.00' } }]),
    );
    expect(problem.conflicts[0]).toMatchObject({ field: 'price', value: '90.00', by: { name: 'Erin Editor' } });
  });

  it('of several lines, refuses the whole request when one conflicts, listing each conflict', async () => {
    const f = await fixture();
    await a.ok('POST', f.url, people.erin.token, [{ _id: f.leg, quantity: '5' }]);
    const res = await b.post(f.url, people.bob.token, [
      { _id: f.desk, quantity: '3', base: { quantity: '2' } },
      { _id: f.leg, quantity: '3', base: { quantity: '4' } },
    ]);
    const problem = conflictOf(res);
    expect(problem.conflicts.map((c) => [c.line, c.field, c.value])).toEqual([[f.leg, 'quantity', '5']]);
    expect((await stored(f.desk)).quantity).toBe('2.0000');
  });

  it('a base that still holds, or a change to the value already there, is no conflict', async () => {
    const f = await fixture();
    await a.ok('POST', f.url, people.erin.token, [{ _id: f.desk, quantity: '44' }]);
    // Bob saw 44 (written "44.000": numbers compare by value).
    await b.ok('POST', f.url, people.bob.token, [{ _id: f.desk, quantity: '45', base: { quantity: '44.000' } }]);
    // Bob typed what Erin had already set: nothing to ask.
    await a.ok('POST', f.url, people.erin.token, [{ _id: f.leg, quantity: '9' }]);
    const res = await b.post(f.url, people.bob.token, [{ _id: f.leg, quantity: '9', base: { quantity: '4' } }]);
    expect(res.statusCode).toBe(200);
    expect(lineOf(await read(f.sale._id), f.desk).quantity).toBe('45');
  });

  it('a malformed base is refused as invalid input', async () => {
    const f = await fixture();
    const res = await a.post(f.url, people.erin.token, [{ _id: f.desk, quantity: '3', base: { quantity: 'lots' } }]);
    const body = expectProblem(res, 400, 'VALIDATION_FAILED') as unknown as { errors: Record<string, string> };
    expect(body.errors['0.base.quantity']).toBe('Expected a number');
  });
});

describe('edits that merge without a word', () => {
  it('different fields of one line, and different lines, from two processes', async () => {
    const f = await fixture();
    await a.ok('POST', f.url, people.erin.token, [{ _id: f.desk, price: '120', base: { price: '100.00' } }]);
    // Bob's process still holds the sale before Erin's change: his edit of another field is applied on top.
    await b.ok('POST', f.url, people.bob.token, [{ _id: f.desk, quantity: '3', base: { quantity: '2' } }]);
    await b.ok('POST', f.url, people.bob.token, [{ _id: f.leg, quantity: '8', base: { quantity: '4' } }]);
    await a.ok('POST', f.url, people.erin.token, [{ _id: f.leg, cost: '7', base: { cost: '6.2512' } }]);
    const sale = await read(f.sale._id);
    expect(lineOf(sale, f.desk)).toMatchObject({ price: '120.00', quantity: '3' });
    expect(lineOf(sale, f.leg)).toMatchObject({ quantity: '8', cost: '7.00' });
  });
});

describe('two saves at the same moment', () => {
  it('exactly one wins; the other is asked, naming the winner and the value that won', async () => {
    const f = await fixture();
    let base = '2';
    for (let round = 0; round < 9; round++) {
      // From one process, from both (the one-statement path of each races the other's), and the locking way (an
      // edit naming its line twice never takes the one-statement path).
      const mode = round % 3;
      const [first, second] = mode === 1 ? [a, b] : [a, a];
      const values = [`${11 + round}`, `${21 + round}`];
      const edit = (quantity: string) => [
        { _id: f.desk, quantity, base: { quantity: base } },
        ...(mode === 2 ? [{ _id: f.desk, quantity }] : []),
      ];
      const [r1, r2] = await Promise.all([
        first.post(f.url, people.erin.token, edit(values[0]!)),
        second.post(f.url, people.bob.token, edit(values[1]!)),
      ]);
      const codes = [r1.statusCode, r2.statusCode].sort();
      expect(codes, `round ${round}: ${r1.body.slice(0, 200)} / ${r2.body.slice(0, 200)}`).toEqual([200, 409]);
      const winner = r1.statusCode === 200 ? 0 : 1;
      const loser = conflictOf(winner === 0 ? r2 : r1);
      expect(loser.conflicts[0]).toMatchObject({
        field: 'quantity',
        value: values[winner],
        by: { name: winner === 0 ? 'Erin Editor' : 'Bob Builder' },
      });
      const sale = await read(f.sale._id);
      expect(lineOf(sale, f.desk).quantity).toBe(values[winner]);
      base = values[winner]!;
    }
  });
});

describe('edits sent through the API without a base', () => {
  it('are written whatever the value now (as before bases existed): last write wins', async () => {
    const f = await fixture();
    await a.ok('POST', f.url, people.erin.token, [{ _id: f.desk, quantity: '44', base: { quantity: '2' } }]);
    const sale = await b.ok('POST', f.url, people.bob.token, [{ _id: f.desk, quantity: '33' }]);
    expect(lineOf(sale, f.desk).quantity).toBe('33');
  });
});

describe('an explicit overwrite', () => {
  async function joined(token: string, saleId: string) {
    const s = await connectSocket(url, token);
    sockets.push(s);
    expect((await identify(s, saleId)).ok).toBe(true);
    return s;
  }

  it('replaces the value it was based on and tells the person who had set it, by name', async () => {
    const f = await fixture();
    const erinSocket = await joined(people.erin.token, f.sale._id);
    await a.ok('POST', f.url, people.erin.token, [{ _id: f.desk, quantity: '44', base: { quantity: '2' } }]);
    const refused = conflictOf(
      await b.post(f.url, people.bob.token, [{ _id: f.desk, quantity: '33', base: { quantity: '2' } }]),
    );
    const told = nextEvent<ValueReplacedEvent>(erinSocket, 'value_replaced');
    // "Use 33": based on the value it replaces, marked as an overwrite (through the process whose bus the sockets
    // hear; with several processes the Redis adapter carries the room's events).
    const sale = await a.ok('POST', f.url, people.bob.token, [
      { _id: f.desk, quantity: '33', base: { quantity: refused.conflicts[0]!.value }, overwrite: true },
    ]);
    expect(lineOf(sale, f.desk).quantity).toBe('33');
    const event = await told;
    expect(event).toEqual({
      saleId: f.sale._id,
      section: f.A,
      line: f.desk,
      position: 1,
      label: 'DESK-1',
      field: 'quantity',
      replaced: '44',
      value: '33',
      previous: { id: people.erin.id, name: 'Erin Editor' },
      by: { id: people.bob.id, name: 'Bob Builder' },
    });
    expect(valueReplacedText(event)).toBe('Bob Builder replaced your Qty 44 with 33 on line 1 (DESK-1)');
    // Bob now set it: an edit of Erin's based on her 44 is the one asked.
    const back = conflictOf(
      await a.post(f.url, people.erin.token, [{ _id: f.desk, quantity: '45', base: { quantity: '44' } }]),
    );
    expect(back.conflicts[0]).toMatchObject({ value: '33', by: { name: 'Bob Builder' } });
  });

  it('is refused again when the value moved once more; an overwrite of one’s own value tells nobody', async () => {
    const f = await fixture();
    const erinSocket = await joined(people.erin.token, f.sale._id);
    await a.ok('POST', f.url, people.erin.token, [{ _id: f.desk, quantity: '44' }]);
    await a.ok('POST', f.url, people.erin.token, [{ _id: f.desk, quantity: '55' }]);
    const again = conflictOf(
      await b.post(f.url, people.bob.token, [
        { _id: f.desk, quantity: '33', base: { quantity: '44' }, overwrite: true },
      ]),
    );
    expect(again.conflicts[0]).toMatchObject({ value: '55', by: { name: 'Erin Editor' } });
    expect((await stored(f.desk)).quantity).toBe('55.0000');
    await a.ok('POST', f.url, people.erin.token, [
      { _id: f.desk, quantity: '56', base: { quantity: '55' }, overwrite: true },
    ]);
    await quietFor(erinSocket, 'value_replaced');
  });
});

describe('who set a field', () => {
  it('is forgotten when the field is written otherwise (a copy merging quantities): nobody is named wrongly', async () => {
    const f = await fixture();
    await a.ok('POST', f.url, people.erin.token, [{ _id: f.desk, quantity: '3' }]);
    expect((await stored(f.desk)).editedBy.quantity).toMatchObject({ id: people.erin.id, name: 'Erin Editor' });
    await a.ok('POST', `/api/sales/sections/copy/${f.sale._id}`, people.bob.token, {
      sections: [f.A],
      _id: f.sale._id,
      copyStyle: 'merge',
      mergeProducts: true,
    });
    const row = await stored(f.desk);
    expect(row.quantity).toBe('6.0000');
    expect(row.editedBy.quantity).toBeUndefined();
    const problem = conflictOf(
      await b.post(f.url, people.bob.token, [{ _id: f.desk, quantity: '4', base: { quantity: '3' } }]),
    );
    expect(problem.conflicts[0]).toMatchObject({ value: '6', by: null, at: null });
    expect(problem.detail).toBe('Someone changed Qty to 6 while you were editing');
  });
});
