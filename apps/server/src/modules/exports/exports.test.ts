import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, login, modulesWith, type TestApp } from '../../../test/helpers';
import type { SaleDto } from '../sales/sales.dto';
import { api, expectProblem, roleTokens, seedProducts, type Tokens } from '../sales/testkit';
import { pdfText, pdfTextRuns } from './testkit';

let t: TestApp;
let tok: Tokens;
let a: ReturnType<typeof api>;
let sale: SaleDto;
const UNKNOWN = '99999999-9999-4999-8999-999999999999';
const NOW = Date.UTC(2026, 2, 14, 12, 0, 0);
/** User text that a spreadsheet would take for a formula if it were not written as a string. */
const FORMULAS = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\tTabbed', '\rReturn'];

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  tok = await roleTokens(t);
  a = api(t);
  await seedProducts(t, [1, 2]);
  sale = await a.ok('POST', '/api/sales', tok.editor, {
    name: 'Fit-out',
    customer: { id: 7, name: 'Acme Corp' },
    salesperson: { id: 3, name: 'Bob Seller' },
  });
  sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, { name: 'Desks' });
  sale = await a.ok('POST', `/api/sales/sections/create/${sale._id}`, tok.editor, {
    name: 'Installation',
    show_details: false,
  });
  const [desks, install] = sale.sections.map((s) => s._id) as [string, string];
  await a.ok('POST', `/api/sales/lines/create/${sale._id}/${desks}`, tok.editor, {
    lines: [
      { product: 1, quantity: 2 },
      { product: 2, quantity: 4 },
    ],
  });
  await a.ok('POST', `/api/sales/lines/header/${sale._id}/${desks}`, tok.editor, { name: 'Extras', sequence: -1 });
  await a.ok('POST', `/api/sales/lines/note/${sale._id}/${desks}`, tok.editor, { name: 'Deliver by Friday' });
  for (const text of FORMULAS)
    await a.ok('POST', `/api/sales/lines/note/${sale._id}/${desks}`, tok.editor, { name: text });
  const created = await a.ok<{ lines: { _id: string }[] }>(
    'POST',
    `/api/sales/lines/create/${sale._id}/${install}`,
    tok.editor,
    { lines: [{ product: 1, quantity: 1 }] },
  );
  sale = await a.ok('POST', `/api/sales/lines/update/${sale._id}/${install}`, tok.editor, [
    { _id: created.lines[0]!._id, price: '250.50', name: 'Installation labour (secret internal note)' },
  ]);
});
afterAll(() => t.close());

async function workbookOf(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  expect(wb.worksheets).toHaveLength(1);
  const ws = wb.worksheets[0]!;
  const rows: ExcelJS.Row[] = [];
  ws.eachRow({ includeEmpty: false }, (r) => {
    rows.push(r);
  });
  const values = (r: ExcelJS.Row) => (r.values as unknown[]).slice(1);
  return { ws, rows, values, find: (text: string) => rows.find((r) => values(r).includes(text)) };
}

describe('Excel export', () => {
  it('answers an .xlsx named name_quoteNumber with a header block, sections, lines and totals as numbers', async () => {
    const res = await a.get(`/api/sales/excel/${sale._id}`, tok.viewer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Fit-out_${sale.quote_number}.xlsx"; filename*=UTF-8''Fit-out_${sale.quote_number}.xlsx`,
    );
    const { ws, values, find } = await workbookOf(res.rawPayload);
    expect(ws.getCell('A1').value).toBe('Fit-out');
    expect(values(ws.getRow(2))).toEqual(['Quote number', sale.quote_number]);
    expect(values(ws.getRow(3))).toEqual(['Customer', 'Acme Corp']);
    expect(values(ws.getRow(4))).toEqual(['Date', '03/14/2026']);
    expect(values(ws.getRow(6))).toEqual([
      'Model',
      'Manufacturer',
      'Description',
      'Qty',
      'Price',
      'Disc. %',
      'Cost',
      'Markup %',
      'UOM',
      'Subtotal',
    ]);
    expect(values(ws.getRow(7))).toEqual(['Desks']);
    const desk = ws.getRow(8);
    expect(values(desk)).toEqual(['DESK-1', 'Steelcase', 'A desk', 2, 100, 0, 60, 0.6667, 'Units', 200]);
    expect(desk.getCell(5).numFmt).toBe('$#,##0.00');
    expect(desk.getCell(6).numFmt).toBe('0.00%');
    expect(desk.getCell(7).numFmt).toBe('$#,##0.00');
    expect(desk.getCell(8).numFmt).toBe('0.00%');
    expect(desk.getCell(10).numFmt).toBe('$#,##0.00');
    expect(values(ws.getRow(9))).toEqual(['LEG-1', undefined, 'A leg', 4, 10.5, 0, 6.2512, 0.6797, undefined, 42]);
    const header = ws.getRow(10);
    expect(values(header)).toEqual([undefined, undefined, 'Extras']);
    expect(header.getCell(3).font?.bold).toBe(true);
    const note = ws.getRow(11);
    expect(values(note)).toEqual([undefined, undefined, 'Deliver by Friday']);
    expect(note.getCell(3).font?.italic).toBe(true);

    const desks = sale.sections[0]!.pricing;
    const sectionTotal = ws.getRow(12 + FORMULAS.length);
    expect(values(sectionTotal).slice(8)).toEqual(['Total Price', Number(desks.total_price)]);
    expect(values(ws.getRow(13 + FORMULAS.length)).slice(8)).toEqual(['Total Cost', Number(desks.total_cost)]);
    expect(values(ws.getRow(14 + FORMULAS.length)).slice(8)).toEqual(['Margin $', Number(desks.total_margin)]);
    const marginPct = ws.getRow(15 + FORMULAS.length);
    expect(values(marginPct).slice(8)).toEqual(['Margin %', desks.total_margin_percent / 100]);
    expect(marginPct.getCell(10).numFmt).toBe('0.00%');
    expect(values(ws.getRow(16 + FORMULAS.length)).slice(8)).toEqual(['Markup %', desks.total_markup_percent / 100]);

    // The second section (details hidden in customer documents) still lists its lines in the spreadsheet.
    expect(find('Installation')).toBeDefined();
    expect(find('Installation labour (secret internal note)')).toBeDefined();
    const saleTotals = find('Sale totals')!;
    const totalsRow = (n: number) => values(ws.getRow(saleTotals.number + n)).slice(8);
    expect(totalsRow(1)).toEqual(['Total Price', Number(sale.pricing.total_price)]);
    expect(totalsRow(2)).toEqual(['Total Cost', Number(sale.pricing.total_cost)]);
    expect(totalsRow(3)).toEqual(['Margin $', Number(sale.pricing.total_margin)]);
    expect(totalsRow(4)).toEqual(['Margin %', sale.pricing.total_margin_percent / 100]);
    expect(totalsRow(5)).toEqual(['Markup %', sale.pricing.total_markup_percent / 100]);
    expect(Number(sale.pricing.total_price)).toBe(200 + 42 + 250.5);
  });

  it('writes user text that looks like a formula as a plain string, never a formula', async () => {
    const res = await a.get(`/api/sales/excel/${sale._id}`, tok.editor);
    const { rows } = await workbookOf(res.rawPayload);
    const seen: string[] = [];
    for (const r of rows) {
      r.eachCell((cell) => {
        expect(cell.formula).toBeFalsy();
        expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
        // XML reading normalizes a leading carriage return; the text itself is what matters.
        const match = FORMULAS.find((f) => typeof cell.value === 'string' && f.trim() === cell.value.trim());
        if (match) {
          expect(cell.type).toBe(ExcelJS.ValueType.String);
          seen.push(match);
        }
      });
    }
    expect(seen.sort()).toEqual([...FORMULAS].sort());
    // And in the file itself: no <f> element at all, the texts are shared strings.
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'qw-xlsx-'));
    writeFileSync(join(dir, 'q.xlsx'), res.rawPayload);
    const sheet = execFileSync('unzip', ['-p', join(dir, 'q.xlsx'), 'xl/worksheets/sheet1.xml']).toString();
    expect(sheet).not.toContain('<f>');
    expect(sheet).not.toContain('<f ');
    const strings = execFileSync('unzip', ['-p', join(dir, 'q.xlsx'), 'xl/sharedStrings.xml']).toString();
    expect(strings).toContain('=HYPERLINK(&quot;http://evil.example&quot;,&quot;x&quot;)');
  });

  it("leaves cost, margin and markup out for a user in discrete mode (the requester's preference)", async () => {
    const u = await createUser(t, { email: 'discrete@exports.test', modules: modulesWith('viewer') });
    const token = await login(t, u.email);
    const on = await t.app.inject({ method: 'POST', url: `/api/users/discrete/${u.id}/true`, headers: bearer(token) });
    expect(on.statusCode).toBe(200);
    const res = await a.get(`/api/sales/excel/${sale._id}`, token);
    expect(res.statusCode).toBe(200);
    const { ws, rows, values } = await workbookOf(res.rawPayload);
    // Disc. % stays: a customer figure like the price and the subtotal it explains
    expect(values(ws.getRow(6))).toEqual([
      'Model',
      'Manufacturer',
      'Description',
      'Qty',
      'Price',
      'Disc. %',
      'UOM',
      'Subtotal',
    ]);
    expect(values(ws.getRow(8))).toEqual(['DESK-1', 'Steelcase', 'A desk', 2, 100, 0, 'Units', 200]);
    const all = rows.flatMap((r) => values(r));
    for (const hidden of ['Cost', 'Markup %', 'Total Cost', 'Margin $', 'Margin %']) expect(all).not.toContain(hidden);
    expect(all).toContain('Total Price');
    expect(all).not.toContain(60);
    // Another user's discrete mode changes nothing for the editor.
    const other = await workbookOf((await a.get(`/api/sales/excel/${sale._id}`, tok.editor)).rawPayload);
    expect(other.values(other.ws.getRow(6))).toContain('Cost');
  });

  it('is refused without the sales module, 404 for an unknown sale, 400 for a bad id', async () => {
    expectProblem(await a.get(`/api/sales/excel/${sale._id}`, tok.disabled), 403, 'FORBIDDEN');
    expectProblem(await a.get(`/api/sales/excel/${sale._id}`, null), 401);
    expectProblem(await a.get(`/api/sales/excel/${UNKNOWN}`, tok.viewer), 404, 'NOT_FOUND');
    expectProblem(await a.get('/api/sales/excel/nope', tok.viewer), 400, 'VALIDATION_FAILED');
  });
});

describe('JSON export', () => {
  it('answers the versioned document as an attachment named name_quoteNumber.json', async () => {
    const res = await a.get(`/api/sales/json/${sale._id}`, tok.viewer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`attachment; filename="Fit-out_${sale.quote_number}.json"`);
    const doc = res.json();
    expect(doc).toMatchObject({
      format: 'quotewright.sale',
      version: 1,
      exported_on: new Date(NOW).toISOString(),
      sale: {
        name: 'Fit-out',
        quote_number: sale.quote_number,
        customer: { id: 7, name: 'Acme Corp' },
        customer_invoice: null,
        customer_shipping: null,
        template: null,
        salesperson: { id: 3, name: 'Bob Seller' },
      },
    });
    const [desks, install] = doc.sale.sections;
    expect(desks.name).toBe('Desks');
    expect(desks.show_details).toBe(true);
    expect(desks.lines.slice(0, 4)).toEqual([
      {
        product: { id: 1, name: 'DESK-1', manufacturer: { name: 'Steelcase' } },
        name: 'A desk',
        quantity: '2',
        price: '100.00',
        cost: '60.00',
        discount: '0',
        price_percentage_active: false,
        uom: { name: 'Units' },
      },
      {
        product: { id: 2, name: 'LEG-1', manufacturer: { name: null } },
        name: 'A leg',
        quantity: '4',
        price: '10.50',
        cost: '6.2512',
        discount: '0',
        price_percentage_active: false,
        uom: { name: null },
      },
      {
        product: { id: null, name: 'header', manufacturer: { name: null } },
        name: 'Extras',
        quantity: '0',
        price: '0.00',
        cost: '0.00',
        discount: '0',
        price_percentage_active: false,
        uom: { name: null },
      },
      {
        product: { id: null, name: 'note', manufacturer: { name: null } },
        name: 'Deliver by Friday',
        quantity: '0',
        price: '0.00',
        cost: '0.00',
        discount: '0',
        price_percentage_active: false,
        uom: { name: null },
      },
    ]);
    expect(install).toMatchObject({ name: 'Installation', show_details: false, lines: [{ price: '250.50' }] });
    // No ids of ours, no derived figures.
    expect(JSON.stringify(doc)).not.toContain(sale._id);
    expect(JSON.stringify(doc)).not.toContain('markup');
  });

  it('is readable by every sales reader, refused otherwise', async () => {
    for (const token of [tok.viewer, tok.editor, tok.full, tok.admin])
      expect((await a.get(`/api/sales/json/${sale._id}`, token)).statusCode).toBe(200);
    expectProblem(await a.get(`/api/sales/json/${sale._id}`, tok.disabled), 403, 'FORBIDDEN');
    expectProblem(await a.get(`/api/sales/json/${UNKNOWN}`, tok.viewer), 404, 'NOT_FOUND');
  });
});

describe('PDF (customer document)', () => {
  it('answers a PDF with the header, the lines, section subtotals and the grand total', async () => {
    const res = await a.get(`/api/sales/reports/${sale._id}`, tok.viewer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`inline; filename="Fit-out_${sale.quote_number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      `Quote ${sale.quote_number}`,
      'Fit-out',
      'Acme Corp',
      '03/14/2026',
      'Bob Seller',
      'Desks',
      'DESK-1 — A desk',
      '$100.00',
      '$200.00',
      'LEG-1 — A leg',
      '$10.50',
      '$42.00',
      'Subtotal',
      '$242.00',
      'Untaxed total',
      '$492.50',
    ])
      expect(text).toContain(expected);
    const lines = text.split('\n');
    expect(lines).toContain('2');
    expect(lines).toContain('4');
  });

  it('prints a section without details as one line with its total, never its lines', async () => {
    const runs = pdfTextRuns((await a.get(`/api/sales/reports/${sale._id}`, tok.viewer)).rawPayload);
    const texts = runs.map((r) => r.text);
    const at = texts.indexOf('Installation');
    expect(at).toBeGreaterThan(0);
    expect(texts[at + 1]).toBe('$250.50');
    expect(texts.join('\n')).not.toContain('secret internal note');
  });

  it('sets notes in italics and headers in bold', async () => {
    const runs = pdfTextRuns((await a.get(`/api/sales/reports/${sale._id}`, tok.viewer)).rawPayload);
    expect(runs.find((r) => r.text === 'Deliver by Friday')?.font).toBe('DejaVuSans-Oblique');
    expect(runs.find((r) => r.text === 'Extras')?.font).toBe('DejaVuSans-Bold');
    expect(runs.find((r) => r.text === 'DESK-1 — A desk')?.font).toBe('DejaVuSans');
  });

  it('never shows cost, margin or markup', async () => {
    const text = pdfText((await a.get(`/api/sales/reports/${sale._id}`, tok.admin)).rawPayload);
    for (const hidden of ['Cost', 'cost', 'Margin', 'margin', 'Markup', 'markup', '$60.00', '$120.00', '6.25'])
      expect(text).not.toContain(hidden);
  });

  it('is readable by every sales reader, refused otherwise', async () => {
    for (const token of [tok.viewer, tok.editor, tok.full, tok.admin])
      expect((await a.get(`/api/sales/reports/${sale._id}`, token)).statusCode).toBe(200);
    expectProblem(await a.get(`/api/sales/reports/${sale._id}`, tok.disabled), 403, 'FORBIDDEN');
    expectProblem(await a.get(`/api/sales/reports/${UNKNOWN}`, tok.viewer), 404, 'NOT_FOUND');
  });

  it('prints customer text in any script (an embedded Unicode font, not Latin-1 only)', async () => {
    const name = 'Zakład Łódź — Ωmega Москва';
    let intl = await a.ok('POST', '/api/sales', tok.editor, {
      name: 'Międzynarodowy',
      customer: { id: 8, name },
    });
    intl = await a.ok('POST', `/api/sales/sections/create/${intl._id}`, tok.editor, { name: 'Łazienka' });
    await a.ok('POST', `/api/sales/lines/note/${intl._id}/${intl.sections[0]!._id}`, tok.editor, {
      name: 'Доставка до пятницы ✓',
    });
    const text = pdfText((await a.get(`/api/sales/reports/${intl._id}`, tok.viewer)).rawPayload);
    for (const expected of [name, 'Łazienka', 'Доставка до пятницы ✓']) expect(text).toContain(expected);
    expect(text).not.toContain('\uFFFD');
  });

  it('breaks long quotes over several pages', async () => {
    let big = await a.ok('POST', '/api/sales', tok.editor, { name: 'Big' });
    big = await a.ok('POST', `/api/sales/sections/create/${big._id}`, tok.editor, { name: 'Many' });
    await a.ok('POST', `/api/sales/lines/create/${big._id}/${big.sections[0]!._id}`, tok.editor, {
      lines: Array.from({ length: 120 }, () => ({ product: 2, quantity: 1 })),
    });
    const res = await a.get(`/api/sales/reports/${big._id}`, tok.viewer);
    const pages = res.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(2);
    const text = pdfText(res.rawPayload);
    expect(text.split('\n').filter((l) => l === 'LEG-1 — A leg')).toHaveLength(120);
    expect(text).toContain('$1,260.00');
  });
});

describe('discounts in the exports', () => {
  /** Desks: desk ×2 at 12.5 % (175.00) and leg ×4 (42.00); Hidden (no details): desk ×1 at 50 %. */
  async function discounted() {
    let s = await a.ok('POST', '/api/sales', tok.editor, { name: 'Discounted' });
    s = await a.ok('POST', `/api/sales/sections/create/${s._id}`, tok.editor, { name: 'Desks' });
    const desks = s.sections[0]!._id;
    const created = await a.ok<{ lines: { _id: string }[] }>(
      'POST',
      `/api/sales/lines/create/${s._id}/${desks}`,
      tok.editor,
      {
        lines: [
          { product: 1, quantity: 2 },
          { product: 2, quantity: 4 },
        ],
      },
    );
    return a.ok<SaleDto>('POST', `/api/sales/lines/update/${s._id}/${desks}`, tok.editor, [
      { _id: created.lines[0]!._id, discount: '12.5' },
    ]);
  }

  it('Excel: the Disc. % column holds each line discount as a percent cell; subtotals and totals are net', async () => {
    const s = await discounted();
    const { ws, values, find } = await workbookOf((await a.get(`/api/sales/excel/${s._id}`, tok.viewer)).rawPayload);
    expect(values(ws.getRow(8))).toEqual(['DESK-1', 'Steelcase', 'A desk', 2, 100, 0.125, 60, 0.4583, 'Units', 175]);
    expect(ws.getRow(8).getCell(6).numFmt).toBe('0.00%');
    expect(values(ws.getRow(9)).slice(3, 6)).toEqual([4, 10.5, 0]);
    expect(values(ws.getRow(find('Sale totals')!.number + 1)).slice(8)).toEqual(['Total Price', 217]);
  });

  it('JSON: the document carries the discount and an export → import → export round trip keeps it', async () => {
    const s = await discounted();
    const doc = (await a.get(`/api/sales/json/${s._id}`, tok.viewer)).json();
    expect(doc.sale.sections[0].lines.map((l: { discount: string }) => l.discount)).toEqual(['12.5', '0']);
    const imported = await a.ok<{ sale: SaleDto }>('POST', '/api/sales', tok.full, doc);
    expect(imported.sale.sections[0]!.lines.map((l) => [l.discount, l.subtotal])).toEqual([
      [12.5, '175.00'],
      [0, '42.00'],
    ]);
    expect(imported.sale.total_price).toBe('217.00');
    const again = (await a.get(`/api/sales/json/${imported.sale._id}`, tok.viewer)).json();
    expect(again.sale.sections).toEqual(doc.sale.sections);
  });

  it('JSON: the quote validity of a sale goes out and comes back; an older document has none', async () => {
    const s = await discounted();
    await a.ok('POST', `/api/sales/${s._id}`, tok.editor, { validity_days: 21 });
    const doc = (await a.get(`/api/sales/json/${s._id}`, tok.viewer)).json();
    expect(doc.sale.validity_days).toBe(21);
    const imported = await a.ok<{ sale: SaleDto }>('POST', '/api/sales', tok.full, doc);
    expect(imported.sale.validity_days).toBe(21);
    delete doc.sale.validity_days;
    const older = await a.ok<{ sale: SaleDto }>('POST', '/api/sales', tok.full, doc);
    expect(older.sale.validity_days).toBeNull();
    doc.sale.validity_days = -1;
    const bad = expectProblem(await a.post('/api/sales', tok.full, doc), 400, 'VALIDATION_FAILED') as unknown as {
      errors: Record<string, string>;
    };
    expect(bad.errors).toEqual({ 'sale.validity_days': 'Expected 0 or more days' });
  });

  it('JSON import: discount is optional (older documents) and must be 0..100', async () => {
    const s = await discounted();
    const doc = (await a.get(`/api/sales/json/${s._id}`, tok.viewer)).json();
    delete doc.sale.sections[0].lines[0].discount;
    const older = await a.ok<{ sale: SaleDto }>('POST', '/api/sales', tok.full, doc);
    expect(older.sale.sections[0]!.lines[0]!).toMatchObject({ discount: 0, subtotal: '200.00' });
    doc.sale.sections[0].lines[0].discount = 120;
    const bad = expectProblem(await a.post('/api/sales', tok.full, doc), 400, 'VALIDATION_FAILED') as unknown as {
      errors: Record<string, string>;
    };
    expect(bad.errors).toEqual({ 'sale.sections.0.lines.0.discount': 'Discount must be between 0 and 100' });
  });

  it('PDF: a Disc. % column only when a printed line has a discount', async () => {
    const s = await discounted();
    const text = pdfText((await a.get(`/api/sales/reports/${s._id}`, tok.viewer)).rawPayload);
    for (const expected of ['Disc. %', '12.50%', '$100.00', '$175.00', '$42.00', '$217.00'])
      expect(text).toContain(expected);
    expect(text.split('\n')).not.toContain('0.00%'); // undiscounted lines leave the cell empty
    // the main sale has no discount: no column
    expect(pdfText((await a.get(`/api/sales/reports/${sale._id}`, tok.viewer)).rawPayload)).not.toContain('Disc.');
  });
});

describe('cover letter (document editor)', () => {
  const put = (id: string, token: string | null, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/sales/${id}/document`,
      headers: token ? bearer(token) : {},
      payload: payload as object,
    });
  const letter = [
    [{ text: 'Dear Acme,' }],
    [],
    [{ text: 'Please find our ' }, { text: 'best offer', bold: true }, { text: ' below.' }],
  ];

  it('is empty until saved; saved by an editor, read by a viewer, printed as the first page of the PDF', async () => {
    const s = await a.ok('POST', '/api/sales', tok.editor, { name: 'Letter sale' });
    expect(await a.ok('GET', `/api/sales/${s._id}/document`, tok.viewer)).toEqual({
      body: [],
      updated_on: null,
      updated_by: null,
    });
    const runs0 = pdfTextRuns((await a.get(`/api/sales/reports/${s._id}`, tok.viewer)).rawPayload);
    expect(runs0[0]?.text).toBe(`Quote ${s.quote_number}`);

    const saved = await put(s._id, tok.editor, { body: letter });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ body: letter, updated_by: { name: expect.any(String) } });
    expect((await a.ok<{ body: unknown }>('GET', `/api/sales/${s._id}/document`, tok.viewer)).body).toEqual(letter);

    const runs = pdfTextRuns((await a.get(`/api/sales/reports/${s._id}`, tok.viewer)).rawPayload);
    const texts = runs.map((r) => r.text);
    expect(texts.indexOf('Dear Acme,')).toBeLessThan(texts.indexOf(`Quote ${s.quote_number}`));
    expect(runs.find((r) => r.text.includes('best offer'))?.font).toBe('DejaVuSans-Bold');
    expect(runs.find((r) => r.text.includes('Please find our'))?.font).toBe('DejaVuSans');

    // Saved again: replaced. Only blank text: no cover page.
    await put(s._id, tok.editor, { body: [[{ text: '   ' }]] });
    const blank = pdfTextRuns((await a.get(`/api/sales/reports/${s._id}`, tok.viewer)).rawPayload);
    expect(blank[0]?.text).toBe(`Quote ${s.quote_number}`);
  });

  it('refuses viewers, unknown sales and anything that is not paragraphs of text runs, writing nothing', async () => {
    const s = await a.ok('POST', '/api/sales', tok.editor, { name: 'Letter refusals' });
    expect((await put(s._id, tok.viewer, { body: letter })).statusCode).toBe(403);
    expect((await put(s._id, null, { body: letter })).statusCode).toBe(401);
    expect((await put(UNKNOWN, tok.editor, { body: letter })).statusCode).toBe(404);
    expect((await a.get(`/api/sales/${UNKNOWN}/document`, tok.viewer)).statusCode).toBe(404);
    for (const body of [
      '<b>html</b>',
      [['text']],
      [[{ text: 'x', bold: 'yes' }]],
      [[{ text: 'x', style: 'color:red' }]],
      [[{ text: 'x'.repeat(20_001) }]],
      Array.from({ length: 301 }, () => []),
    ]) {
      const res = await put(s._id, tok.editor, { body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await a.ok<{ body: unknown }>('GET', `/api/sales/${s._id}/document`, tok.viewer)).body).toEqual([]);
  });
});
