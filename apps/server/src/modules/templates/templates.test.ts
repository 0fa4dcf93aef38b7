// Templates CRUD, their sections and lines (Based on Total), and templates applied to a sale: through the HTTP API.
import {
  type ActivityPageDto,
  activitySentence,
  applySaleDelta,
  type SaleDelta,
  saleDeltaSchema,
  type TemplateDto,
  type TemplateListDto,
} from '@quotewright/contracts';
import { eq, products, saleActivity, sales } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type SaleEvents, saleEvents } from '../../infra/sale-events';
import type { SaleDto, SectionDto } from '../sales/sales.dto';
import { api, expectProblem, roleTokens, type Tokens } from '../sales/testkit';

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;
let events: SaleEvents;
const published: unknown[] = [];
const UNKNOWN = '99999999-9999-4999-8999-999999999999';

beforeAll(async () => {
  events = saleEvents();
  events.subscribe((e) => published.push(e));
  t = await createTestApp({}, { events });
  tok = await roleTokens(t);
  a = api(t);
  await t.database.db.insert(products).values([
    { id: 1, model: 'DESK-1', name: 'Desk', description: 'A desk', price: '100', cost: '60', contentHash: 'a' },
    { id: 2, model: 'LEG-1', name: 'Leg', description: 'A leg', price: '10.50', cost: '6.25', contentHash: 'b' },
    { id: 4, model: 'OLD-1', name: 'Old', description: 'Gone', price: '1', cost: '1', active: false, contentHash: 'd' },
  ]);
});
afterAll(() => t.close());

const tpl = (id: string) => a.ok<TemplateDto>('GET', `/api/templates/${id}`, tok.viewer);
const shape = (s: SectionDto) => [
  s.name,
  s.lines.map((l) =>
    l.kind === 'product'
      ? `${l.product.name}×${l.quantity}@${l.price}/${l.cost}${l.price_percentage_active ? '%' : ''}`
      : `${l.kind}:${l.name}`,
  ),
];

/** A template "Install kit": section Hardware (desk ×2, leg ×4, note, 10%/5% Based-on-Total ×1), section Extras. */
async function buildTemplate(name = 'Install kit') {
  const created = await a.ok<TemplateDto>('POST', '/api/templates', tok.full, { name });
  const id = created._id;
  const hw = await a.ok<SectionDto>('POST', `/api/templates/sections/create/${id}`, tok.full, { name: 'Hardware' });
  const ex = await a.ok<SectionDto>('POST', `/api/templates/sections/create/${id}`, tok.full, { name: 'Extras' });
  await a.ok('POST', `/api/templates/lines/create/${id}/${hw._id}`, tok.full, {
    lines: [
      { product: 1, quantity: 2 },
      { product: 2, quantity: 4 },
    ],
  });
  await a.ok('POST', `/api/templates/lines/note/${id}/${hw._id}`, tok.full, { name: 'Assembled on site' });
  const pct = await a.ok<{ lines: { _id: string }[] }>(
    'POST',
    `/api/templates/lines/create/${id}/${hw._id}`,
    tok.full,
    {
      lines: [{ product: 2, quantity: 1 }],
    },
  );
  await a.ok('POST', `/api/templates/lines/update/${id}/${hw._id}`, tok.full, [
    { _id: pct.lines[0]!._id, price: 10, cost: 5, price_percentage_active: true, name: 'Installation' },
  ]);
  await a.ok('POST', `/api/templates/lines/create/${id}/${ex._id}`, tok.full, { lines: [{ product: 1, quantity: 1 }] });
  return { id, hw: hw._id, ex: ex._id, pct: pct.lines[0]!._id };
}

async function saleWith(name: string, sections: Record<string, [number, number][]>): Promise<SaleDto> {
  let sale = await a.ok('POST', '/api/sales', tok.editor, { name });
  for (const [sectionName, lines] of Object.entries(sections)) {
    sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: sectionName });
    const sid = sale.sections.at(-1)!._id;
    for (const [product, quantity] of lines)
      await a.ok('POST', `/api/sales/lines/create/${sale._id}/${sid}`, tok.editor, { lines: [{ product, quantity }] });
  }
  return a.ok('GET', `/api/sales/${sale._id}`, tok.editor);
}
const saleNow = (id: string) => a.ok<SaleDto>('GET', `/api/sales/${id}`, tok.viewer);

describe('templates CRUD', () => {
  it('creates, lists with the untaxed total, renames and deletes (answers the list)', async () => {
    const { id } = await buildTemplate('CRUD kit');
    const t1 = await tpl(id);
    // Hardware: 2×100 + 4×10.50 = 242; 10% of 242 = 24.20 → 266.20; Extras: 100 → 366.20
    expect(t1.sections.map(shape)).toEqual([
      ['Hardware', ['DESK-1×2@100.00/60.00', 'LEG-1×4@10.50/6.25', 'note:Assembled on site', 'LEG-1×1@10.00/5.00%']],
      ['Extras', ['DESK-1×1@100.00/60.00']],
    ]);
    expect(t1.sections[0]!.lines[3]!.subtotal).toBe('24.20');
    expect(t1.total_price).toBe('366.20');
    expect(t1.created_by.name).toBe('Full');
    const list = await a.ok<TemplateListDto>('GET', '/api/templates', tok.viewer);
    expect(list.find((x) => x._id === id)).toMatchObject({ name: 'CRUD kit', total_price: '366.20' });
    const renamed = await a.ok<TemplateListDto>('POST', `/api/templates/${id}`, tok.full, {
      _id: id,
      name: 'Renamed kit',
      total_price: '0.00',
    });
    expect(renamed.find((x) => x._id === id)?.name).toBe('Renamed kit');
    const after = await a.ok<TemplateListDto>('DELETE', `/api/templates/${id}`, tok.admin);
    expect(after.some((x) => x._id === id)).toBe(false);
    expectProblem(await a.get(`/api/templates/${id}`, tok.viewer), 404);
  });

  it('sections: duplicate after the source, update, reorder (answers all), delete', async () => {
    const { id, hw, ex } = await buildTemplate('Sections kit');
    const dup = await a.ok<SectionDto>('POST', `/api/templates/sections/duplicate/${id}/${hw}`, tok.full);
    expect(shape(dup)).toEqual(['Hardware (copy)', shape((await tpl(id)).sections[0]!)[1]]);
    expect((await tpl(id)).sections.map((s) => s.name)).toEqual(['Hardware', 'Hardware (copy)', 'Extras']);
    const upd = await a.ok<SectionDto>('POST', `/api/templates/sections/update/${id}/${ex}`, tok.full, {
      show_details: false,
    });
    expect(upd.show_details).toBe(false);
    const order = await a.ok<SectionDto[]>('POST', `/api/templates/sections/reorder/${id}/2/0`, tok.full);
    expect(order.map((s) => s.name)).toEqual(['Extras', 'Hardware', 'Hardware (copy)']);
    const left = await a.ok<SectionDto[]>('POST', `/api/templates/sections/delete/${id}/${dup._id}`, tok.full);
    expect(left.map((s) => s.name)).toEqual(['Extras', 'Hardware']);
  });

  it('lines: insertion point, inactive products reported, multi edit never sets money on notes, reorder, delete', async () => {
    const { id, hw } = await buildTemplate('Lines kit');
    const created = await a.ok<{ lines: { product: { name: string } }[]; errors: { product: number }[] }>(
      'POST',
      `/api/templates/lines/create/${id}/${hw}`,
      tok.full,
      { lines: [{ product: 2, quantity: 1 }, { product: 4 }, { product: 999 }], sequence: 0 },
    );
    expect(created.lines.map((l) => l.product.name)).toEqual(['LEG-1']);
    expect(created.errors).toEqual([{ product: 4 }, { product: 999 }]);
    let sec = (await tpl(id)).sections[0]!;
    expect(sec.lines[0]!.product.name).toBe('LEG-1');
    const note = sec.lines.find((l) => l.kind === 'note')!;
    const edited = await a.ok<{ lines: { _id: string; quantity: string; price: string }[] }>(
      'POST',
      `/api/templates/lines/update/${id}/${hw}`,
      tok.full,
      [
        { _id: sec.lines[0]!._id, quantity: 3 },
        { _id: note._id, quantity: 3, price: 5 },
      ],
    );
    expect(edited.lines.map((l) => [l.quantity, l.price])).toEqual([
      ['3', '10.50'],
      ['0', '0.00'],
    ]);
    const moved = await a.ok<{ lines: { _id: string }[] }>(
      'POST',
      `/api/templates/lines/reorder/${id}/${hw}`,
      tok.full,
      {
        index: 0,
        line_insertion_point: -1,
      },
    );
    expect(moved.lines.at(-1)!._id).toBe(sec.lines[0]!._id);
    const del = await a.ok<{ ids: string[] }>('POST', `/api/templates/lines/delete/${id}/${hw}`, tok.full, [note._id]);
    expect(del.ids).toEqual([note._id]);
    sec = (await tpl(id)).sections[0]!;
    expect(sec.lines.some((l) => l.kind === 'note')).toBe(false);
  });

  it('rights: viewers read, editors may not change templates, full rights and admins may', async () => {
    const { id, hw } = await buildTemplate('Rights kit');
    expectProblem(await a.get('/api/templates', tok.disabled), 403);
    expect((await a.get(`/api/templates/${id}`, tok.viewer)).statusCode).toBe(200);
    expectProblem(await a.post('/api/templates', tok.editor, { name: 'x' }), 403);
    expectProblem(await a.post(`/api/templates/sections/duplicate/${id}/${hw}`, tok.editor), 403);
    expect((await a.post(`/api/templates/sections/duplicate/${id}/${hw}`, tok.admin)).statusCode).toBe(200);
    expectProblem(await a.del(`/api/templates/${id}`, tok.editor), 403);
  });

  it('bad input: 400 with field errors, unknown ids 404, another template’s section 404', async () => {
    const { id, hw } = await buildTemplate('Bad kit');
    const other = await buildTemplate('Other kit');
    expectProblem(await a.post('/api/templates', tok.full, { name: '' }), 400, 'VALIDATION_FAILED');
    expectProblem(await a.post('/api/templates', tok.full, { name: 'x', extra: 1 }), 400);
    expectProblem(await a.get('/api/templates/not-a-uuid', tok.full), 400);
    expectProblem(await a.get(`/api/templates/${UNKNOWN}`, tok.full), 404);
    expectProblem(await a.post(`/api/templates/sections/update/${id}/${other.hw}`, tok.full, { name: 'x' }), 404);
    expectProblem(await a.post(`/api/templates/sections/reorder/${id}/0/9`, tok.full), 400);
    expectProblem(await a.post(`/api/templates/lines/create/${id}/${hw}`, tok.full, { lines: [] }), 400);
    expectProblem(
      await a.post(`/api/templates/lines/create/${id}/${hw}`, tok.full, { lines: [{ product: 1 }], sequence: -2 }),
      400,
    );
    expectProblem(
      await a.post(`/api/templates/lines/update/${id}/${hw}`, tok.full, [{ _id: UNKNOWN, quantity: 1 }]),
      404,
    );
    expectProblem(
      await a.post(`/api/templates/lines/update/${id}/${hw}`, tok.full, [{ _id: UNKNOWN, price: 'x' }]),
      400,
    );
    expectProblem(await a.post(`/api/templates/lines/note/${id}/${hw}`, tok.full, { name: '  ' }), 400);
    expectProblem(await a.post(`/api/templates/lines/delete/${id}/${hw}`, tok.full, [other.pct]), 404);
    expectProblem(
      await a.post(`/api/templates/lines/reorder/${id}/${hw}`, tok.full, { index: 99, line_insertion_point: 0 }),
      400,
    );
  });
});

describe('templates applied to a sale', () => {
  it('merge: lines go into same-named sections (else new), Based on Total becomes money; a delta reaches the room', async () => {
    const k = await buildTemplate('Merge kit');
    const sale = await saleWith('Merge target', { Hardware: [[1, 1]] });
    const before = await saleNow(sale._id);
    published.length = 0;
    const res = await a.post(`/api/sales/templates/add/${sale._id}/${k.id}`, tok.editor, {
      sections: [k.hw, k.ex],
      copyStyle: 'merge',
    });
    expect(res.statusCode).toBe(200);
    const delta = res.json() as SaleDelta;
    expect(delta.saleId).toBe(sale._id);
    expect(delta.version).toBe(sale.version + 1);
    expect(published).toContainEqual(expect.objectContaining({ type: 'sale_changed' }));
    const now = await saleNow(sale._id);
    // What the other editors do with the delta: applied to the sale they hold, it gives the sale as it is now.
    expect(applySaleDelta(before, saleDeltaSchema.parse(JSON.parse(JSON.stringify(delta))))).toEqual(now);
    // Hardware base: 100 + 200 + 42 = 342 → 10% = 34.20; cost 60 + 120 + 25 = 205 → 5% = 10.25
    expect(now.sections.map(shape)).toEqual([
      [
        'Hardware',
        [
          'DESK-1×1@100.00/60.00',
          'DESK-1×2@100.00/60.00',
          'LEG-1×4@10.50/6.25',
          'note:Assembled on site',
          'LEG-1×1@34.20/10.25',
        ],
      ],
      ['Extras', ['DESK-1×1@100.00/60.00']],
    ]);
    expect(now.template_ids).toEqual([{ _id: k.id, name: 'Merge kit' }]);
    expect(now.total_price).toBe('476.20');
    expect(now.odoo_synced).toBe(false);
    const [entry] = await t.database.db
      .select()
      .from(saleActivity)
      .where(eq(saleActivity.saleId, sale._id))
      .orderBy(saleActivity.createdAt);
    expect(entry).toBeDefined();
    const kinds = (await t.database.db.select().from(saleActivity).where(eq(saleActivity.saleId, sale._id))).map(
      (e) => e.kind,
    );
    expect(kinds).toContain('template_applied');
  });

  it('overwrite replaces the same-named section’s lines; only the chosen sections are applied', async () => {
    const k = await buildTemplate('Overwrite kit');
    const sale = await saleWith('Overwrite target', { Hardware: [[2, 9]], Other: [[1, 1]] });
    await a.ok('POST', `/api/sales/templates/add/${sale._id}/${k.id}`, tok.editor, {
      sections: [k.hw],
      copyStyle: 'overwrite',
    });
    const now = await saleNow(sale._id);
    expect(now.sections.map(shape)).toEqual([
      ['Hardware', ['DESK-1×2@100.00/60.00', 'LEG-1×4@10.50/6.25', 'note:Assembled on site', 'LEG-1×1@24.20/7.25']],
      ['Other', ['DESK-1×1@100.00/60.00']],
    ]);
  });

  it('refresh replaces exactly the template’s lines with its current ones; remove deletes them and emptied sections', async () => {
    const k = await buildTemplate('Refresh kit');
    const sale = await saleWith('Refresh target', { Hardware: [[1, 1]], Mine: [] });
    await a.ok('POST', `/api/sales/templates/add/${sale._id}/${k.id}`, tok.full, { sections: [], copyStyle: 'merge' });
    // The user adds a line of their own after the template's.
    const applied = await saleNow(sale._id);
    await a.ok('POST', `/api/sales/lines/create/${sale._id}/${applied.sections[0]!._id}`, tok.editor, {
      lines: [{ product: 2, quantity: 1 }],
    });
    // The template changes: the desk quantity and the percent.
    const desk = (await tpl(k.id)).sections[0]!.lines[0]!._id;
    await a.ok('POST', `/api/templates/lines/update/${k.id}/${k.hw}`, tok.full, [
      { _id: desk, quantity: 1 },
      { _id: k.pct, price: 20 },
    ]);
    await a.ok('POST', `/api/templates/${k.id}`, tok.full, { name: 'Refresh kit v2' });
    const res = await a.post(`/api/sales/templates/refresh/${sale._id}/${k.id}`, tok.editor);
    expect(res.statusCode, res.body).toBe(200);
    let now = await saleNow(sale._id);
    // Hardware base: 100 + 100 + 42 + 10.50 = 252.50 → 20% = 50.50; cost 60 + 60 + 25 + 6.25 = 151.25 → 5% = 7.56
    expect(now.sections.map(shape)).toEqual([
      [
        'Hardware',
        [
          'DESK-1×1@100.00/60.00',
          'DESK-1×1@100.00/60.00',
          'LEG-1×4@10.50/6.25',
          'note:Assembled on site',
          'LEG-1×1@50.50/7.56',
          'LEG-1×1@10.50/6.25',
        ],
      ],
      ['Mine', []],
      ['Extras', ['DESK-1×1@100.00/60.00']],
    ]);
    expect(now.template_ids).toEqual([{ _id: k.id, name: 'Refresh kit v2' }]);
    // The feed names each template line once: the two whose values changed, by model (the others came back as they
    // were), never a removal and an addition of the same line.
    const feed = await a.ok<ActivityPageDto>('GET', `/api/sales/${sale._id}/activity`, tok.viewer);
    expect(feed.items[0]!.kind).toBe('template_refreshed');
    expect(feed.items[0]!.detail.lines).toMatchObject({ added: 0, removed: 0, changed: 2, same: 3 });
    const said = activitySentence(feed.items[0]!);
    expect(said.text).toMatch(/ refreshed template Refresh kit v2 \(2 lines changed\)$/);
    expect(said.items).toEqual([
      'Qty of DESK-1 from 2 to 1',
      'Price of LEG-1 from 34.20 to 50.50',
      'Cost of LEG-1 from 10.25 to 7.56',
    ]);
    const removed = await a.post(`/api/sales/templates/remove/${sale._id}/${k.id}`, tok.editor);
    expect(removed.statusCode, removed.body).toBe(200);
    now = await saleNow(sale._id);
    // Extras held only template lines: gone. Mine was empty before: kept.
    expect(now.sections.map(shape)).toEqual([
      ['Hardware', ['DESK-1×1@100.00/60.00', 'LEG-1×1@10.50/6.25']],
      ['Mine', []],
    ]);
    expect(now.template_ids).toEqual([]);
    expectProblem(await a.post(`/api/sales/templates/remove/${sale._id}/${k.id}`, tok.editor), 409, 'CONFLICT');
    expectProblem(await a.post(`/api/sales/templates/refresh/${sale._id}/${k.id}`, tok.editor), 409, 'CONFLICT');
  });

  it('a deleted template stays listed on the sale: refresh answers 404, remove still deletes its lines', async () => {
    const k = await buildTemplate('Doomed kit');
    const sale = await saleWith('Doomed target', { Hardware: [[1, 1]], Mine: [] });
    await a.ok('POST', `/api/sales/templates/add/${sale._id}/${k.id}`, tok.editor, {
      sections: [],
      copyStyle: 'merge',
    });
    await a.ok('DELETE', `/api/templates/${k.id}`, tok.full);
    // The sale still names it (the web app shows it as deleted: it is not in GET /api/templates any more).
    let now = await saleNow(sale._id);
    expect(now.template_ids).toEqual([{ _id: k.id, name: 'Doomed kit' }]);
    const list = await a.ok<TemplateListDto>('GET', '/api/templates', tok.viewer);
    expect(list.map((x) => x._id)).not.toContain(k.id);
    expectProblem(await a.post(`/api/sales/templates/refresh/${sale._id}/${k.id}`, tok.editor), 404);
    expect((await saleNow(sale._id)).version).toBe(now.version);
    const removed = await a.post(`/api/sales/templates/remove/${sale._id}/${k.id}`, tok.editor);
    expect(removed.statusCode, removed.body).toBe(200);
    now = await saleNow(sale._id);
    expect(now.sections.map(shape)).toEqual([
      ['Hardware', ['DESK-1×1@100.00/60.00']],
      ['Mine', []],
    ]);
    expect(now.template_ids).toEqual([]);
    const entries = await t.database.db.select().from(saleActivity).where(eq(saleActivity.saleId, sale._id));
    expect(entries.map((e) => e.kind)).toContain('template_removed');
    expectProblem(await a.post(`/api/sales/templates/remove/${sale._id}/${k.id}`, tok.editor), 409, 'CONFLICT');
  });

  it('rights, locked sales and bad input', async () => {
    const k = await buildTemplate('Guard kit');
    const sale = await saleWith('Guard target', {});
    const add = (token: string | null, body: unknown = {}, saleId = sale._id, templateId = k.id) =>
      a.post(`/api/sales/templates/add/${saleId}/${templateId}`, token, body);
    expectProblem(await add(tok.viewer), 403);
    expectProblem(await add(null), 401);
    expectProblem(await add(tok.editor, { copyStyle: 'new' }), 400);
    expectProblem(await add(tok.editor, { sections: ['x'] }), 400);
    expectProblem(await add(tok.editor, { sections: [UNKNOWN] }), 404);
    expectProblem(await add(tok.editor, {}, sale._id, UNKNOWN), 404);
    expectProblem(await add(tok.editor, {}, UNKNOWN), 404);
    await t.database.db.update(sales).set({ state: 'done' }).where(eq(sales.id, sale._id));
    expectProblem(await add(tok.editor), 409, 'SALE_NOT_EDITABLE');
  });
});
