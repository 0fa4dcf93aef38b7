// Pure planning for publishSale / syncSale: local sale → Odoo line values with explicit sequences, the diff of
// a local sale against the lines of an Odoo order (x2many commands), and the link local id ↔ Odoo line id.
// No I/O here; connector.ts reads and writes.
import { erpErrors } from './erp.errors.js';
import type { ErpDraftLine, ErpLineLink, ErpSaleDraft } from './erp.types.js';
import { num, ref, refId, str } from './mapping.js';

export type DisplayType = false | 'line_section' | 'line_note' | 'line_subsection';

export interface PlanOptions {
  /** Odoo 19+: headers become line_subsection (else line_note) */
  subsections: boolean;
  /** sale_margin installed: send purchase_price */
  hasCost: boolean;
  /** sale.order.line has `discount` (fields_get): send it on product lines */
  hasDiscount?: boolean;
  /** default 10 */
  sequenceStep?: number;
  /**
   * Odoo 18 (sale.order has sale_order_option_ids): the product lines of an optional section are sale.order.option
   * records (planOptions), and the section, its notes and headers have no order line (decision 0032).
   */
  optionModel?: boolean;
  /**
   * Odoo 19 (sale.order.line has is_optional): an optional section is a line_section with is_optional, its product
   * lines are sent with quantity 0 (19 counts and delivers optional lines with a quantity; decision 0032).
   */
  optionalLines?: boolean;
}

/** One Odoo line the local sale wants, in document order. */
export interface PlannedLine {
  localId: string;
  displayType: DisplayType;
  sequence: number;
  /** the Odoo id stored locally (sync), else null */
  odooLineId: number | null;
  /** text; null for a product line without description (Odoo then writes its default) */
  name: string | null;
  productId: number | null;
  quantity: number;
  priceUnit: number;
  cost: number;
  /** discount %, 0 when none */
  discount: number;
  /** a section line of an optional section (Odoo 19: is_optional) */
  isOptional?: boolean;
}

/** An Odoo order line, normalised from search_read. */
export interface OdooLine {
  id: number;
  displayType: DisplayType;
  sequence: number;
  name: string;
  productId: number | null;
  quantity: number;
  priceUnit: number;
  /** null when purchase_price is not readable */
  cost: number | null;
  /** null when discount was not read */
  discount: number | null;
  /** is_optional (Odoo 19 sections); null when not read */
  isOptional?: boolean | null;
}

export const LINE_FIELDS = ['sequence', 'display_type', 'name', 'product_id', 'product_uom_qty', 'price_unit'];

export function odooLine(row: Record<string, unknown>): OdooLine {
  const dt = row.display_type;
  return {
    id: row.id as number,
    displayType: dt === 'line_section' || dt === 'line_note' || dt === 'line_subsection' ? dt : false,
    sequence: num(row.sequence) ?? 0,
    name: str(row.name) ?? '',
    productId: refId(row.product_id),
    quantity: num(row.product_uom_qty) ?? 0,
    priceUnit: num(row.price_unit) ?? 0,
    cost: 'purchase_price' in row ? (num(row.purchase_price) ?? 0) : null,
    discount: 'discount' in row ? (num(row.discount) ?? 0) : null,
    isOptional: 'is_optional' in row ? row.is_optional === true : null,
  };
}

const DECIMAL = /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/;

function toNumber(v: unknown, what: string, localId: string): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && DECIMAL.test(v)) return Number(v);
  if (v === null || v === undefined || v === '') return 0;
  throw erpErrors.validation(`Line ${localId}: the ${what} "${String(v)}" is not a number`);
}

function plannedProduct(l: ErpDraftLine, sequence: number): PlannedLine {
  if (typeof l.productId !== 'number' || !Number.isInteger(l.productId) || l.productId <= 0)
    throw erpErrors.validation(`Line ${l.localId} has no ERP product: link the product before publishing`);
  const description = l.description?.trim() ? l.description : null;
  return {
    localId: l.localId,
    displayType: false,
    sequence,
    odooLineId: l.odooLineId ?? null,
    name: description,
    productId: l.productId,
    quantity: toNumber(l.quantity, 'quantity', l.localId),
    priceUnit: toNumber(l.priceUnit, 'price', l.localId),
    cost: toNumber(l.cost, 'cost', l.localId),
    discount: toNumber(l.discount, 'discount', l.localId),
  };
}

/**
 * A section's ERP line id meaning "the ERP order has these lines before any section line": the sales fetch makes such
 * a section (named after the order), and a sync does not add a section line for it while it stays the first one.
 */
export const NO_SECTION_LINE = 0;

/** The section Odoo 18's options of an order come in as, in the sales fetch and the demo ERP's page (decision 0032). */
export const OPTIONS_SECTION = 'Optional Products';

/**
 * The Odoo lines of a local sale in document order: each section line, then its lines; sequences 10, 20, … (the
 * first section has no section line when the ERP order had none: NO_SECTION_LINE).
 */
export function planLines(sale: ErpSaleDraft, opts: PlanOptions): PlannedLine[] {
  const step = opts.sequenceStep ?? 10;
  const out: PlannedLine[] = [];
  const seen = new Set<string>();
  const next = () => (out.length + 1) * step;
  const text = (kind: DisplayType, localId: string, s: string | null | undefined, fallback: string): PlannedLine => ({
    localId,
    displayType: kind,
    sequence: next(),
    odooLineId: null,
    // Odoo requires a label on display lines
    name: s?.trim() ? s : fallback,
    productId: null,
    quantity: 0,
    priceUnit: 0,
    cost: 0,
    discount: 0,
  });
  const add = (p: PlannedLine) => {
    if (seen.has(p.localId)) throw erpErrors.validation(`The sale has two lines with the id ${p.localId}`);
    seen.add(p.localId);
    out.push(p);
  };
  for (const [i, section] of sale.sections.entries()) {
    // Odoo 18: an optional section's products are options (planOptions); nothing of it is an order line.
    if (section.optional && opts.optionModel) continue;
    const optional = !!section.optional && !!opts.optionalLines;
    if (!(i === 0 && section.odooLineId === NO_SECTION_LINE)) {
      add({
        ...text('line_section', section.localId, section.name, 'Section'),
        odooLineId: section.odooLineId ?? null,
        ...(opts.optionalLines ? { isOptional: optional } : {}),
      });
    }
    for (const l of section.lines) {
      // Odoo 19: an optional line goes with quantity 0 (what Odoo's own templates do), so Odoo's totals leave it
      // out as ours do; the customer's "add" in Odoo writes the quantity.
      if (l.kind === 'product')
        add(optional ? { ...plannedProduct(l, next()), quantity: 0 } : plannedProduct(l, next()));
      else {
        const dt: DisplayType = l.kind === 'header' && opts.subsections ? 'line_subsection' : 'line_note';
        add({
          ...text(dt, l.localId, l.description, l.kind === 'header' ? 'Header' : 'Note'),
          odooLineId: l.odooLineId ?? null,
        });
      }
    }
  }
  return out;
}

/** Indices of a longest strictly increasing run of the defined values (in order). */
function longestIncreasing(values: readonly (number | undefined)[]): Set<number> {
  const tails: number[] = []; // tails[k]: index ending the best run of length k + 1
  const prev = new Map<number, number>();
  values.forEach((v, i) => {
    if (v === undefined) return;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]!]! < v) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev.set(i, tails[lo - 1]!);
    tails[lo] = i;
  });
  const out = new Set<number>();
  for (let i = tails.at(-1); i !== undefined; i = prev.get(i)) out.add(i);
  return out;
}

/**
 * Sequences for a sync that move as few Odoo lines as possible: the lines kept on their Odoo line keep its sequence
 * when their order allows it (the longest run of them already in order), and new or moved lines get sequences
 * between their neighbours' (10 apart after the last one). So a line inserted in the middle of a 300-line order
 * writes one line, not every line after it. When a gap is too narrow, the kept lines after it move too, as few as
 * leave room (10 apart when they can).
 */
export function keepSequences(planned: PlannedLine[], existing: OdooLine[], step = 10): PlannedLine[] {
  const byId = new Map(existing.map((o) => [o.id, o]));
  const claimed = new Set<number>();
  const anchors = planned.map((p) => {
    const o = p.odooLineId !== null ? byId.get(p.odooLineId) : undefined;
    if (!o || claimed.has(o.id) || o.displayType !== p.displayType) return undefined;
    claimed.add(o.id);
    return o.sequence;
  });
  const kept = longestIncreasing(anchors);
  if (kept.size === 0) return planned;
  /** Whether k sequences fit strictly between lo (or 0) and hi. */
  const room = (lo: number | undefined, hi: number, k: number) => hi - (lo ?? 0) - 1 >= k;
  const sequences: number[] = new Array(planned.length);
  let i = 0;
  let lo: number | undefined;
  while (i < planned.length) {
    if (kept.has(i)) {
      lo = anchors[i]!;
      sequences[i++] = lo;
      continue;
    }
    let j = i;
    while (j < planned.length && !kept.has(j)) j++;
    // Too narrow a gap for the run: the kept lines after it join the run (they move) until one leaves room, so
    // only the lines next to the insertion are written again, never the whole order.
    while (j < planned.length && !room(lo, anchors[j]!, j - i)) {
      j++;
      while (j < planned.length && !kept.has(j)) j++;
    }
    const k = j - i;
    const hi = j < planned.length ? anchors[j]! : undefined;
    for (let n = 0; n < k; n++) {
      let v: number;
      if (hi === undefined) v = (lo ?? 0) + step * (n + 1);
      else if (lo === undefined) v = hi - step * k >= 1 ? hi - step * (k - n) : Math.floor(((n + 1) * hi) / (k + 1));
      else if (lo + step * k < hi) v = lo + step * (n + 1);
      else v = lo + Math.floor(((n + 1) * (hi - lo)) / (k + 1));
      sequences[i + n] = v;
    }
    i = j;
  }
  // Every sequence must stay strictly increasing (and positive); otherwise number them all again.
  const fits = sequences.every((v, n) => v >= 1 && (n === 0 || v > sequences[n - 1]!));
  return fits ? planned.map((p, n) => (p.sequence === sequences[n] ? p : { ...p, sequence: sequences[n]! })) : planned;
}

type ValsOptions = Pick<PlanOptions, 'hasCost' | 'hasDiscount' | 'optionalLines'>;

/**
 * Values of a new line (command 0). Money and quantity only on product lines: Odoo refuses them elsewhere. The
 * discount is always sent (0 included), so a pricelist discount Odoo would compute does not replace ours.
 */
export function createVals(p: PlannedLine, opts: ValsOptions): Record<string, unknown> {
  if (p.displayType)
    return {
      display_type: p.displayType,
      name: p.name,
      sequence: p.sequence,
      ...(p.isOptional && opts.optionalLines ? { is_optional: true } : {}),
    };
  const v: Record<string, unknown> = {
    sequence: p.sequence,
    product_id: p.productId,
    product_uom_qty: p.quantity,
    price_unit: p.priceUnit,
  };
  if (opts.hasDiscount) v.discount = p.discount;
  if (p.name !== null) v.name = p.name;
  if (opts.hasCost) v.purchase_price = p.cost;
  return v;
}

const differs = (a: number, b: number) => Math.abs(a - b) >= 5e-7;

/** Values that bring an existing Odoo line to the planned one ({} when nothing changed). */
export function updateVals(p: PlannedLine, o: OdooLine, opts: ValsOptions): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  if (p.sequence !== o.sequence) v.sequence = p.sequence;
  if (p.name !== null && p.name !== o.name) v.name = p.name;
  if (p.displayType === 'line_section' && opts.optionalLines && (p.isOptional ?? false) !== (o.isOptional ?? false))
    v.is_optional = p.isOptional ?? false;
  if (p.displayType) return v;
  const productChanged = p.productId !== o.productId;
  if (productChanged) v.product_id = p.productId;
  // Writing the quantity alone makes Odoo recompute the unit price (and the discount) from the pricelist: always
  // quantity, price and discount together.
  const discountChanged = !!opts.hasDiscount && (o.discount === null || differs(p.discount, o.discount));
  if (productChanged || differs(p.quantity, o.quantity) || differs(p.priceUnit, o.priceUnit) || discountChanged) {
    v.product_uom_qty = p.quantity;
    v.price_unit = p.priceUnit;
    if (opts.hasDiscount) v.discount = p.discount;
  }
  if (opts.hasCost && (productChanged || o.cost === null || differs(p.cost, o.cost))) v.purchase_price = p.cost;
  return v;
}

/** Same kind of line at the same place with the same text/product: the line a lost create or write made. */
function sameLine(p: PlannedLine, o: OdooLine): boolean {
  if (p.displayType !== o.displayType || p.sequence !== o.sequence) return false;
  if (p.displayType) return p.name === o.name;
  return p.productId === o.productId && (p.name === null || p.name === o.name);
}

export interface LineDiff {
  /** x2many commands for sale.order.write {order_line}: deletes, then updates, then creates */
  commands: unknown[][];
  /** planned lines kept on an existing Odoo line (by stored id, or adopted) */
  kept: Map<string, number>;
  /** products, notes and headers created / updated / deleted */
  created: number;
  updated: number;
  deleted: number;
  /** section lines created / updated / deleted */
  sections: { created: number; updated: number; deleted: number };
}

/**
 * The commands that turn `existing` into `planned`. A planned line keeps its Odoo line when it names it by id
 * and the display type is the same (Odoo cannot change a line's display type: a changed kind is a delete and a
 * create). A planned line without a usable id adopts an unclaimed Odoo line that is the same line at the same
 * sequence — what a previous attempt whose answer was lost created. Every other Odoo line is deleted.
 */
export function diffLines(planned: PlannedLine[], existing: OdooLine[], opts: ValsOptions): LineDiff {
  const byId = new Map(existing.map((o) => [o.id, o]));
  const claimed = new Set<number>();
  const kept = new Map<string, number>();
  for (const p of planned) {
    const o = p.odooLineId !== null ? byId.get(p.odooLineId) : undefined;
    if (o && !claimed.has(o.id) && o.displayType === p.displayType) {
      claimed.add(o.id);
      kept.set(p.localId, o.id);
    }
  }
  for (const p of planned) {
    if (kept.has(p.localId)) continue;
    const o = existing.find((x) => !claimed.has(x.id) && sameLine(p, x));
    if (o) {
      claimed.add(o.id);
      kept.set(p.localId, o.id);
    }
  }
  const lines = { created: 0, updated: 0, deleted: 0 };
  const sections = { created: 0, updated: 0, deleted: 0 };
  const counts = (displayType: DisplayType) => (displayType === 'line_section' ? sections : lines);
  const removed = existing.filter((o) => !claimed.has(o.id));
  for (const o of removed) counts(o.displayType).deleted += 1;
  const deletes = removed.map((o) => [2, o.id, 0]);
  const updates: unknown[][] = [];
  const creates: unknown[][] = [];
  for (const p of planned) {
    const id = kept.get(p.localId);
    if (id === undefined) {
      creates.push([0, 0, createVals(p, opts)]);
      counts(p.displayType).created += 1;
    } else {
      const v = updateVals(p, byId.get(id)!, opts);
      if (Object.keys(v).length > 0) {
        updates.push([1, id, v]);
        counts(p.displayType).updated += 1;
      }
    }
  }
  return { commands: [...deletes, ...updates, ...creates], kept, ...lines, sections };
}

/**
 * Links planned lines to Odoo lines: the known id first (when the line still exists with the same display type),
 * then the same kind at the same sequence, then the same kind with the same text. Planned lines left without a
 * match are not in the result.
 */
export function linkLines(
  planned: PlannedLine[],
  existing: OdooLine[],
  known: ReadonlyMap<string, number> = new Map(),
): ErpLineLink[] {
  const productOk = (p: PlannedLine, o: OdooLine) => p.displayType !== false || p.productId === o.productId;
  return linkRecords(
    planned,
    existing,
    (p) => known.get(p.localId),
    (p, o) => o.displayType === p.displayType,
    [
      (p, o) => o.sequence === p.sequence && productOk(p, o),
      (p, o) => p.name !== null && o.name === p.name && productOk(p, o),
    ],
  );
}

/**
 * Links planned records (lines, options) to the order's: the known id first (when that record still exists and
 * `fits`), then each pass in turn over the records not linked yet; each existing record links at most once.
 */
function linkRecords<P extends { localId: string }, O extends { id: number }>(
  planned: readonly P[],
  existing: readonly O[],
  knownId: (p: P) => number | undefined,
  fits: (p: P, o: O) => boolean,
  passes: readonly ((p: P, o: O) => boolean)[],
): ErpLineLink[] {
  const byId = new Map(existing.map((o) => [o.id, o]));
  const used = new Set<number>();
  const out = new Map<string, number>();
  for (const p of planned) {
    const id = knownId(p);
    const o = id !== undefined ? byId.get(id) : undefined;
    if (o && fits(p, o) && !used.has(o.id)) {
      used.add(o.id);
      out.set(p.localId, o.id);
    }
  }
  for (const match of passes)
    for (const p of planned) {
      if (out.has(p.localId)) continue;
      const o = existing.find((x) => !used.has(x.id) && fits(p, x) && match(p, x));
      if (o) {
        used.add(o.id);
        out.set(p.localId, o.id);
      }
    }
  return planned
    .filter((p) => out.has(p.localId))
    .map((p) => ({ localId: p.localId, odooLineId: out.get(p.localId)! }));
}

export interface HeaderOptions {
  hasTemplate: boolean;
}

/** Order header values of a local sale (create: with origin; address/salesperson/template only when set). */
export function headerVals(sale: ErpSaleDraft, opts: HeaderOptions): Record<string, unknown> {
  if (!Number.isInteger(sale.partnerId) || sale.partnerId <= 0)
    throw erpErrors.validation('The sale has no ERP customer: choose a customer before publishing');
  const v: Record<string, unknown> = {
    partner_id: sale.partnerId,
    client_order_ref: sale.name?.trim() ? sale.name : false,
  };
  if (sale.partnerInvoiceId) v.partner_invoice_id = sale.partnerInvoiceId;
  if (sale.partnerShippingId) v.partner_shipping_id = sale.partnerShippingId;
  if (sale.salespersonId) v.user_id = sale.salespersonId;
  if (opts.hasTemplate && sale.templateId) v.sale_order_template_id = sale.templateId;
  // The quotation's expiry (the sale's validity from the day it is sent); payment_term_id is left to Odoo (the
  // customer's property_payment_term_id).
  if (sale.validityDate) v.validity_date = sale.validityDate;
  return v;
}

/** The header values that differ from the order as read. */
export function headerChanges(
  wanted: Record<string, unknown>,
  current: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(wanted)) {
    const cur = current[k];
    const same =
      typeof v === 'number' ? ref(cur)?.odooId === v : (str(cur) ?? false) === (typeof v === 'string' ? v : false);
    if (!same) out[k] = v;
  }
  return out;
}

export function chunk<T>(items: T[], size: number): T[][] {
  if (items.length === 0) return [[]];
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// ---- Odoo 18 options (sale.order.option) -----------------------------------------------------------------------

/** One sale.order.option the local sale wants (Odoo 18: a product line of an optional section). */
export interface PlannedOption {
  localId: string;
  sequence: number;
  /** the option id stored locally (sale_lines.odoo_option_id), else null */
  odooOptionId: number | null;
  /** null: no description (Odoo writes the product's name and sales description) */
  name: string | null;
  productId: number;
  quantity: number;
  priceUnit: number;
  discount: number;
}

/** An Odoo option, normalised from search_read. */
export interface OdooOption {
  id: number;
  sequence: number;
  name: string;
  productId: number | null;
  quantity: number;
  priceUnit: number;
  discount: number;
  uomId: number | null;
}

export const OPTION_FIELDS = ['sequence', 'name', 'product_id', 'quantity', 'uom_id', 'price_unit', 'discount'];

export function odooOption(row: Record<string, unknown>): OdooOption {
  return {
    id: row.id as number,
    sequence: num(row.sequence) ?? 0,
    name: str(row.name) ?? '',
    productId: refId(row.product_id),
    quantity: num(row.quantity) ?? 0,
    priceUnit: num(row.price_unit) ?? 0,
    discount: num(row.discount) ?? 0,
    uomId: refId(row.uom_id),
  };
}

/**
 * The options of a local sale on Odoo 18 (PlanOptions.optionModel): every product line of its optional sections,
 * in document order, sequences 10, 20, … (always sent: Odoo sorts an option without one after all others). Notes and
 * headers of optional sections are not sent (an option must have a product).
 */
export function planOptions(sale: ErpSaleDraft, opts: Pick<PlanOptions, 'optionModel' | 'sequenceStep'>) {
  if (!opts.optionModel) return [];
  const step = opts.sequenceStep ?? 10;
  const out: PlannedOption[] = [];
  for (const section of sale.sections) {
    if (!section.optional) continue;
    for (const l of section.lines) {
      if (l.kind !== 'product') continue;
      const p = plannedProduct(l, (out.length + 1) * step);
      out.push({
        localId: p.localId,
        sequence: p.sequence,
        odooOptionId: l.odooOptionId ?? null,
        name: p.name,
        productId: p.productId!,
        quantity: p.quantity,
        priceUnit: p.priceUnit,
        discount: p.discount,
      });
    }
  }
  return out;
}

/** Values of a new option (command 0); `uomId`: the product's unit (uom_id is required on an option). */
export function optionCreateVals(p: PlannedOption, uomId: number | undefined): Record<string, unknown> {
  const v: Record<string, unknown> = {
    sequence: p.sequence,
    product_id: p.productId,
    quantity: p.quantity,
    price_unit: p.priceUnit,
    discount: p.discount,
  };
  if (uomId) v.uom_id = uomId;
  if (p.name !== null) v.name = p.name;
  return v;
}

/** Values that bring an option to the planned one ({} when nothing changed): quantity, price, discount together. */
export function optionUpdateVals(p: PlannedOption, o: OdooOption, uomId: number | undefined): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  if (p.sequence !== o.sequence) v.sequence = p.sequence;
  if (p.name !== null && p.name !== o.name) v.name = p.name;
  const productChanged = p.productId !== o.productId;
  if (productChanged) {
    v.product_id = p.productId;
    if (uomId) v.uom_id = uomId;
  }
  if (
    productChanged ||
    differs(p.quantity, o.quantity) ||
    differs(p.priceUnit, o.priceUnit) ||
    differs(p.discount, o.discount)
  ) {
    v.quantity = p.quantity;
    v.price_unit = p.priceUnit;
    v.discount = p.discount;
  }
  return v;
}

export interface OptionDiff {
  /** x2many commands for sale.order.write {sale_order_option_ids}: deletes, updates, creates */
  commands: unknown[][];
  kept: Map<string, number>;
  created: number;
  updated: number;
  deleted: number;
}

/**
 * The commands that turn the order's options into the planned ones: an option named by its stored id is kept
 * (updated when it differs), one without adopts an unclaimed option with the same product and sequence (what a
 * lost write created), every other option of the order is deleted. `uoms`: product id → its unit.
 */
export function diffOptions(
  planned: PlannedOption[],
  existing: OdooOption[],
  uoms: ReadonlyMap<number, number>,
): OptionDiff {
  const byId = new Map(existing.map((o) => [o.id, o]));
  const claimed = new Set<number>();
  const kept = new Map<string, number>();
  for (const p of planned) {
    const o = p.odooOptionId !== null ? byId.get(p.odooOptionId) : undefined;
    if (o && !claimed.has(o.id)) {
      claimed.add(o.id);
      kept.set(p.localId, o.id);
    }
  }
  for (const p of planned) {
    if (kept.has(p.localId)) continue;
    const o = existing.find(
      (x) =>
        !claimed.has(x.id) &&
        x.productId === p.productId &&
        x.sequence === p.sequence &&
        (p.name === null || x.name === p.name),
    );
    if (o) {
      claimed.add(o.id);
      kept.set(p.localId, o.id);
    }
  }
  const removed = existing.filter((o) => !claimed.has(o.id));
  const updates: unknown[][] = [];
  const creates: unknown[][] = [];
  for (const p of planned) {
    const id = kept.get(p.localId);
    if (id === undefined) creates.push([0, 0, optionCreateVals(p, uoms.get(p.productId))]);
    else {
      const v = optionUpdateVals(p, byId.get(id)!, uoms.get(p.productId));
      if (Object.keys(v).length > 0) updates.push([1, id, v]);
    }
  }
  return {
    commands: [...removed.map((o) => [2, o.id, 0]), ...updates, ...creates],
    kept,
    created: creates.length,
    updated: updates.length,
    deleted: removed.length,
  };
}

/** Links planned options to the order's options: the known id first, then product and sequence, then product. */
export function linkOptions(
  planned: PlannedOption[],
  existing: OdooOption[],
  known: ReadonlyMap<string, number> = new Map(),
): ErpLineLink[] {
  return linkRecords(
    planned,
    existing,
    (p) => known.get(p.localId) ?? p.odooOptionId ?? undefined,
    () => true,
    [(p, o) => o.productId === p.productId && o.sequence === p.sequence, (p, o) => o.productId === p.productId],
  );
}
