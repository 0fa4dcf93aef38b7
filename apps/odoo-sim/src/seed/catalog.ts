// The catalog: product categories, manufacturers, products (one variant per template), kit bundles with their bills
// of materials, optional products.
import { companyCosts, ins, type SeedCtx, type Vals } from './context.js';
import { ADJECTIVES, MANUFACTURERS, NOUNS } from './words.js';

export const CATEGORY_TREE: [string, [string, string, number, number, string][]][] = [
  // parent, leaves: [name, code, min price, max price, uom]
  [
    'Hardware',
    [
      ['Networking', 'NET', 40, 2400, 'Units'],
      ['Servers', 'SRV', 1800, 14000, 'Units'],
      ['Storage', 'STO', 90, 6500, 'Units'],
      ['Laptops', 'LAP', 650, 3200, 'Units'],
      ['Desktops', 'DSK', 480, 2600, 'Units'],
      ['Monitors', 'MON', 120, 1900, 'Units'],
      ['Peripherals', 'PER', 12, 260, 'Units'],
      ['Cables', 'CBL', 3, 90, 'm'],
      ['Power', 'PWR', 25, 3800, 'Units'],
      ['Audio Video', 'AV', 60, 5200, 'Units'],
    ],
  ],
  [
    'Furniture',
    [
      ['Desks', 'DES', 180, 1900, 'Units'],
      ['Chairs', 'CHR', 90, 1400, 'Units'],
      ['Cabinets', 'CAB', 110, 1200, 'Units'],
      ['Lighting', 'LGT', 25, 450, 'Units'],
    ],
  ],
  [
    'Software',
    [
      ['Licenses', 'LIC', 30, 4800, 'Units'],
      ['Subscriptions', 'SUB', 8, 900, 'Units'],
    ],
  ],
  [
    'Services',
    [
      ['Installation', 'INS', 60, 180, 'Hours'],
      ['Support', 'SUP', 70, 220, 'Hours'],
      ['Training', 'TRN', 400, 2400, 'Days'],
    ],
  ],
  [
    'Consumables',
    [
      ['Paper', 'PAP', 4, 60, 'Units'],
      ['Ink & Toner', 'INK', 18, 240, 'Units'],
    ],
  ],
  [
    'Security',
    [
      ['Cameras', 'CAM', 80, 1800, 'Units'],
      ['Access Control', 'ACC', 60, 2600, 'Units'],
      ['Alarms', 'ALM', 40, 1500, 'Units'],
    ],
  ],
];

export const ROOT_CATEGORY: Vals = { id: 1, name: 'All' };

export const SALE_TAX: Vals = {
  id: 1,
  name: '15%',
  amount: 15,
  amount_type: 'percent',
  type_tax_use: 'sale',
  company_id: 1,
  active: true,
  sequence: 1,
};

const PRODUCT_BLURBS = [
  'Includes a 3-year warranty.',
  'Ships in 2-3 business days.',
  'Volume discounts available.',
  'Certified for enterprise use.',
  'Energy efficient design.',
];
const N_BUNDLES = 60;
const BUNDLE_PREFIXES = [
  'Starter',
  'Office',
  'Branch',
  'Classroom',
  'Conference Room',
  'Remote Worker',
  'Retail',
  'Studio',
];
const BUNDLE_KINDS = ['Kit', 'Bundle', 'Pack', 'Set'];
/** This many plain products also carry optional products. */
const N_WITH_OPTIONS = 40;

export interface LeafCategory {
  id: number;
  code: string;
  min: number;
  max: number;
  uom: number;
  name: string;
  parent: string;
}

export interface ProductInfo {
  id: number;
  tmpl: number;
  price: number;
  cost: number;
  cat: LeafCategory;
  storable: boolean;
  service: boolean;
  active: boolean;
}

export interface Catalog {
  /** Every product variant, bundles last. */
  products: ProductInfo[];
  /** Active products. */
  sellable: ProductInfo[];
  /** Active storable products (bundles excluded). */
  goods: ProductInfo[];
}

/** Categories, manufacturers, the sale tax, products and bundles. */
export function seedCatalog(ctx: SeedCtx, uomByName: Map<string, number>): Catalog {
  const leafCats = seedCategories(ctx, uomByName);
  const manufacturerIds = MANUFACTURERS.map(
    (name) =>
      ins(ctx, 'x.manufacturer', {
        name,
        active: true,
        website: `https://www.${name.toLowerCase().replace(/[^a-z]+/g, '')}.example.com`,
      }).id,
  );
  ins(ctx, 'account.tax', structuredClone(SALE_TAX));

  const nProducts = ctx.opts.size === 'bench' ? 50_000 : 2_000;
  const products: ProductInfo[] = [];
  const codes = new Set<string>();
  for (let i = 0; i < nProducts; i++) products.push(seedProduct(ctx, i, leafCats, manufacturerIds, codes));
  const sellable = products.filter((p) => p.active);
  const goods = sellable.filter((p) => p.storable);

  // bundles: kit BoM with component quantities + optional products
  for (let b = 0; b < N_BUNDLES; b++) products.push(seedBundle(ctx, b, goods, sellable));
  // a few plain products also carry optional products
  for (const p of ctx.rng.sample(sellable, N_WITH_OPTIONS))
    ctx.store.update('product.template', p.tmpl, {
      optional_product_ids: ctx.rng
        .sample(sellable, ctx.rng.int(1, 2))
        .map((x) => x.tmpl)
        .filter((t) => t !== p.tmpl),
    });
  return { products, sellable, goods };
}

function seedCategories(ctx: SeedCtx, uomByName: Map<string, number>): LeafCategory[] {
  ins(ctx, 'product.category', structuredClone(ROOT_CATEGORY));
  const leafCats: LeafCategory[] = [];
  for (const [parent, leaves] of CATEGORY_TREE) {
    const p = ins(ctx, 'product.category', { name: parent, parent_id: 1 });
    for (const [name, code, min, max, uom] of leaves)
      leafCats.push({
        id: ins(ctx, 'product.category', { name, parent_id: p.id }).id,
        code,
        min,
        max,
        uom: uomByName.get(uom) ?? 1,
        name,
        parent,
      });
  }
  return leafCats;
}

function seedProduct(
  ctx: SeedCtx,
  i: number,
  leafCats: LeafCategory[],
  manufacturerIds: number[],
  codes: Set<string>,
): ProductInfo {
  const { rng } = ctx;
  const cat = leafCats[i % leafCats.length]!;
  const mIdx = rng.int(0, manufacturerIds.length - 1);
  const brand = MANUFACTURERS[mIdx]!;
  const noun = rng.pick(NOUNS[cat.code]!);
  const adj = rng.pick(ADJECTIVES);
  const series = rng.int(100, 9900);
  const name = `${brand.split(' ')[0]} ${noun} ${adj} ${series}`;
  let code = `${cat.code}-${brand.slice(0, 3).toUpperCase()}${String(series).padStart(4, '0')}`;
  while (codes.has(code)) code = `${code}${String.fromCharCode(65 + rng.int(0, 25))}`;
  codes.add(code);
  const raw = cat.min + (cat.max - cat.min) * rng.next() ** 2;
  const price = raw < 20 ? Math.round(raw * 100) / 100 : Math.round(raw) - (rng.chance(0.5) ? 0.01 : 0);
  const cost = Math.round(price * (0.5 + rng.next() * 0.3) * 100) / 100;
  const service = cat.parent === 'Services' || cat.parent === 'Software';
  const active = !(i % 53 === 52);
  const tmpl = ins(ctx, 'product.template', {
    name,
    default_code: code,
    list_price: price,
    standard_price: companyCosts(cost),
    categ_id: cat.id,
    uom_id: cat.uom,
    description_sale: `${brand} ${noun.toLowerCase()} (${adj}). ${rng.pick(PRODUCT_BLURBS)}`,
    sale_ok: true,
    purchase_ok: true,
    type: service ? 'service' : 'consu',
    is_storable: !service,
    active,
    company_id: false,
    x_manufacturer_id: manufacturerIds[mIdx],
    manufacturer_pref: partNumber(i, brand, service),
    barcode: service ? false : `0${String(7_000_000_000_000 + i * 7919)}`.slice(0, 13),
  });
  const prod = ins(ctx, 'product.product', {
    product_tmpl_id: tmpl.id,
    default_code: code,
    standard_price: companyCosts(cost),
    active,
    barcode: tmpl.barcode,
  });
  return { id: prod.id, tmpl: tmpl.id, price, cost, cat, storable: !service, service, active };
}

/**
 * The manufacturer's part number of three goods in four (none for services and software): derived from the index, not
 * drawn, so every value drawn after it is as before; unique ((i × 7919) mod 900,000 repeats only after 900,000).
 */
function partNumber(i: number, brand: string, service: boolean): string | false {
  if (service || i % 4 === 3) return false;
  return `${brand.slice(0, 2).toUpperCase()}${100_000 + ((i * 7919) % 900_000)}`;
}

function seedBundle(ctx: SeedCtx, b: number, goods: ProductInfo[], sellable: ProductInfo[]): ProductInfo {
  const { store, rng } = ctx;
  const comps = rng.sample(goods, rng.int(2, 5));
  const main = comps[0]!;
  const name = `${rng.pick(BUNDLE_PREFIXES)} ${rng.pick(BUNDLE_KINDS)} ${b + 1}`;
  const price = Math.round(comps.reduce((s, c) => s + c.price, 0) * 0.92);
  const cost = Math.round(comps.reduce((s, c) => s + c.cost, 0) * 100) / 100;
  const code = `KIT-${String(b + 1).padStart(3, '0')}`;
  const tmpl = ins(ctx, 'product.template', {
    name,
    default_code: code,
    list_price: price,
    standard_price: companyCosts(cost),
    categ_id: main.cat.id,
    uom_id: 1,
    description_sale: `${name}: ${comps.length} components, pre-configured.`,
    sale_ok: true,
    purchase_ok: false,
    type: 'consu',
    is_storable: false,
    active: true,
    x_manufacturer_id: store.get('product.template', main.tmpl)!.x_manufacturer_id,
    optional_product_ids: rng.sample(sellable, rng.int(1, 3)).map((p) => p.tmpl),
  });
  const prod = ins(ctx, 'product.product', {
    product_tmpl_id: tmpl.id,
    default_code: code,
    standard_price: companyCosts(cost),
    active: true,
  });
  const bom = ins(ctx, 'mrp.bom', {
    code: `BOM-${code}`,
    type: 'phantom',
    product_tmpl_id: tmpl.id,
    product_id: false,
    product_qty: 1,
    product_uom_id: 1,
    active: true,
    sequence: b,
    company_id: false,
  });
  comps.forEach((c, i) => {
    ins(ctx, 'mrp.bom.line', {
      bom_id: bom.id,
      product_id: c.id,
      product_qty: i === 0 ? 1 : rng.int(1, 4),
      product_uom_id: 1,
      sequence: i + 1,
    });
  });
  return { id: prod.id, tmpl: tmpl.id, price, cost, cat: main.cat, storable: false, service: false, active: true };
}
