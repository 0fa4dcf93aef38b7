// Catalog reads: pages of products (kit BoM members or optional products as related products, the manufacturer and
// part number fields found by fields_get) and the quotation templates. Related records are read for the whole page at
// once.

import {
  checkPage,
  type FieldInfo,
  isModelMissing,
  NO_ARCHIVE_FILTER,
  type OdooSession,
  type Row,
} from './connector.session.js';
import { erpErrors } from './erp.errors.js';
import type { ErpConnector, ErpPage, ErpProduct, ErpQuotationTemplate, ErpRelatedProduct } from './erp.types.js';
import { cost4, ids, isoDatetime, money2, num, qty, refId, refName, str } from './mapping.js';

const MANUFACTURER_CANDIDATES = [
  'x_manufacturer_id',
  'manufacturer_id',
  'product_brand_id',
  'x_brand_id',
  'brand_id',
  'x_studio_manufacturer_id',
  'x_studio_manufacturer',
  'x_manufacturer',
  'manufacturer',
  'x_brand',
  'brand',
];
const MANUFACTURER_TYPES = new Set(['many2one', 'char', 'selection']);
/**
 * Fields known to hold the manufacturer's part number (MPN), of type char: custom and Studio fields, the OCA
 * product_manufacturer add-on's "Manuf. Product Code" (manufacturer_pref; its manufacturer_pname is a name, not a
 * number), MPN add-ons.
 */
const PART_NUMBER_CANDIDATES = [
  'x_part_number',
  'x_studio_part_number',
  'x_mpn',
  'x_studio_mpn',
  'x_manufacturer_part_number',
  'manufacturer_pref',
  'mpn',
  'part_number',
];
/** A configured part number field may be any field whose value reads as text. */
const PART_NUMBER_TYPES = new Set(['char', 'text', 'many2one', 'selection']);

type ProductField = { name: string; info: FieldInfo } | null;
type ProductFields = { manufacturer: ProductField; partNumber: ProductField };

export interface CatalogOptions {
  /** product.product field holding the manufacturer; undefined: detected; '': none (ErpConnectorOptions) */
  manufacturerField?: string | undefined;
  /** product.product field holding the manufacturer's part number; undefined: detected; '': none */
  partNumberField?: string | undefined;
}

export function catalogReads(
  s: OdooSession,
  opts: CatalogOptions,
): Pick<ErpConnector, 'fetchProducts' | 'countProducts' | 'fetchQuotationTemplates'> {
  // Found once per connector (a failure is not kept).
  let fieldsPromise: Promise<ProductFields> | undefined;
  const productFields = () => {
    if (!fieldsPromise) {
      fieldsPromise = s
        .schema('product.product')
        .then((schema) => {
          // The part number first, so that the manufacturer's detection (by name, too) never takes its field.
          const partNumber = partNumberField(schema, opts.partNumberField);
          const detectFrom =
            partNumber && !opts.manufacturerField
              ? Object.fromEntries(Object.entries(schema).filter(([n]) => n !== partNumber.name))
              : schema;
          return { partNumber, manufacturer: manufacturerField(detectFrom, opts.manufacturerField) };
        })
        .catch((e) => {
          fieldsPromise = undefined;
          throw e;
        });
    }
    return fieldsPromise;
  };
  return {
    fetchProducts: (p) => fetchProducts(s, productFields, p),
    countProducts: () => s.searchCount('product.product', [], NO_ARCHIVE_FILTER),
    fetchQuotationTemplates: () => fetchQuotationTemplates(s),
  };
}

function manufacturerField(s: Record<string, FieldInfo>, configured: string | undefined): ProductField {
  if (configured === '') return null;
  if (configured) {
    const info = s[configured];
    if (!info)
      throw erpErrors.unknown(
        `the manufacturer field "${configured}" does not exist on product.product (check the configuration)`,
      );
    return { name: configured, info };
  }
  for (const name of MANUFACTURER_CANDIDATES) {
    const info = s[name];
    if (info && MANUFACTURER_TYPES.has(info.type)) return { name, info };
  }
  for (const re of [/manufactur/i, /brand/i]) {
    const hit = Object.entries(s).find(
      ([name, info]) => MANUFACTURER_TYPES.has(info.type) && (re.test(name) || re.test(info.string ?? '')),
    );
    if (hit) return { name: hit[0], info: hit[1] };
  }
  return null;
}

/** The configured field (which must exist and read as text), else the first char candidate the ERP has, else none. */
function partNumberField(s: Record<string, FieldInfo>, configured: string | undefined): ProductField {
  if (configured === '') return null;
  if (configured) {
    const info = s[configured];
    if (!info)
      throw erpErrors.unknown(
        `the part number field "${configured}" does not exist on product.product (check the configuration)`,
      );
    if (!PART_NUMBER_TYPES.has(info.type))
      throw erpErrors.unknown(
        `the part number field "${configured}" is a ${info.type} field; a text field is needed (check the configuration)`,
      );
    return { name: configured, info };
  }
  for (const name of PART_NUMBER_CANDIDATES) {
    const info = s[name];
    if (info?.type === 'char') return { name, info };
  }
  return null;
}

/** A field's value as text: a many2one's name, a selection's label, else the string; null when empty. */
function textValue(field: { info: FieldInfo } | null, v: unknown): string | null {
  if (!field || v === false || v === null || v === undefined) return null;
  if (field.info.type === 'many2one') return refName(v);
  if (field.info.type === 'selection') {
    const label = field.info.selection?.find(([k]) => k === v)?.[1];
    return label ?? str(v);
  }
  return str(v);
}

/** Kit BoM components per product of the page: one search_read for the BoMs, one for their lines. */
async function kitComponents(s: OdooSession, rows: Row[]): Promise<Map<number, ErpRelatedProduct[]>> {
  const out = new Map<number, ErpRelatedProduct[]>();
  const pids = rows.map((r) => r.id as number);
  const tids = [...new Set(rows.map((r) => refId(r.product_tmpl_id)).filter((x): x is number => x !== null))];
  if (pids.length === 0) return out;
  const boms = await s.searchRead(
    'mrp.bom',
    [
      '&',
      ['type', '=', 'phantom'],
      '|',
      ['product_id', 'in', pids],
      '&',
      ['product_id', '=', false],
      ['product_tmpl_id', 'in', tids],
    ],
    ['product_tmpl_id', 'product_id', 'product_qty', 'sequence'],
    { order: 'sequence, id' },
  );
  if (boms.length === 0) return out;
  const lines = await s.searchRead(
    'mrp.bom.line',
    [['bom_id', 'in', boms.map((b) => b.id as number)]],
    ['bom_id', 'product_id', 'product_qty'],
    { order: 'sequence, id' },
  );
  const linesByBom = new Map<number, Row[]>();
  for (const l of lines) {
    const b = refId(l.bom_id);
    if (b === null) continue;
    const list = linesByBom.get(b) ?? [];
    list.push(l);
    linesByBom.set(b, list);
  }
  for (const r of rows) {
    const pid = r.id as number;
    const tid = refId(r.product_tmpl_id);
    // As Odoo's _bom_find: a BoM for this very variant wins over one for the whole template.
    const bom =
      boms.find((b) => refId(b.product_id) === pid && linesByBom.has(b.id as number)) ??
      boms.find(
        (b) => refId(b.product_id) === null && refId(b.product_tmpl_id) === tid && linesByBom.has(b.id as number),
      );
    if (!bom) continue;
    const per = num(bom.product_qty) || 1;
    const merged = new Map<number, number>();
    for (const l of linesByBom.get(bom.id as number) ?? []) {
      const comp = refId(l.product_id);
      if (comp === null) continue;
      merged.set(comp, (merged.get(comp) ?? 0) + (num(l.product_qty) ?? 0) / per);
    }
    out.set(
      pid,
      [...merged].map(([odooId, q]) => ({ odooId, quantity: qty(q) })),
    );
  }
  return out;
}

/** optional_product_ids are TEMPLATE ids: one search_read maps them to their first (active) variant. */
async function optionalVariants(s: OdooSession, templateIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (templateIds.length === 0) return out;
  const variants = await s.searchRead(
    'product.product',
    [['product_tmpl_id', 'in', templateIds]],
    ['product_tmpl_id', 'active'],
    { order: 'id', context: NO_ARCHIVE_FILTER },
  );
  const archived = new Map<number, number>();
  for (const v of variants) {
    const t = refId(v.product_tmpl_id);
    if (t === null) continue;
    if (v.active !== false) {
      if (!out.has(t)) out.set(t, v.id as number);
    } else if (!archived.has(t)) archived.set(t, v.id as number);
  }
  for (const [t, v] of archived) if (!out.has(t)) out.set(t, v);
  return out;
}

async function fetchProducts(
  s: OdooSession,
  productFields: () => Promise<ProductFields>,
  p: ErpPage,
): Promise<ErpProduct[]> {
  checkPage(p);
  const [schema, { manufacturer: mf, partNumber: pn }] = await Promise.all([
    s.schema('product.product'),
    productFields(),
    s.version(),
  ]);
  const hasMrp = 'bom_ids' in schema || 'bom_count' in schema;
  const hasOptional = 'optional_product_ids' in schema;
  const fields = [
    'display_name',
    'default_code',
    'description_sale',
    'categ_id',
    'lst_price',
    'standard_price',
    'uom_id',
    'active',
    'write_date',
    'product_tmpl_id',
  ];
  if (hasOptional) fields.push('optional_product_ids');
  if (mf && !fields.includes(mf.name)) fields.push(mf.name);
  if (pn && !fields.includes(pn.name)) fields.push(pn.name);
  const rows = await s.searchRead('product.product', [['id', '>', p.afterId]], fields, {
    order: 'id asc',
    limit: p.limit,
    context: NO_ARCHIVE_FILTER,
  });
  const kits = hasMrp ? await kitComponents(s, rows) : new Map<number, ErpRelatedProduct[]>();
  const optionalTemplates = new Set<number>();
  if (hasOptional)
    for (const r of rows)
      if (!kits.has(r.id as number)) for (const t of ids(r.optional_product_ids)) optionalTemplates.add(t);
  const variantOf = await optionalVariants(s, [...optionalTemplates]);

  return rows.map((r): ErpProduct => {
    const id = r.id as number;
    const name = str(r.display_name) ?? '';
    let related = kits.get(id);
    if (!related) {
      related = [];
      for (const t of ids(r.optional_product_ids)) {
        const v = variantOf.get(t);
        if (v !== undefined && v !== id && !related.some((x) => x.odooId === v))
          related.push({ odooId: v, quantity: '1' });
      }
    }
    return {
      odooId: id,
      model: str(r.default_code) ?? '',
      name,
      description: str(r.description_sale) ?? name,
      category: refName(r.categ_id),
      manufacturer: mf ? textValue(mf, r[mf.name]) : null,
      partNumber: pn ? (textValue(pn, r[pn.name])?.trim() ?? '') || null : null,
      price: money2(r.lst_price),
      cost: cost4(r.standard_price),
      uom: refName(r.uom_id),
      active: r.active !== false,
      related,
      writeDate: isoDatetime(r.write_date),
    };
  });
}

async function fetchQuotationTemplates(s: OdooSession): Promise<ErpQuotationTemplate[]> {
  try {
    const rows = await s.searchRead('sale.order.template', [], ['name'], { order: 'sequence, id' });
    return rows.map((r) => ({ odooId: r.id as number, name: str(r.name) ?? '' }));
  } catch (e) {
    // sale_management (quotation templates) is an optional Odoo module.
    if (isModelMissing(e, 'sale.order.template')) return [];
    throw e;
  }
}
