// The activity feed of a sale (docs/product/screens.md#activity): one entry per user action — who, when, what kind —
// with a structured detail built here, by a pure function, from the sale before and after the action. The server stores
// entries in the mutation's own transaction; the web app renders them as sentences
// ("Ana set Qty of AX-100 from 2 to 5").
//
// Sentences name a line by what it is — its product's model (its description when it has none), a note's or a
// header's text — never by its position alone, which later edits change. The detail keeps the 1-based position of
// the line in ITS SECTION too (for an added, changed or moved line its position after the action, for a deleted line
// its position before it); moves are told by positions.
import { PRESENTATION_LABELS, SECTION_PRESENTATIONS, type SectionPresentation } from '@quotewright/domain';
import { z } from 'zod';
import type { LineDto, LineKind, Ref, SaleDto, SectionDto } from './sales';

export const ACTIVITY_KINDS = [
  'created',
  'imported',
  'header_updated',
  'section_created',
  'section_updated',
  'section_deleted',
  'section_duplicated',
  'sections_moved',
  'lines_added',
  'lines_pasted',
  'line_updated',
  'lines_deleted',
  'lines_moved',
  'lines_copied',
  'markup_set',
  'copied',
  // Sale templates (decision 0014): `of` names the template, `style` the copy style of an application.
  'template_applied',
  'template_refreshed',
  'template_removed',
  // Undo and redo (docs/product/rules.md#undo-and-redo): a step of the person's own put back.
  'edit_undone',
  'edit_redone',
  // Revisions (docs/product/rules.md#revisions): `of` names the revision ("Q00042-R2").
  'revision_saved',
  'revision_restored',
  // Approvals (docs/product/rules.md#approvals): `approval` holds the reasons and the comment.
  'approval_requested',
  'approval_approved',
  'approval_rejected',
  'approval_voided',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** At most this many items in each list of a detail: a bulk edit of 500 lines stores 20 changes and a count. */
export const ACTIVITY_MAX_ITEMS = 20;
/** Texts (descriptions, names) kept in a detail are cut to this many characters. */
export const ACTIVITY_TEXT_MAX = 120;
export const ACTIVITY_PAGE_SIZE = 50;

export const ACTIVITY_LINE_FIELDS = [
  'name',
  'quantity',
  'price',
  'discount',
  'cost',
  'markup_percent',
  'price_percentage_active',
] as const;
export type ActivityLineField = (typeof ACTIVITY_LINE_FIELDS)[number];
/** As the lines table heads its columns. */
export const ACTIVITY_LINE_FIELD_LABELS: Record<ActivityLineField, string> = {
  name: 'Description',
  quantity: 'Qty',
  price: 'Price',
  discount: 'Disc. %',
  cost: 'Cost',
  markup_percent: 'Markup %',
  price_percentage_active: 'Price %',
};
/** Fields whose values discrete mode hides (the lines table hides their columns). */
export const ACTIVITY_SENSITIVE_FIELDS: ReadonlySet<ActivityLineField> = new Set([
  'price',
  'discount',
  'cost',
  'markup_percent',
]);

export const ACTIVITY_HEADER_FIELDS = [
  'name',
  'customer',
  'customer_invoice',
  'customer_shipping',
  'template',
  'salesperson',
] as const;
export type ActivityHeaderField = (typeof ACTIVITY_HEADER_FIELDS)[number];
/** As the info panel labels its fields. */
export const ACTIVITY_HEADER_FIELD_LABELS: Record<ActivityHeaderField, string> = {
  name: 'Name',
  customer: 'Customer',
  customer_invoice: 'Invoice Address',
  customer_shipping: 'Shipping Address',
  template: 'Quotation Template',
  salesperson: 'Salesperson',
};

// ─── Schemas ────────────────────────────────────────────────────────────────────────────────────────────────────

const value = z.string().nullable();
export const activityLineItemSchema = z.strictObject({
  op: z.enum(['added', 'removed', 'changed', 'moved']),
  section: z.string(),
  /** 1-based position in the section (after the action; before it for a removed line). */
  line: z.number().int(),
  kind: z.enum(['product', 'note', 'header']),
  /** The model of a product line, the text of a note or header. */
  label: z.string(),
  field: z.enum(ACTIVITY_LINE_FIELDS).optional(),
  from: value.optional(),
  to: value.optional(),
  /** A moved line: where it was. */
  fromSection: z.string().optional(),
  fromLine: z.number().int().optional(),
});
export type ActivityLineItem = z.infer<typeof activityLineItemSchema>;

const sectionRef = z.strictObject({ name: z.string(), lines: z.number().int() });
export const activityDetailSchema = z.strictObject({
  header: z
    .array(z.strictObject({ field: z.enum(ACTIVITY_HEADER_FIELDS), from: value, to: value }))
    .max(ACTIVITY_HEADER_FIELDS.length)
    .optional(),
  sections: z
    .strictObject({
      added: z.array(sectionRef).max(ACTIVITY_MAX_ITEMS),
      removed: z.array(sectionRef).max(ACTIVITY_MAX_ITEMS),
      renamed: z.array(z.strictObject({ from: z.string(), to: z.string() })).max(ACTIVITY_MAX_ITEMS),
      /** Show Details turned on/off: entries written before presentations (decision 0032); none are written now. */
      details: z.array(z.strictObject({ section: z.string(), to: z.boolean() })).max(ACTIVITY_MAX_ITEMS),
      /** Presentation changed (details | quantities | total | optional). */
      presentation: z
        .array(
          z.strictObject({
            section: z.string(),
            from: z.enum(SECTION_PRESENTATIONS),
            to: z.enum(SECTION_PRESENTATIONS),
          }),
        )
        .max(ACTIVITY_MAX_ITEMS)
        .optional(),
      /** Positions are 1-based. */
      moved: z
        .array(z.strictObject({ section: z.string(), from: z.number().int(), to: z.number().int() }))
        .max(ACTIVITY_MAX_ITEMS),
      /** Totals: the lists above are capped. */
      total: z.strictObject({
        added: z.number().int(),
        removed: z.number().int(),
        addedLines: z.number().int(),
        removedLines: z.number().int(),
      }),
      /** Entries left out of the lists. */
      more: z.number().int(),
    })
    .optional(),
  lines: z
    .strictObject({
      /** How many lines were added, removed, changed (lines, not fields) and moved. */
      added: z.number().int(),
      removed: z.number().int(),
      changed: z.number().int(),
      moved: z.number().int(),
      /** A template refresh: lines put back exactly as they were (a fresh copy of an unchanged template line). */
      same: z.number().int().optional(),
      items: z.array(activityLineItemSchema).max(ACTIVITY_MAX_ITEMS),
      /** Items left out of `items`. */
      more: z.number().int(),
    })
    .optional(),
  /** markup_set: the markup applied (percent). */
  markup: z.string().optional(),
  /** revision_restored: the cover letter was put back as the revision had it. */
  letter: z.literal(true).optional(),
  /** The section an action started from (a duplicated section, the origin of copied lines). */
  of: z.string().optional(),
  /** copied: the source sale and the copy style. */
  source: z
    .strictObject({
      id: z.string(),
      quote_number: z.string(),
      name: z.string(),
      sections: z.array(z.string()).max(ACTIVITY_MAX_ITEMS),
      count: z.number().int(),
      /** The sections came from this very sale. */
      same: z.boolean(),
    })
    .optional(),
  style: z.enum(['new', 'merge', 'overwrite']).optional(),
  /** An approval's request, decision or voiding: what needed approval, and the person's comment. */
  approval: z.strictObject({ summary: z.string(), comment: z.string().optional() }).optional(),
});
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

export const activityEntrySchema = z.strictObject({
  _id: z.string(),
  /** The sale's version after the action. */
  version: z.number().int(),
  user: z.strictObject({ id: z.string().nullable(), name: z.string() }),
  kind: z.enum(ACTIVITY_KINDS),
  detail: activityDetailSchema,
  created_on: z.string(),
});
export type ActivityEntryDto = z.infer<typeof activityEntrySchema>;

/** GET /api/sales/:id/activity — paged like the sales list (page from 0), newest first. */
export const activityQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).default(ACTIVITY_PAGE_SIZE),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityPageSchema = z.strictObject({
  items: z.array(activityEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ActivityPageDto = z.infer<typeof activityPageSchema>;

// ─── The detail of an action ────────────────────────────────────────────────────────────────────────────────────

/** What the detail reads of a sale: its header fields and its sections. */
export type ActivitySaleView = Pick<SaleDto, ActivityHeaderField | 'sections'>;

/** An empty sale: the "before" of a created or imported one. */
export const EMPTY_ACTIVITY_SALE: ActivitySaleView = {
  name: '',
  customer: null,
  customer_invoice: null,
  customer_shipping: null,
  template: null,
  salesperson: null,
  sections: [],
};

/** What the caller knows that before/after cannot tell. */
export interface ActivityHint {
  /** The line or section the user moved (a swap of two neighbours is a move of either). */
  moved?: string | undefined;
  /** Lines whose Markup % was typed (their price follows from it): reported as a Markup % change, not Price. */
  markupEdited?: ReadonlySet<string> | undefined;
  markup?: string | undefined;
  of?: string | undefined;
  source?: ActivityDetail['source'];
  style?: ActivityDetail['style'];
  /**
   * The action replaced lines by fresh copies (a template refresh: new ids): a removed line and an added line of the
   * same section, kind and label are the same line, reported by its changed fields (or as `same`), not twice.
   */
  replaced?: boolean | undefined;
  /** The action also changed the sale's cover letter (a restore): an entry even when nothing else differs. */
  letter?: boolean | undefined;
}

function clip(text: string, max = ACTIVITY_TEXT_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function headerValue(v: string | Ref | null): string | null {
  if (v === null) return null;
  if (typeof v === 'string') return v === '' ? null : clip(v);
  return clip(v.name);
}
const sameHeader = (a: string | Ref | null, b: string | Ref | null) =>
  a === b ||
  (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && a.id === b.id && a.name === b.name);

function lineLabel(l: LineDto): string {
  return clip(l.kind === 'product' ? l.product.name || l.name : l.name, 60);
}

function fieldValue(l: LineDto, field: ActivityLineField): string | null {
  switch (field) {
    case 'name':
      return clip(l.name);
    case 'discount':
    case 'markup_percent':
      return String(l[field]);
    case 'price_percentage_active':
      return l.price_percentage_active ? 'on' : 'off';
    default:
      return l[field];
  }
}
const COMPARED: readonly ActivityLineField[] = [
  'name',
  'quantity',
  'price',
  'discount',
  'cost',
  'price_percentage_active',
];

/**
 * When `b` is `a` with exactly one item moved, that item's index in `a` and in `b` (O(n)); undefined otherwise.
 * Both hold the same items. Swapping two neighbours is one move of either: `prefer` (the item the user moved)
 * decides, else the later one is taken to have moved up.
 */
export function singleMove(
  a: readonly string[],
  b: readonly string[],
  prefer?: string,
): { from: number; to: number } | undefined {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (i === a.length) return undefined;
  let j = a.length - 1;
  while (j > i && a[j] === b[j]) j--;
  // Moved up: b[i] came from a[j]; a[i..j-1] shifted down by one.
  let up = b[i] === a[j];
  for (let k = i; k < j && up; k++) up = a[k] === b[k + 1];
  // Moved down: a[i] went to b[j]; a[i+1..j] shifted up by one.
  let down = a[i] === b[j];
  for (let k = i + 1; k <= j && down; k++) down = a[k] === b[k - 1];
  if (down && (!up || prefer === a[i])) return { from: i, to: j };
  if (up) return { from: j, to: i };
  return undefined;
}

/** A list capped at ACTIVITY_MAX_ITEMS that counts what it leaves out. */
function capped<T>() {
  const items: T[] = [];
  let more = 0;
  return {
    items,
    push(item: T) {
      if (items.length < ACTIVITY_MAX_ITEMS) items.push(item);
      else more += 1;
    },
    get more() {
      return more;
    },
  };
}

type Capped<T> = ReturnType<typeof capped<T>>;
/** The sections of a sale by id, with their index. */
type SectionIndex = Map<string, { s: SectionDto; i: number }>;
const indexSections = (sale: ActivitySaleView): SectionIndex => new Map(sale.sections.map((s, i) => [s._id, { s, i }]));

/**
 * The detail of one action from the sale before and after it, or null when nothing the feed reports changed.
 * Unchanged sections (the very same object on both sides, as the server's section cache gives them) are skipped,
 * so a one-line edit of a big sale costs only its section. Every list is capped (ACTIVITY_MAX_ITEMS) with counts.
 */
export function activityDetail(
  before: ActivitySaleView,
  after: ActivitySaleView,
  hint: ActivityHint = {},
): ActivityDetail | null {
  const detail: ActivityDetail = {};
  const header = headerChanges(before, after);
  if (header.length > 0) detail.header = header;
  const beforeSections = indexSections(before);
  const afterSections = indexSections(after);
  const sectionDetail = sectionChanges(before, after, beforeSections, afterSections, hint.moved);
  if (sectionDetail) detail.sections = sectionDetail;
  const lineDetail = lineChanges(after, beforeSections, hint);
  if (lineDetail) detail.lines = lineDetail;

  if (!detail.header && !detail.sections && !detail.lines && !hint.letter) return null;
  if (hint.letter) detail.letter = true;
  if (hint.markup !== undefined) detail.markup = hint.markup;
  if (hint.of !== undefined) detail.of = clip(hint.of);
  if (hint.source) {
    const sections = hint.source.sections.slice(0, ACTIVITY_MAX_ITEMS).map((n) => clip(n));
    detail.source = { ...hint.source, name: clip(hint.source.name), sections };
  }
  if (hint.style) detail.style = hint.style;
  return detail;
}

/** The header fields that changed, with their values before and after. */
function headerChanges(before: ActivitySaleView, after: ActivitySaleView): NonNullable<ActivityDetail['header']> {
  return ACTIVITY_HEADER_FIELDS.filter((f) => !sameHeader(before[f], after[f])).map((field) => ({
    field,
    from: headerValue(before[field]),
    to: headerValue(after[field]),
  }));
}

/** Sections added, removed, renamed, with their presentation changed, or moved; undefined when none. */
function sectionChanges(
  before: ActivitySaleView,
  after: ActivitySaleView,
  beforeSections: SectionIndex,
  afterSections: SectionIndex,
  movedHint: string | undefined,
): ActivityDetail['sections'] {
  const added = capped<{ name: string; lines: number }>();
  const removed = capped<{ name: string; lines: number }>();
  const renamed = capped<{ from: string; to: string }>();
  const presentation = capped<{ section: string; from: SectionPresentation; to: SectionPresentation }>();
  const total = { added: 0, removed: 0, addedLines: 0, removedLines: 0 };
  for (const s of after.sections) {
    const old = beforeSections.get(s._id)?.s;
    if (!old) {
      added.push({ name: clip(s.name), lines: s.lines.length });
      total.added += 1;
      total.addedLines += s.lines.length;
    } else if (old !== s) {
      if (old.name !== s.name) renamed.push({ from: clip(old.name), to: clip(s.name) });
      if (old.presentation !== s.presentation)
        presentation.push({ section: clip(s.name), from: old.presentation, to: s.presentation });
    }
  }
  for (const s of before.sections) {
    if (afterSections.has(s._id)) continue;
    removed.push({ name: clip(s.name), lines: s.lines.length });
    total.removed += 1;
    total.removedLines += s.lines.length;
  }
  const moved = movedSections(before, after, beforeSections, afterSections, movedHint);
  const more = added.more + removed.more + renamed.more + presentation.more + moved.more;
  if (total.added + total.removed + renamed.items.length + presentation.items.length + moved.items.length + more > 0) {
    return {
      added: added.items,
      removed: removed.items,
      renamed: renamed.items,
      details: [],
      ...(presentation.items.length > 0 ? { presentation: presentation.items } : {}),
      moved: moved.items,
      total,
      more,
    };
  }
  return undefined;
}

/** The sections present on both sides whose order changed: the one moved, else each out of place. */
function movedSections(
  before: ActivitySaleView,
  after: ActivitySaleView,
  beforeSections: SectionIndex,
  afterSections: SectionIndex,
  movedHint: string | undefined,
): Capped<{ section: string; from: number; to: number }> {
  const moved = capped<{ section: string; from: number; to: number }>();
  const keptBefore = before.sections.filter((s) => afterSections.has(s._id)).map((s) => s._id);
  const keptAfter = after.sections.filter((s) => beforeSections.has(s._id)).map((s) => s._id);
  if (keptBefore.some((id, i) => keptAfter[i] !== id)) {
    const one = singleMove(keptBefore, keptAfter, movedHint);
    const ids = one ? [keptBefore[one.from]!] : keptAfter.filter((id, i) => keptBefore[i] !== id);
    for (const id of ids) {
      moved.push({
        section: clip(afterSections.get(id)!.s.name),
        from: beforeSections.get(id)!.i + 1,
        to: afterSections.get(id)!.i + 1,
      });
    }
  }
  return moved;
}

/**
 * A section present on both sides that changed. `aligned`: its lines are the same ids in the same order (an edit),
 * so a line's prior self is the one at its index and nothing was added, removed or moved there (no pass through
 * the maps of lineChanges).
 */
interface SectionPair {
  old: SectionDto;
  now: SectionDto;
  aligned: boolean;
}
/** Where a line was before the action. */
interface PriorLine {
  section: SectionDto;
  index: number;
  line: LineDto;
}
/** What the passes of lineChanges gather. */
interface LineTally {
  items: Capped<ActivityLineItem>;
  counts: { added: number; removed: number; changed: number; moved: number };
  /** Lines replaced by an identical fresh copy (hint.replaced). */
  same: number;
  /** Lines of unaligned sections accounted for after the action (the others of those sections were removed). */
  present: Set<string>;
}
type LineItemBase = Pick<ActivityLineItem, 'section' | 'line' | 'kind' | 'label'>;

/** Lines of the sections present on both sides that changed (added and removed sections are counted apart). */
function lineChanges(
  after: ActivitySaleView,
  beforeSections: SectionIndex,
  hint: ActivityHint,
): ActivityDetail['lines'] {
  const pairs: SectionPair[] = [];
  for (const now of after.sections) {
    const old = beforeSections.get(now._id)?.s;
    if (!old || old === now) continue;
    const aligned = old.lines.length === now.lines.length && old.lines.every((l, i) => l._id === now.lines[i]!._id);
    pairs.push({ old, now, aligned });
  }
  const was = new Map<string, PriorLine>();
  for (const { old, aligned } of pairs)
    if (!aligned) old.lines.forEach((line, index) => was.set(line._id, { section: old, index, line }));
  const tally: LineTally = {
    items: capped<ActivityLineItem>(),
    counts: { added: 0, removed: 0, changed: 0, moved: 0 },
    same: 0,
    present: new Set<string>(),
  };
  for (const pair of pairs) addedMovedOrChangedLines(pair, was, hint, tally);
  for (const pair of pairs) removedLines(pair, tally);
  for (const pair of pairs) reorderedLines(pair, hint.moved, tally);
  const { counts, same, items } = tally;
  if (counts.added + counts.removed + counts.changed + counts.moved + same > 0) {
    return { ...counts, ...(same > 0 ? { same } : {}), items: items.items, more: items.more };
  }
  return undefined;
}

/** Two lines taken for the same one when a fresh copy replaced it (hint.replaced): same kind, same label. */
const replacedKey = (l: LineDto) => `${l.kind}\u0000${lineLabel(l)}`;

/** Replaced lines (hint.replaced): the lines gone from this section, by kind and label, in their order. */
function goneLines(old: SectionDto, now: SectionDto): Map<string, { index: number; line: LineDto }[]> {
  const gone = new Map<string, { index: number; line: LineDto }[]>();
  const nowIds = new Set(now.lines.map((l) => l._id));
  old.lines.forEach((l, index) => {
    if (nowIds.has(l._id)) return;
    const key = replacedKey(l);
    const list = gone.get(key);
    if (list) list.push({ index, line: l });
    else gone.set(key, [{ index, line: l }]);
  });
  return gone;
}

/** The section's lines after the action that are new, came from another section, or changed. */
function addedMovedOrChangedLines(
  { old, now, aligned }: SectionPair,
  was: ReadonlyMap<string, PriorLine>,
  hint: ActivityHint,
  tally: LineTally,
) {
  const { items, counts, present } = tally;
  const section = clip(now.name);
  const gone = hint.replaced && !aligned ? goneLines(old, now) : new Map<string, { index: number; line: LineDto }[]>();
  now.lines.forEach((line, index) => {
    if (aligned && old.lines[index] === line) return;
    if (!aligned) present.add(line._id);
    let prior: PriorLine | undefined = aligned ? { section: old, index, line: old.lines[index]! } : was.get(line._id);
    let replaced = false;
    if (!prior && gone.size > 0) {
      const match = gone.get(replacedKey(line))?.shift();
      if (match) {
        present.add(match.line._id);
        prior = { section: old, ...match };
        replaced = true;
      }
    }
    // An unchanged line in place (the common case of a big section) costs nothing more.
    if (prior && prior.section === old && prior.line === line) return;
    const base: LineItemBase = { section, line: index + 1, kind: line.kind as LineKind, label: lineLabel(line) };
    if (!prior) {
      counts.added += 1;
      items.push({ op: 'added', ...base });
      return;
    }
    if (prior.section !== old) {
      counts.moved += 1;
      items.push({ op: 'moved', ...base, fromSection: clip(prior.section.name), fromLine: prior.index + 1 });
    }
    if (prior.line === line) return;
    if (changedFields(prior.line, line, base, hint.markupEdited, items)) counts.changed += 1;
    else if (replaced) tally.same += 1;
  });
}

/** An item per compared field that differs between a line's prior self and itself; whether any did. */
function changedFields(
  prior: LineDto,
  line: LineDto,
  base: LineItemBase,
  markupEdited: ActivityHint['markupEdited'],
  items: Capped<ActivityLineItem>,
): boolean {
  let changed = false;
  for (const field of COMPARED) {
    const from = fieldValue(prior, field);
    const to = fieldValue(line, field);
    if (from === to) continue;
    changed = true;
    if (field === 'price' && markupEdited?.has(line._id)) {
      items.push({
        op: 'changed',
        ...base,
        label: lineLabel(prior),
        field: 'markup_percent',
        from: fieldValue(prior, 'markup_percent'),
        to: fieldValue(line, 'markup_percent'),
      });
    } else {
      items.push({ op: 'changed', ...base, label: lineLabel(prior), field, from, to });
    }
  }
  return changed;
}

/** The section's lines before the action that are nowhere after it. */
function removedLines({ old, aligned }: SectionPair, { items, counts, present }: LineTally) {
  if (aligned) return;
  const section = clip(old.name);
  old.lines.forEach((line, index) => {
    if (present.has(line._id)) return;
    counts.removed += 1;
    items.push({ op: 'removed', section, line: index + 1, kind: line.kind, label: lineLabel(line) });
  });
}

/** Lines reordered within a section (the lines that stayed there, in their before and after order). */
function reorderedLines({ old, now, aligned }: SectionPair, movedHint: string | undefined, tally: LineTally) {
  if (aligned) return;
  const nowIds = new Set(now.lines.map((l) => l._id));
  const stayed = old.lines.filter((l) => nowIds.has(l._id));
  if (stayed.length === 0) return;
  const oldIds = new Set(stayed.map((l) => l._id));
  const a = stayed.map((l) => l._id);
  const b = now.lines.filter((l) => oldIds.has(l._id)).map((l) => l._id);
  if (a.every((id, i) => b[i] === id)) return;
  const one = singleMove(a, b, movedHint);
  if (!one) {
    tally.counts.moved += a.filter((id, i) => b[i] !== id).length;
    return;
  }
  const id = a[one.from]!;
  const from = old.lines.findIndex((l) => l._id === id);
  const to = now.lines.findIndex((l) => l._id === id);
  tally.counts.moved += 1;
  tally.items.push({
    op: 'moved',
    section: clip(now.name),
    line: to + 1,
    kind: now.lines[to]!.kind,
    label: lineLabel(now.lines[to]!),
    fromLine: from + 1,
  });
}

// ─── Sentences ──────────────────────────────────────────────────────────────────────────────────────────────────

export interface ActivitySentence {
  /** "Ana set Qty of AX-100 from 2 to 5". */
  text: string;
  /** The first items of a bulk action, each a short phrase ("Qty of AX-100 from 2 to 5"). */
  items: string[];
  /** Items not listed in `items` (capped in the detail, or beyond what the caller shows). */
  more: number;
}

const shown = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '(empty)' : v);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** A line by what it is: a product line by its model (or description), a note or header by its text. */
const lineRef = (i: Pick<ActivityLineItem, 'label' | 'kind'>) =>
  i.kind === 'product' ? i.label : `${i.kind} “${i.label}”`;

/**
 * A line's item as a phrase; `withSection` names its section (when the entry spans several), `withVerb` says what
 * happened to an added or removed line (when the entry mixes them).
 */
function itemPhrase(i: ActivityLineItem, hideMoney: boolean, withSection = false, withVerb = false): string {
  const where = withSection ? ` in section ${i.section}` : '';
  switch (i.op) {
    case 'changed': {
      const label = ACTIVITY_LINE_FIELD_LABELS[i.field ?? 'name'];
      if (hideMoney && i.field && ACTIVITY_SENSITIVE_FIELDS.has(i.field)) return `${label} of ${lineRef(i)}${where}`;
      return `${label} of ${lineRef(i)}${where} from ${shown(i.from)} to ${shown(i.to)}`;
    }
    case 'added':
    case 'removed':
      return `${withVerb ? `${i.op} ` : ''}${lineRef(i)}${where}`;
    case 'moved':
      return i.fromSection !== undefined
        ? `${lineRef(i)} from section ${i.fromSection}${withSection ? ` to section ${i.section}` : ''}`
        : `${lineRef(i)} from line ${i.fromLine} to line ${i.line}${where}`;
  }
}

function oneSection(items: readonly ActivityLineItem[]): string | undefined {
  const names = new Set(items.map((i) => i.section));
  return names.size === 1 ? [...names][0] : undefined;
}

/** What a kind's sentence is made of: the entry's detail, and helpers that word it. */
interface SentenceParts {
  kind: ActivityKind;
  d: ActivityDetail;
  lines: ActivityDetail['lines'];
  items: readonly ActivityLineItem[];
  sec: ActivityDetail['sections'];
  /** Discrete mode: the values of price, cost, discount and markup left out. */
  hide: boolean;
  /** The sentence: the user's name then `text`; the first items of `list`, the others and `extra` counted. */
  result: (text: string, list?: string[], extra?: number) => ActivitySentence;
  /** The items (of one op) as phrases, naming their sections and ops when they differ. */
  phrases: (only?: ActivityLineItem['op']) => string[];
}

/**
 * The sentence of an entry. `hideMoney` (discrete mode) leaves out the values of price, cost, discount and markup.
 */
export function activitySentence(
  entry: Pick<ActivityEntryDto, 'kind' | 'detail' | 'user'>,
  opts: { hideMoney?: boolean; maxItems?: number } = {},
): ActivitySentence {
  const hide = opts.hideMoney ?? false;
  const maxItems = opts.maxItems ?? 5;
  const who = entry.user.name;
  const d = entry.detail;
  const lines = d.lines;
  const items = lines?.items ?? [];
  const sec = d.sections;
  const result = (text: string, list: string[] = [], extra = 0): ActivitySentence => ({
    text: `${who} ${text}`,
    items: list.slice(0, maxItems),
    more: Math.max(0, list.length - maxItems) + extra,
  });
  const phrases = (only?: ActivityLineItem['op']) => {
    const list = items.filter((i) => !only || i.op === only);
    const several = oneSection(list) === undefined;
    const mixed = new Set(list.map((i) => i.op)).size > 1;
    return list.map((i) => itemPhrase(i, hide, several, mixed));
  };
  return SENTENCES[entry.kind]({ kind: entry.kind, d, lines, items, sec, hide, result, phrases });
}

function headerSentence({ d, result }: SentenceParts): ActivitySentence {
  const changes = d.header ?? [];
  const phrase = (h: (typeof changes)[number]) =>
    `${ACTIVITY_HEADER_FIELD_LABELS[h.field]} from ${h.from ?? '(none)'} to ${h.to ?? '(none)'}`;
  if (changes.length === 1) return result(`changed ${phrase(changes[0]!)}`);
  return result(`changed ${changes.map((h) => ACTIVITY_HEADER_FIELD_LABELS[h.field]).join(', ')}`, changes.map(phrase));
}

function sectionUpdatedSentence({ sec, result }: SentenceParts): ActivitySentence {
  const parts = [
    ...(sec?.renamed ?? []).map((r) => `renamed section ${r.from} to ${r.to}`),
    ...(sec?.details ?? []).map((t) => `turned Show Details ${t.to ? 'on' : 'off'} for section ${t.section}`),
    ...(sec?.presentation ?? []).map(
      (t) => `changed section ${t.section} from ${PRESENTATION_LABELS[t.from]} to ${PRESENTATION_LABELS[t.to]}`,
    ),
  ];
  return result(parts.join(' and ') || 'changed a section');
}

function sectionDeletedSentence({ sec, result }: SentenceParts): ActivitySentence {
  const s = sec?.removed[0];
  return result(
    s ? `deleted section ${s.name}${s.lines > 0 ? ` (${plural(s.lines, 'line')})` : ''}` : 'deleted a section',
  );
}

function sectionsMovedSentence({ sec, result }: SentenceParts): ActivitySentence {
  const m = sec?.moved ?? [];
  if (m.length === 1) return result(`moved section ${m[0]!.section} from position ${m[0]!.from} to ${m[0]!.to}`);
  return result('reordered the sections');
}

function linesAddedSentence({ lines, items, result, phrases }: SentenceParts): ActivitySentence {
  if (!lines) return result('added lines');
  if (lines.added === 1 && items[0]) return result(`added ${lineRef(items[0])} to section ${items[0].section}`);
  const where = oneSection(items);
  return result(
    `added ${plural(lines.added, 'line')}${where !== undefined ? ` to section ${where}` : ''}`,
    phrases('added'),
    lines.more,
  );
}

function linesPastedSentence({ lines, items, result, phrases }: SentenceParts): ActivitySentence {
  if (!lines) return result('pasted lines');
  const where = oneSection(items);
  return result(
    `pasted ${plural(lines.added, 'line')}${where !== undefined ? ` into section ${where}` : ''}`,
    phrases('added'),
    lines.more,
  );
}

function lineUpdatedSentence({ lines, items, hide, result, phrases }: SentenceParts): ActivitySentence {
  if (!lines) return result('changed lines');
  const changes = items.filter((i) => i.op === 'changed');
  if (changes.length === 1 && lines.more === 0) {
    const i = changes[0]!;
    const phrase = itemPhrase(i, hide);
    return result(hide && i.field && ACTIVITY_SENSITIVE_FIELDS.has(i.field) ? `changed ${phrase}` : `set ${phrase}`);
  }
  const where = oneSection(changes);
  const text =
    lines.changed === 1 && changes[0]
      ? `changed ${lineRef(changes[0])}`
      : `changed ${plural(lines.changed, 'line')}${where !== undefined ? ` in section ${where}` : ''}`;
  return result(text, phrases('changed'), lines.more);
}

function linesDeletedSentence({ lines, items, result, phrases }: SentenceParts): ActivitySentence {
  if (!lines) return result('deleted lines');
  if (lines.removed === 1 && items[0]) return result(`deleted ${lineRef(items[0])} from section ${items[0].section}`);
  const where = oneSection(items);
  return result(
    `deleted ${plural(lines.removed, 'line')}${where !== undefined ? ` from section ${where}` : ''}`,
    phrases('removed'),
    lines.more,
  );
}

function linesMovedSentence({ lines, items, result, phrases }: SentenceParts): ActivitySentence {
  if (!lines) return result('moved lines');
  const moves = items.filter((i) => i.op === 'moved');
  const across = moves.filter((i) => i.fromSection !== undefined);
  if (across.length === 0 && moves.length === 1 && lines.moved === 1) {
    const i = moves[0]!;
    return result(`moved ${lineRef(i)} from line ${i.fromLine} to line ${i.line} in section ${i.section}`);
  }
  if (across.length > 0) {
    const from = new Set(across.map((i) => i.fromSection));
    const to = oneSection(across);
    const text =
      across.length === 1 && lines.moved === 1
        ? `moved ${lineRef(across[0]!)} from section ${across[0]!.fromSection} to section ${to}`
        : `moved ${plural(lines.moved, 'line')}${from.size === 1 ? ` from section ${[...from][0]}` : ''}${to !== undefined ? ` to section ${to}` : ''}`;
    return result(text, across.length > 1 ? phrases('moved') : [], lines.more);
  }
  return result(`reordered ${plural(lines.moved, 'line')}`, phrases('moved'), lines.more);
}

function linesCopiedSentence({ d, lines, items, result, phrases }: SentenceParts): ActivitySentence {
  if (!lines) return result('copied lines');
  const to = oneSection(items.filter((i) => i.op === 'added'));
  const from = d.of !== undefined ? ` from section ${d.of}` : '';
  return result(
    `copied ${plural(lines.added, 'line')}${from}${to !== undefined ? ` to section ${to}` : ''}`,
    phrases('added'),
    lines.more,
  );
}

function markupSentence({ d, lines, items, hide, result, phrases }: SentenceParts): ActivitySentence {
  const n = lines?.changed ?? 0;
  const where = oneSection(items);
  const markup = hide || d.markup === undefined ? 'Markup' : `Markup to ${d.markup}%`;
  return result(
    `set ${markup} on ${plural(n, 'line')}${where !== undefined ? ` in section ${where}` : ''}`,
    phrases('changed'),
    lines?.more ?? 0,
  );
}

function copiedSentence({ d, result }: SentenceParts): ActivitySentence {
  const src = d.source;
  const what = src ? plural(src.count, 'section') : 'sections';
  const from = !src
    ? ''
    : src.same
      ? ' within this quote'
      : ` from ${src.quote_number}${src.name ? ` (${src.name})` : ''}`;
  const style = d.style && d.style !== 'new' ? ` (${d.style})` : '';
  return result(`copied ${what}${from}${style}`, src?.sections ?? [], src ? src.count - src.sections.length : 0);
}

function templateRefreshedSentence({ d, lines, result, phrases }: SentenceParts): ActivitySentence {
  // Each template line once: its changed fields, or added / removed (never a removal and an addition of it).
  const what = !lines
    ? ''
    : [
        lines.changed > 0 ? `${plural(lines.changed, 'line')} changed` : '',
        lines.added > 0 ? `${lines.added} added` : '',
        lines.removed > 0 ? `${lines.removed} removed` : '',
      ]
        .filter(Boolean)
        .join(', ') || 'no change';
  return result(
    `refreshed template ${d.of ?? ''}${what ? ` (${what})` : ''}`.replace(/\s+/g, ' ').trim(),
    phrases(),
    lines?.more ?? 0,
  );
}

/** template_applied and template_removed. */
function templateSentence({ kind, d, lines, result, phrases }: SentenceParts): ActivitySentence {
  const verb = kind === 'template_applied' ? 'applied' : 'removed';
  const style = kind === 'template_applied' && d.style ? ` (${d.style})` : '';
  const n = lines ? lines.added + lines.removed : 0;
  return result(
    `${verb} template ${d.of ?? ''}${style}${n > 0 ? ` (${plural(n, 'line')})` : ''}`.replace(/\s+/g, ' ').trim(),
    phrases(),
    lines?.more ?? 0,
  );
}

/** An undo or a redo: what it put back, line by line, and the sections it brought back or took away. */
function revertSentence(verb: string) {
  return ({ lines, sec, result, phrases }: SentenceParts): ActivitySentence => {
    const sections = [
      ...(sec?.added ?? []).map((s) => `section ${s.name} back`),
      ...(sec?.removed ?? []).map((s) => `section ${s.name} removed`),
      ...(sec?.renamed ?? []).map((r) => `section ${r.from} named ${r.to} again`),
    ];
    return result(`${verb} a change`, [...sections, ...phrases()], lines?.more);
  };
}

/** A revision restored: its label, and what it changed (sections first, then lines). */
function restoredSentence(parts: SentenceParts): ActivitySentence {
  const { d, lines, sec, result, phrases } = parts;
  const header = (d.header ?? []).map((h) => `${ACTIVITY_HEADER_FIELD_LABELS[h.field]} back to ${h.to ?? '(none)'}`);
  const sections = [
    ...header,
    ...(d.letter ? ['the cover letter back'] : []),
    ...(sec?.added ?? []).map((s) => `section ${s.name} back`),
    ...(sec?.removed ?? []).map((s) => `section ${s.name} removed`),
    ...(sec?.renamed ?? []).map((r) => `section ${r.from} named ${r.to}`),
  ];
  return result(`restored revision ${d.of ?? ''}`.trim(), [...sections, ...phrases()], lines?.more);
}

/** An approval requested, approved, rejected or voided: what needed it, and the comment as the entry's item. */
function approvalSentence(verb: string) {
  return ({ d, result }: SentenceParts): ActivitySentence => {
    const summary = d.approval?.summary ? ` (${d.approval.summary})` : '';
    const comment = d.approval?.comment ? [`“${d.approval.comment}”`] : [];
    return result(`${verb}${summary}`, comment);
  };
}

/** The sentence of each kind. */
const SENTENCES: Record<ActivityKind, (parts: SentenceParts) => ActivitySentence> = {
  created: ({ result }) => result('created the quote'),
  imported: ({ sec, result }) =>
    result(
      `imported the quote (${plural(sec?.total.added ?? 0, 'section')}, ${plural(sec?.total.addedLines ?? 0, 'line')})`,
    ),
  header_updated: headerSentence,
  section_created: ({ sec, result }) => result(`added section ${sec?.added[0]?.name ?? ''}`.trim()),
  section_updated: sectionUpdatedSentence,
  section_deleted: sectionDeletedSentence,
  section_duplicated: ({ d, sec, result }) =>
    result(`duplicated section ${d.of ?? ''} as ${sec?.added[0]?.name ?? ''}`.replace(/\s+/g, ' ').trim()),
  sections_moved: sectionsMovedSentence,
  lines_added: linesAddedSentence,
  lines_pasted: linesPastedSentence,
  line_updated: lineUpdatedSentence,
  lines_deleted: linesDeletedSentence,
  lines_moved: linesMovedSentence,
  lines_copied: linesCopiedSentence,
  markup_set: markupSentence,
  copied: copiedSentence,
  template_applied: templateSentence,
  template_refreshed: templateRefreshedSentence,
  template_removed: templateSentence,
  edit_undone: revertSentence('undid'),
  edit_redone: revertSentence('redid'),
  revision_saved: ({ d, result }) => result(`saved revision ${d.of ?? ''}`.trim()),
  revision_restored: restoredSentence,
  approval_requested: approvalSentence('requested approval'),
  approval_approved: approvalSentence('approved the sale'),
  approval_rejected: approvalSentence('rejected the approval request'),
  approval_voided: approvalSentence('voided the approval by an edit that breaks a rule'),
};
