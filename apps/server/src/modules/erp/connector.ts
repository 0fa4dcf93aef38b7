// The Odoo connector: pages of products, partners, salespersons, quotation templates and sales, mapped to the
// plain types of erp.types.ts. Pure HTTP + mapping; no database, no retries of its own (the transport retries
// reads). Every page costs a fixed number of calls whatever its size: related records (order lines, BoMs,
// addresses, optional products' variants) are read for the whole page at once, never per record.
//
// Version differences are found by asking, not by version number: fields_get of each model is read once per
// connector and decides which optional fields exist (locked, margin, purchase_price, the line UoM field —
// product_uom on ≤ 18, product_uom_id on 19 —, mrp's bom_ids, the manufacturer field).
import { ErpError, erpErrors, OrderNotEditable, OrderNotOurs } from './erp.errors.js';
import type {
  AnalyticAccountReport,
  AnalyticAccountsQuery,
  AnalyticSummaryRow,
  ErpCompany,
  ErpConnector,
  ErpIdName,
  ErpJournalItem,
  ErpOrderByOrigin,
  ErpOrderOwner,
  ErpPage,
  ErpPartner,
  ErpPreviewCounts,
  ErpProduct,
  ErpProgressFn,
  ErpPublishResult,
  ErpQuotationTemplate,
  ErpRelatedProduct,
  ErpSale,
  ErpSaleDraft,
  ErpSaleLine,
  ErpSalePreview,
  ErpSalesperson,
  ErpServerInfo,
  ErpStockEntry,
  ErpStockLocation,
  ErpStockProduct,
  ErpSyncResult,
  JournalItemsQuery,
} from './erp.types.js';
import {
  asRows,
  cost4,
  ids,
  isoDatetime,
  lineKind,
  money2,
  num,
  percent4,
  qty,
  ref,
  refId,
  refName,
  saleState,
  str,
} from './mapping.js';
import { parseOrigin } from './order-keys.js';
import {
  chunk,
  createVals,
  diffLines,
  headerChanges,
  headerVals,
  keepSequences,
  LINE_FIELDS,
  type LineDiff,
  linkLines,
  type OdooLine,
  odooLine,
  type PlannedLine,
  planLines,
  updateVals,
} from './publish.js';
import {
  type AccountInfo,
  type AnalyticEntryInput,
  type AnalyticSaleInput,
  type AnalyticSums,
  analyticAmount,
  buildAnalyticReport,
  buildAnalyticSummary,
  distributionAccounts,
  groupBy,
  idName,
  journalItem,
  round2,
  round4,
  stockEntry,
} from './reports.js';
import { createTransport, type OdooProtocol, type OdooTransport, type TransportOptions } from './transport.js';

export type { ErpConnector } from './erp.types.js';

export interface ErpConnectorOptions {
  url: string;
  db: string;
  login: string;
  apiKey: string;
  protocol: OdooProtocol;
  timeoutMs?: number;
  /** The ERP's address as people's browsers reach it, for 'Open in {ERP}' links (default: `url`). */
  publicUrl?: string;
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
  /** rows per call for report reads (analytic lines, quants, journal items…); default 2,000 */
  reportPageSize?: number;
  /** x2many commands per sale.order.write when syncing a huge order; default 1,000 */
  syncBatchSize?: number;
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
const DEFAULT_REPORT_PAGE = 2000;
const DEFAULT_SYNC_BATCH = 1000;
const READ_CHUNK = 1000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A write whose answer was lost: timeout, dropped or refused connection, or a gateway answer that is not Odoo's
 * (HTML 5xx page, body that is not JSON). Odoo may or may not have committed it. An Odoo error (odooName set)
 * is a definite refusal: the transaction was rolled back.
 */
export function isOutcomeUnknown(e: unknown): boolean {
  if (!(e instanceof ErpError)) return false;
  if (e.kind === 'timeout' || e.kind === 'unreachable') return true;
  if (e.odooName !== undefined) return false;
  if (e.kind === 'protocol') return e.httpStatus === undefined || e.httpStatus === 200 || e.httpStatus >= 500;
  return e.kind === 'unknown' && (e.httpStatus ?? 0) >= 500;
}

function withMessage(e: ErpError, message: string): ErpError {
  const opts: ConstructorParameters<typeof ErpError>[2] = { cause: e };
  if (e.odooName !== undefined) opts.odooName = e.odooName;
  if (e.httpStatus !== undefined) opts.httpStatus = e.httpStatus;
  if (e.operation !== undefined) opts.operation = e.operation;
  return new ErpError(e.kind, message, opts);
}

/** Access errors of a report name what the integration user needs, after Odoo's own text. */
async function forReport<T>(needs: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof ErpError && e.kind === 'access' && !e.message.includes(needs))
      throw withMessage(e, `${e.message.trimEnd()}\n(${needs})`);
    throw e;
  }
}

const ANALYTIC_NEEDS =
  'the analytic account report needs read access to analytic accounts, analytic lines, journal items, accounts and sale order lines: groups Analytic Accounting and Accounting / Read-only or better';
const JOURNAL_NEEDS =
  'the journal items export needs read access to journal items and accounts: group Accounting / Read-only or better';
const STOCK_NEEDS = 'the stock reports need read access to locations, quants and products: group Inventory / User';

/** "the model X does not exist" on 19, "Object X doesn't exist" on ≤ 18: an optional module is not installed. */
function isModelMissing(e: unknown, model: string): boolean {
  if (!(e instanceof ErpError)) return false;
  const m = model.replace(/\./g, '\\.');
  return new RegExp(`(Object ${m} doesn't exist|model '${m}' does not exist)`).test(e.message);
}

export function createErpConnector(opts: ErpConnectorOptions): ErpConnector {
  const webUrl = (opts.publicUrl ?? opts.url).replace(/\/+$/, '');
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
  const reportPageSize = opts.reportPageSize ?? DEFAULT_REPORT_PAGE;
  const syncBatchSize = opts.syncBatchSize ?? DEFAULT_SYNC_BATCH;
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
      'create_date',
    ];
    for (const f of ['origin', 'locked', 'margin', 'sale_order_template_id']) if (f in so) orderFields.push(f);
    const uomField = 'product_uom_id' in sol ? 'product_uom_id' : 'product_uom' in sol ? 'product_uom' : null;
    const lineFields = ['order_id', 'sequence', 'display_type', 'name', 'product_id', 'product_uom_qty', 'price_unit'];
    if (uomField) lineFields.push(uomField);
    const hasCost = 'purchase_price' in sol;
    if (hasCost) lineFields.push('purchase_price');
    const hasDiscount = 'discount' in sol;
    if (hasDiscount) lineFields.push('discount');

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
          discount: hasDiscount && kind === 'product' ? percent4(l.discount) : '0',
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
        createdAt: isoDatetime(r.create_date),
        lines,
      };
    });
  }

  // ---- generic batch reads --------------------------------------------------------------------------------

  /** Every record of a domain, paged by id (pageSize rows a call). */
  async function searchAll(
    model: string,
    domain: unknown[],
    fields: string[],
    kw: { context?: Record<string, unknown>; pageSize?: number } = {},
  ): Promise<Record<string, unknown>[]> {
    const size = kw.pageSize ?? reportPageSize;
    const all: Record<string, unknown>[] = [];
    let after = 0;
    for (;;) {
      const page = await searchRead(model, [...domain, ['id', '>', after]], fields, {
        order: 'id asc',
        limit: size,
        ...(kw.context ? { context: kw.context } : {}),
      });
      all.push(...page);
      if (page.length < size) return all;
      after = page[page.length - 1]!.id as number;
    }
  }

  /** read() of many ids, a chunk a call (a missing id is simply absent, as Odoo's read). */
  async function readIds(
    model: string,
    idList: number[],
    fields: string[],
    context?: Record<string, unknown>,
  ): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    for (const part of chunk([...new Set(idList)], READ_CHUNK)) {
      if (part.length === 0) continue;
      const r = await transport.call(model, 'read', [part, fields], context ? { context } : {});
      const rows = asRows(r);
      if (!rows)
        throw erpErrors.protocol(`${model}.read did not answer a list of records`, { operation: `${model}.read` });
      out.push(...rows);
    }
    return out;
  }

  /** A field the operation cannot do without: fields_get leaves out what the user may not read. */
  function requireFields(model: string, s: Schema, fields: string[]) {
    const missing = fields.filter((f) => !(f in s));
    if (missing.length)
      throw new ErpError(
        'access',
        `The ERP user lacks access: cannot read ${missing.map((f) => `${model}.${f}`).join(', ')} (the field is restricted to a group the user lacks, or its module is not installed)`,
        { operation: `${model}.fields_get` },
      );
  }

  // ---- companies ------------------------------------------------------------------------------------------

  async function companies(): Promise<ErpCompany[]> {
    const rows = await searchRead('res.company', [], ['name'], { order: 'id asc' });
    return rows.map((r) => ({ odooId: r.id as number, name: str(r.name) ?? '' }));
  }

  // ---- publish / sync -------------------------------------------------------------------------------------

  async function saleOptions() {
    const [so, sol] = await Promise.all([schema('sale.order'), schema('sale.order.line'), version()]);
    return {
      subsections: !!sol.display_type?.selection?.some(([k]) => k === 'line_subsection'),
      hasCost: 'purchase_price' in sol,
      hasDiscount: 'discount' in sol,
      hasTemplate: 'sale_order_template_id' in so,
      hasLocked: 'locked' in so,
    };
  }

  /** Progress never goes back (a retry reports at the level reached so far). */
  const progressOf = (fn?: ErpProgressFn) => {
    let last = 0;
    return (progress: number, message: string) => {
      last = Math.max(last, Math.max(0, Math.min(100, Math.round(progress))));
      try {
        fn?.({ progress: last, message });
      } catch {
        // a failing progress listener must not fail the ERP operation
      }
    };
  };

  async function orderLines(orderId: number, o: { hasCost: boolean; hasDiscount: boolean }): Promise<OdooLine[]> {
    const fields = [
      'order_id',
      ...LINE_FIELDS,
      ...(o.hasCost ? ['purchase_price'] : []),
      ...(o.hasDiscount ? ['discount'] : []),
    ];
    return (await saleLines([orderId], fields)).map(odooLine);
  }

  async function findByOrigin(origin: string): Promise<{ id: number; name: string } | undefined> {
    const rows = await searchRead('sale.order', [['origin', '=', origin]], ['name'], { order: 'id asc', limit: 1 });
    const r = rows[0];
    return r ? { id: r.id as number, name: str(r.name) ?? '' } : undefined;
  }

  function unknownOutcome(e: ErpError, what: string): ErpError {
    return withMessage(
      e,
      `${e.message}. The ERP may or may not have ${what}, and could not be asked again; trying again is safe.`,
    );
  }

  async function publishSale(sale: ErpSaleDraft, onProgress?: ErpProgressFn): Promise<ErpPublishResult> {
    const progress = progressOf(onProgress);
    if (!sale.quoteNumber?.trim()) throw erpErrors.validation('The sale has no quote number');
    progress(0, 'Preparing the sales order');
    const o = await saleOptions();
    const planned = planLines(sale, o);
    const header = { ...headerVals(sale, o), origin: sale.quoteNumber };
    const vals = { ...header, order_line: planned.map((p) => [0, 0, createVals(p, o)]) };

    progress(10, 'Looking for the order in the ERP');
    let order = await findByOrigin(sale.quoteNumber);
    const alreadyPublished = order !== undefined;
    for (let attempt = 1; !order; attempt++) {
      progress(20, `Creating the sales order (${planned.length} lines)`);
      try {
        const r = await transport.call('sale.order', 'create', [[vals]], {});
        const id = Array.isArray(r) ? r[0] : r;
        if (typeof id !== 'number')
          throw erpErrors.protocol('sale.order.create did not answer the new id', { operation: 'sale.order.create' });
        order = { id, name: '' };
      } catch (e) {
        if (!isOutcomeUnknown(e)) throw e;
        const err = e as ErpError;
        // The order may exist: ask (the search is a read and is retried); never create blindly.
        progress(40, 'The ERP did not confirm the order: checking whether it was created');
        try {
          order = await findByOrigin(sale.quoteNumber);
        } catch (e2) {
          if (e2 instanceof ErpError) throw unknownOutcome(err, 'created the order');
          throw e2;
        }
        if (!order && attempt >= 3) throw err;
      }
    }

    progress(80, 'Reading the order lines back');
    const [head] = await readIds('sale.order', [order.id], ['name']);
    const lines = await orderLines(order.id, o);
    progress(100, alreadyPublished ? 'The sale was already in the ERP' : 'Published');
    return {
      odooId: order.id,
      name: str(head?.name) ?? order.name,
      lineIds: linkLines(planned, lines),
      alreadyPublished,
    };
  }

  async function readOrderHead(odooId: number, hasTemplate: boolean, hasLocked: boolean) {
    const fields = [
      'name',
      'origin',
      'create_date',
      'state',
      'partner_id',
      'partner_invoice_id',
      'partner_shipping_id',
      'user_id',
      'client_order_ref',
    ];
    if (hasTemplate) fields.push('sale_order_template_id');
    if (hasLocked) fields.push('locked');
    const [row] = await readIds('sale.order', [odooId], fields);
    if (!row) throw erpErrors.missing(`sale.order(${odooId}) was deleted`, { operation: 'sale.order.read' });
    return row;
  }

  /** Whether the order as read is the sale's (ErpOrderOwner): its origin carries the key, or it is the recorded one. */
  function ownedBy(head: Record<string, unknown>, owner: ErpOrderOwner): boolean {
    const origin = str(head.origin);
    if (origin && parseOrigin(origin).key === owner.key) return true;
    const r = owner.recorded;
    if (!r || (r.createdAt === null && r.origin === null)) return false;
    if ((str(head.name) ?? '') !== r.name) return false;
    if (r.createdAt !== null && isoDatetime(head.create_date) !== r.createdAt) return false;
    return r.origin === null || origin === r.origin;
  }

  /**
   * The order as read, refused unless it is the sale's (OrderNotOurs) and Odoo still takes changes to it (a
   * quotation: draft or sent, not locked).
   */
  function editableHead(head: Record<string, unknown>, owner: ErpOrderOwner | null): Record<string, unknown> {
    if (owner && !ownedBy(head, owner)) throw new OrderNotOurs(str(head.name) ?? '', str(head.origin));
    const state = saleState(head.state, head.locked);
    if (state !== 'draft' && state !== 'sent') throw new OrderNotEditable(str(head.name) ?? '', state);
    return head;
  }

  /**
   * The header values a sync sends to an order. An order brought in from the ERP carries the order's own name
   * (S00012) as the sale's name: that is not a customer reference, so the order's client_order_ref is left alone.
   */
  function syncHeader(sale: ErpSaleDraft, head: Record<string, unknown>, o: { hasTemplate: boolean }) {
    const header = headerVals(sale, o);
    if (sale.name?.trim() && sale.name.trim() === str(head.name)) delete header.client_order_ref;
    return header;
  }

  async function syncSale(
    odooId: number,
    sale: ErpSaleDraft,
    owner: ErpOrderOwner,
    onProgress?: ErpProgressFn,
  ): Promise<ErpSyncResult> {
    const progress = progressOf(onProgress);
    if (!Number.isInteger(odooId) || odooId <= 0) throw new RangeError('odooId must be a positive integer');
    progress(0, 'Reading the order from the ERP');
    const o = await saleOptions();
    let head = editableHead(await readOrderHead(odooId, o.hasTemplate, o.hasLocked), owner);
    const header = syncHeader(sale, head, o);
    const existing = await orderLines(odooId, o);
    // Planned once: a retry after a lost answer plans the same sequences, so diffLines adopts what it created.
    const planned: PlannedLine[] = keepSequences(planLines(sale, o), existing);
    let diff: LineDiff = diffLines(planned, existing, o);
    let changes = headerChanges(header, head);
    const first = diff;

    for (let attempt = 1; ; attempt++) {
      const batches = chunk(diff.commands, syncBatchSize);
      try {
        for (let i = 0; i < batches.length; i++) {
          const vals: Record<string, unknown> = i === 0 ? { ...changes } : {};
          if (batches[i]!.length) vals.order_line = batches[i];
          if (Object.keys(vals).length === 0) continue;
          progress(10 + (70 * i) / batches.length, `Writing the changes to the ERP (${diff.commands.length} lines)`);
          await transport.call('sale.order', 'write', [[odooId], vals], {});
        }
        break;
      } catch (e) {
        if (!isOutcomeUnknown(e) || attempt >= 2) throw e;
        const err = e as ErpError;
        // Lost answer: look at the order again and write only what is still missing (lines a lost write
        // created are adopted by diffLines, so nothing is created twice).
        progress(50, 'The ERP did not confirm the changes: checking the order');
        try {
          head = editableHead(await readOrderHead(odooId, o.hasTemplate, o.hasLocked), owner);
          diff = diffLines(planned, await orderLines(odooId, o), o);
        } catch (e2) {
          if (e2 instanceof ErpError) throw unknownOutcome(err, 'saved the changes');
          throw e2;
        }
        changes = headerChanges(header, head);
        if (diff.commands.length === 0 && Object.keys(changes).length === 0) break;
      }
    }

    progress(90, 'Reading the order lines back');
    head = await readOrderHead(odooId, o.hasTemplate, o.hasLocked);
    const lines = await orderLines(odooId, o);
    progress(100, 'Synced');
    return {
      odooId,
      name: str(head.name) ?? '',
      state: saleState(head.state, head.locked),
      lineIds: linkLines(planned, lines, diff.kept),
      created: first.created,
      updated: first.updated,
      deleted: first.deleted,
      sections: first.sections,
    };
  }

  async function ordersByOrigin(origins: string[]): Promise<ErpOrderByOrigin[]> {
    const wanted = [...new Set(origins.filter((o) => o.trim()))];
    if (wanted.length === 0) return [];
    const rows = await searchRead(
      'sale.order',
      [['origin', 'in', wanted]],
      ['name', 'origin', 'partner_id', 'client_order_ref'],
      { order: 'id asc' },
    );
    return rows.map((r) => ({
      odooId: r.id as number,
      name: str(r.name) ?? '',
      origin: str(r.origin) ?? '',
      partnerId: refId(r.partner_id),
      clientOrderRef: str(r.client_order_ref),
    }));
  }

  // ---- preview (read only) --------------------------------------------------------------------------------

  async function previewSale(
    odooId: number | null,
    sale: ErpSaleDraft,
    owner: ErpOrderOwner | null,
  ): Promise<ErpSalePreview> {
    if (odooId !== null && (!Number.isInteger(odooId) || odooId <= 0))
      throw new RangeError('odooId must be a positive integer or null');
    const o = await saleOptions();
    const planned = planLines(sale, o);
    const header = headerVals(sale, o);
    const zero = (): ErpPreviewCounts => ({ created: 0, updated: 0, moved: 0, unchanged: 0, deleted: 0 });
    const lines = zero();
    const sections = zero();
    const bucket = (displayType: unknown) => (displayType === 'line_section' ? sections : lines);
    let target: { id: number; name: string } | undefined;
    if (odooId !== null) target = { id: odooId, name: '' };
    else {
      if (!sale.quoteNumber?.trim()) throw erpErrors.validation('The sale has no quote number');
      target = await findByOrigin(sale.quoteNumber);
    }
    if (!target) {
      for (const p of planned) bucket(p.displayType).created += 1;
      return { action: 'create', odooId: null, name: null, lines, sections, header: Object.keys(header) };
    }
    if (odooId !== null && !owner) throw new RangeError('previewSale of a linked order needs its owner');
    // An order found by the draft's own origin is the one publishSale would adopt (the origin carries the key).
    const head = editableHead(
      await readOrderHead(target.id, o.hasTemplate, o.hasLocked),
      odooId === null ? null : owner,
    );
    const existing = await orderLines(target.id, o);
    // Planned as a sync plans them: lines kept in order keep their Odoo sequences (not counted as moved).
    const sequenced = keepSequences(planned, existing);
    const diff = diffLines(sequenced, existing, o);
    const byId = new Map(existing.map((l) => [l.id, l]));
    for (const p of sequenced) {
      const id = diff.kept.get(p.localId);
      const b = bucket(p.displayType);
      if (id === undefined) {
        b.created += 1;
        continue;
      }
      const vals = updateVals(p, byId.get(id)!, o);
      const keys = Object.keys(vals);
      if (keys.length === 0) b.unchanged += 1;
      else if (keys.length === 1 && keys[0] === 'sequence') b.moved += 1;
      else b.updated += 1;
    }
    const kept = new Set(diff.kept.values());
    for (const l of existing) if (!kept.has(l.id)) bucket(l.displayType).deleted += 1;
    return {
      action: odooId !== null ? 'update' : 'link',
      odooId: target.id,
      name: str(head.name) ?? target.name,
      lines,
      sections,
      header: Object.keys(headerChanges(syncHeader(sale, head, o), head)),
    };
  }

  /** Orders whose lines' analytic_distribution names one of the accounts (≤ 16: the order's account). */
  async function linkedSales(
    accountIds: number[],
    known: Set<number>,
    so: Schema,
    sol: Schema,
    orderAccountField: string | null,
  ): Promise<AnalyticSaleInput[]> {
    // Linked sales: orders whose lines' analytic_distribution names an account (≤ 16: the order's account).
    const orderAccounts = new Map<number, Set<number>>();
    const link = (order: number | null, account: number) => {
      if (order === null || !known.has(account)) return;
      const set = orderAccounts.get(order) ?? new Set<number>();
      set.add(account);
      orderAccounts.set(order, set);
    };
    if (accountIds.length > 0) {
      if ('analytic_distribution' in sol)
        for (const l of await searchAll(
          'sale.order.line',
          [['analytic_distribution', 'in', accountIds]],
          ['order_id', 'analytic_distribution'],
        ))
          for (const d of distributionAccounts(l.analytic_distribution)) link(refId(l.order_id), d.accountId);
      if (orderAccountField)
        for (const r of await searchAll('sale.order', [[orderAccountField, 'in', accountIds]], [orderAccountField]))
          link(r.id as number, refId(r[orderAccountField]) ?? 0);
    }
    const orderFields = ['name', 'client_order_ref', 'date_order', 'state', 'amount_untaxed'];
    for (const f of ['locked', 'margin', 'invoice_status']) if (f in so) orderFields.push(f);
    return (await readIds('sale.order', [...orderAccounts.keys()], orderFields)).map((r) => ({
      id: r.id as number,
      name: str(r.name) ?? '',
      client_order_ref: str(r.client_order_ref),
      date_order: isoDatetime(r.date_order),
      state: saleState(r.state, r.locked),
      amount_untaxed: num(r.amount_untaxed) ?? 0,
      margin: 'margin' in r ? (num(r.margin) ?? 0) : null,
      invoice_status: str(r.invoice_status),
      accountIds: [...(orderAccounts.get(r.id as number) ?? [])],
    }));
  }

  // ---- analytic account summary ---------------------------------------------------------------------------

  async function analyticAccounts(q: AnalyticAccountsQuery): Promise<AnalyticAccountReport[]> {
    if (!ISO_DATE.test(q.accountingDate)) throw new RangeError('accountingDate must be YYYY-MM-DD');
    if (!['posted', 'unposted', 'both'].includes(q.entryStatus))
      throw new RangeError('entryStatus must be posted, unposted or both');
    return forReport(ANALYTIC_NEEDS, async () => {
      const [aal, so, sol] = await Promise.all([
        schema('account.analytic.line'),
        schema('sale.order'),
        schema('sale.order.line'),
      ]);
      // Accounts of the 1st plan are in account_id, of the others in x_plan<N>_id (one column per root plan).
      const columns = Object.entries(aal)
        .filter(
          ([name, f]) =>
            f.type === 'many2one' &&
            f.relation === 'account.analytic.account' &&
            (name === 'account_id' || /^x_plan\d+_id$/.test(name)),
        )
        .map(([name]) => name);
      if (!columns.includes('account_id')) requireFields('account.analytic.line', aal, ['account_id']);
      const orderAccountField = 'analytic_account_id' in so ? 'analytic_account_id' : null;
      if (!orderAccountField) requireFields('sale.order.line', sol, ['analytic_distribution']);

      const accountRows = await searchRead(
        'account.analytic.account',
        [],
        ['name', 'code', 'active', 'plan_id', 'partner_id', 'company_id'],
        { order: 'id asc', context: NO_ARCHIVE_FILTER },
      );
      const accountIds = accountRows.map((r) => r.id as number);
      const known = new Set(accountIds);

      // Entries: posted = Odoo's analytic lines (a draft entry has none); unposted = draft journal items
      // carrying an analytic distribution, split as Odoo will when they are posted.
      const raw: (Omit<AnalyticEntryInput, 'income' | 'account'> & {
        generalId: number | null;
        company: number | null;
      })[] = [];
      // Account codes are per company (company-dependent in 18/19): each entry's company is read with it.
      const companyField = (s: Schema) => ('company_id' in s ? ['company_id'] : []);
      if (q.entryStatus !== 'unposted') {
        const lines = await searchAll(
          'account.analytic.line',
          [['date', '<=', q.accountingDate]],
          [
            'date',
            'name',
            'amount',
            'partner_id',
            'product_id',
            'general_account_id',
            ...companyField(aal),
            ...columns,
          ],
        );
        for (const l of lines) {
          const base = {
            id: l.id as number,
            source: 'analytic_line' as const,
            posted: true,
            date: str(l.date) ?? '',
            name: str(l.name) ?? '',
            partner: idName(l.partner_id),
            product: idName(l.product_id),
            balance: round2(num(l.amount) ?? 0),
            generalId: refId(l.general_account_id),
            company: refId(l.company_id),
          };
          for (const accountId of new Set(columns.map((c) => refId(l[c])).filter((x): x is number => x !== null)))
            if (known.has(accountId)) raw.push({ ...base, accountId });
        }
      }
      if (q.entryStatus !== 'posted' && accountIds.length > 0) {
        const items = await searchAll(
          'account.move.line',
          [
            ['parent_state', '=', 'draft'],
            ['date', '<=', q.accountingDate],
            ['analytic_distribution', 'in', accountIds],
          ],
          [
            'date',
            'name',
            'move_name',
            'partner_id',
            'product_id',
            'account_id',
            'debit',
            'credit',
            'analytic_distribution',
            'company_id',
          ],
        );
        for (const l of items) {
          const balance = (num(l.debit) ?? 0) - (num(l.credit) ?? 0);
          for (const d of distributionAccounts(l.analytic_distribution)) {
            if (!known.has(d.accountId)) continue;
            raw.push({
              company: refId(l.company_id),
              id: l.id as number,
              source: 'journal_item',
              posted: false,
              date: str(l.date) ?? '',
              name: str(l.name) ?? str(l.move_name) ?? '',
              partner: idName(l.partner_id),
              product: idName(l.product_id),
              balance: analyticAmount(balance, d.percent),
              generalId: refId(l.account_id),
              accountId: d.accountId,
            });
          }
        }
      }
      // The general accounts, read per company with that company as the current one (more/v19 account codes).
      const general = new Map<string, { code: string; name: string; income: boolean }>();
      const byCompany = new Map<number | null, Set<number>>();
      for (const e of raw) {
        if (e.generalId === null) continue;
        const ids = byCompany.get(e.company) ?? new Set<number>();
        ids.add(e.generalId);
        byCompany.set(e.company, ids);
      }
      for (const [company, ids] of byCompany) {
        const context = company === null ? undefined : { allowed_company_ids: [company] };
        for (const a of await readIds('account.account', [...ids], ['code', 'name', 'account_type'], context))
          general.set(`${company}:${a.id}`, {
            code: str(a.code) ?? '',
            name: str(a.name) ?? '',
            income: String(a.account_type ?? '').startsWith('income'),
          });
      }
      const entries: AnalyticEntryInput[] = raw.map(({ generalId, company, ...e }) => {
        const g = generalId !== null ? general.get(`${company}:${generalId}`) : undefined;
        return {
          ...e,
          account: g && generalId !== null ? { id: generalId, code: g.code, name: g.name } : null,
          income: g ? g.income : null,
        };
      });

      const sales = await linkedSales(accountIds, known, so, sol, orderAccountField);

      return buildAnalyticReport({
        accounts: accountRows.map((r) => ({
          id: r.id as number,
          name: str(r.name) ?? '',
          code: str(r.code),
          active: r.active !== false,
          plan: refName(r.plan_id) ?? '',
          partner: idName(r.partner_id),
          company: idName(r.company_id),
        })),
        entries,
        sales,
        accountingDate: q.accountingDate,
      });
    });
  }

  /**
   * Sums of one model grouped by `groupby`, computed by Odoo: formatted_read_group on 19 (named arguments, keys
   * "amount:sum"), read_group(domain, fields, groupby, lazy=False) on 18 (bare keys). Each row gives the group
   * values, the aggregates and the count.
   */
  async function groupSums(
    model: string,
    domain: unknown[],
    groupby: string[],
    aggregates: string[],
  ): Promise<{ group: Record<string, unknown>; values: Record<string, unknown>; count: number }[]> {
    const major = knownMajor ?? (await version()).major;
    if (major >= 19) {
      const r = await transport.call(model, 'formatted_read_group', [], {
        domain,
        groupby,
        aggregates: [...aggregates, '__count'],
      });
      const rows = asRows(r);
      if (!rows)
        throw erpErrors.protocol(`${model}.formatted_read_group did not answer a list of groups`, {
          operation: `${model}.formatted_read_group`,
        });
      return rows.map((row) => ({
        group: Object.fromEntries(groupby.map((g) => [g, row[g]])),
        values: Object.fromEntries(aggregates.map((a) => [a.split(':')[0]!, row[a]])),
        count: Number(row.__count ?? 0),
      }));
    }
    // Positionally, as every 18 capture (more/read_group_*.json): keyword names of 18 methods depend on the
    // installed add-ons' overrides (more/INDEX.md); only `lazy` goes by name.
    const r = await transport.call(model, 'read_group', [domain, aggregates, groupby], { lazy: false });
    const rows = asRows(r);
    if (!rows)
      throw erpErrors.protocol(`${model}.read_group did not answer a list of groups`, {
        operation: `${model}.read_group`,
      });
    return rows.map((row) => ({
      group: Object.fromEntries(groupby.map((g) => [g, row[g]])),
      values: Object.fromEntries(aggregates.map((a) => [a.split(':')[0]!, row[a.split(':')[0]!]])),
      count: Number(row.__count ?? 0),
    }));
  }

  async function analyticSummary(q: AnalyticAccountsQuery): Promise<AnalyticSummaryRow[]> {
    if (!ISO_DATE.test(q.accountingDate)) throw new RangeError('accountingDate must be YYYY-MM-DD');
    if (!['posted', 'unposted', 'both'].includes(q.entryStatus))
      throw new RangeError('entryStatus must be posted, unposted or both');
    return forReport(ANALYTIC_NEEDS, async () => {
      const [aal, so, sol] = await Promise.all([
        schema('account.analytic.line'),
        schema('sale.order'),
        schema('sale.order.line'),
      ]);
      const columns = Object.entries(aal)
        .filter(
          ([name, f]) =>
            f.type === 'many2one' &&
            f.relation === 'account.analytic.account' &&
            (name === 'account_id' || /^x_plan\d+_id$/.test(name)),
        )
        .map(([name]) => name);
      if (!columns.includes('account_id')) requireFields('account.analytic.line', aal, ['account_id']);
      requireFields('account.analytic.line', aal, ['general_account_id', 'amount', 'date']);
      const orderAccountField = 'analytic_account_id' in so ? 'analytic_account_id' : null;
      if (!orderAccountField) requireFields('sale.order.line', sol, ['analytic_distribution']);

      const accountRows = await searchRead(
        'account.analytic.account',
        [],
        ['name', 'code', 'active', 'plan_id', 'partner_id', 'company_id'],
        { order: 'id asc', context: NO_ARCHIVE_FILTER },
      );
      const accountIds = accountRows.map((r) => r.id as number);
      const known = new Set(accountIds);

      // Posted entries: Odoo's analytic lines, summed by Odoo per plan columns × general account (one call: the
      // groups are the combinations present, a few per account). A line naming accounts of several plans
      // counts for each of them.
      type Group = {
        accounts: number[];
        general: number | null;
        amount: number;
        lastDate: string | null;
        count: number;
      };
      const groups: Group[] = [];
      const accountsOf = (g: Record<string, unknown>) => [
        ...new Set(columns.map((c) => refId(g[c])).filter((x): x is number => x !== null && known.has(x))),
      ];
      if (q.entryStatus !== 'unposted') {
        const domain = [['date', '<=', q.accountingDate]];
        const rows = await groupSums(
          'account.analytic.line',
          domain,
          [...columns, 'general_account_id'],
          ['amount:sum', 'date:max'],
        );
        for (const r of rows) {
          const accounts = accountsOf(r.group);
          if (accounts.length === 0) continue;
          groups.push({
            accounts,
            general: refId(r.group.general_account_id),
            amount: num(r.values.amount) ?? 0,
            lastDate: str(r.values.date),
            count: r.count,
          });
        }
        // Lines without a general account (timesheets, manual lines): the sign tells income from costs, so their
        // positive part is summed apart.
        if (groups.some((g) => g.general === null)) {
          const positive = await groupSums(
            'account.analytic.line',
            [...domain, ['general_account_id', '=', false], ['amount', '>', 0]],
            columns,
            ['amount:sum', 'date:max'],
          );
          for (const r of positive) {
            const accounts = accountsOf(r.group);
            if (accounts.length === 0) continue;
            const amount = num(r.values.amount) ?? 0;
            groups.push({ accounts, general: -1, amount, lastDate: str(r.values.date), count: r.count });
            const rest = groups.find((g) => g.general === null && g.accounts.join() === accounts.join());
            if (rest) {
              rest.amount -= amount;
              rest.count -= r.count;
            }
          }
        }
      }
      // Unposted entries: draft journal items with a distribution (a draft entry has no analytic lines yet).
      // Draft entries are few (they are posted or deleted); their amounts are split as Odoo will post them.
      if (q.entryStatus !== 'posted' && accountIds.length > 0) {
        const items = await searchAll(
          'account.move.line',
          [
            ['parent_state', '=', 'draft'],
            ['date', '<=', q.accountingDate],
            ['analytic_distribution', 'in', accountIds],
          ],
          ['date', 'account_id', 'debit', 'credit', 'analytic_distribution'],
        );
        for (const l of items) {
          const balance = (num(l.debit) ?? 0) - (num(l.credit) ?? 0);
          for (const d of distributionAccounts(l.analytic_distribution)) {
            if (!known.has(d.accountId)) continue;
            groups.push({
              accounts: [d.accountId],
              general: refId(l.account_id),
              amount: analyticAmount(balance, d.percent),
              lastDate: str(l.date),
              count: 1,
            });
          }
        }
      }
      const generalIds = [...new Set(groups.map((g) => g.general).filter((x): x is number => x !== null && x > 0))];
      const income = new Map<number, boolean>();
      for (const a of await readIds('account.account', generalIds, ['account_type']))
        income.set(a.id as number, String(a.account_type ?? '').startsWith('income'));
      const sums: AnalyticSums[] = groups.flatMap((g) =>
        g.accounts.map((accountId) => ({
          accountId,
          // -1: the positive part of the lines without a general account; null: the rest (costs)
          income: g.general === -1 ? true : g.general === null ? false : (income.get(g.general) ?? g.amount > 0),
          amount: g.amount,
          lastDate: g.lastDate,
          count: g.count,
        })),
      );
      const sales = await linkedSales(accountIds, known, so, sol, orderAccountField);
      return buildAnalyticSummary({
        accounts: accountRows.map((r) => ({
          id: r.id as number,
          name: str(r.name) ?? '',
          code: str(r.code),
          active: r.active !== false,
          plan: refName(r.plan_id) ?? '',
          partner: idName(r.partner_id),
          company: idName(r.company_id),
        })),
        sums,
        sales,
      });
    });
  }

  // ---- journal items --------------------------------------------------------------------------------------

  async function* journalItems(q: JournalItemsQuery): AsyncGenerator<ErpJournalItem[]> {
    if (!ISO_DATE.test(q.startDate) || !ISO_DATE.test(q.endDate))
      throw new RangeError('startDate and endDate must be YYYY-MM-DD');
    if (!Number.isInteger(q.companyId) || q.companyId <= 0)
      throw new RangeError('companyId must be a positive integer');
    const aml = await forReport(JOURNAL_NEEDS, () => schema('account.move.line'));
    const fields = [
      'date',
      'move_id',
      'move_name',
      'journal_id',
      'account_id',
      'partner_id',
      'name',
      'ref',
      'debit',
      'credit',
      'balance',
      'amount_currency',
      'currency_id',
      'analytic_distribution',
    ].filter((f) => f in aml || ['date', 'move_id', 'account_id', 'debit', 'credit'].includes(f));
    // account.account `code` is company-dependent (18/19: computed for the env's current company; an account read
    // from another company has no code, more/v19/account_account_code_display_name), and so is 18's account label.
    // The company's items are read with that company as the current one (the first of allowed_company_ids).
    const companyContext = { allowed_company_ids: [q.companyId] };
    const accounts = new Map<number, AccountInfo>();
    const analyticNames = new Map<number, string>();
    let after = 0;
    for (;;) {
      const rows = await forReport(JOURNAL_NEEDS, () =>
        searchRead(
          'account.move.line',
          [
            ['parent_state', '=', 'posted'],
            ['company_id', '=', q.companyId],
            ['date', '>=', q.startDate],
            ['date', '<=', q.endDate],
            ['id', '>', after],
          ],
          fields,
          { order: 'id asc', limit: reportPageSize, context: companyContext },
        ),
      );
      if (rows.length === 0) return;
      const newAccounts = [
        ...new Set(rows.map((r) => refId(r.account_id)).filter((x): x is number => x !== null && !accounts.has(x))),
      ];
      const newAnalytic = [
        ...new Set(rows.flatMap((r) => distributionAccounts(r.analytic_distribution).map((d) => d.accountId))),
      ].filter((x) => !analyticNames.has(x));
      await forReport(JOURNAL_NEEDS, async () => {
        for (const a of await readIds('account.account', newAccounts, ['code', 'name'], companyContext))
          accounts.set(a.id as number, { code: str(a.code) ?? '', name: str(a.name) ?? '' });
        if (newAnalytic.length)
          for (const a of await readIds('account.analytic.account', newAnalytic, ['name'], NO_ARCHIVE_FILTER))
            analyticNames.set(a.id as number, str(a.name) ?? '');
      });
      for (const id of newAnalytic) if (!analyticNames.has(id)) analyticNames.set(id, '');
      yield rows.map((r) => journalItem(r, accounts, analyticNames));
      if (rows.length < reportPageSize) return;
      after = rows[rows.length - 1]!.id as number;
    }
  }

  // ---- stock ----------------------------------------------------------------------------------------------

  /** The quants of internal locations, each with its company (the location's). */
  async function internalQuants(): Promise<{ entry: ErpStockEntry; company: ErpIdName | null }[]> {
    const rows = await searchAll(
      'stock.quant',
      [['location_id.usage', '=', 'internal']],
      ['product_id', 'lot_id', 'location_id', 'reserved_quantity', 'quantity', 'company_id'],
    );
    return rows.flatMap((r) => {
      const entry = stockEntry(r);
      return entry ? [{ entry, company: idName(r.company_id) }] : [];
    });
  }

  async function stockByLocation(): Promise<ErpStockLocation[]> {
    return forReport(STOCK_NEEDS, async () => {
      const locations = await searchRead(
        'stock.location',
        [['usage', '=', 'internal']],
        ['name', 'complete_name', 'usage', 'company_id'],
        { order: 'complete_name, id' },
      );
      const byLocation = groupBy(
        (await internalQuants()).map((q) => q.entry),
        (q) => q.location_id.id,
      );
      return locations.map((l) => ({
        id: l.id as number,
        name: str(l.name) ?? '',
        complete_name: str(l.complete_name) ?? str(l.name) ?? '',
        usage: str(l.usage) ?? 'internal',
        company_id: idName(l.company_id),
        quant_ids: byLocation.get(l.id as number) ?? [],
      }));
    });
  }

  /**
   * A row per product and company of its quants. standard_price is company-dependent (each company has its own
   * cost) and qty_available counts the activated companies, so each company's products are read with that company
   * alone in allowed_company_ids: its cost, its on-hand quantity (one read per company, not per product).
   */
  async function stockByProduct(): Promise<ErpStockProduct[]> {
    return forReport(STOCK_NEEDS, async () => {
      const quants = await internalQuants();
      const companies = new Map<number, ErpIdName | null>();
      for (const q of quants) if (!companies.has(q.company?.id ?? 0)) companies.set(q.company?.id ?? 0, q.company);
      const out: ErpStockProduct[] = [];
      for (const [companyId, company] of companies) {
        const byProduct = groupBy(
          quants.filter((q) => (q.company?.id ?? 0) === companyId).map((q) => q.entry),
          (q) => q.product_id.id,
        );
        const rows = await readIds(
          'product.product',
          [...byProduct.keys()],
          ['display_name', 'categ_id', 'company_id', 'qty_available', 'standard_price'],
          companyId ? { ...NO_ARCHIVE_FILTER, allowed_company_ids: [companyId] } : NO_ARCHIVE_FILTER,
        );
        for (const r of rows)
          out.push({
            id: r.id as number,
            name: str(r.display_name) ?? '',
            category: idName(r.categ_id),
            company: company ?? idName(r.company_id),
            qty_available: round4(num(r.qty_available) ?? 0),
            cost: round4(num(r.standard_price) ?? 0),
            stock_quant_ids: byProduct.get(r.id as number) ?? [],
          });
      }
      return out
        .filter((p) => p.qty_available !== 0 || p.stock_quant_ids.some((q) => q.quantity !== 0))
        .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id || (a.company?.id ?? 0) - (b.company?.id ?? 0));
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
        return `${webUrl}/web#id=${odooId}&model=sale.order&view_type=form`;
      return `${webUrl}/odoo/sales/${odooId}`;
    },
    companies,
    publishSale,
    syncSale,
    previewSale,
    ordersByOrigin,
    analyticAccounts,
    analyticSummary,
    journalItems,
    stockByLocation,
    stockByProduct,
  };
}
