// Quotation templates: sections of drawn products, a closing note, optional products (19: an "Optional Products"
// section of lines; 18: sale.order.template.option records).
import type { ProductInfo } from './catalog.js';
import { ins, type SeedCtx } from './context.js';

/** [name, company] */
export const QUOTATION_TEMPLATES: [string, number][] = [
  ['Small Office Setup', 1],
  ['Conference Room AV', 1],
  ['Network Refresh', 1],
  ['Managed Support Plan', 1],
  ['Security Starter', 4],
  ['Remote Worker Kit', 1],
];
const TEMPLATE_SECTIONS = ['Hardware', 'Installation', 'Licenses', 'Services', 'Accessories'];
const TEMPLATE_NOTE = 'Prices valid for 30 days. Installation dates on request.';

/** Quotation templates and their lines; returns their ids. */
export function seedTemplates(ctx: SeedCtx, sellable: ProductInfo[]): number[] {
  return QUOTATION_TEMPLATES.map(([name, company], t) => seedTemplate(ctx, name, company, t, sellable));
}

function seedTemplate(ctx: SeedCtx, name: string, company: number, t: number, sellable: ProductInfo[]): number {
  const { rng } = ctx;
  const tpl = ins(ctx, 'sale.order.template', {
    name,
    active: true,
    sequence: 10 + t,
    company_id: company,
    number_of_days: 30,
    require_signature: true,
    require_payment: false,
    prepayment_percent: 1,
    journal_id: false,
    mail_template_id: false,
    note: false,
  });
  const line = (vals: Record<string, unknown>) =>
    ins(ctx, 'sale.order.template.line', { sale_order_template_id: tpl.id, ...vals });
  let seq = 10;
  // (the number of sections is drawn again at each turn)
  for (let s = 0; s < rng.int(1, 3); s++) {
    line({
      sequence: seq,
      display_type: 'line_section',
      name: rng.pick(TEMPLATE_SECTIONS),
      product_uom_qty: 0,
      product_uom_id: false,
      product_id: false,
      is_optional: false,
    });
    seq += 10;
    for (const p of rng.sample(sellable, rng.int(2, 5))) {
      line({
        sequence: seq,
        display_type: false,
        name: false,
        product_id: p.id,
        product_uom_qty: rng.int(1, 10),
        product_uom_id: p.cat.uom,
        is_optional: false,
      });
      seq += 10;
    }
  }
  line({
    sequence: seq,
    display_type: 'line_note',
    name: TEMPLATE_NOTE,
    product_uom_qty: 0,
    product_id: false,
    is_optional: false,
  });
  seq += 10;
  const optional = rng.sample(sellable, rng.int(1, 3));
  if (ctx.v === 19) seedOptionalLines(ctx, tpl.id, seq, optional);
  else seedOptions18(ctx, tpl.id, optional);
  return tpl.id;
}

function seedOptionalLines(ctx: SeedCtx, tplId: number, seq: number, optional: ProductInfo[]) {
  ins(ctx, 'sale.order.template.line', {
    sale_order_template_id: tplId,
    sequence: seq,
    display_type: 'line_section',
    name: 'Optional Products',
    product_uom_qty: 0,
    product_id: false,
    is_optional: true,
  });
  for (const p of optional) {
    seq += 10;
    ins(ctx, 'sale.order.template.line', {
      sale_order_template_id: tplId,
      sequence: seq,
      display_type: false,
      name: false,
      product_id: p.id,
      product_uom_qty: 0,
      product_uom_id: p.cat.uom,
      is_optional: false,
    });
  }
}

function seedOptions18(ctx: SeedCtx, tplId: number, optional: ProductInfo[]) {
  const { store } = ctx;
  for (const p of optional) {
    const pr = store.get('product.product', p.id)!;
    ins(ctx, 'sale.order.template.option', {
      sale_order_template_id: tplId,
      name: `[${pr.default_code}] ${store.get('product.template', p.tmpl)!.name}`,
      product_id: p.id,
      quantity: 1,
      uom_id: p.cat.uom,
      sequence: 10,
    });
  }
}
