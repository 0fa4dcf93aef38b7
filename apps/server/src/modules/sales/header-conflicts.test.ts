// No silent overwrite for a sale's header fields and its sections' names (decision 0020): an edit may carry the values
// it was based on, and a change of a field someone else changed since is refused (409 EDIT_CONFLICT with the value
// now; nobody named: who set a header field or a section name is not kept) instead of written; nothing of the request
// is written. An explicit overwrite (based on the value the 409 named) writes, unless the value moved on again; an
// edit without a base writes as before (API clients); edits of different fields or sections merge. Through the API, on
// PGlite and PostgreSQL.
import type { EditConflictProblem, HeaderEditConflict, SectionEditConflict } from '@quotewright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, modulesWith, type TestApp } from '../../../test/helpers';
import type { SaleDto } from './sales.dto';
import { api, expectProblem } from './testkit';

let t: TestApp;
let a: ReturnType<typeof api>;
const people = {} as Record<'erin' | 'bob' | 'viewer', { id: string; name: string; token: string }>;

beforeAll(async () => {
  t = await createTestApp();
  a = api(t);
  for (const [key, name, level] of [
    ['erin', 'Erin Editor', 'editor'],
    ['bob', 'Bob Builder', 'editor'],
    ['viewer', 'Vera Viewer', 'viewer'],
  ] as const) {
    const u = await createUser(t, { name, email: `${key}@header-conflicts.test`, modules: modulesWith(level) });
    people[key] = { id: u.id, name, token: await login(t, u.email) };
  }
});
afterAll(async () => {
  await t.close();
});

const acme = { id: 7, name: 'Acme' };
const globex = { id: 8, name: 'Globex' };
const initech = { id: 9, name: 'Initech' };

/** A draft named "Office" without a customer, with two sections (Hardware, Labour); what both people see. */
async function fixture() {
  const { token } = people.erin;
  let sale = await a.ok('POST', '/api/sales', token, { name: 'Office' });
  sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, token, { name: 'Hardware' });
  sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, token, { name: 'Labour' });
  const [hardware, labour] = sale.sections.map((s) => s._id) as [string, string];
  return {
    sale,
    url: `/api/sales/${sale._id}`,
    rename: (section: string) => `/api/sales/sections/update/${sale._id}/${section}`,
    hardware,
    labour,
  };
}

const read = async (saleId: string) => a.ok<SaleDto>('GET', `/api/sales/${saleId}`, people.viewer.token);
const activity = async (saleId: string) => a.ok('GET', `/api/sales/${saleId}/activity`, people.viewer.token);
const conflictOf = <C extends HeaderEditConflict | SectionEditConflict>(res: Awaited<ReturnType<typeof a.post>>) => {
  expectProblem(res, 409, 'EDIT_CONFLICT');
  return res.json() as EditConflictProblem<C>;
};

describe('a header edit based on a value someone else changed since', () => {
  it('is refused with the value now, nobody named, and nothing of it is written', async () => {
    const f = await fixture();
    await a.ok('POST', f.url, people.bob.token, { customer: acme, base: { customer: null } });
    const before = await read(f.sale._id);
    const feed = await activity(f.sale._id);
    // Erin saw no customer, and a name: both edits of hers are refused together.
    const res = await a.post(f.url, people.erin.token, {
      name: 'Office move',
      customer: globex,
      base: { name: 'Office', customer: null },
    });
    const problem = conflictOf<HeaderEditConflict>(res);
    expect(problem.detail).toBe('Someone changed Customer to Acme while you were editing');
    expect(problem.conflicts).toEqual([
      { header: true, field: 'customer', value: 'Acme', base: '', current: acme, by: null, at: null },
    ]);
    // Nothing of it: the header, the sale's version and its activity feed are as they were.
    expect(await read(f.sale._id)).toEqual(before);
    expect(await activity(f.sale._id)).toEqual(feed);
  });

  it('an explicit overwrite based on the value named writes; refused again if that value moved on', async () => {
    const f = await fixture();
    await a.ok('POST', f.url, people.bob.token, { customer: acme, base: { customer: null } });
    const refused = conflictOf<HeaderEditConflict>(
      await a.post(f.url, people.erin.token, { customer: globex, base: { customer: null } }),
    );
    const theirs = refused.conflicts[0]!.current as typeof acme;
    // Bob changes it again before Erin chooses: her overwrite of Acme must not replace Initech unseen.
    await a.ok('POST', f.url, people.bob.token, { customer: initech, base: { customer: acme } });
    const again = conflictOf<HeaderEditConflict>(
      await a.post(f.url, people.erin.token, { customer: globex, base: { customer: theirs }, overwrite: true }),
    );
    expect(again.conflicts[0]).toMatchObject({ field: 'customer', value: 'Initech', current: initech, base: 'Acme' });
    expect((await read(f.sale._id)).customer).toEqual(initech);
    await a.ok('POST', f.url, people.erin.token, { customer: globex, base: { customer: initech }, overwrite: true });
    expect((await read(f.sale._id)).customer).toEqual(globex);
  });

  it('holds for every header field: name, addresses, template, salesperson, validity', async () => {
    const f = await fixture();
    const bobs = {
      name: 'Office (Bob)',
      customer_invoice: { id: 11, name: 'Billing' },
      customer_shipping: { id: 12, name: 'Dock' },
      template: { id: 13, name: 'Standard' },
      salesperson: { id: 14, name: 'Sam' },
      validity_days: 45,
    };
    await a.ok('POST', f.url, people.bob.token, bobs);
    const seen = {
      name: 'Office',
      customer_invoice: null,
      customer_shipping: null,
      template: null,
      salesperson: null,
      validity_days: null,
    };
    const erins = {
      name: 'Office (Erin)',
      customer_invoice: { id: 21, name: 'Accounts' },
      customer_shipping: { id: 22, name: 'Gate' },
      template: { id: 23, name: 'Premium' },
      salesperson: { id: 24, name: 'Pat' },
      validity_days: 10,
    };
    const problem = conflictOf<HeaderEditConflict>(await a.post(f.url, people.erin.token, { ...erins, base: seen }));
    expect(problem.detail).toBe('Someone changed Name to Office (Bob) while you were editing (and 5 more)');
    expect(problem.conflicts.map((c) => [c.field, c.value, c.current])).toEqual([
      ['name', 'Office (Bob)', 'Office (Bob)'],
      ['customer_invoice', 'Billing', bobs.customer_invoice],
      ['customer_shipping', 'Dock', bobs.customer_shipping],
      ['template', 'Standard', bobs.template],
      ['salesperson', 'Sam', bobs.salesperson],
      ['validity_days', '45', 45],
    ]);
    expect(await read(f.sale._id)).toMatchObject(bobs);
  });

  it('without a base it is written whatever the value now (API clients: last write wins)', async () => {
    const f = await fixture();
    await a.ok('POST', f.url, people.bob.token, { customer: acme, base: { customer: null } });
    await a.ok('POST', f.url, people.erin.token, { customer: globex });
    expect((await read(f.sale._id)).customer).toEqual(globex);
  });

  it('edits of different fields merge without a word; a value already there is no conflict', async () => {
    const f = await fixture();
    await a.ok('POST', f.url, people.bob.token, { customer: acme, base: { customer: null } });
    // Erin saw the sale before Bob's change: her edit of the name is based on the name only.
    await a.ok('POST', f.url, people.erin.token, { name: 'Office move', base: { name: 'Office' } });
    // Erin chose the customer Bob had already set: nothing to ask.
    await a.ok('POST', f.url, people.erin.token, { customer: acme, base: { customer: null } });
    // A base equal by id (the partner renamed in the ERP) still holds.
    await a.ok('POST', f.url, people.erin.token, { customer: globex, base: { customer: { id: 7, name: 'ACME' } } });
    expect(await read(f.sale._id)).toMatchObject({ name: 'Office move', customer: globex });
  });

  it('a malformed base is refused as invalid input', async () => {
    const f = await fixture();
    const res = await a.post(f.url, people.erin.token, { customer: acme, base: { customer: 'Acme' } });
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect((await read(f.sale._id)).customer).toBeNull();
  });
});

describe('a section rename based on a name someone else changed since', () => {
  it('is refused with the name now, and nothing of it is written', async () => {
    const f = await fixture();
    await a.ok('POST', f.rename(f.hardware), people.bob.token, { name: 'Furniture', base: { name: 'Hardware' } });
    const before = await read(f.sale._id);
    const res = await a.post(f.rename(f.hardware), people.erin.token, {
      name: 'Desks',
      presentation: 'total',
      base: { name: 'Hardware' },
    });
    const problem = conflictOf<SectionEditConflict>(res);
    expect(problem.detail).toBe('Someone changed Section name to Furniture while you were editing');
    expect(problem.conflicts).toEqual([
      { section: f.hardware, field: 'name', value: 'Furniture', base: 'Hardware', by: null, at: null },
    ]);
    expect(await read(f.sale._id)).toEqual(before);
  });

  it('an explicit overwrite based on the name named writes; refused again if it moved on', async () => {
    const f = await fixture();
    const bob = (name: string, base: string) =>
      a.ok('POST', f.rename(f.hardware), people.bob.token, { name, base: { name: base } });
    await bob('Furniture', 'Hardware');
    const refused = conflictOf<SectionEditConflict>(
      await a.post(f.rename(f.hardware), people.erin.token, { name: 'Desks', base: { name: 'Hardware' } }),
    );
    await bob('Chairs', 'Furniture');
    const overwrite = { name: 'Desks', base: { name: refused.conflicts[0]!.value }, overwrite: true };
    const again = conflictOf<SectionEditConflict>(await a.post(f.rename(f.hardware), people.erin.token, overwrite));
    expect(again.conflicts[0]).toMatchObject({ value: 'Chairs', base: 'Furniture' });
    await a.ok('POST', f.rename(f.hardware), people.erin.token, { ...overwrite, base: { name: 'Chairs' } });
    expect((await read(f.sale._id)).sections[0]!.name).toBe('Desks');
  });

  it('without a base, or of another section, or the same name, or only the presentation: written', async () => {
    const f = await fixture();
    await a.ok('POST', f.rename(f.hardware), people.bob.token, { name: 'Furniture', base: { name: 'Hardware' } });
    // Erin renames the other section, based on what she saw: merges.
    await a.ok('POST', f.rename(f.labour), people.erin.token, { name: 'Installation', base: { name: 'Labour' } });
    // Erin typed the name Bob had already set.
    await a.ok('POST', f.rename(f.hardware), people.erin.token, { name: 'Furniture', base: { name: 'Hardware' } });
    // A presentation change names no name: nothing to compare.
    await a.ok('POST', f.rename(f.hardware), people.erin.token, { presentation: 'total', base: { name: 'Hardware' } });
    // An API client without a base: last write wins.
    await a.ok('POST', f.rename(f.hardware), people.erin.token, { name: 'Desks' });
    const sale = await read(f.sale._id);
    expect(sale.sections.map((s) => [s.name, s.presentation])).toEqual([
      ['Desks', 'total'],
      ['Installation', 'details'],
    ]);
  });
});
