// Applying a delta (realtime.ts) to a sale the client holds, and the inverse: the delta between two sales. Pure
// functions shared by the web app (which patches its cached sale) and the server (which may build deltas by diffing).
import type { Actor, SaleChanges, SaleDelta, SaleHeaderChange } from './realtime';
import type { LineDto, SaleDto, SectionDto, SectionHeadDto } from './sales';

/** The header fields a delta may carry besides the always-present ones. */
const OPTIONAL_HEADER = [
  'name',
  'state',
  'state_label',
  'customer',
  'customer_invoice',
  'customer_shipping',
  'template',
  'salesperson',
  'template_ids',
  'validity_days',
] as const satisfies readonly (keyof SaleHeaderChange & keyof SaleDto)[];

/** Deep equality of JSON values (DTOs are plain JSON: no dates, maps or cycles). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => same(v, bb[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) => Object.hasOwn(b, k) && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

function headOf(section: SectionDto): SectionHeadDto {
  const { lines: _lines, ...head } = section;
  return head;
}

/** Reorders `items` by `ids`; undefined when the ids are not exactly the items' ids (the client is out of step). */
function reorder<T>(items: T[], ids: readonly string[], idOf: (item: T) => string): T[] | undefined {
  if (ids.length !== items.length) return undefined;
  const byId = new Map(items.map((item) => [idOf(item), item]));
  const out: T[] = [];
  for (const id of ids) {
    const item = byId.get(id);
    if (!item) return undefined;
    byId.delete(id);
    out.push(item);
  }
  return out;
}

/**
 * The sale after `delta`, as a new object (the input is not changed), or 'refetch' when the delta does not follow the
 * held version (a gap, a repeat) or does not fit the held sale (an order naming unknown ids): then GET the sale.
 */
export function applySaleDelta(sale: SaleDto, delta: SaleDelta): SaleDto | 'refetch' {
  if (delta.saleId !== sale._id || delta.version !== sale.version + 1) return 'refetch';
  const { changes } = delta;
  // Sections as mutable copies: heads copied, line arrays copied only when touched.
  let sections: SectionDto[] = sale.sections.map((s) => ({ ...s }));
  const index = () => new Map(sections.map((s) => [s._id, s]));
  let byId = index();

  if (changes.sections) {
    for (const head of changes.sections.changed) {
      const current = byId.get(head._id);
      if (current) Object.assign(current, head, { lines: current.lines });
      else {
        const created: SectionDto = { ...head, lines: [] };
        sections.push(created);
        byId.set(created._id, created);
      }
    }
  }
  if (changes.lines) {
    const touched = new Set<SectionDto>();
    const own = (s: SectionDto) => {
      if (!touched.has(s)) {
        s.lines = [...s.lines];
        touched.add(s);
      }
      return s.lines;
    };
    const where = new Map<string, SectionDto>();
    for (const s of sections) for (const l of s.lines) where.set(l._id, s);
    for (const { section, line } of changes.lines.changed) {
      const target = byId.get(section);
      if (!target) return 'refetch';
      const from = where.get(line._id);
      if (from === target) {
        const lines = own(target);
        lines[lines.findIndex((l) => l._id === line._id)] = line;
      } else {
        if (from) {
          const lines = own(from);
          lines.splice(
            lines.findIndex((l) => l._id === line._id),
            1,
          );
        }
        own(target).push(line);
        where.set(line._id, target);
      }
    }
    const removed = new Set(changes.lines.removed);
    if (removed.size > 0) {
      for (const s of sections) {
        if (s.lines.some((l) => removed.has(l._id))) {
          s.lines = s.lines.filter((l) => !removed.has(l._id));
          touched.add(s);
        }
      }
    }
  }
  if (changes.sections) {
    const removed = new Set(changes.sections.removed);
    if (removed.size > 0) sections = sections.filter((s) => !removed.has(s._id));
    if (changes.sections.order) {
      const ordered = reorder(sections, changes.sections.order, (s) => s._id);
      if (!ordered) return 'refetch';
      sections = ordered;
    }
    byId = index();
  }
  for (const { section, ids } of changes.lines?.order ?? []) {
    const s = byId.get(section);
    if (!s) return 'refetch';
    const ordered = reorder(s.lines, ids, (l) => l._id);
    if (!ordered) return 'refetch';
    s.lines = ordered;
  }
  // A section the delta did not change is the held object again: what shows it (a row, a memoized table) sees that
  // it is the same and does not render again.
  const held = new Map(sale.sections.map((s) => [s._id, s]));
  sections = sections.map((s) => {
    const was = held.get(s._id);
    return was && shallowSame(was, s) ? was : s;
  });
  return { ...sale, ...changes.sale, sections };
}

/** Whether two objects have the same keys with the very same values. */
function shallowSame(a: object, b: object): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * The delta that turns `before` into `after` (two versions of one sale), stamped with `after`'s version and `by`.
 * Fields a delta cannot carry (quote number, creation, ERP ids) are taken to be unchanged.
 */
export function diffSales(before: SaleDto, after: SaleDto, by: Actor): SaleDelta {
  const sale: SaleHeaderChange = {
    version: after.version,
    updated_on: after.updated_on,
    updated_by: after.updated_by,
    pricing: after.pricing,
    total_price: after.total_price,
    odoo_synced: after.odoo_synced,
  };
  const header = sale as unknown as Record<string, unknown>;
  for (const key of OPTIONAL_HEADER) if (!same(before[key], after[key])) header[key] = after[key];
  const changes: SaleChanges = { sale };

  // Sections
  const beforeSections = new Map(before.sections.map((s) => [s._id, s]));
  const afterIds = new Set(after.sections.map((s) => s._id));
  const changedSections = after.sections
    .filter((s) => {
      const old = beforeSections.get(s._id);
      // The server reuses an unchanged section's very object (section cache): no need to compare it.
      return !old || (old !== s && !same(headOf(old), headOf(s)));
    })
    .map(headOf);
  const removedSections = before.sections.filter((s) => !afterIds.has(s._id)).map((s) => s._id);
  const sectionOrder = after.sections.map((s) => s._id);
  const orderChanged = !same(
    before.sections.map((s) => s._id),
    sectionOrder,
  );
  if (changedSections.length > 0 || removedSections.length > 0 || orderChanged) {
    changes.sections = {
      changed: changedSections,
      removed: removedSections,
      ...(orderChanged ? { order: sectionOrder } : {}),
    };
  }

  // Lines. Only sections that are not the very same object can differ: a line can neither leave nor join a section
  // that the server reused unchanged. Nor one whose lines are the same ids in the same order (an edit): there only
  // the lines that are not the very same objects are compared, without a pass through the maps below.
  const afterById = new Map(after.sections.map((s) => [s._id, s]));
  const changedLines: { section: string; line: LineDto }[] = [];
  const aligned = new Set<string>();
  for (const s of after.sections) {
    const old = beforeSections.get(s._id);
    if (!old || old === s || old.lines.length !== s.lines.length) continue;
    if (!old.lines.every((l, i) => l._id === s.lines[i]!._id)) continue;
    aligned.add(s._id);
    s.lines.forEach((line, i) => {
      const was = old.lines[i]!;
      if (was !== line && !same(was, line)) changedLines.push({ section: s._id, line });
    });
  }
  const beforeLines = new Map<string, { section: string; line: LineDto }>();
  for (const s of before.sections) {
    if (afterById.get(s._id) === s || aligned.has(s._id)) continue;
    for (const line of s.lines) beforeLines.set(line._id, { section: s._id, line });
  }
  const afterLineIds = new Set<string>();
  const afterSectionOf = new Map<string, string>();
  for (const s of after.sections) {
    if (beforeSections.get(s._id) !== s && !aligned.has(s._id))
      for (const line of s.lines) afterSectionOf.set(line._id, s._id);
  }
  /**
   * The order applySaleDelta gives section `s` without an explicit order: its lines that stayed, in their old order,
   * then the lines that joined it (new or moved in) in the order they are listed. Appending lines needs no order.
   */
  const impliedOrder = (s: SectionDto, old: readonly string[]) => [
    ...old.filter((id) => afterSectionOf.get(id) === s._id),
    ...s.lines.filter((l) => beforeLines.get(l._id)?.section !== s._id).map((l) => l._id),
  ];
  const lineOrder: { section: string; ids: string[] }[] = [];
  for (const s of after.sections) {
    if (beforeSections.get(s._id) === s || aligned.has(s._id)) continue;
    for (const line of s.lines) {
      afterLineIds.add(line._id);
      const old = beforeLines.get(line._id);
      if (!old || old.section !== s._id || (old.line !== line && !same(old.line, line))) {
        changedLines.push({ section: s._id, line });
      }
    }
    const ids = s.lines.map((l) => l._id);
    const old = beforeSections.get(s._id)?.lines.map((l) => l._id) ?? [];
    if (!same(old, ids) && !same(impliedOrder(s, old), ids)) lineOrder.push({ section: s._id, ids });
  }
  const removedLines = [...beforeLines.keys()].filter((id) => !afterLineIds.has(id));
  if (changedLines.length > 0 || removedLines.length > 0 || lineOrder.length > 0) {
    changes.lines = {
      changed: changedLines,
      removed: removedLines,
      ...(lineOrder.length > 0 ? { order: lineOrder } : {}),
    };
  }
  return { saleId: after._id, version: after.version, by, changes };
}
