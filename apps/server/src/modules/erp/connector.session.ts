// The layer every area of the connector (connector.catalog/partners/sales/orders/analytic/journal/stock.ts) reads
// and writes Odoo through: one transport (transport.ts: /jsonrpc or /json/2, auth, retries of reads, errors), the
// server version, fields_get once per model (which optional fields exist), and the typed batch reads. One session
// per connector: the areas share its caches.
import { ErpError, erpErrors } from './erp.errors.js';
import type { ErpPage } from './erp.types.js';
import { asRows } from './mapping.js';
import { chunk } from './publish.js';
import type { OdooTransport, OdooVersion } from './transport.js';

export interface FieldInfo {
  type: string;
  relation?: string;
  string?: string;
  selection?: [string, string][];
}
export type Schema = Record<string, FieldInfo>;
export type Row = Record<string, unknown>;
export type Context = Record<string, unknown>;

export const NO_ARCHIVE_FILTER = { active_test: false };
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const READ_CHUNK = 1000;

export interface SessionOptions {
  /** rows per call when reading the lines of a page of orders */
  linePageSize: number;
  /** rows per call for report reads (searchAll's default) */
  reportPageSize: number;
}

export interface OdooSession {
  readonly transport: OdooTransport;
  readonly reportPageSize: number;
  /** Asks the server's version (the transport keeps it) and remembers its major for saleUrl and groupSums. */
  version(): Promise<OdooVersion>;
  /** The major version once a call has told it. */
  knownMajor(): number | undefined;
  /** fields_get of a model, once per session (a failure is not kept). */
  schema(model: string): Promise<Schema>;
  searchRead(
    model: string,
    domain: unknown[],
    fields: string[],
    kw?: { order?: string; limit?: number; context?: Context },
  ): Promise<Row[]>;
  searchCount(model: string, domain: unknown[], context?: Context): Promise<number>;
  /** Every record of a domain, paged by id (pageSize rows a call, default reportPageSize). */
  searchAll(
    model: string,
    domain: unknown[],
    fields: string[],
    kw?: { context?: Context; pageSize?: number },
  ): Promise<Row[]>;
  /** read() of many ids, a chunk a call (a missing id is simply absent, as Odoo's read). */
  readIds(model: string, idList: number[], fields: string[], context?: Context): Promise<Row[]>;
  /** The lines of some orders, paged by line id (linePageSize a call): an order can have thousands. */
  saleLines(orderIds: number[], lineFields: string[]): Promise<Row[]>;
}

export function createOdooSession(transport: OdooTransport, opts: SessionOptions): OdooSession {
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

  const session: OdooSession = {
    transport,
    reportPageSize: opts.reportPageSize,
    version,
    knownMajor: () => knownMajor,
    schema,
    searchRead: (model, domain, fields, kw = {}) => searchRead(transport, model, domain, fields, kw),
    searchCount: (model, domain, context) => searchCount(transport, model, domain, context),
    searchAll: (model, domain, fields, kw = {}) =>
      pagedById(kw.pageSize ?? opts.reportPageSize, (after, limit) =>
        searchRead(transport, model, [...domain, ['id', '>', after]], fields, {
          order: 'id asc',
          limit,
          ...(kw.context ? { context: kw.context } : {}),
        }),
      ),
    readIds: (model, idList, fields, context) => readIds(transport, model, idList, fields, context),
    saleLines: (orderIds, lineFields) =>
      pagedById(opts.linePageSize, (after, limit) =>
        searchRead(
          transport,
          'sale.order.line',
          [
            ['order_id', 'in', orderIds],
            ['id', '>', after],
          ],
          lineFields,
          { order: 'id asc', limit },
        ),
      ),
  };
  return session;
}

async function searchRead(
  transport: OdooTransport,
  model: string,
  domain: unknown[],
  fields: string[],
  kw: { order?: string; limit?: number; context?: Context },
): Promise<Row[]> {
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

async function searchCount(
  transport: OdooTransport,
  model: string,
  domain: unknown[],
  context?: Context,
): Promise<number> {
  const r = await transport.call(model, 'search_count', [], context ? { domain, context } : { domain });
  if (typeof r !== 'number')
    throw erpErrors.protocol(`${model}.search_count did not answer a number`, { operation: `${model}.search_count` });
  return r;
}

/** Pages of `size` rows by id cursor (each page's last id is the next one's `after`), until a short page. */
async function pagedById(size: number, page: (after: number, limit: number) => Promise<Row[]>): Promise<Row[]> {
  const all: Row[] = [];
  let after = 0;
  for (;;) {
    const rows = await page(after, size);
    all.push(...rows);
    if (rows.length < size) return all;
    after = rows[rows.length - 1]!.id as number;
  }
}

async function readIds(
  transport: OdooTransport,
  model: string,
  idList: number[],
  fields: string[],
  context?: Context,
): Promise<Row[]> {
  const out: Row[] = [];
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

export function checkPage(p: ErpPage) {
  if (!Number.isInteger(p.afterId) || p.afterId < 0) throw new RangeError('afterId must be an integer ≥ 0');
  if (!Number.isInteger(p.limit) || p.limit < 1) throw new RangeError('limit must be an integer ≥ 1');
}

/** A field the operation cannot do without: fields_get leaves out what the user may not read. */
export function requireFields(model: string, s: Schema, fields: string[]) {
  const missing = fields.filter((f) => !(f in s));
  if (missing.length)
    throw new ErpError(
      'access',
      `The ERP user lacks access: cannot read ${missing.map((f) => `${model}.${f}`).join(', ')} (the field is restricted to a group the user lacks, or its module is not installed)`,
      { operation: `${model}.fields_get` },
    );
}

// ---- errors -------------------------------------------------------------------------------------------------

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

/** The same error (kind, Odoo name, HTTP status, operation) with another message. */
export function withMessage(e: ErpError, message: string): ErpError {
  const opts: ConstructorParameters<typeof ErpError>[2] = { cause: e };
  if (e.odooName !== undefined) opts.odooName = e.odooName;
  if (e.httpStatus !== undefined) opts.httpStatus = e.httpStatus;
  if (e.operation !== undefined) opts.operation = e.operation;
  return new ErpError(e.kind, message, opts);
}

/** Access errors of a report name what the integration user needs, after Odoo's own text. */
export async function forReport<T>(needs: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof ErpError && e.kind === 'access' && !e.message.includes(needs))
      throw withMessage(e, `${e.message.trimEnd()}\n(${needs})`);
    throw e;
  }
}

/** "the model X does not exist" on 19, "Object X doesn't exist" on ≤ 18: an optional module is not installed. */
export function isModelMissing(e: unknown, model: string): boolean {
  if (!(e instanceof ErpError)) return false;
  const m = model.replace(/\./g, '\\.');
  return new RegExp(`(Object ${m} doesn't exist|model '${m}' does not exist)`).test(e.message);
}
