// Section presentation (docs/product/rules.md#section-presentation, decision 0032) through the HTTP API: set on a
// sale's and a template's sections (old clients' show_details included), kept by duplicate, copy, templates, the JSON
// export/import, revisions and undo; optional sections kept out of the sale's total. Runs on PGlite and PostgreSQL.
import {
  type ActivityPageDto,
  activitySentence,
  type RevisionCompare,
  type RevisionSummary,
  revertBodyOf,
  revertStepOf,
  type SaleDelta,
  type TemplateDto,
} from '@quotewright/contracts';
import { eq, saleSections, sales, templateSections } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { SaleDto, SectionDto } from './sales.dto';
import { api, expectProblem, quoteWithOptional, roleTokens, seedProducts, type Tokens } from './testkit';

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  t = await createTestApp();
  tok = await roleTokens(t);
  a = api(t);
  await seedProducts(t, [1, 2, 3]);
});
afterAll(() => t.close());

const read = (id: string) => a.ok<SaleDto>('GET', `/api/sales/${id}`, tok.viewer);
const kinds = (s: SaleDto | TemplateDto) => s.sections.map((x) => [x.name, x.presentation, x.show_details]);

/** A sale with a Main section (product 1 × 2) and an Options section (product 2 × 3). */
async function quote(name: string) {
  const { saleId, main, options } = await quoteWithOptional(a, tok.editor, name, [1, '2'], [2, '3']);
  return { sale: await read(saleId), main, options };
}

describe('a sale section presentation', () => {
  it('is set on create and update; show_details is derived; old clients switch show_details', async () => {
    const sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'P' });
    const url = `/api/sales/sections/create/${sale._id}`;
    await a.ok('POST', url, tok.editor, { name: 'A' });
    await a.ok('POST', url, tok.editor, { name: 'B', presentation: 'quantities' });
    await a.ok('POST', url, tok.editor, { name: 'C', show_details: false });
    const now = await a.ok('POST', url, tok.editor, { name: 'D', presentation: 'total', show_details: false });
    expect(kinds(now)).toEqual([
      ['A', 'details', true],
      ['B', 'quantities', true],
      ['C', 'total', false],
      ['D', 'total', false],
    ]);
    const [A, B, C] = now.sections.map((s) => s._id) as [string, string, string];
    const update = (id: string, body: unknown) =>
      a.ok('POST', `/api/sales/sections/update/${sale._id}/${id}`, tok.editor, body);
    await update(A, { presentation: 'optional' });
    await update(B, { show_details: true }); // an old client: stays 'quantities'
    const after = await update(C, { show_details: true }); // an old client: 'total' → 'details'
    expect(kinds(after).slice(0, 3)).toEqual([
      ['A', 'optional', true],
      ['B', 'quantities', true],
      ['C', 'details', true],
    ]);
    const off = await update(B, { show_details: false });
    expect(off.sections[1]!.presentation).toBe('total');
    const stored = await t.database.db
      .select({ p: saleSections.presentation, d: saleSections.showDetails })
      .from(saleSections)
      .where(eq(saleSections.saleId, sale._id));
    expect(stored.map((s) => [s.p, s.d]).sort()).toEqual(
      [
        ['optional', true],
        ['total', false],
        ['details', true],
        ['total', false],
      ].sort(),
    );
  });

  it('refuses an unknown presentation and a contradiction, writing nothing', async () => {
    const sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'Bad' });
    const url = `/api/sales/sections/create/${sale._id}`;
    for (const body of [
      { name: 'x', presentation: 'hidden' },
      { name: 'x', presentation: 'details', show_details: false },
      { name: 'x', presentation: 'total', show_details: true },
    ])
      expectProblem(await a.post(url, tok.editor, body), 400, 'VALIDATION_FAILED');
    const one = await a.ok('POST', url, tok.editor, { name: 'One' });
    const res = await a.post(`/api/sales/sections/update/${sale._id}/${one.sections[0]!._id}`, tok.editor, {
      presentation: 'optional',
      show_details: false,
    });
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect((await read(sale._id)).sections[0]!.presentation).toBe('details');
  });

  it('keeps optional sections out of the total; the pricing carries them apart; the stored total agrees', async () => {
    const { sale, main, options } = await quote('Totals');
    const mainTotal = sale.sections[0]!.pricing.total_price;
    const optionalTotal = sale.sections[1]!.pricing.total_price;
    expect(Number(optionalTotal)).toBeGreaterThan(0);
    expect(sale.pricing.total_price).toBe(mainTotal);
    expect(sale.total_price).toBe(mainTotal);
    expect(sale.pricing.optional_total).toBe(optionalTotal);
    expect(sale.pricing.total_with_optional).toBe((Number(mainTotal) + Number(optionalTotal)).toFixed(2));
    expect(sale.pricing.total_cost).toBe(sale.sections[0]!.pricing.total_cost);
    const [row] = await t.database.db.select({ total: sales.totalPrice }).from(sales).where(eq(sales.id, sale._id));
    expect(Number(row!.total)).toBe(Number(mainTotal));
    // A line edit in the optional section changes the optional total only.
    const line = sale.sections[1]!.lines[0]!;
    const edited = await a.ok('POST', `/api/sales/lines/update/${sale._id}/${options}`, tok.editor, [
      { _id: line._id, quantity: '4' },
    ]);
    expect(edited.total_price).toBe(mainTotal);
    expect(edited.pricing.optional_total).toBe(edited.sections[1]!.pricing.total_price);
    // Made a main section again: counted.
    const back = await a.ok('POST', `/api/sales/sections/update/${sale._id}/${options}`, tok.editor, {
      presentation: 'details',
    });
    expect(back.pricing.optional_total).toBe('0.00');
    expect(back.total_price).toBe(back.pricing.total_with_optional);
    expect(Number(back.total_price)).toBeGreaterThan(Number(mainTotal));
    expect(back.sections.map((s) => s._id)).toEqual([main, options]);
  });

  it('is kept by duplicate and by Copy Sale Data into another sale', async () => {
    const { sale, options } = await quote('Copy source');
    const dup = await a.ok('POST', `/api/sales/sections/duplicate/${sale._id}/${options}`, tok.editor);
    expect(kinds(dup).map((k) => k[1])).toEqual(['details', 'optional', 'optional']);
    const target = await a.ok('POST', '/api/sales', tok.editor, { name: 'Copy target' });
    const copied = await a.ok('POST', `/api/sales/sections/copy/${target._id}`, tok.editor, {
      _id: sale._id,
      sections: [options],
      copyStyle: 'new',
    });
    expect(kinds(copied)).toEqual([['Options', 'optional', true]]);
    expect(copied.total_price).toBe('0.00');
    expect(copied.pricing.optional_total).toBe(copied.sections[0]!.pricing.total_price);
  });

  it('a change is one activity entry with its sentence, undone and redone by revert', async () => {
    const { sale, main } = await quote('Undo');
    const before = await read(sale._id);
    const res = await a.post(`/api/sales/sections/update/${sale._id}/${main}`, tok.editor, { presentation: 'total' });
    expect(res.statusCode, res.body).toBe(200);
    const step = revertStepOf(before, res.json() as SaleDelta)!;
    expect(step.after.sections).toEqual([
      { id: main, state: { name: 'Main', presentation: 'total', show_details: false } },
    ]);
    const feed = await a.ok<ActivityPageDto>('GET', `/api/sales/${sale._id}/activity`, tok.viewer);
    expect(activitySentence(feed.items[0]!).text).toBe('Editor changed section Main from Details to Total only');
    const undo = await a.post(`/api/sales/revert/${sale._id}`, tok.editor, revertBodyOf(step, true));
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await read(sale._id)).sections[0]!.presentation).toBe('details');
    // The redo puts it back…
    const redo = await a.post(`/api/sales/revert/${sale._id}`, tok.editor, revertBodyOf(step, false));
    expect(redo.statusCode, redo.body).toBe(200);
    expect((await read(sale._id)).sections[0]!.presentation).toBe('total');
    // …but an undo after another person's change is refused.
    await a.ok('POST', `/api/sales/sections/update/${sale._id}/${main}`, tok.full, { presentation: 'optional' });
    expectProblem(await a.post(`/api/sales/revert/${sale._id}`, tok.editor, revertBodyOf(step, true)), 409);
  });

  it('the JSON export carries it; the import reads it and older documents’ show_details', async () => {
    const { sale } = await quote('Export');
    const doc = (await a.get(`/api/sales/json/${sale._id}`, tok.viewer)).json() as {
      sale: { sections: { name: string; presentation: string; show_details: boolean }[] };
    };
    expect(doc.sale.sections.map((s) => [s.name, s.presentation, s.show_details])).toEqual([
      ['Main', 'details', true],
      ['Options', 'optional', true],
    ]);
    const imported = await a.ok<{ sale: SaleDto }>('POST', '/api/sales', tok.full, doc);
    expect(kinds(imported.sale)).toEqual(kinds(sale));
    expect(imported.sale.pricing).toEqual(sale.pricing);
    const old = {
      format: 'quotewright.sale',
      version: 1,
      sale: { name: 'Old', sections: [{ name: 'T', show_details: false, lines: [] }] },
    };
    const fromOld = await a.ok<{ sale: SaleDto }>('POST', '/api/sales', tok.full, old);
    expect(kinds(fromOld.sale)).toEqual([['T', 'total', false]]);
  });

  it('a revision compare shows a presentation change; a restore brings it back', async () => {
    const { sale, options } = await quote('Revisions');
    const r1 = await a.ok<RevisionSummary>('POST', `/api/sales/revisions/save/${sale._id}`, tok.editor, {});
    await a.ok('POST', `/api/sales/sections/update/${sale._id}/${options}`, tok.editor, { presentation: 'quantities' });
    const cmp = await a.ok<RevisionCompare>(
      'GET',
      `/api/sales/revisions/compare/${sale._id}?from=${r1._id}&to=current`,
      tok.viewer,
    );
    const changed = cmp.diff.sections.find((s) => s._id === options)!;
    expect(changed.status).toBe('changed');
    expect(changed.presentation).toEqual({ from: 'optional', to: 'quantities' });
    expect(cmp.diff.pricing.after.total_price).not.toBe(cmp.diff.pricing.before.total_price);
    const res = await a.post(`/api/sales/revisions/restore/${sale._id}/${r1._id}`, tok.editor);
    expect(res.statusCode, res.body).toBe(200);
    const now = await read(sale._id);
    expect(kinds(now)).toEqual(kinds(sale));
    expect(now.pricing).toEqual(sale.pricing);
  });
});

describe('a template section presentation', () => {
  it('is set in the template, counts in its totals like a sale, and goes with the section into a sale', async () => {
    const tpl = await a.ok<TemplateDto>('POST', '/api/templates', tok.full, { name: 'Optional kit' });
    const base = await a.ok<SectionDto>('POST', `/api/templates/sections/create/${tpl._id}`, tok.full, {
      name: 'Base',
    });
    const extra = await a.ok<SectionDto>('POST', `/api/templates/sections/create/${tpl._id}`, tok.full, {
      name: 'Extras',
      show_details: false,
    });
    expect([base.presentation, extra.presentation]).toEqual(['details', 'total']);
    const upd = await a.ok<SectionDto>('POST', `/api/templates/sections/update/${tpl._id}/${extra._id}`, tok.full, {
      presentation: 'optional',
    });
    expect([upd.presentation, upd.show_details]).toEqual(['optional', true]);
    const [row] = await t.database.db
      .select({ p: templateSections.presentation })
      .from(templateSections)
      .where(eq(templateSections.id, extra._id));
    expect(row!.p).toBe('optional');
    for (const [section, product] of [
      [base._id, 1],
      [extra._id, 2],
    ] as const)
      await a.ok('POST', `/api/templates/lines/create/${tpl._id}/${section}`, tok.full, {
        lines: [{ product, quantity: '1' }],
        sequence: -1,
      });
    const full = await a.ok<TemplateDto>('GET', `/api/templates/${tpl._id}`, tok.viewer);
    expect(full.total_price).toBe(full.sections[0]!.pricing.total_price);
    expect(full.pricing.optional_total).toBe(full.sections[1]!.pricing.total_price);
    const duplicated = await a.ok<SectionDto>(
      'POST',
      `/api/templates/sections/duplicate/${tpl._id}/${extra._id}`,
      tok.full,
    );
    expect(duplicated.presentation).toBe('optional');

    const sale = await a.ok('POST', '/api/sales', tok.editor, { name: 'From template' });
    const applied = await a.ok('POST', `/api/sales/templates/add/${sale._id}/${tpl._id}`, tok.editor, {
      sections: [base._id, extra._id],
      copyStyle: 'merge',
    });
    expect(kinds(applied)).toEqual([
      ['Base', 'details', true],
      ['Extras', 'optional', true],
    ]);
    expect(applied.total_price).toBe(applied.sections[0]!.pricing.total_price);
  });
});
