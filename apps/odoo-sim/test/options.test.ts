// Optional products as recorded in odoo-samples/options (the shared documents-options-taxes capture): Odoo 18's
// sale.order.option model (INDEX surprises 2 and 3) replayed in the recorded order, and Odoo 19's optional section
// lines (is_optional on the section, the non-stored parent_id, totals counting a quantity) — plus 19's refusals of
// the 18 model and field.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OdooSim, startOdooSim } from '../src/index.js';
import { compareShape, IdMap, replay, rewriteRequest, SAMPLES_DIR, type Sample } from './replay.js';

function sample(version: 18 | 19, name: string): Sample {
  const file = path.join(SAMPLES_DIR, version === 19 ? 'options/v19' : 'options', `${name}.json`);
  return { file, version, data: JSON.parse(fs.readFileSync(file, 'utf8')) };
}

const recordedResult = (s: Sample) =>
  s.version === 18 ? (s.data.response as { result?: unknown }).result : s.data.response;
const recordedError = (s: Sample) =>
  s.version === 18
    ? (s.data.response as { error?: { data: { name: string; message: string } } }).error?.data
    : (s.data.response as { name: string; message: string });

describe('sale.order.option (Odoo 18), replayed in the recorded order', () => {
  let sim: OdooSim;
  let ids: IdMap;
  /** Replays one recorded exchange (ids of created records mapped) and learns the ids it answers. */
  const ask = async (name: string) => {
    const s = sample(18, name);
    const ex = await replay(sim, rewriteRequest(s, ids)!);
    const json = ex.json as Record<string, unknown>;
    const params = (s.data.request as { params: { args: unknown[] } }).params.args;
    ids.learn(params[3] as string, params[4] as string, recordedResult(s), json.result);
    return { s, status: ex.status, json, result: json.result, error: (json.error as { data?: unknown })?.data };
  };
  const sameShape = (r: { s: Sample; result: unknown }) =>
    expect(compareShape(recordedResult(r.s), r.result)).toEqual([]);
  const sameError = (r: { s: Sample; error: unknown }) => {
    const rec = recordedError(r.s)!;
    expect(r.error).toMatchObject({ name: rec.name, message: rec.message });
  };
  const price = (productId: number) => sim.data.read('product.product', [productId], ['lst_price'])[0]!.lst_price;

  beforeAll(async () => {
    sim = await startOdooSim({ version: 18, db: 'odoo18', apiKey: '<api key>' });
    ids = new IdMap(sim);
  });
  afterAll(async () => {
    await sim.close();
  });

  it('describes the model as recorded: order_id not required, product_id required, is_present not stored', async () => {
    const r = await ask('sale_order_option_fields_get');
    expect(compareShape(recordedResult(r.s), r.result, { fieldsGet: true })).toEqual([]);
    const f = r.result as Record<string, Record<string, unknown>>;
    expect(f.order_id).toMatchObject({ required: false, relation: 'sale.order' });
    expect(f.product_id).toMatchObject({ required: true });
    expect(f.is_present).toMatchObject({ store: false, type: 'boolean' });
    expect(f.quantity).toMatchObject({ type: 'float' });
    expect(f.uom_id).toMatchObject({ relation: 'uom.uom' });
    expect(f.product_uom_qty).toBeUndefined();
  });

  it('creates an order with options; the options are left out of the totals', async () => {
    const created = await ask('option_create_order_with_section_lines_options');
    sameShape(created);
    await ask('option_create_separate');
    const order = await ask('option_order_read_after_create');
    sameShape(order);
    const [o] = order.result as Record<string, unknown>[];
    const lines = sim.data.read('sale.order.line', o!.order_line as number[], ['price_subtotal']);
    const sum = lines.reduce((a, l) => a + (l.price_subtotal as number), 0);
    expect(o!.amount_untaxed).toBeCloseTo(sum, 2);
    expect((o!.sale_order_option_ids as number[]).length).toBe(3);
  });

  it('refuses an option without a product and the order line field names, with the recorded errors', async () => {
    sameError(await ask('error_option_create_missing_product_id'));
    sameError(await ask('error_option_create_line_field_names'));
  });

  it('accepts an orphan option (no order): name from the product and its description, price 0', async () => {
    const created = await ask('option_create_without_order_id');
    sameShape(created);
    const read = await ask('option_orphan_read');
    sameShape(read);
    const [opt] = read.result as Record<string, unknown>[];
    expect(opt).toMatchObject({ order_id: false, price_unit: 0, quantity: 1, is_present: false, sequence: 0 });
    const product = sim.data.read('product.product', [40], ['display_name', 'description_sale'])[0]!;
    expect(opt!.name).toBe(`${product.display_name}\n${product.description_sale}`);
    expect((await ask('option_orphan_unlink')).result).toBe(true);
  });

  it('reads options ordered by sequence, id: unset sequences (read as 0) sort last', async () => {
    const order = (await ask('option_order_read_after_create')).result as Record<string, unknown>[];
    const opts = order[0]!.sale_order_option_ids as number[];
    const back = await ask('option_read_back');
    sameShape(back);
    const rows = back.result as Record<string, unknown>[];
    // Recorded [2, 1, 3]: the option with sequence 20 first, then the two without one (by id).
    expect(rows.map((r) => r.id)).toEqual(opts);
    expect(rows.map((r) => r.sequence)).toEqual([20, 0, 0]);
    expect(rows[0]).toMatchObject({ quantity: 1, discount: 10, price_unit: price(20), line_id: false });
    expect(rows[1]).toMatchObject({ quantity: 3, price_unit: price(18) });
    const search = await ask('option_search_read_by_order');
    expect((search.result as Record<string, unknown>[]).map((r) => r.id)).toEqual(opts);
  });

  it('writes the quantity without touching the price; unlinks an option', async () => {
    expect((await ask('option_write_quantity')).result).toBe(true);
    const read = await ask('option_read_after_write_quantity');
    expect(read.result).toMatchObject([{ quantity: 5, price_unit: price(20) }]);
    expect((await ask('option_unlink')).result).toBe(true);
  });

  it('button_add_to_order adds an order line (no result key), sets line_id, and is not idempotent', async () => {
    const before = (await ask('option_order_read_after_create')).result as Record<string, unknown>[];
    const added = await ask('option_button_add_to_order');
    expect(added.status).toBe(200);
    expect('result' in added.json).toBe(false);
    expect('error' in added.json).toBe(false);
    const opts = await ask('option_read_after_add_to_order');
    sameShape(opts);
    const [opt2, opt3] = opts.result as Record<string, unknown>[];
    expect(opt2).toMatchObject({ is_present: true });
    expect(opt2!.line_id).toEqual([expect.any(Number), expect.any(String)]);
    expect(opt3).toMatchObject({ is_present: false, line_id: false });
    const order = await ask('option_order_read_after_add_to_order');
    sameShape(order);
    const [o] = order.result as Record<string, unknown>[];
    expect((o!.order_line as number[]).length).toBe((before[0]!.order_line as number[]).length + 1);
    expect(o!.sale_order_option_ids).toHaveLength(2);
    // qty 5, price 47-like (the option's), discount 10: in the totals now.
    const lineId = (opt2!.line_id as [number, string])[0];
    const [line] = sim.data.read(
      'sale.order.line',
      [lineId],
      ['sequence', 'product_uom_qty', 'price_unit', 'discount', 'price_subtotal', 'sale_order_option_ids'],
    );
    const others = sim.data.read('sale.order.line', before[0]!.order_line as number[], ['sequence']);
    expect(line).toMatchObject({
      product_uom_qty: 5,
      price_unit: price(20),
      discount: 10,
      sequence: Math.max(...others.map((x) => x.sequence as number)) + 1,
      sale_order_option_ids: [opt2!.id],
    });
    expect(o!.amount_untaxed).toBeCloseTo((before[0]!.amount_untaxed as number) + (line!.price_subtotal as number), 2);
    const lines = await ask('option_order_lines_after_add_to_order');
    sameShape(lines);

    const again = await ask('option_button_add_to_order_twice_duplicates_line');
    expect('result' in again.json).toBe(false);
    const after = sim.data.read('sale.order', [o!.id as number], ['order_line'])[0]!;
    expect((after.order_line as number[]).length).toBe((o!.order_line as number[]).length + 1);
  });

  it('add_option_to_order answers the recordset repr; several options at once are refused', async () => {
    const r = await ask('option_add_option_to_order_return_value');
    expect(r.result).toMatch(/^sale\.order\.line\(\d+,\)$/);
    const multi = await ask('error_option_button_add_to_order_multi');
    expect(multi.error).toMatchObject({ name: 'builtins.ValueError' });
    expect((multi.error as { message: string }).message).toMatch(
      /^Expected singleton: sale\.order\.option\(\d+, \d+\)$/,
    );
  });

  it('on a confirmed order: options can be created, not added; the order unlink deletes its options', async () => {
    const orderId = ids.id('sale.order', 39) as number;
    sim.data.write('sale.order', [orderId], { state: 'sale' });
    const created = await ask('option_create_on_confirmed_order');
    sameShape(created);
    sameError(await ask('error_option_button_add_to_order_confirmed'));
    sim.data.write('sale.order', [orderId], { state: 'cancel' });
    const options = sim.data.search('sale.order.option', [['order_id', '=', orderId]]);
    expect(options.length).toBe(3);
    sim.data.unlink('sale.order', [orderId]);
    expect(sim.data.search('sale.order.option', [['id', 'in', options]])).toEqual([]);
  });

  it('a line without order_id fails with the recorded "Expected singleton"', async () => {
    sameError(await ask('error_order_line_create_missing_order_id'));
  });
});

describe('optional section lines (Odoo 19)', () => {
  let sim: OdooSim;
  let ids: IdMap;
  const ask = async (name: string) => {
    const s = sample(19, name);
    const ex = await replay(sim, rewriteRequest(s, ids)!);
    const m = /^\/json\/2\/([^/]+)\/([^/]+)/.exec((s.data.request as { path: string }).path)!;
    if (ex.status === 200) ids.learn(m[1]!, m[2]!, s.data.response, ex.json);
    return { s, status: ex.status, result: ex.json };
  };
  const sameError = (r: { s: Sample; status: number; result: unknown }) => {
    expect(r.status).toBe(r.s.data.status);
    const rec = recordedError(r.s)!;
    expect(r.result).toMatchObject({ name: rec.name, message: rec.message });
  };
  const LINE_FIELDS = ['sequence', 'display_type', 'is_optional', 'parent_id', 'product_uom_qty', 'price_subtotal'];

  beforeAll(async () => {
    sim = await startOdooSim({ version: 19, db: 'odoo19', apiKey: '<api key>' });
    ids = new IdMap(sim);
  });
  afterAll(async () => {
    await sim.close();
  });

  it('has no sale.order.option (404) and refuses sale_order_option_ids (500 Invalid field … in …)', async () => {
    sameError(await ask('error_sale_order_option_model_removed'));
    sameError(await ask('error_sale_order_option_button_add_to_order_removed'));
    sameError(await ask('error_create_with_sale_order_option_ids'));
  });

  it('creates an optional section: only the section carries is_optional, its lines point to it by parent_id', async () => {
    const created = await ask('option_create_order_with_optional_section');
    expect(created.status).toBe(200);
    const orderId = (created.result as number[])[0]!;
    expect((await ask('option_create_separate_optional_line')).status).toBe(200);
    const order = await ask('option_order_read_after_create');
    expect(compareShape(order.s.data.response, order.result)).toEqual([]);
    const [o] = order.result as Record<string, unknown>[];
    const lines = sim.data.read('sale.order.line', o!.order_line as number[], LINE_FIELDS);
    const back = await ask('option_read_back_lines');
    expect(compareShape(back.s.data.response, back.result)).toEqual([]);
    const [section, desk, cabinet, optional, box, bin, extra] = lines;
    expect(lines.map((l) => l.is_optional)).toEqual([false, false, false, true, false, false, false]);
    expect([section, optional].map((l) => l!.parent_id)).toEqual([false, false]);
    for (const l of [desk, cabinet]) expect((l!.parent_id as [number, string])[0]).toBe(section!.id);
    for (const l of [box, bin, extra]) expect((l!.parent_id as [number, string])[0]).toBe(optional!.id);
    expect((optional!.parent_id as unknown) === false).toBe(true);
    expect((bin!.parent_id as [number, string])[1]).toMatch(/ - Optional Products/);
    // Totals count the optional line with a quantity (bin: qty 1), not the qty-0 ones.
    const counted = [desk, cabinet, bin].reduce((a, l) => a + (l!.price_subtotal as number), 0);
    expect(o!.amount_untaxed).toBeCloseTo(counted, 2);
    expect(box!.product_uom_qty).toBe(0);
    expect(sim.data.read('sale.order', [orderId], ['amount_untaxed'])[0]!.amount_untaxed).toBe(o!.amount_untaxed);
  });

  it('refuses 18 option field names on a line, a line without order, and a search on parent_id', async () => {
    sameError(await ask('error_option_line_create_18_option_field_names'));
    sameError(await ask('error_order_line_create_missing_order_id'));
    sameError(await ask('error_option_search_read_by_parent_id_not_stored'));
  });

  it('"add to order" is a quantity write: the totals follow, the line stays under the optional section', async () => {
    const before = (await ask('option_order_read_after_create')).result as Record<string, unknown>[];
    expect((await ask('option_write_quantity_add_to_order')).result).toBe(true);
    expect((await ask('option_unlink_optional_line')).result).toBe(true);
    const after = (await ask('option_order_read_after_quantity_write')).result as Record<string, unknown>[];
    const lines = (await ask('option_lines_after_quantity_write')).result as Record<string, unknown>[];
    const box = lines.find((l) => l.id === ids.id('sale.order.line', 4611))!;
    expect(box.product_uom_qty).toBe(3);
    expect((box.parent_id as [number, string])[1]).toMatch(/Optional Products/);
    const removed = sim.data.read('sale.order.line', [ids.id('sale.order.line', 4612) as number], ['price_subtotal']);
    expect(removed).toEqual([]);
    expect(after[0]!.amount_untaxed).not.toBe(before[0]!.amount_untaxed);
    const sum = sim.data
      .read('sale.order.line', after[0]!.order_line as number[], ['price_subtotal'])
      .reduce((a, l) => a + (l.price_subtotal as number), 0);
    expect(after[0]!.amount_untaxed).toBeCloseTo(sum, 2);
  });
});
