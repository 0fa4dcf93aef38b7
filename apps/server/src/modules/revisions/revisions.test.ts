// Revisions (docs/product/rules.md#revisions): saved, listed, read, compared and restored through the HTTP API; a
// restore is one edit (one version, one activity entry, one delta); refused on a confirmed sale; two restores at
// once never leave a mix; a co-editor editing during a restore converges. Runs on PGlite and on PostgreSQL.
import {
  type ActivityPageDto,
  activitySentence,
  applySaleDelta,
  type RevisionCompare,
  type RevisionList,
  type RevisionRead,
  type RevisionRestoreAnswer,
  type RevisionSummary,
  type SaleDelta,
  type SaleDocument,
} from '@quotewright/contracts';
import { eq, saleRevisions, sales } from '@quotewright/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers';
import { type SaleEvent, saleEvents } from '../../infra/sale-events';
import type { SaleDto } from '../sales/sales.dto';
import { api, expectProblem, roleTokens, seedProducts, type Tokens } from '../sales/testkit';

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;
const seen: SaleEvent[] = [];

beforeAll(async () => {
  const events = saleEvents();
  events.subscribe((e) => seen.push(e));
  t = await createTestApp({}, { events });
  tok = await roleTokens(t);
  a = api(t);
  await seedProducts(t, [1, 2, 3]);
});
afterAll(() => t.close());

const read = (id: string) => a.ok<SaleDto>('GET', `/api/sales/${id}`, tok.viewer);
const save = (id: string, comment?: string, token = tok.editor) =>
  a.ok<RevisionSummary>('POST', `/api/sales/revisions/save/${id}`, token, comment === undefined ? {} : { comment });
const list = (id: string, token = tok.viewer) =>
  a.ok<RevisionList>('GET', `/api/sales/revisions/list/${id}`, token).then((l) => l.items);
const compare = (id: string, from: string, to: string, token = tok.viewer) =>
  a.ok<RevisionCompare>('GET', `/api/sales/revisions/compare/${id}?from=${from}&to=${to}`, token);
const restore = (id: string, revisionId: string, token = tok.editor) =>
  a.post(`/api/sales/revisions/restore/${id}/${revisionId}`, token);

/** What a restore gives back: sections and lines, in order, with what a person sets. */
const content = (s: SaleDto) =>
  s.sections.map((sec) => ({
    id: sec._id,
    name: sec.name,
    show_details: sec.show_details,
    lines: sec.lines.map((l) => ({
      id: l._id,
      kind: l.kind,
      product: l.product.id,
      name: l.name,
      quantity: l.quantity,
      price: l.price,
      cost: l.cost,
      discount: l.discount,
    })),
  }));

/** A quote of two sections (3 and 2 lines). */
async function quote(name = 'Revisions') {
  const sale = await a.ok('POST', '/api/sales', tok.editor, { name });
  await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'Rack' });
  const both = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'Cabling' });
  const [rack, cabling] = both.sections.map((s) => s._id) as [string, string];
  await a.ok('POST', `/api/sales/lines/create/${sale._id}/${rack}`, tok.editor, {
    lines: [
      { product: 1, quantity: '5' },
      { product: 2, quantity: '3' },
      { product: 3, quantity: '1' },
    ],
    sequence: -1,
  });
  await a.ok('POST', `/api/sales/lines/create/${sale._id}/${cabling}`, tok.editor, {
    lines: [{ product: 2 }, { product: 3 }],
    sequence: -1,
  });
  return { sale: await read(sale._id), rack, cabling };
}

describe('saving, listing and reading', () => {
  it('a revision is the sale and its cover letter exactly as their GETs answered them, numbered R1, R2…', async () => {
    const { sale } = await quote();
    const letter = [[{ text: 'Dear customer', bold: true }], [{ text: 'Here is our offer.' }]];
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/sales/${sale._id}/document`,
      headers: bearer(tok.editor),
      payload: { body: letter },
    });
    expect(put.statusCode).toBe(200);
    const r1 = await save(sale._id, '  First offer  ');
    expect(r1).toMatchObject({
      number: 1,
      label: `${sale.quote_number}-R1`,
      comment: 'First offer',
      source: 'manual',
      sent_to_erp: false,
      created_by: { name: 'Editor' },
      sale_version: sale.version,
      total_price: sale.total_price,
      margin_percent: sale.pricing.total_margin_percent,
      line_count: 5,
    });
    const got = await a.ok<RevisionRead>('GET', `/api/sales/revisions/read/${sale._id}/${r1._id}`, tok.viewer);
    expect(got.sale).toEqual(sale);
    expect(got.cover_letter).toMatchObject({ body: letter, updated_by: { name: 'Editor' } });
    expect(got.revision).toEqual(r1);

    await a.ok('POST', `/api/sales/lines/update/${sale._id}/${sale.sections[0]!._id}`, tok.editor, [
      { _id: sale.sections[0]!.lines[0]!._id, quantity: '8' },
    ]);
    const r2 = await save(sale._id);
    expect(r2).toMatchObject({ number: 2, label: `${sale.quote_number}-R2`, comment: null });
    expect((await list(sale._id)).map((r) => r.number)).toEqual([2, 1]);

    // Saving is one activity entry, no new version of the sale.
    const feed = await a.ok<ActivityPageDto>('GET', `/api/sales/${sale._id}/activity`, tok.viewer);
    expect(activitySentence(feed.items[0]!).text).toBe(`Editor saved revision ${sale.quote_number}-R2`);
    expect((await read(sale._id)).version).toBe(sale.version + 1);
  });

  it('viewers list, read and compare but save and restore nothing; others see nothing', async () => {
    const { sale } = await quote('Rights');
    const r1 = await save(sale._id);
    expect(await list(sale._id, tok.viewer)).toHaveLength(1);
    await compare(sale._id, r1._id, 'current', tok.viewer);
    expectProblem(await a.post(`/api/sales/revisions/save/${sale._id}`, tok.viewer, {}), 403);
    expectProblem(await restore(sale._id, r1._id, tok.viewer), 403);
    expectProblem(await a.get(`/api/sales/revisions/list/${sale._id}`, tok.disabled), 403);
    expectProblem(await a.get(`/api/sales/revisions/list/${sale._id}`, null), 401);
    expect(await list(sale._id)).toHaveLength(1);
  });

  it('unknown sales and revisions are 404; a bad side or comment is 400', async () => {
    const { sale } = await quote('Unknown');
    const other = await quote('Other');
    const theirs = await save(other.sale._id);
    const missing = '00000000-0000-4000-8000-000000000000';
    expectProblem(await a.get(`/api/sales/revisions/list/${missing}`, tok.viewer), 404);
    expectProblem(await a.get(`/api/sales/revisions/read/${sale._id}/${theirs._id}`, tok.viewer), 404);
    expectProblem(
      await a.get(`/api/sales/revisions/compare/${sale._id}?from=${theirs._id}&to=current`, tok.viewer),
      404,
    );
    expectProblem(await a.get(`/api/sales/revisions/compare/${sale._id}?from=latest&to=current`, tok.viewer), 400);
    expectProblem(await restore(sale._id, theirs._id), 404);
    expectProblem(await a.post(`/api/sales/revisions/save/${sale._id}`, tok.editor, { comment: 'x'.repeat(501) }), 400);
    expectProblem(await a.post(`/api/sales/revisions/save/${sale._id}`, tok.editor, { other: 1 }), 400);
  });
});

describe('comparing', () => {
  it('tells lines added, removed, moved and changed field by field, and the totals before and after', async () => {
    const { sale, rack, cabling } = await quote('Compare');
    const r1 = await save(sale._id);
    expect((await compare(sale._id, r1._id, 'current')).diff.same).toBe(true);
    type Line = SaleDto['sections'][number]['lines'][number];
    const [l0, l1, l2] = sale.sections[0]!.lines as [Line, Line, Line];
    await a.ok('POST', `/api/sales/lines/update/${sale._id}/${rack}`, tok.editor, [
      { _id: l0._id, quantity: '8', price: '95' },
    ]);
    await a.ok('POST', `/api/sales/lines/delete/${sale._id}/${rack}`, tok.editor, [l2._id]);
    await a.ok('POST', `/api/sales/lines/move/${sale._id}/${rack}/${cabling}/move`, tok.editor, [l1._id]);
    await a.ok('POST', `/api/sales/sections/update/${sale._id}/${cabling}`, tok.editor, { name: 'Cables' });
    const now = await read(sale._id);
    const res = await compare(sale._id, r1._id, 'current');
    expect(res.from).toMatchObject({ label: `${sale.quote_number}-R1`, version: sale.version });
    expect(res.to).toMatchObject({ revision: null, label: 'Current', version: now.version });
    const d = res.diff;
    expect(d.same).toBe(false);
    const lines = new Map(d.sections.flatMap((s) => s.lines).map((l) => [l._id, l]));
    expect(lines.get(l0._id)!.changes.map((c) => `${c.label} ${c.from} → ${c.to}`)).toEqual(
      expect.arrayContaining(['Qty 5 → 8', 'Price 100.00 → 95.00']),
    );
    expect(lines.get(l2._id)).toMatchObject({ status: 'removed', before: { section: rack, position: 3 } });
    expect(lines.get(l1._id)).toMatchObject({ status: 'moved', moved_section: true, after: { section: cabling } });
    expect(d.sections.find((s) => s._id === cabling)!.renamed).toEqual({ from: 'Cabling', to: 'Cables' });
    expect(d.pricing).toEqual({ before: sale.pricing, after: now.pricing });
    expect(d.counts).toMatchObject({ lines_changed: 1, lines_removed: 1, lines_moved: 1, lines_added: 0 });
    // And the other way round.
    const back = (await compare(sale._id, 'current', r1._id)).diff;
    expect(back.counts).toMatchObject({ lines_changed: 1, lines_removed: 0, lines_added: 1, lines_moved: 1 });
  });
});

describe('restoring', () => {
  it('gives the sale the revision as ONE edit, saved first, undone by restoring what it saved', async () => {
    const { sale, rack, cabling } = await quote('Restore');
    const r1 = await save(sale._id, 'Good one');
    const l = sale.sections[0]!.lines;
    await a.ok('POST', `/api/sales/lines/update/${sale._id}/${rack}`, tok.editor, [{ _id: l[0]!._id, quantity: '9' }]);
    await a.ok('POST', `/api/sales/lines/delete/${sale._id}/${rack}`, tok.editor, [l[1]!._id]);
    await a.ok('POST', `/api/sales/sections/delete/${sale._id}/${cabling}`, tok.editor);
    await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'Extra' });
    const edited = await read(sale._id);

    const before = seen.length;
    const res = await restore(sale._id, r1._id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as RevisionRestoreAnswer;
    expect(answer.version).toBe(edited.version + 1);
    expect(answer.restored._id).toBe(r1._id);
    expect(answer.backup).toMatchObject({ number: 2, source: 'restore', comment: 'Before restoring R1' });
    const now = await read(sale._id);
    // The revision's sections and lines, with their ids: comparing R1 with the sale shows no change.
    expect(content(now)).toEqual(content(sale));
    expect((await compare(sale._id, r1._id, 'current')).diff.same).toBe(true);
    // One delta to co-editors, which takes their copy exactly to the sale now.
    const deltas = seen.slice(before).flatMap((e) => (e.type === 'sale_changed' ? [e.delta] : []));
    expect(deltas).toHaveLength(1);
    expect(applySaleDelta(edited, deltas[0]!)).toEqual(now);
    // One activity entry.
    const feed = await a.ok<ActivityPageDto>('GET', `/api/sales/${sale._id}/activity`, tok.viewer);
    const entries = feed.items.filter((e) => e.version === now.version);
    expect(entries.map((e) => e.kind)).toEqual(['revision_restored']);
    expect(activitySentence(entries[0]!).text).toBe(`Editor restored revision ${sale.quote_number}-R1`);
    // The revision saved first is the sale as it was before the restore; restoring it undoes the restore.
    const backup = await a.ok<RevisionRead>(
      'GET',
      `/api/sales/revisions/read/${sale._id}/${answer.backup!._id}`,
      tok.viewer,
    );
    expect(backup.sale).toEqual(edited);
    const undo = await restore(sale._id, answer.backup!._id);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(content(await read(sale._id))).toEqual(content(edited));
  });

  it('puts back the header and the cover letter too, in the same one edit', async () => {
    const { sale } = await quote('Header');
    const putLetter = (body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/sales/${sale._id}/document`,
        headers: bearer(tok.editor),
        payload: { body },
      });
    const letter = [[{ text: 'Dear Acme', bold: true }], [{ text: 'Our first offer.' }]];
    expect((await putLetter(letter)).statusCode).toBe(200);
    await a.ok('POST', `/api/sales/${sale._id}`, tok.editor, {
      customer: { id: 7, name: 'Acme' },
      salesperson: { id: 2, name: 'Sam' },
    });
    const r1 = await save(sale._id);
    const atR1 = await read(sale._id);

    // Only the header and the letter change afterwards: the restore still has something to put back.
    await a.ok('POST', `/api/sales/${sale._id}`, tok.editor, {
      name: 'Header (renamed)',
      customer: { id: 9, name: 'Globex' },
      salesperson: null,
    });
    expect((await putLetter([[{ text: 'Dear Globex' }]])).statusCode).toBe(200);
    const edited = await read(sale._id);

    const before = seen.length;
    const res = await restore(sale._id, r1._id);
    expect(res.statusCode, res.body).toBe(200);
    const now = await read(sale._id);
    expect(now.version).toBe(edited.version + 1);
    expect(now).toMatchObject({
      name: 'Header',
      customer: { id: 7, name: 'Acme' },
      salesperson: { id: 2, name: 'Sam' },
    });
    expect(content(now)).toEqual(content(atR1));
    const got = await a.ok<{ body: unknown }>('GET', `/api/sales/${sale._id}/document`, tok.viewer);
    expect(got.body).toEqual(letter);
    // One delta (header included), one activity entry naming what came back.
    const deltas = seen.slice(before).flatMap((e) => (e.type === 'sale_changed' ? [e.delta] : []));
    expect(deltas).toHaveLength(1);
    expect(applySaleDelta(edited, deltas[0]!)).toEqual(now);
    const feed = await a.ok<ActivityPageDto>('GET', `/api/sales/${sale._id}/activity`, tok.viewer);
    const entries = feed.items.filter((e) => e.version === now.version);
    expect(entries.map((e) => e.kind)).toEqual(['revision_restored']);
    const said = activitySentence(entries[0]!, { maxItems: 10 });
    expect(said.text).toBe(`Editor restored revision ${sale.quote_number}-R1`);
    expect(said.items).toEqual([
      'Name back to Header',
      'Customer back to Acme',
      'Salesperson back to Sam',
      'the cover letter back',
    ]);

    // Undo: the letter and header as they were before the restore.
    const undo = await restore(sale._id, (res.json() as RevisionRestoreAnswer).backup!._id);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await read(sale._id)).toMatchObject({ name: 'Header (renamed)', customer: { id: 9 }, salesperson: null });
    expect((await a.ok<{ body: unknown }>('GET', `/api/sales/${sale._id}/document`, tok.viewer)).body).toEqual([
      [{ text: 'Dear Globex' }],
    ]);
  });

  it('a letter the revision did not have is removed by the restore', async () => {
    const { sale } = await quote('No letter');
    const r1 = await save(sale._id);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/sales/${sale._id}/document`,
      headers: bearer(tok.editor),
      payload: { body: [[{ text: 'Written after R1' }]] },
    });
    expect(put.statusCode).toBe(200);
    const res = await restore(sale._id, r1._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ backup: { number: 2 } });
    const got = await a.ok<{ body: unknown; updated_on: string | null }>(
      'GET',
      `/api/sales/${sale._id}/document`,
      tok.viewer,
    );
    expect(got).toMatchObject({ body: [], updated_on: null });
  });

  it('restoring the content the sale already has changes nothing and keeps no revision', async () => {
    const { sale } = await quote('Same');
    const r1 = await save(sale._id);
    const res = await restore(sale._id, r1._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: sale.version, backup: null });
    expect((await read(sale._id)).version).toBe(sale.version);
    expect(await list(sale._id)).toHaveLength(1);
  });

  it('is refused on a sale the ERP has confirmed, saving nothing', async () => {
    const { sale, rack } = await quote('Confirmed');
    const r1 = await save(sale._id);
    await a.ok('POST', `/api/sales/lines/delete/${sale._id}/${rack}`, tok.editor, [sale.sections[0]!.lines[0]!._id]);
    await t.database.db.update(sales).set({ state: 'sale' }).where(eq(sales.id, sale._id));
    expectProblem(await restore(sale._id, r1._id), 409, 'SALE_NOT_EDITABLE');
    expect(await list(sale._id)).toHaveLength(1);
    // Still readable and comparable.
    expect((await compare(sale._id, r1._id, 'current')).diff.counts.lines_removed).toBe(1);
  });

  it('two restores at the same moment: each applies whole or not at all, the refused one keeps no revision', async () => {
    const { sale, rack, cabling } = await quote('Race');
    const r1 = await save(sale._id);
    await a.ok('POST', `/api/sales/sections/delete/${sale._id}/${cabling}`, tok.editor);
    const r2 = await save(sale._id);
    await a.ok('POST', `/api/sales/lines/delete/${sale._id}/${rack}`, tok.editor, [sale.sections[0]!.lines[0]!._id]);
    const start = await read(sale._id);
    const contents = new Map([
      [
        r1._id,
        content((await a.ok<RevisionRead>('GET', `/api/sales/revisions/read/${sale._id}/${r1._id}`, tok.viewer)).sale),
      ],
      [
        r2._id,
        content((await a.ok<RevisionRead>('GET', `/api/sales/revisions/read/${sale._id}/${r2._id}`, tok.viewer)).sale),
      ],
    ]);
    const order = [r1._id, r2._id, r1._id, r2._id];
    const results = await Promise.all(order.map((id, i) => restore(sale._id, id, i % 2 ? tok.full : tok.editor)));
    const won = results.flatMap((r, i) =>
      r.statusCode === 200 ? [{ id: order[i]!, a: r.json() as RevisionRestoreAnswer }] : [],
    );
    for (const r of results) if (r.statusCode !== 200) expectProblem(r, 409, 'CONFLICT');
    expect(won.length).toBeGreaterThanOrEqual(1);
    const now = await read(sale._id);
    // The last restore applied is the sale's content, whole.
    const last = won.reduce((x, y) => (y.a.version > x.a.version ? y : x));
    expect(now.version).toBe(last.a.version);
    expect(content(now)).toEqual(contents.get(last.id));
    // A revision was kept only for the restores that happened (a restore of what was already there writes none).
    const written = won.filter((w) => w.a.backup !== null);
    expect(await list(sale._id)).toHaveLength(2 + written.length);
    expect(now.version).toBe(start.version + written.length);
  });

  it('a co-editor editing during a restore ends with the sale as the server has it', async () => {
    const { sale, rack } = await quote('Co-edit');
    const r1 = await save(sale._id);
    await a.ok('POST', `/api/sales/lines/delete/${sale._id}/${rack}`, tok.editor, [sale.sections[0]!.lines[1]!._id]);
    const start = await read(sale._id);
    const from = seen.length;
    const target = start.sections[0]!.lines[0]!._id;
    // The co-editor keeps editing one line while the editor restores.
    const edits = (async () => {
      const codes: number[] = [];
      for (let q = 10; q < 16; q++) {
        const res = await a.post(`/api/sales/lines/update/${sale._id}/${rack}`, tok.full, [
          { _id: target, quantity: String(q) },
        ]);
        codes.push(res.statusCode);
      }
      return codes;
    })();
    const [res, codes] = await Promise.all([restore(sale._id, r1._id), edits]);
    expect([200, 409]).toContain(res.statusCode);
    for (const c of codes) expect([200, 409]).toContain(c);
    // The co-editor's copy, patched by every delta in version order, is the sale as the server has it.
    const deltas = seen
      .slice(from)
      .flatMap((e) => (e.type === 'sale_changed' && e.delta.saleId === sale._id ? [e.delta] : []))
      .sort((x: SaleDelta, y: SaleDelta) => x.version - y.version);
    let local: SaleDto = start;
    for (const d of deltas) {
      const next = applySaleDelta(local, d);
      expect(next).not.toBe('refetch');
      local = next as SaleDto;
    }
    expect(local).toEqual(await read(sale._id));
  });
});

describe('the revisions of a sale', () => {
  it('go with the sale when it is deleted, and come in the JSON export when asked for', async () => {
    const { sale } = await quote('Export');
    const r1 = await save(sale._id, 'One');
    const plain = await a.get(`/api/sales/json/${sale._id}`, tok.viewer);
    expect(plain.statusCode).toBe(200);
    expect((plain.json() as SaleDocument).revisions).toBeUndefined();
    const res = await a.get(`/api/sales/json/${sale._id}?revisions=true`, tok.viewer);
    const doc = res.json() as SaleDocument;
    expect(doc.revisions).toHaveLength(1);
    expect(doc.revisions![0]).toMatchObject({ _id: r1._id, number: 1, comment: 'One', document: { sale } });
    // An export with its revisions still imports (the revisions are not imported).
    const imported = await a.post('/api/sales', tok.full, doc);
    expect(imported.statusCode, imported.body.slice(0, 300)).toBe(201);

    expect(await t.database.db.select().from(saleRevisions).where(eq(saleRevisions.saleId, sale._id))).toHaveLength(1);
    expect((await a.del(`/api/sales/${sale._id}`, tok.admin)).statusCode).toBe(200);
    expect(await t.database.db.select().from(saleRevisions).where(eq(saleRevisions.saleId, sale._id))).toHaveLength(0);
  });
});
