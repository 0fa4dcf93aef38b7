// Pasted lines in a template section (docs/product/rules.md#paste-from-a-spreadsheet): the sale's paste planner run by
// the template's executor, as one change. Runs on PGlite and on PostgreSQL (server-pg project).
import type { LineDto, TemplateDto } from '@quotewright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { SectionDto } from '../sales/sales.dto';
import { api, expectProblem, roleTokens, seedProducts, type Tokens } from '../sales/testkit';

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

type Pasted = { lines: LineDto[]; errors: { product: number }[] };

/** A template with one section "Rack" holding a note. */
async function template() {
  const created = await a.ok<TemplateDto>('POST', '/api/templates', tok.full, { name: 'Paste' });
  const id = created._id;
  const section = (await a.ok<SectionDto>('POST', `/api/templates/sections/create/${id}`, tok.full, { name: 'Rack' }))
    ._id;
  await a.ok('POST', `/api/templates/lines/note/${id}/${section}`, tok.full, { name: 'Already here' });
  const get = () => a.ok<TemplateDto>('GET', `/api/templates/${id}`, tok.full);
  return { id, section, get, url: `/api/templates/lines/paste/${id}/${section}` };
}

describe('POST /api/templates/lines/paste', () => {
  it('adds products (sheet values where given) and notes at the insertion point as one change', async () => {
    const { url, get } = await template();
    const before = await get();
    const res = await a.ok<Pasted>('POST', url, tok.full, {
      sequence: 0,
      lines: [
        { product: 1, quantity: '2', price: '1234.50', cost: '1000', name: 'Desk from the BOM' },
        { note: 'Delivered in two parts' },
        { product: 2, quantity: '4' },
      ],
    });
    const after = await get();
    // One change: the template's version moves once.
    expect(after.version).toBe(before.version + 1);
    const lines = after.sections[0]!.lines;
    expect(lines.map((l) => l.name)).toEqual(['Desk from the BOM', 'Delivered in two parts', 'A leg', 'Already here']);
    // The answer: the new lines, in order, as the template shows them.
    expect(res.lines.map((l) => l._id)).toEqual(lines.slice(0, 3).map((l) => l._id));
    expect(res.errors).toEqual([]);
    expect(lines[0]).toMatchObject({ kind: 'product', quantity: '2', price: '1234.50', cost: '1000.00' });
    expect(lines[1]).toMatchObject({ kind: 'note' });
    // The catalog's price and cost where the sheet gave none.
    expect(lines[2]).toMatchObject({ quantity: '4', price: '10.50', cost: '6.2512' });
    expect(after.total_price).toBe('2511.00');
  });

  it('leaves out products missing or inactive (answered in errors) and refuses bad input, writing nothing', async () => {
    const { url, get } = await template();
    const res = await a.ok<Pasted>('POST', url, tok.full, {
      lines: [{ product: 3 }, { product: 4 }, { product: 777 }, { note: 'ok' }],
    });
    expect(res.errors).toEqual([{ product: 4 }, { product: 777 }]);
    expect(res.lines.map((l) => l.kind)).toEqual(['product', 'note']);
    // appended after the note already there
    expect((await get()).sections[0]!.lines.map((l) => l.name)).toEqual(['Already here', 'Chair', 'ok']);
    const version = (await get()).version;
    for (const body of [
      { lines: [] },
      { lines: [{ product: 1, price: '1,5' }] },
      { lines: [{ note: '   ' }] },
      { lines: [{ product: 1, note: 'both' }] },
      { lines: Array.from({ length: 2001 }, () => ({ note: 'x' })) },
    ]) {
      expectProblem(await a.post(url, tok.full, body), 400);
    }
    // Template changes need sales full rights; an unknown section is 404.
    expectProblem(await a.post(url, tok.editor, { lines: [{ note: 'x' }] }), 403);
    expectProblem(
      await a.post(url.replace(/[^/]+$/, '99999999-9999-4999-8999-999999999999'), tok.full, { lines: [{ note: 'x' }] }),
      404,
    );
    expect((await get()).version).toBe(version);
  });
});
