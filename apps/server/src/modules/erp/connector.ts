// The Odoo connector: pages of products, partners, salespersons, quotation templates and sales, mapped to the
// plain types of erp.types.ts. Pure HTTP + mapping; no database, no retries of its own (the transport retries
// reads). Every page costs a fixed number of calls whatever its size: related records (order lines, BoMs,
// addresses, optional products' variants) are read for the whole page at once, never per record.
//
// Version differences are found by asking, not by version number: fields_get of each model is read once per
// connector and decides which optional fields exist (locked, margin, purchase_price, the line UoM field —
// product_uom on ≤ 18, product_uom_id on 19 —, mrp's bom_ids, the manufacturer field).
import { ErpError, erpErrors } from './erp.errors.js';
import type {
  ErpConnector,
  ErpPage,
  ErpPartner,
  ErpProduct,
  ErpQuotationTemplate,
  ErpRelatedProduct,
  ErpSale,
  ErpSaleLine,
  ErpSalesperson,
  ErpServerInfo,
} from './erp.types.js';
import {
  asRows,
  cost4,
  ids,
  isoDatetime,
  lineKind,
  money2,
  num,
  qty,
  ref,
  refId,
  refName,
  saleState,
  str,
} from './mapping.js';
import { createTransport, type OdooProtocol, type OdooTransport, type TransportOptions } from './transport.js';

export type { ErpConnector } from './erp.types.js';

export interface ErpConnectorOptions {
  url: string;
  db: string;
  login: string;
  apiKey: string;
  protocol: OdooProtocol;
  timeoutMs?: number;
  retries?: number;
  retryDelayMs?: number;
  /**
   * product.product field holding the manufacturer (many2one, char or selection). Default: detected with
   * fields_get (x_manufacturer_id, manufacturer_id, product_brand_id, … then any field named like
   * manufacturer/brand). '' turns the manufacturer off.
   */
  manufacturerField?: string;
  /** rows per call when reading the lines of a page of orders (they can be thousands) */
  linePageSize?: number;
  onRequest?: TransportOptions['onRequest'];
  /** use this transport instead of creating one (tests) */
  transport?: OdooTransport;
}

interface FieldInfo {
  type: string;
  relation?: string;
  string?: string;
  selection?: [string, string][];
}
type Schema = Record<string, FieldInfo>;

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

const NO_ARCHIVE_FILTER = { active_test: false };
const DEFAULT_LINE_PAGE = 5000;

/** "the model X does not exist" on 19, "Object X doesn't exist" on ≤ 18: an optional module is not installed. */
function isModelMissing(e: unknown, model: string): boolean {
  if (!(e instanceof ErpError)) return false;
  const m = model.replace(/\./g, '\\.');
  return new RegExp(`(Object ${m} doesn't exist|model '${m}' does not exist)`).test(e.message);
}

export function createErpConnector(opts: ErpConnectorOptions): ErpConnector {
  const baseUrl = opts.url.replace(/\/+$/, '');
  const transport =
    opts.transport ??
    createTransport({
      url: opts.url,
      db: opts.db,
      login: opts.login,
      apiKey: opts.apiKey,
      protocol: opts.protocol,
      ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
      ...(opts.retries !== undefined ? { retries: opts.retries } : {}),
      ...(opts.retryDelayMs !== undefined ? { retryDelayMs: opts.retryDelayMs } : {}),
      ...(opts.onRequest ? { onRequest: opts.onRequest } : {}),
    });
  const linePageSize = opts.linePageSize ?? DEFAULT_LINE_PAGE;
  let knownMajor: number | undefined;

  const schemas = new Map<string, Promise<Schema>>();
  function schema(model: string): Promise<Schema> {
    let p = schemas.get(model);
    if (!p) {
      p = transport
        .call(model, 'fields_get', [], { attributes: ['type', 'relation', 'string', 'selection'] })
        .then((r) => {
          if (!r || typeof r !== 'object' || Array.isArray(r))
            throw erpErrors.protocol(`${model}.fields_get did not answer a field map`, {
              operation: `${model}.fields_get`,
            });
          return r as Schema;
        })
        .catch((e) => {
          schemas.delete(model);
          throw e;
        });
      schemas.set(model, p);
    }
    return p;
  }

  async function version() {
    const v = await transport.version();
    knownMajor = v.major;
    return v;
  }

  async function searchRead(
    model: string,
    domain: unknown[],
    fields: string[],
    kw: { order?: string; limit?: number; context?: Record<string, unknown> } = {},
  ): Promise<Record<string, unknown>[]> {
    const kwargs: Record<string, unknown> = { domain, fields };
    if (kw.order) kwargs.order = kw.order;
    if (kw.limit !== undefined) kwargs.limit = kw.limit;
    if (kw.context) kwargs.context = kw.context;
    const r = await transport.call(model, 'search_read', [], kwargs);
    const rows = asRows(r);
    if (!rows)
      throw erpErrors.protocol(`${model}.search_read did not answer a list of records`, {
        operation: `${model}.search_read`,
      });
    return rows;
  }

  async function searchCount(model: string, domain: unknown[], context?: Record<string, unknown>): Promise<number> {
    const r = await transport.call(model, 'search_count', [], context ? { domain, context } : { domain });
    if (typeof r !== 'number')
      throw erpErrors.protocol(`${model}.search_count did not answer a number`, { operation: `${model}.search_count` });
    return r;
  }

  function checkPage(p: ErpPage) {
    if (!Number.isInteger(p.afterId) || p.afterId < 0) throw new RangeError('afterId must be an integer ≥ 0');
    if (!Number.isInteger(p.limit) || p.limit < 1) throw new RangeError('limit must be an integer ≥ 1');
  }

  // ---- products -------------------------------------------------------------------------------------------

  let manufacturerPromise: Promise<{ name: string; info: FieldInfo } | null> | undefined;
  function manufacturerField() {
    if (!manufacturerPromise) {
      manufacturerPromise = schema('product.product')
        .then((s) => {
          if (opts.manufacturerField === '') return null;
          if (opts.manufacturerField) {
            const info = s[opts.manufacturerField];
            if (!info)
              throw erpErrors.unknown(
                `the manufacturer field "${opts.manufacturerField}" does not exist on product.product (check the configuration)`,
              );
            return { name: opts.manufacturerField, info };
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
        })
        .catch((e) => {
          manufacturerPromise = undefined;
          throw e;
        });
    }
    return manufacturerPromise;
  }

  function manufacturerValue(field: { info: FieldInfo } | null, v: unknown): string | null {
    if (!field || v === false || v === null || v === undefined) return null;
    if (field.info.type === 'many2one') return refName(v);
    if (field.info.type === 'selection') {
      const label = field.info.selection?.find(([k]) => k === v)?.[1];
      return label ?? str(v);
    }
    return str(v);
  }

  /** Kit BoM components per product of the page: one search_read for the BoMs, one for their lines. */
  async function kitComponents(rows: Record<string, unknown>[]): Promise<Map<number, ErpRelatedProduct[]>> {
    const out = new Map<number, ErpRelatedProduct[]>();
    const pids = rows.map((r) => r.id as number);
    const tids = [...new Set(rows.map((r) => refId(r.product_tmpl_id)).filter((x): x is number => x !== null))];
    if (pids.length === 0) return out;
    const boms = await searchRead(
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
    const lines = await searchRead(
      'mrp.bom.line',
      [['bom_id', 'in', boms.map((b) => b.id as number)]],
      ['bom_id', 'product_id', 'product_qty'],
      { order: 'sequence, id' },
    );
    const linesByBom = new Map<number, Record<string, unknown>[]>();
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
  async function optionalVariants(templateIds: number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (templateIds.length === 0) return out;
    const variants = await searchRead(
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

  async function fetchProducts(p: ErpPage): Promise<ErpProduct[]> {
    checkPage(p);
    const [s, mf] = await Promise.all([schema('product.product'), manufacturerField(), version()]);
    const hasMrp = 'bom_ids' in s || 'bom_count' in s;
    const hasOptional = 'optional_product_ids' in s;
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
    const rows = await searchRead('product.product', [['id', '>', p.afterId]], fields, {
      order: 'id asc',
      limit: p.limit,
      context: NO_ARCHIVE_FILTER,
    });
    const kits = hasMrp ? await kitComponents(rows) : new Map<number, ErpRelatedProduct[]>();
    const optionalTemplates = new Set<number>();
    if (hasOptional)
      for (const r of rows)
        if (!kits.has(r.id as number)) for (const t of ids(r.optional_product_ids)) optionalTemplates.add(t);
    const variantOf = await optionalVariants([...optionalTemplates]);

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
        manufacturer: mf ? manufacturerValue(mf, r[mf.name]) : null,
        price: money2(r.lst_price),
        cost: cost4(r.standard_price),
        uom: refName(r.uom_id),
        active: r.active !== false,
        related,
        writeDate: isoDatetime(r.write_date),
      };
    });
  }

  // ---- partners -------------------------------------------------------------------------------------------

  async function fetchPartners(p: ErpPage): Promise<ErpPartner[]> {
    checkPage(p);
    const rows = await searchRead(
      'res.partner',
      [
        ['parent_id', '=', false],
        ['id', '>', p.afterId],
      ],
      ['name', 'display_name', 'email', 'active'],
      { order: 'id asc', limit: p.limit, context: NO_ARCHIVE_FILTER },
    );
    const byParent = new Map<number, ErpPartner['addresses']>();
    if (rows.length > 0) {
      // Archived addresses are left out: they cannot be chosen on a new quotation.
      const children = await searchRead(
        'res.partner',
        [
          ['parent_id', 'in', rows.map((r) => r.id as number)],
          ['type', 'in', ['invoice', 'delivery']],
        ],
        ['parent_id', 'name', 'display_name', 'type'],
        { order: 'id asc' },
      );
      for (const c of children) {
        const parent = refId(c.parent_id);
        if (parent === null || (c.type !== 'invoice' && c.type !== 'delivery')) continue;
        const list = byParent.get(parent) ?? [];
        list.push({ odooId: c.id as number, name: str(c.name) ?? str(c.display_name) ?? '', type: c.type });
        byParent.set(parent, list);
      }
    }
    return rows.map((r) => ({
      odooId: r.id as number,
      name: str(r.name) ?? str(r.display_name) ?? '',
      email: str(r.email),
      active: r.active !== false,
      addresses: byParent.get(r.id as number) ?? [],
    }));
  }

  // ---- salespersons, templates ----------------------------------------------------------------------------

  async function fetchSalespersons(): Promise<ErpSalesperson[]> {
    const rows = await searchRead('res.users', [['share', '=', false]], ['name', 'email', 'login'], {
      order: 'id asc',
    });
    return rows.map((r) => {
      const login = str(r.login);
      return {
        odooId: r.id as number,
        name: str(r.name) ?? login ?? '',
        email: str(r.email) ?? (login?.includes('@') ? login : null),
      };
    });
  }

  async function fetchQuotationTemplates(): Promise<ErpQuotationTemplate[]> {
    try {
      const rows = await searchRead('sale.order.template', [], ['name'], { order: 'sequence, id' });
      return rows.map((r) => ({ odooId: r.id as number, name: str(r.name) ?? '' }));
    } catch (e) {
      // sale_management (quotation templates) is an optional Odoo module.
      if (isModelMissing(e, 'sale.order.template')) return [];
      throw e;
    }
  }

  // ---- sales ----------------------------------------------------------------------------------------------

  async function saleLines(orderIds: number[], lineFields: string[]): Promise<Record<string, unknown>[]> {
    // An order can have thousands of lines: page them by id so no single answer is unbounded.
    const all: Record<string, unknown>[] = [];
    let after = 0;
    for (;;) {
      const page = await searchRead(
        'sale.order.line',
        [
          ['order_id', 'in', orderIds],
          ['id', '>', after],
        ],
        lineFields,
        { order: 'id asc', limit: linePageSize },
      );
      all.push(...page);
      if (page.length < linePageSize) return all;
      after = page[page.length - 1]!.id as number;
    }
  }

  async function fetchSales(p: ErpPage): Promise<ErpSale[]> {
    checkPage(p);
    const [so, sol] = await Promise.all([schema('sale.order'), schema('sale.order.line'), version()]);
    const orderFields = [
      'name',
      'state',
      'partner_id',
      'partner_invoice_id',
      'partner_shipping_id',
      'user_id',
      'amount_untaxed',
      'date_order',
      'write_date',
    ];
    for (const f of ['origin', 'locked', 'margin', 'sale_order_template_id']) if (f in so) orderFields.push(f);
    const uomField = 'product_uom_id' in sol ? 'product_uom_id' : 'product_uom' in sol ? 'product_uom' : null;
    const lineFields = ['order_id', 'sequence', 'display_type', 'name', 'product_id', 'product_uom_qty', 'price_unit'];
    if (uomField) lineFields.push(uomField);
    const hasCost = 'purchase_price' in sol;
    if (hasCost) lineFields.push('purchase_price');

    const rows = await searchRead('sale.order', [['id', '>', p.afterId]], orderFields, {
      order: 'id asc',
      limit: p.limit,
    });
    const linesByOrder = new Map<number, ErpSaleLine[]>();
    if (rows.length > 0) {
      for (const l of await saleLines(
        rows.map((r) => r.id as number),
        lineFields,
      )) {
        const order = refId(l.order_id);
        if (order === null) continue;
        const kind = lineKind(l.display_type);
        const list = linesByOrder.get(order) ?? [];
        list.push({
          odooId: l.id as number,
          sequence: num(l.sequence) ?? 0,
          kind,
          productOdooId: kind === 'product' ? refId(l.product_id) : null,
          name: str(l.name) ?? '',
          quantity: qty(l.product_uom_qty),
          priceUnit: money2(l.price_unit),
          cost: hasCost ? cost4(l.purchase_price) : '0.00',
          uom: uomField ? refName(l[uomField]) : null,
        });
        linesByOrder.set(order, list);
      }
    }
    return rows.map((r) => {
      const id = r.id as number;
      const lines = (linesByOrder.get(id) ?? []).sort((a, b) => a.sequence - b.sequence || a.odooId - b.odooId);
      return {
        odooId: id,
        name: str(r.name) ?? '',
        origin: str(r.origin),
        state: saleState(r.state, r.locked),
        partner: ref(r.partner_id),
        partnerInvoice: ref(r.partner_invoice_id),
        partnerShipping: ref(r.partner_shipping_id),
        salesperson: ref(r.user_id),
        template: ref(r.sale_order_template_id),
        amountUntaxed: money2(r.amount_untaxed),
        margin: 'margin' in r ? money2(r.margin) : null,
        dateOrder: isoDatetime(r.date_order),
        writeDate: isoDatetime(r.write_date),
        lines,
      };
    });
  }

  return {
    async serverInfo(): Promise<ErpServerInfo> {
      const [v, protocol] = await Promise.all([version(), transport.protocol()]);
      return { serverVersion: v.serverVersion, protocol };
    },
    fetchProducts,
    countProducts: () => searchCount('product.product', [], NO_ARCHIVE_FILTER),
    fetchPartners,
    countPartners: () => searchCount('res.partner', [['parent_id', '=', false]], NO_ARCHIVE_FILTER),
    fetchSalespersons,
    fetchQuotationTemplates,
    fetchSales,
    countSales: () => searchCount('sale.order', []),
    saleUrl(odooId: number): string {
      // Odoo 17 moved the web client to /odoo/<app>/<id>. Before the version is known (no call made yet),
      // assume a current Odoo.
      if (knownMajor !== undefined && knownMajor < 17)
        return `${baseUrl}/web#id=${odooId}&model=sale.order&view_type=form`;
      return `${baseUrl}/odoo/sales/${odooId}`;
    },
  };
}
