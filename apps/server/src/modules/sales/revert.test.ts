// Undo and redo (docs/product/rules.md#undo-and-redo): a step built from an edit's delta (packages/contracts undo.ts)
// and put back by POST /api/sales/revert as one new edit, refused when what it touched has changed since. Runs on
// PGlite and on PostgreSQL (server-pg project).
import {
  type ActivityPageDto,
  activitySentence,
  type RevertAnswer,
  type RevertStep,
  remapRevertStep,
  revertBodyOf,
  revertLineOf,
  revertStepOf,
  type SaleDelta,
} from '@quotewright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { SaleDto } from './sales.dto';
import { api, expectProblem, roleTokens, seedProducts, type Tokens } from './testkit';

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  tok = await roleTokens(t);
  a = api(t);
  await seedProducts(t, [1, 2, 3, 4]);
});
afterAll(() => t.close());

/** What a person can undo of a sale: its sections and lines, in order, with their content. */
const content = (sale: SaleDto) =>
  sale.sections.map((s) => ({
    id: s._id,
    name: s.name,
    show_details: s.show_details,
    lines: s.lines.map((l) => ({ id: l._id, ...revertLineOf(l, s._id) })),
  }));

const read = (id: string, token = tok.editor) => a.ok<SaleDto>('GET', `/api/sales/${id}`, token);

/** An edit through its route, and the step that undoes it (from the sale before and the delta answered). */
async function edit(saleId: string, url: string, payload?: unknown, token = tok.editor) {
  const before = await read(saleId, token);
  const res = await a.post(url, token, payload);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const delta = res.json() as SaleDelta;
  return { step: revertStepOf(before, delta)!, delta };
}

const revert = (saleId: string, step: RevertStep, undo: boolean, token = tok.editor) =>
  a.post(`/api/sales/revert/${saleId}`, token, revertBodyOf(step, undo));

/** Undoes or redoes steps[i]; every step then names the sections it brought back by their new ids (as the web does). */
async function apply(saleId: string, steps: RevertStep[], i: number, undo: boolean) {
  const res = await revert(saleId, steps[i]!, undo);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const ids = (res.json() as RevertAnswer).sections;
  steps.forEach((s, k) => {
    steps[k] = remapRevertStep(s, ids);
  });
  return ids;
}

/** A sale's content with section ids replaced by `ids` (old → new). */
const renamed = (c: ReturnType<typeof content>, ids: Record<string, string>) =>
  c.map((s) => ({
    ...s,
    id: ids[s.id] ?? s.id,
    lines: s.lines.map((l) => ({ ...l, section: ids[l.section] ?? l.section })),
  }));

async function quote() {
  let sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Undo' });
  sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'Rack' });
  sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'Cabling' });
  const [rack, cabling] = sale.sections.map((s) => s._id) as [string, string];
  await a.ok('POST', `/api/sales/lines/create/${sale._id}/${rack}`, tok.editor, {
    lines: [{ product: 1 }, { product: 2, quantity: '3' }, { product: 3 }],
  });
  await a.ok('POST', `/api/sales/lines/note/${sale._id}/${cabling}`, tok.editor, { name: 'Labels on both ends' });
  return { id: sale._id, rack, cabling, sale: await read(sale._id) };
}

describe('POST /api/sales/revert', () => {
  it('undoes and redoes every kind of edit, each as one new edit, back to exactly what it was', async () => {
    const q = await quote();
    const lines = q.sale.sections[0]!.lines.map((l) => l._id);
    const edits: [string, unknown?][] = [
      [`/api/sales/lines/update/${q.id}/${q.rack}`, [{ _id: lines[0], quantity: '7', price: '99.5' }]],
      [
        `/api/sales/lines/paste/${q.id}/${q.rack}`,
        { sequence: 1, lines: [{ product: 3, quantity: '2', price: '10' }, { note: 'From the BOM' }] },
      ],
      [`/api/sales/lines/delete/${q.id}/${q.rack}`, [lines[1]]],
      [`/api/sales/lines/markup/${q.id}/${q.rack}`, { ids: [lines[0], lines[2]], markup: '25' }],
      [`/api/sales/lines/reorder/${q.id}/${q.rack}`, { index: 0, line_insertion_point: 2 }],
      [`/api/sales/lines/move/${q.id}/${q.rack}/${q.cabling}/move`, [lines[2]]],
      [`/api/sales/sections/update/${q.id}/${q.cabling}`, { name: 'Cables', show_details: false }],
      [`/api/sales/sections/create/${q.id}`, { name: 'Services' }],
      [`/api/sales/sections/duplicate/${q.id}/${q.rack}`],
      [`/api/sales/sections/reorder/${q.id}/0/2`],
      [`/api/sales/sections/delete/${q.id}/${q.rack}`],
    ];
    const states = [content(await read(q.id))];
    const steps: RevertStep[] = [];
    for (const [url, payload] of edits) {
      steps.push((await edit(q.id, url, payload)).step);
      states.push(content(await read(q.id)));
    }
    // Undo all, newest first: each brings back exactly the state before its edit (a section brought back has a new
    // id, which the steps take).
    const ids: Record<string, string> = {};
    const follow = (more: Record<string, string>) => {
      for (const [k, v] of Object.entries(ids)) ids[k] = more[v] ?? v;
      Object.assign(ids, more);
    };
    for (let i = steps.length - 1; i >= 0; i--) {
      follow(await apply(q.id, steps, i, true));
      expect(content(await read(q.id)), `undo of ${edits[i]![0]}`).toEqual(renamed(states[i]!, ids));
    }
    // Redo all, oldest first.
    for (let i = 0; i < steps.length; i++) {
      follow(await apply(q.id, steps, i, false));
      expect(content(await read(q.id)), `redo of ${edits[i]![0]}`).toEqual(renamed(states[i + 1]!, ids));
    }
    // Each one a new version with its own activity entry.
    const feed = await a.ok<ActivityPageDto>('GET', `/api/sales/${q.id}/activity`, tok.editor);
    const kinds = feed.items.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'edit_undone')).toHaveLength(edits.length);
    expect(kinds.filter((k) => k === 'edit_redone')).toHaveLength(edits.length);
    expect(activitySentence(feed.items.find((e) => e.kind === 'edit_undone')!).text).toMatch(/^Editor undid a change/);
  });

  it('keeps what others added meanwhile: an undone paste takes away its own lines only, in one delta', async () => {
    const q = await quote();
    const { step } = await edit(q.id, `/api/sales/lines/paste/${q.id}/${q.rack}`, {
      sequence: 1,
      lines: [{ product: 3 }, { product: 1 }, { note: 'pasted' }],
    });
    // Someone else adds a line right after the pasted ones.
    await a.ok('POST', `/api/sales/lines/note/${q.id}/${q.rack}`, tok.admin, { name: 'Theirs', sequence: 4 });
    const before = await read(q.id);
    const res = await revert(q.id, step, true);
    expect(res.statusCode, res.body).toBe(200);
    const delta = res.json() as SaleDelta;
    expect(delta.version).toBe(before.version + 1);
    expect(delta.changes.lines?.removed).toHaveLength(3);
    const rack = (await read(q.id)).sections[0]!.lines.map((l) => l.name);
    expect(rack).toEqual([
      q.sale.sections[0]!.lines[0]!.name,
      'Theirs',
      ...q.sale.sections[0]!.lines.slice(1).map((l) => l.name),
    ]);
    // Redo puts the pasted lines back where they were, under their ids, around the other person's line.
    expect((await revert(q.id, step, false)).statusCode).toBe(200);
    const after = (await read(q.id)).sections[0]!.lines;
    expect(after.slice(1, 5).map((l) => l.name)).toEqual([expect.any(String), expect.any(String), 'pasted', 'Theirs']);
    expect(after.slice(1, 4).map((l) => l._id)).toEqual(step.after.lines.map((l) => l.id));
  });

  it('refuses, changing nothing, when someone else changed a line it touches since, and says who and what', async () => {
    const q = await quote();
    const line = q.sale.sections[0]!.lines[1]!;
    const { step } = await edit(q.id, `/api/sales/lines/update/${q.id}/${q.rack}`, [{ _id: line._id, quantity: '5' }]);
    await a.ok('POST', `/api/sales/lines/update/${q.id}/${q.rack}`, tok.admin, [{ _id: line._id, quantity: '8' }]);
    const before = await read(q.id);
    const body = expectProblem(await revert(q.id, step, true), 409, 'CONFLICT');
    expect(body.detail).toBe(`This can no longer be undone: Administrator changed Qty of ${line.product.name} since`);
    expect(await read(q.id)).toEqual(before);
    // A line deleted since, a section renamed since.
    const del = await edit(q.id, `/api/sales/lines/update/${q.id}/${q.rack}`, [{ _id: line._id, name: 'Mine' }]);
    await a.ok('POST', `/api/sales/lines/delete/${q.id}/${q.rack}`, tok.admin, [line._id]);
    expect(expectProblem(await revert(q.id, del.step, true), 409).detail).toBe(
      'This can no longer be undone: Mine has been deleted since',
    );
    const named = await edit(q.id, `/api/sales/sections/update/${q.id}/${q.cabling}`, { name: 'Cables' });
    await a.ok('POST', `/api/sales/sections/update/${q.id}/${q.cabling}`, tok.admin, { name: 'Wiring' });
    expect(expectProblem(await revert(q.id, named.step, true), 409).detail).toBe(
      'This can no longer be undone: section Cables has been changed since',
    );
    // Undoing a new section someone has since put lines into would take their lines: refused.
    const made = await edit(q.id, `/api/sales/sections/create/${q.id}`, { name: 'Extra' });
    const extra = (await read(q.id)).sections.at(-1)!._id;
    await a.ok('POST', `/api/sales/lines/note/${q.id}/${extra}`, tok.admin, { name: 'Theirs' });
    expect(expectProblem(await revert(q.id, made.step, true), 409).detail).toMatch(/^This can no longer be undone: /);
  });

  it('refuses a step whose sides disagree, a sale that is not editable, and a person without edit rights', async () => {
    const q = await quote();
    const { step } = await edit(q.id, `/api/sales/lines/delete/${q.id}/${q.rack}`, [q.sale.sections[0]!.lines[0]!._id]);
    const lopsided = { undo: true, expect: step.after, restore: { ...step.before, lines: [] } };
    expectProblem(await a.post(`/api/sales/revert/${q.id}`, tok.editor, lopsided), 400, 'VALIDATION_FAILED');
    expectProblem(await revert(q.id, step, true, tok.viewer), 403);
    // Re-creating under an id some other sale uses is refused.
    const other = await quote();
    const stolen: RevertStep = {
      before: { ...step.before, lines: [{ ...step.before.lines[0]!, id: other.sale.sections[0]!.lines[0]!._id }] },
      after: { ...step.after, lines: [{ ...step.after.lines[0]!, id: other.sale.sections[0]!.lines[0]!._id }] },
    };
    expectProblem(await revert(q.id, stolen, true), 409, 'CONFLICT');
    // A product id past what the catalog can hold (int4) is refused at the door, not a database error (a 500).
    const [gone] = step.before.lines;
    const huge: RevertStep = {
      ...step,
      before: { ...step.before, lines: [{ ...gone!, state: { ...gone!.state!, product: 99_999_999_999 } }] },
    };
    const versionBefore = (await read(q.id)).version;
    expectProblem(await revert(q.id, huge, true), 400, 'VALIDATION_FAILED');
    expect((await read(q.id)).version).toBe(versionBefore);
    expect((await revert(q.id, step, true)).statusCode).toBe(200);
  });
});
