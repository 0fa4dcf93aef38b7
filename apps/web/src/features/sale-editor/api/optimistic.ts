// Optimistic edits of the cached sale (docs/architecture.md#the-web-app). The cache shows the server's sale with the
// pending edits laid over it; the server's sale itself ("confirmed") is kept beside it while any edit is pending. Every
// server change (a mutation's answer, another editor's delta, a GET) lands on the confirmed sale and the pending
// overlays are laid again on top; an edit that ends (answered or refused) drops its overlay. So a refused edit rolls
// back exactly its own change: deltas from other editors that arrived meanwhile stay.
//
// The overlays never touch `version`: the cached version is always the server's, so the next delta still applies.
// Totals during the optimistic window are computed with packages/domain (sectionDetails, salePricingFromSections —
// what the server uses), so a line's subtotal and the section and sale totals move with the edit; the answer then
// replaces them with the server's (the same figures).

import { applySaleDelta, type SaleDelta } from '@quotewright/contracts';
import {
  type LinePart,
  linePart,
  markupPrice,
  money,
  type SectionPresentation,
  salePricingFromSections,
  sectionDetailsOf,
  showDetailsOf,
  toDecimal,
} from '@quotewright/domain';
import type { QueryClient } from '@tanstack/react-query';
import { notifyNow } from '../../../lib/notifyNow';
import type { LineChanges, Sale, SaleHeader, SaleLine, SaleSection } from './types';
import { rememberBefore } from './undo';

/** A pending edit as seen on screen: a pure function of the server's sale (it must tolerate a changed sale). */
export type Overlay = (sale: Sale) => Sale;

interface Ledger {
  /** The server's sale (the newest version received). */
  confirmed: Sale;
  pending: Map<number, Overlay>;
}

export const saleKey = (id: string | undefined) => ['sale', id] as const;

const ledgers = new WeakMap<QueryClient, Map<string, Ledger>>();
let nextToken = 1;

/** Who removed a line or section, by its id, as the deltas applied here said (an edit of it then fails with 404). */
const removers = new WeakMap<QueryClient, Map<string, string>>();
/** Kept for this many removed ids per client (the oldest are forgotten). */
const REMOVERS_KEPT = 2000;

function recordRemovals(qc: QueryClient, delta: SaleDelta) {
  const ids = [...(delta.changes.lines?.removed ?? []), ...(delta.changes.sections?.removed ?? [])];
  if (ids.length === 0) return;
  let byId = removers.get(qc);
  if (!byId) {
    byId = new Map();
    removers.set(qc, byId);
  }
  for (const id of ids) byId.set(id, delta.by.name);
  for (const oldest of byId.keys()) {
    if (byId.size <= REMOVERS_KEPT) break;
    byId.delete(oldest);
  }
}

/** The name of whoever removed the line or section `id`, when a delta received here said so. */
export function removedBy(qc: QueryClient, id: string): string | undefined {
  return removers.get(qc)?.get(id);
}

function ledgerOf(qc: QueryClient, saleId: string): Ledger | undefined {
  return ledgers.get(qc)?.get(saleId);
}

/** The confirmed sale with every pending overlay laid over it; an overlay that cannot apply is left out. */
function shown(ledger: Ledger): Sale {
  let sale = ledger.confirmed;
  for (const overlay of ledger.pending.values()) {
    try {
      sale = overlay(sale);
    } catch {
      // e.g. a number the domain refuses: the server will refuse it too, and the rollback follows.
    }
  }
  return sale;
}

function show(qc: QueryClient, saleId: string, ledger: Ledger) {
  if (ledger.pending.size === 0) ledgers.get(qc)?.delete(saleId);
  qc.setQueryData<Sale>(saleKey(saleId), shown(ledger));
}

/** The server's copy of the sale: the cached one unless an optimistic edit is pending. */
export function serverSale(qc: QueryClient, saleId: string): Sale | undefined {
  return ledgerOf(qc, saleId)?.confirmed ?? qc.getQueryData<Sale>(saleKey(saleId));
}

/** Lays `overlay` over the cached sale at once; returns the token that ends it. Undefined when nothing is cached. */
export function beginOptimistic(qc: QueryClient, saleId: string, overlay: Overlay): number | undefined {
  let byId = ledgers.get(qc);
  if (!byId) {
    byId = new Map();
    ledgers.set(qc, byId);
  }
  let ledger = byId.get(saleId);
  if (!ledger) {
    const cached = qc.getQueryData<Sale>(saleKey(saleId));
    if (!cached) return undefined;
    ledger = { confirmed: cached, pending: new Map() };
    byId.set(saleId, ledger);
  }
  const token = nextToken++;
  ledger.pending.set(token, overlay);
  // the edit is shown in the frame that follows the key press (see notifyNow)
  const shownLedger = ledger;
  notifyNow(() => show(qc, saleId, shownLedger));
  return token;
}

/** Drops the overlay `token` (its edit was answered or refused): the cache shows the server's sale and the rest. */
export function endOptimistic(qc: QueryClient, saleId: string, token: number | undefined) {
  const ledger = ledgerOf(qc, saleId);
  if (token === undefined || !ledger?.pending.delete(token)) return;
  if (qc.getQueryData(saleKey(saleId)) === undefined) {
    // The sale left the cache (deleted, navigated away): nothing to show.
    if (ledger.pending.size === 0) ledgers.get(qc)?.delete(saleId);
    return;
  }
  show(qc, saleId, ledger);
}

export type DeltaOutcome =
  /** Applied: `before` is the server's sale it was applied to. */
  | { status: 'applied'; before: Sale }
  /** Already held (our own answer after the room's copy, an older delta), or the sale is not loaded. */
  | { status: 'ignored' }
  /** A gap or a delta that does not fit: the sale is being read again (`done` when it has been). */
  | { status: 'refetch'; done: Promise<void> };

/**
 * A server change (a mutation's answer or another editor's delta) applied to the server's sale; the pending overlays
 * are laid again on top. A version gap refetches the sale.
 */
export function applyServerDelta(qc: QueryClient, delta: SaleDelta): DeltaOutcome {
  const key = saleKey(delta.saleId);
  const ledger = ledgerOf(qc, delta.saleId);
  const before = ledger?.confirmed ?? qc.getQueryData<Sale>(key);
  if (!before || delta.version <= before.version) return { status: 'ignored' };
  recordRemovals(qc, delta);
  const next = applySaleDelta(before, delta);
  if (next === 'refetch') {
    const done = qc.invalidateQueries({ queryKey: key, exact: true }).catch(() => undefined);
    return { status: 'refetch', done };
  }
  if (ledger) {
    ledger.confirmed = next;
    show(qc, delta.saleId, ledger);
  } else qc.setQueryData<Sale>(key, next);
  rememberBefore(qc, before);
  return { status: 'applied', before };
}

/**
 * A whole sale from the server (a GET, a created sale): kept unless a newer version is already held (answers can
 * arrive out of order); returns what the cache should show (with the pending overlays).
 */
export function receiveSale(qc: QueryClient, sale: Sale): Sale {
  const ledger = ledgerOf(qc, sale._id);
  if (ledger) {
    if (sale.version >= ledger.confirmed.version) ledger.confirmed = sale;
    return shown(ledger);
  }
  const current = qc.getQueryData<Sale>(saleKey(sale._id));
  return current && current.version > sale.version ? current : sale;
}

// ─── Overlays ──────────────────────────────────────────────────────────────────────────────────────────────────

/** The section `sectionId` replaced by `edit(section)`; the sale unchanged when the section is gone. */
function inSection(sale: Sale, sectionId: string, edit: (s: SaleSection) => SaleSection): Sale {
  const i = sale.sections.findIndex((s) => s._id === sectionId);
  const section = sale.sections[i];
  if (!section) return sale;
  const next = edit(section);
  if (next === section) return sale;
  const sections = [...sale.sections];
  sections[i] = next;
  // An optional section is not in the sale's total: a presentation change moves the sale's totals too.
  const priced = next.pricing !== section.pricing || next.presentation !== section.presentation;
  if (!priced) return { ...sale, sections };
  const pricing = salePricingFromSections(sections.map((s) => ({ ...s.pricing, presentation: s.presentation })));
  return { ...sale, sections, pricing, total_price: pricing.total_price };
}

/**
 * Each line object's parsed numbers and totals (packages/domain's linePart), kept while the object lives: lines are
 * immutable, so repricing a section after one edit parses only the edited line — the rest is adding whole cents.
 */
const parts = new WeakMap<SaleLine, LinePart | null>();
function partOf(line: SaleLine): LinePart | null {
  let part = parts.get(line);
  if (part === undefined) {
    part = linePart(line);
    parts.set(line, part);
  }
  return part;
}

/** The section with `lines`, its lines' metrics and its totals computed as the server does. */
function repriced(section: SaleSection, lines: SaleLine[]): SaleSection {
  const { metrics, pricing } = sectionDetailsOf(lines.map(partOf));
  const priced = lines.map((line, i) => {
    const m = metrics[i]!;
    return line.subtotal === m.subtotal &&
      line.markup_percent === m.markup_percent &&
      line.margin_percent === m.margin_percent
      ? line
      : { ...line, subtotal: m.subtotal, markup_percent: m.markup_percent, margin_percent: m.margin_percent };
  });
  return { ...section, lines: priced, pricing };
}

/** Numbers as the server answers them: quantities exact without trailing zeros, costs with at least 2 decimals. */
const quantityText = (v: string | number) => toDecimal(v).toFixed();
function costText(v: string | number): string {
  const d = toDecimal(v);
  return d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toFixed();
}

/** One line after an edit, as the server applies it (lines/update): money fields only on product lines. */
export function editedLine(line: SaleLine, c: Omit<LineChanges, '_id'>): SaleLine {
  const next = { ...line };
  if (c.name !== undefined) next.name = c.name;
  if (line.kind === 'product') {
    if (c.quantity !== undefined) next.quantity = quantityText(c.quantity);
    if (c.cost !== undefined) next.cost = costText(c.cost);
    if (c.price !== undefined) next.price = money(c.price);
    if (c.discount !== undefined) next.discount = Number(toDecimal(c.discount).toFixed());
    if (c.markup_percent !== undefined) next.price = markupPrice(next.cost, c.markup_percent, next.discount);
  }
  return next;
}

const MONEY_FIELDS = ['quantity', 'price', 'cost', 'discount', 'markup_percent'] as const;

/** Line field edits (name, quantity, price, discount, cost, markup) of lines of one section. */
export function editLines(sectionId: string, changes: readonly LineChanges[]): Overlay {
  const byId = new Map(changes.map((c) => [c._id, c]));
  const reprice = changes.some((c) => MONEY_FIELDS.some((f) => c[f] !== undefined));
  return (sale) =>
    inSection(sale, sectionId, (section) => {
      if (!section.lines.some((l) => byId.has(l._id))) return section;
      const lines = section.lines.map((l) => {
        const c = byId.get(l._id);
        return c ? editedLine(l, c) : l;
      });
      return reprice ? repriced(section, lines) : { ...section, lines };
    });
}

/** Set Markup on lines of one section: product lines get price = markupPrice(cost, markup, discount). */
export function markupLines(sectionId: string, ids: readonly string[], markup: string): Overlay {
  return editLines(
    sectionId,
    ids.map((_id) => ({ _id, markup_percent: markup })),
  );
}

/** Lines deleted from one section. */
export function removeLines(sectionId: string, ids: readonly string[]): Overlay {
  const gone = new Set(ids);
  return (sale) =>
    inSection(sale, sectionId, (section) =>
      section.lines.some((l) => gone.has(l._id))
        ? repriced(
            section,
            section.lines.filter((l) => !gone.has(l._id)),
          )
        : section,
    );
}

/** `items` with the one whose id is `id` moved to index `to` (clamped); the same array when it is not there. */
function moved<T extends { _id: string }>(items: readonly T[], id: string, to: number): readonly T[] {
  const from = items.findIndex((x) => x._id === id);
  if (from < 0) return items;
  const out = [...items];
  const [item] = out.splice(from, 1);
  out.splice(Math.min(Math.max(to, 0), out.length), 0, item!);
  return out;
}

/** A line moved to index `to` of its section (drag and drop). */
export function moveLine(sectionId: string, lineId: string, to: number): Overlay {
  return (sale) =>
    inSection(sale, sectionId, (section) => {
      const lines = moved(section.lines, lineId, to);
      return lines === section.lines ? section : { ...section, lines: [...lines] };
    });
}

/** A section moved to index `to`. */
export function moveSection(sectionId: string, to: number): Overlay {
  return (sale) => {
    const sections = moved(sale.sections, sectionId, to);
    return sections === sale.sections ? sale : { ...sale, sections: [...sections] };
  };
}

/** A section renamed, or its presentation set (show_details follows it). */
export function editSection(sectionId: string, patch: { name?: string; presentation?: SectionPresentation }): Overlay {
  return (sale) =>
    inSection(sale, sectionId, (section) => ({
      ...section,
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.presentation !== undefined
        ? { presentation: patch.presentation, show_details: showDetailsOf(patch.presentation) }
        : {}),
    }));
}

/** The header fields saved (name, customer, addresses, template, salesperson). */
export function editHeader(header: Partial<SaleHeader>): Overlay {
  return (sale) => ({ ...sale, ...header });
}
