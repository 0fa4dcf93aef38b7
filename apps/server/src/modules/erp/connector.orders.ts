// Publishing and syncing sales as Odoo orders (docs/product/erp-mapping.md, "The publish key and ownership" and
// "Publish and sync writes"; docs/decisions/0011-publish-sync.md, 0019-publish-ownership.md). The plan and the line
// diff are pure (publish.ts); this file reads the order, refuses one it cannot prove is the sale's (ErpOrderOwner),
// writes, and handles lost answers (isOutcomeUnknown: look again, never create or write blindly).

import { isOutcomeUnknown, type OdooSession, type Row, withMessage } from './connector.session.js';
import { ErpError, erpErrors, OrderNotEditable, OrderNotOurs } from './erp.errors.js';
import type {
  ErpConnector,
  ErpOrderByOrigin,
  ErpOrderOwner,
  ErpPreviewCounts,
  ErpProgressFn,
  ErpPublishResult,
  ErpSaleDraft,
  ErpSalePreview,
  ErpSyncResult,
} from './erp.types.js';
import { isoDatetime, refId, saleState, str } from './mapping.js';
import { parseOrigin } from './order-keys.js';
import {
  chunk,
  createVals,
  diffLines,
  diffOptions,
  headerChanges,
  headerVals,
  keepSequences,
  LINE_FIELDS,
  type LineDiff,
  linkLines,
  linkOptions,
  type OdooLine,
  type OdooOption,
  OPTION_FIELDS,
  type OptionDiff,
  odooLine,
  odooOption,
  optionCreateVals,
  optionUpdateVals,
  type PlannedLine,
  type PlannedOption,
  planLines,
  planOptions,
  updateVals,
} from './publish.js';

export interface OrderOptions {
  /** x2many commands per sale.order.write when syncing a huge order */
  syncBatchSize: number;
}

export function orderWrites(
  s: OdooSession,
  opts: OrderOptions,
): Pick<ErpConnector, 'publishSale' | 'syncSale' | 'previewSale' | 'ordersByOrigin'> {
  return {
    publishSale: (sale, onProgress) => publishSale(s, sale, onProgress),
    syncSale: (odooId, sale, owner, onProgress) => syncSale(s, opts, odooId, sale, owner, onProgress),
    previewSale: (odooId, sale, owner) => previewSale(s, odooId, sale, owner),
    ordersByOrigin: (origins) => ordersByOrigin(s, origins),
  };
}

type SaleOptions = Awaited<ReturnType<typeof saleOptions>>;

async function saleOptions(s: OdooSession) {
  const [so, sol] = await Promise.all([s.schema('sale.order'), s.schema('sale.order.line'), s.version()]);
  return {
    subsections: !!sol.display_type?.selection?.some(([k]) => k === 'line_subsection'),
    hasCost: 'purchase_price' in sol,
    hasDiscount: 'discount' in sol,
    hasTemplate: 'sale_order_template_id' in so,
    hasLocked: 'locked' in so,
    // Optional sections (decision 0032): 18 has sale.order.option (sale_management), 19 optional section lines.
    optionModel: 'sale_order_option_ids' in so,
    optionalLines: 'is_optional' in sol,
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

async function orderLines(
  s: OdooSession,
  orderId: number,
  o: { hasCost: boolean; hasDiscount: boolean; optionalLines?: boolean },
): Promise<OdooLine[]> {
  const fields = [
    'order_id',
    ...LINE_FIELDS,
    ...(o.hasCost ? ['purchase_price'] : []),
    ...(o.hasDiscount ? ['discount'] : []),
    ...(o.optionalLines ? ['is_optional'] : []),
  ];
  return (await s.saleLines([orderId], fields)).map(odooLine);
}

/** Odoo 18: the order's sale.order.option records (none without the model). */
async function orderOptions(s: OdooSession, orderId: number, o: { optionModel: boolean }): Promise<OdooOption[]> {
  if (!o.optionModel) return [];
  const rows = await s.searchRead('sale.order.option', [['order_id', '=', orderId]], OPTION_FIELDS, {
    order: 'sequence, id',
  });
  return rows.map(odooOption);
}

/** The unit of each option's product (uom_id is required on an option; Odoo's default is the product's). */
async function optionUoms(s: OdooSession, planned: PlannedOption[]): Promise<Map<number, number>> {
  const ids = [...new Set(planned.map((p) => p.productId))];
  if (ids.length === 0) return new Map();
  const rows = await s.readIds('product.product', ids, ['uom_id']);
  const out = new Map<number, number>();
  for (const r of rows) {
    const uom = refId(r.uom_id);
    if (uom) out.set(r.id as number, uom);
  }
  return out;
}

async function findByOrigin(s: OdooSession, origin: string): Promise<{ id: number; name: string } | undefined> {
  const rows = await s.searchRead('sale.order', [['origin', '=', origin]], ['name'], { order: 'id asc', limit: 1 });
  const r = rows[0];
  return r ? { id: r.id as number, name: str(r.name) ?? '' } : undefined;
}

function unknownOutcome(e: ErpError, what: string): ErpError {
  return withMessage(
    e,
    `${e.message}. The ERP may or may not have ${what}, and could not be asked again; trying again is safe.`,
  );
}

async function publishSale(s: OdooSession, sale: ErpSaleDraft, onProgress?: ErpProgressFn): Promise<ErpPublishResult> {
  const progress = progressOf(onProgress);
  if (!sale.quoteNumber?.trim()) throw erpErrors.validation('The sale has no quote number');
  progress(0, 'Preparing the sales order');
  const o = await saleOptions(s);
  const planned = planLines(sale, o);
  const options = planOptions(sale, o);
  const uoms = await optionUoms(s, options);
  const header = { ...headerVals(sale, o), origin: sale.quoteNumber };
  const vals: Record<string, unknown> = { ...header, order_line: planned.map((p) => [0, 0, createVals(p, o)]) };
  if (options.length > 0)
    vals.sale_order_option_ids = options.map((p) => [0, 0, optionCreateVals(p, uoms.get(p.productId))]);

  progress(10, 'Looking for the order in the ERP');
  let order = await findByOrigin(s, sale.quoteNumber);
  const alreadyPublished = order !== undefined;
  for (let attempt = 1; !order; attempt++) {
    progress(20, `Creating the sales order (${planned.length} lines)`);
    try {
      const r = await s.transport.call('sale.order', 'create', [[vals]], {});
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
        order = await findByOrigin(s, sale.quoteNumber);
      } catch (e2) {
        if (e2 instanceof ErpError) throw unknownOutcome(err, 'created the order');
        throw e2;
      }
      if (!order && attempt >= 3) throw err;
    }
  }

  progress(80, 'Reading the order lines back');
  const [head] = await s.readIds('sale.order', [order.id], ['name']);
  const lines = await orderLines(s, order.id, o);
  const optionIds = linkOptions(options, await orderOptions(s, order.id, o));
  progress(100, alreadyPublished ? 'The sale was already in the ERP' : 'Published');
  return {
    odooId: order.id,
    name: str(head?.name) ?? order.name,
    lineIds: linkLines(planned, lines),
    optionIds,
    alreadyPublished,
  };
}

async function readOrderHead(s: OdooSession, odooId: number, o: SaleOptions) {
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
    'validity_date',
  ];
  if (o.hasTemplate) fields.push('sale_order_template_id');
  if (o.hasLocked) fields.push('locked');
  const [row] = await s.readIds('sale.order', [odooId], fields);
  if (!row) throw erpErrors.missing(`sale.order(${odooId}) was deleted`, { operation: 'sale.order.read' });
  return row;
}

/** Whether the order as read is the sale's (ErpOrderOwner): its origin carries the key, or it is the recorded one. */
function ownedBy(head: Row, owner: ErpOrderOwner): boolean {
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
function editableHead(head: Row, owner: ErpOrderOwner | null): Row {
  if (owner && !ownedBy(head, owner)) throw new OrderNotOurs(str(head.name) ?? '', str(head.origin));
  const state = saleState(head.state, head.locked);
  if (state !== 'draft' && state !== 'sent') throw new OrderNotEditable(str(head.name) ?? '', state);
  return head;
}

/**
 * The header values a sync sends to an order. An order brought in from the ERP carries the order's own name
 * (S00012) as the sale's name: that is not a customer reference, so the order's client_order_ref is left alone.
 */
function syncHeader(sale: ErpSaleDraft, head: Row, o: { hasTemplate: boolean }) {
  const header = headerVals(sale, o);
  if (sale.name?.trim() && sale.name.trim() === str(head.name)) delete header.client_order_ref;
  return header;
}

async function syncSale(
  s: OdooSession,
  opts: OrderOptions,
  odooId: number,
  sale: ErpSaleDraft,
  owner: ErpOrderOwner,
  onProgress?: ErpProgressFn,
): Promise<ErpSyncResult> {
  const progress = progressOf(onProgress);
  if (!Number.isInteger(odooId) || odooId <= 0) throw new RangeError('odooId must be a positive integer');
  progress(0, 'Reading the order from the ERP');
  const o = await saleOptions(s);
  let head = editableHead(await readOrderHead(s, odooId, o), owner);
  const header = syncHeader(sale, head, o);
  const existing = await orderLines(s, odooId, o);
  // Planned once: a retry after a lost answer plans the same sequences, so diffLines adopts what it created.
  const planned: PlannedLine[] = keepSequences(planLines(sale, o), existing);
  let diff: LineDiff = diffLines(planned, existing, o);
  const options = planOptions(sale, o);
  const uoms = await optionUoms(s, options);
  let optDiff: OptionDiff = diffOptions(options, await orderOptions(s, odooId, o), uoms);
  let changes = headerChanges(header, head);
  const first = diff;
  const firstOpt = optDiff;

  for (let attempt = 1; ; attempt++) {
    const batches = chunk(diff.commands, opts.syncBatchSize);
    try {
      for (let i = 0; i < batches.length; i++) {
        const vals: Record<string, unknown> = i === 0 ? { ...changes } : {};
        if (batches[i]!.length) vals.order_line = batches[i];
        if (i === 0 && optDiff.commands.length) vals.sale_order_option_ids = optDiff.commands;
        if (Object.keys(vals).length === 0) continue;
        progress(10 + (70 * i) / batches.length, `Writing the changes to the ERP (${diff.commands.length} lines)`);
        await s.transport.call('sale.order', 'write', [[odooId], vals], {});
      }
      break;
    } catch (e) {
      if (!isOutcomeUnknown(e) || attempt >= 2) throw e;
      const err = e as ErpError;
      // Lost answer: look at the order again and write only what is still missing (lines a lost write
      // created are adopted by diffLines, so nothing is created twice).
      progress(50, 'The ERP did not confirm the changes: checking the order');
      try {
        head = editableHead(await readOrderHead(s, odooId, o), owner);
        diff = diffLines(planned, await orderLines(s, odooId, o), o);
        optDiff = diffOptions(options, await orderOptions(s, odooId, o), uoms);
      } catch (e2) {
        if (e2 instanceof ErpError) throw unknownOutcome(err, 'saved the changes');
        throw e2;
      }
      changes = headerChanges(header, head);
      if (diff.commands.length === 0 && optDiff.commands.length === 0 && Object.keys(changes).length === 0) break;
    }
  }

  progress(90, 'Reading the order lines back');
  head = await readOrderHead(s, odooId, o);
  const lines = await orderLines(s, odooId, o);
  const optionIds = linkOptions(options, await orderOptions(s, odooId, o), optDiff.kept);
  progress(100, 'Synced');
  return {
    odooId,
    name: str(head.name) ?? '',
    state: saleState(head.state, head.locked),
    lineIds: linkLines(planned, lines, diff.kept),
    optionIds,
    // options count as lines (products)
    created: first.created + firstOpt.created,
    updated: first.updated + firstOpt.updated,
    deleted: first.deleted + firstOpt.deleted,
    sections: first.sections,
  };
}

async function ordersByOrigin(s: OdooSession, origins: string[]): Promise<ErpOrderByOrigin[]> {
  const wanted = [...new Set(origins.filter((o) => o.trim()))];
  if (wanted.length === 0) return [];
  const rows = await s.searchRead(
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

// ---- preview (read only) --------------------------------------------------------------------------------------

async function previewSale(
  s: OdooSession,
  odooId: number | null,
  sale: ErpSaleDraft,
  owner: ErpOrderOwner | null,
): Promise<ErpSalePreview> {
  if (odooId !== null && (!Number.isInteger(odooId) || odooId <= 0))
    throw new RangeError('odooId must be a positive integer or null');
  const o = await saleOptions(s);
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
    target = await findByOrigin(s, sale.quoteNumber);
  }
  const options = planOptions(sale, o);
  if (!target) {
    for (const p of planned) bucket(p.displayType).created += 1;
    lines.created += options.length;
    return { action: 'create', odooId: null, name: null, lines, sections, header: Object.keys(header) };
  }
  if (odooId !== null && !owner) throw new RangeError('previewSale of a linked order needs its owner');
  // An order found by the draft's own origin is the one publishSale would adopt (the origin carries the key).
  const head = editableHead(await readOrderHead(s, target.id, o), odooId === null ? null : owner);
  const existing = await orderLines(s, target.id, o);
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
  // Odoo 18 options count as lines.
  const existingOptions = await orderOptions(s, target.id, o);
  const uoms = await optionUoms(s, options);
  const optDiff = diffOptions(options, existingOptions, uoms);
  const optById = new Map(existingOptions.map((x) => [x.id, x]));
  for (const p of options) {
    const id = optDiff.kept.get(p.localId);
    if (id === undefined) lines.created += 1;
    else {
      const keys = Object.keys(optionUpdateVals(p, optById.get(id)!, uoms.get(p.productId)));
      if (keys.length === 0) lines.unchanged += 1;
      else if (keys.length === 1 && keys[0] === 'sequence') lines.moved += 1;
      else lines.updated += 1;
    }
  }
  lines.deleted += optDiff.deleted;
  return {
    action: odooId !== null ? 'update' : 'link',
    odooId: target.id,
    name: str(head.name) ?? target.name,
    lines,
    sections,
    header: Object.keys(headerChanges(syncHeader(sale, head, o), head)),
  };
}
