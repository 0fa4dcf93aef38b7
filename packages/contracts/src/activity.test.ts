import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_KINDS,
  ACTIVITY_MAX_ITEMS,
  type ActivityDetail,
  type ActivityKind,
  type ActivitySaleView,
  activityDetail,
  activityDetailSchema,
  activitySentence,
  EMPTY_ACTIVITY_SALE,
  singleMove,
} from './activity';
import type { LineDto, SectionDto } from './sales';

const pricing = {
  total_price: '0.00',
  total_cost: '0.00',
  total_margin: '0.00',
  total_margin_percent: 0,
  total_markup_percent: 0,
};
function line(id: string, model = `M-${id}`, over: Partial<LineDto> = {}): LineDto {
  return {
    _id: id,
    kind: 'product',
    product: { id: 1, name: model, manufacturer: { name: null } },
    name: `Line ${id}`,
    quantity: '2',
    price: '100.00',
    cost: '60.00',
    discount: 0,
    markup_percent: 66.67,
    margin_percent: 40,
    subtotal: '200.00',
    price_percentage_active: false,
    uom: { name: 'Units' },
    ...over,
  };
}
const section = (id: string, name: string, lines: LineDto[], over: Partial<SectionDto> = {}): SectionDto => ({
  _id: id,
  name,
  presentation: 'details',
  show_details: true,
  merge: false,
  expanded: false,
  lines,
  pricing,
  ...over,
});
const sale = (sections: SectionDto[], over: Partial<ActivitySaleView> = {}): ActivitySaleView => ({
  ...EMPTY_ACTIVITY_SALE,
  name: 'Office',
  sections,
  ...over,
});
const lines = (n: number, prefix = 'l') => Array.from({ length: n }, (_, i) => line(`${prefix}${i + 1}`));
const ana = { id: 'u1', name: 'Ana' };
const say = (kind: ActivityKind, detail: ActivityDetail | null, hideMoney = false) =>
  activitySentence({ kind, detail: detail!, user: ana }, { hideMoney });
/** A copy of the section with `edit` applied to the line at `index` (a new section object, as after a change). */
function editLine(s: SectionDto, index: number, over: Partial<LineDto>): SectionDto {
  return { ...s, lines: s.lines.map((l, i) => (i === index ? { ...l, ...over } : l)) };
}

describe('activityDetail and activitySentence', () => {
  it('a quantity edit: the field as the lines table labels it, the line by its product model (its position kept in the detail)', () => {
    const a = section('a', 'A', lines(20));
    const b = section('b', 'B', lines(3, 'b'));
    const before = sale([b, a]);
    const after = sale([b, editLine(a, 13, { quantity: '5' })]);
    const detail = activityDetail(before, after);
    expect(detail).toEqual({
      lines: {
        added: 0,
        removed: 0,
        changed: 1,
        moved: 0,
        more: 0,
        items: [
          {
            op: 'changed',
            section: 'A',
            line: 14,
            kind: 'product',
            label: 'M-l14',
            field: 'quantity',
            from: '2',
            to: '5',
          },
        ],
      },
    });
    expect(activityDetailSchema.parse(detail)).toEqual(detail);
    expect(say('line_updated', detail).text).toBe('Ana set Qty of M-l14 from 2 to 5');
  });

  it('nothing reported changed (totals only, or the very same sections): null', () => {
    const a = section('a', 'A', lines(3));
    expect(activityDetail(sale([a]), sale([a]))).toBeNull();
    expect(activityDetail(sale([a]), sale([{ ...a, pricing: { ...pricing, total_price: '1.00' } }]))).toBeNull();
  });

  it('a bulk edit of 500 lines keeps the first 20 changes and counts the rest', () => {
    const a = section('a', 'A', lines(500));
    const after = { ...a, lines: a.lines.map((l) => ({ ...l, price: '120.00' })) };
    const detail = activityDetail(sale([a]), sale([after]))!;
    expect(detail.lines).toMatchObject({ changed: 500, more: 480 });
    expect(detail.lines!.items).toHaveLength(ACTIVITY_MAX_ITEMS);
    expect(JSON.stringify(detail).length).toBeLessThan(5000);
    const s = say('line_updated', detail);
    expect(s.text).toBe('Ana changed 500 lines in section A');
    expect(s.items[0]).toBe('Price of M-l1 from 100.00 to 120.00');
    expect(s.items).toHaveLength(5);
    expect(s.more).toBe(495);
  });

  it('discrete mode leaves out money values', () => {
    const a = section('a', 'A', lines(3));
    const detail = activityDetail(sale([a]), sale([editLine(a, 1, { cost: '70.00' })]));
    expect(say('line_updated', detail, true).text).toBe('Ana changed Cost of M-l2');
    expect(say('line_updated', detail).text).toBe('Ana set Cost of M-l2 from 60.00 to 70.00');
    const markup = activityDetail(sale([a]), sale([editLine(a, 0, { price: '90.00' })]), { markup: '50' });
    expect(say('markup_set', markup).text).toBe('Ana set Markup to 50% on 1 line in section A');
    expect(say('markup_set', markup, true)).toMatchObject({
      text: 'Ana set Markup on 1 line in section A',
      items: ['Price of M-l1'],
    });
  });

  it('a typed Markup % is reported as Markup %, not as the price it produced', () => {
    const a = section('a', 'A', lines(2));
    const after = editLine(a, 1, { price: '120.00', markup_percent: 100 });
    const detail = activityDetail(sale([a]), sale([after]), { markupEdited: new Set(['l2']) });
    expect(say('line_updated', detail).text).toBe('Ana set Markup % of M-l2 from 66.67 to 100');
  });

  it('added, deleted and described lines', () => {
    const a = section('a', 'Section A', lines(7));
    const added = activityDetail(sale([a]), sale([{ ...a, lines: [...a.lines, ...lines(3, 'n')] }]));
    expect(added!.lines).toMatchObject({ added: 3, changed: 0 });
    expect(say('lines_added', added)).toMatchObject({
      text: 'Ana added 3 lines to section Section A',
      items: ['M-n1', 'M-n2', 'M-n3'],
    });

    const note = line('t', 'note', { kind: 'note', name: 'Deliver by Friday' });
    const oneNote = activityDetail(sale([a]), sale([{ ...a, lines: [note, ...a.lines] }]));
    expect(say('lines_added', oneNote).text).toBe('Ana added note “Deliver by Friday” to section Section A');

    const x = { ...a, lines: a.lines.map((l, i) => (i === 6 ? line(l._id, 'Model X') : l)) };
    const deleted = activityDetail(sale([x]), sale([{ ...x, lines: x.lines.slice(0, 6) }]));
    expect(say('lines_deleted', deleted).text).toBe('Ana deleted Model X from section Section A');
    const three = activityDetail(sale([x]), sale([{ ...x, lines: x.lines.slice(3) }]));
    expect(say('lines_deleted', three).text).toBe('Ana deleted 3 lines from section Section A');

    const text = activityDetail(sale([a]), sale([editLine(a, 2, { name: 'A much longer description' })]));
    expect(say('line_updated', text).text).toBe(
      'Ana set Description of M-l3 from Line l3 to A much longer description',
    );
  });

  it('a line without a product model is named by its description; notes and headers by their text', () => {
    const a = section('a', 'A', [
      line('p', '', { name: 'Custom cabling work' }),
      line('n', 'note', { kind: 'note', name: 'Deliver by Friday' }),
      line('h', 'header', { kind: 'header', name: 'Floor 2' }),
    ]);
    const qty = activityDetail(sale([a]), sale([editLine(a, 0, { quantity: '3' })]));
    expect(say('line_updated', qty).text).toBe('Ana set Qty of Custom cabling work from 2 to 3');
    const gone = activityDetail(sale([a]), sale([{ ...a, lines: [a.lines[0]!, a.lines[1]!] }]));
    expect(say('lines_deleted', gone).text).toBe('Ana deleted header “Floor 2” from section A');
    const moved = activityDetail(sale([a]), sale([{ ...a, lines: [a.lines[1]!, a.lines[0]!, a.lines[2]!] }]), {
      moved: 'n',
    });
    expect(say('lines_moved', moved).text).toBe(
      'Ana moved note “Deliver by Friday” from line 2 to line 1 in section A',
    );
  });

  it('an entry spanning sections names the section of each item', () => {
    const a = section('a', 'A', lines(2));
    const b = section('b', 'B', lines(2, 'b'));
    const detail = activityDetail(
      sale([a, b]),
      sale([editLine(a, 0, { quantity: '3' }), editLine(b, 1, { quantity: '4' })]),
    );
    expect(say('line_updated', detail)).toMatchObject({
      text: 'Ana changed 2 lines',
      items: ['Qty of M-l1 in section A from 2 to 3', 'Qty of M-b2 in section B from 2 to 4'],
    });
  });

  it('long texts are cut', () => {
    const a = section('a', 'A', lines(1));
    const detail = activityDetail(sale([a]), sale([editLine(a, 0, { name: 'x'.repeat(20_000) })]))!;
    expect(detail.lines!.items[0]!.to!.length).toBeLessThanOrEqual(120);
  });

  it('moved lines: within a section (one move found) and to another section', () => {
    const a = section('a', 'A', lines(5));
    const [l1, l2, l3, l4, l5] = a.lines as [LineDto, LineDto, LineDto, LineDto, LineDto];
    const within = activityDetail(sale([a]), sale([{ ...a, lines: [l2, l3, l1, l4, l5] }]));
    expect(say('lines_moved', within).text).toBe('Ana moved M-l1 from line 1 to line 3 in section A');

    const b = section('b', 'B', [line('b1')]);
    const across = activityDetail(
      sale([a, b]),
      sale([
        { ...a, lines: [l1, l3, l5] },
        { ...b, lines: [...b.lines, l2, l4] },
      ]),
    );
    expect(across!.lines).toMatchObject({ moved: 2, added: 0, removed: 0 });
    expect(say('lines_moved', across).text).toBe('Ana moved 2 lines from section A to section B');
    const copied = activityDetail(sale([a, b]), sale([a, { ...b, lines: [...b.lines, line('c1'), line('c2')] }]), {
      of: 'A',
    });
    expect(say('lines_copied', copied).text).toBe('Ana copied 2 lines from section A to section B');
  });

  it('sections: created, renamed, Show Details, deleted, duplicated, moved', () => {
    const a = section('a', 'A', lines(2));
    const b = section('b', 'B', []);
    const c = section('c', 'C', []);
    expect(say('section_created', activityDetail(sale([a]), sale([a, b]))).text).toBe('Ana added section B');
    expect(say('section_updated', activityDetail(sale([a]), sale([{ ...a, name: 'B' }]))).text).toBe(
      'Ana renamed section A to B',
    );
    expect(
      say('section_updated', activityDetail(sale([a]), sale([{ ...a, presentation: 'total', show_details: false }])))
        .text,
    ).toBe('Ana changed section A from Details to Total only');
    expect(say('section_updated', activityDetail(sale([a]), sale([{ ...a, presentation: 'optional' }]))).text).toBe(
      'Ana changed section A from Details to Optional',
    );
    // An entry written before presentations still reads.
    expect(
      say('section_updated', {
        sections: {
          added: [],
          removed: [],
          renamed: [],
          details: [{ section: 'A', to: false }],
          moved: [],
          more: 0,
          total: { added: 0, removed: 0, addedLines: 0, removedLines: 0 },
        },
      }).text,
    ).toBe('Ana turned Show Details off for section A');
    expect(say('section_deleted', activityDetail(sale([a, b]), sale([b]))).text).toBe(
      'Ana deleted section A (2 lines)',
    );
    const dup = activityDetail(sale([a]), sale([a, section('a2', 'A (copy)', lines(2, 'd'))]), { of: 'A' });
    expect(dup!.lines).toBeUndefined();
    expect(say('section_duplicated', dup).text).toBe('Ana duplicated section A as A (copy)');
    expect(say('sections_moved', activityDetail(sale([a, b, c]), sale([b, c, a]))).text).toBe(
      'Ana moved section A from position 1 to 3',
    );
  });

  it('header fields as the info panel labels them', () => {
    const before = sale([], { customer: { id: 1, name: 'Acme' } });
    const after = sale([], { customer: { id: 2, name: 'Globex' } });
    expect(say('header_updated', activityDetail(before, after)).text).toBe('Ana changed Customer from Acme to Globex');
    const two = activityDetail(before, sale([], { name: 'Desks', salesperson: { id: 3, name: 'Bo' } }));
    expect(say('header_updated', two)).toMatchObject({
      text: 'Ana changed Name, Customer, Salesperson',
      items: ['Name from Office to Desks', 'Customer from Acme to (none)', 'Salesperson from (none) to Bo'],
    });
  });

  it('created, imported and copied', () => {
    const imported = activityDetail(EMPTY_ACTIVITY_SALE, sale([section('a', 'A', lines(3)), section('b', 'B', [])]));
    expect(say('imported', imported).text).toBe('Ana imported the quote (2 sections, 3 lines)');
    expect(say('created', {}).text).toBe('Ana created the quote');
    const a = section('a', 'A', lines(1));
    const source = { id: 's2', quote_number: 'Q00012', name: 'Lab', sections: ['A'], count: 1, same: false };
    const copied = activityDetail(sale([]), sale([a]), { source, style: 'merge' });
    expect(say('copied', copied).text).toBe('Ana copied 1 section from Q00012 (Lab) (merge)');
    const within = activityDetail(sale([a]), sale([a, section('x', 'A', lines(1, 'x'))]), {
      source: { ...source, same: true },
    });
    expect(say('copied', within).text).toBe('Ana copied 1 section within this quote');
  });

  it('reorders without one move found, and one line moved to another section', () => {
    const a = section('a', 'A', lines(4));
    const [l1, l2, l3, l4] = a.lines as [LineDto, LineDto, LineDto, LineDto];
    const b = section('b', 'B', [line('b1')]);
    const c = section('c', 'C', []);
    const d = section('d', 'D', []);
    expect(say('lines_moved', activityDetail(sale([a]), sale([{ ...a, lines: [l2, l1, l4, l3] }])))).toEqual({
      text: 'Ana reordered 4 lines',
      items: [],
      more: 0,
    });
    const across = activityDetail(
      sale([a, b]),
      sale([
        { ...a, lines: [l1, l3, l4] },
        { ...b, lines: [l2, ...b.lines] },
      ]),
    );
    expect(say('lines_moved', across).text).toBe('Ana moved M-l2 from section A to section B');
    expect(say('sections_moved', activityDetail(sale([a, b, c, d]), sale([b, a, d, c]))).text).toBe(
      'Ana reordered the sections',
    );
  });

  it('approvals: what needed approval, and the comment as the item', () => {
    expect(say('approval_requested', { approval: { summary: '1 line under 15 % margin', comment: 'Please' } })).toEqual(
      {
        text: 'Ana requested approval (1 line under 15 % margin)',
        items: ['“Please”'],
        more: 0,
      },
    );
    expect(say('approval_rejected', { approval: { summary: 'sale total $2.00 > $1.00' } }).text).toBe(
      'Ana rejected the approval request (sale total $2.00 > $1.00)',
    );
  });

  it('a sentence also from a detail without the parts its kind names', () => {
    // (header_updated is left out: it words the header changes of its detail, and only those)
    const kinds = ACTIVITY_KINDS.filter((kind) => kind !== 'header_updated');
    const texts = Object.fromEntries(kinds.map((kind) => [kind, say(kind, {})]));
    expect(texts).toEqual({
      created: { text: 'Ana created the quote', items: [], more: 0 },
      imported: { text: 'Ana imported the quote (0 sections, 0 lines)', items: [], more: 0 },
      section_created: { text: 'Ana added section', items: [], more: 0 },
      section_updated: { text: 'Ana changed a section', items: [], more: 0 },
      section_deleted: { text: 'Ana deleted a section', items: [], more: 0 },
      section_duplicated: { text: 'Ana duplicated section as', items: [], more: 0 },
      sections_moved: { text: 'Ana reordered the sections', items: [], more: 0 },
      lines_added: { text: 'Ana added lines', items: [], more: 0 },
      lines_pasted: { text: 'Ana pasted lines', items: [], more: 0 },
      edit_undone: { text: 'Ana undid a change', items: [], more: 0 },
      edit_redone: { text: 'Ana redid a change', items: [], more: 0 },
      revision_saved: { text: 'Ana saved revision', items: [], more: 0 },
      revision_restored: { text: 'Ana restored revision', items: [], more: 0 },
      approval_requested: { text: 'Ana requested approval', items: [], more: 0 },
      approval_approved: { text: 'Ana approved the sale', items: [], more: 0 },
      approval_rejected: { text: 'Ana rejected the approval request', items: [], more: 0 },
      approval_voided: { text: 'Ana voided the approval by an edit that breaks a rule', items: [], more: 0 },
      line_updated: { text: 'Ana changed lines', items: [], more: 0 },
      lines_deleted: { text: 'Ana deleted lines', items: [], more: 0 },
      lines_moved: { text: 'Ana moved lines', items: [], more: 0 },
      lines_copied: { text: 'Ana copied lines', items: [], more: 0 },
      markup_set: { text: 'Ana set Markup on 0 lines', items: [], more: 0 },
      copied: { text: 'Ana copied sections', items: [], more: 0 },
      template_applied: { text: 'Ana applied template', items: [], more: 0 },
      template_refreshed: { text: 'Ana refreshed template', items: [], more: 0 },
      template_removed: { text: 'Ana removed template', items: [], more: 0 },
    });
  });

  it('every detail it builds fits its schema', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 60 }),
        fc.array(fc.boolean(), { maxLength: 60 }),
        (ops, keep) => {
          const a = section('a', 'A', lines(30));
          const b = section('b', 'B', lines(5, 'b'));
          const changed = a.lines.flatMap((l, i) => {
            const op = ops[i] ?? 0;
            if (op === 1) return [];
            if (op === 2) return [{ ...l, quantity: String(i + 10) }];
            return [l];
          });
          const extra = keep.map((k, i) => line(`n${i}`, k ? 'K' : 'N'));
          const detail = activityDetail(sale([a, b]), sale([{ ...a, lines: [...changed, ...extra] }]));
          if (detail) expect(activityDetailSchema.safeParse(detail).success).toBe(true);
        },
      ),
    );
  });
});

describe('singleMove', () => {
  it('finds the one moved item, whatever the move', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 40 }), fc.nat(), fc.nat(), (n, x, y) => {
        const a = Array.from({ length: n }, (_, i) => `i${i}`);
        const from = x % n;
        const to = y % n;
        const b = [...a];
        const [moved] = b.splice(from, 1);
        b.splice(to, 0, moved!);
        const found = singleMove(a, b);
        if (from === to) {
          expect(found).toBeUndefined();
          return;
        }
        // A swap of neighbours is one move either way: replaying the answer must give b.
        const replay = [...a];
        const [again] = replay.splice(found!.from, 1);
        replay.splice(found!.to, 0, again!);
        expect(replay).toEqual(b);
      }),
    );
  });

  it('a swap of neighbours is the move of the item the user moved', () => {
    expect(singleMove(['a', 'b'], ['b', 'a'])).toEqual({ from: 1, to: 0 });
    expect(singleMove(['a', 'b'], ['b', 'a'], 'a')).toEqual({ from: 0, to: 1 });
    expect(singleMove(['a', 'b'], ['b', 'a'], 'b')).toEqual({ from: 1, to: 0 });
    const a = section('a', 'A', lines(2));
    const swapped = { ...a, lines: [a.lines[1]!, a.lines[0]!] };
    expect(say('lines_moved', activityDetail(sale([a]), sale([swapped]), { moved: 'l1' })).text).toBe(
      'Ana moved M-l1 from line 1 to line 2 in section A',
    );
  });

  it('is undefined for two independent moves', () => {
    expect(singleMove(['a', 'b', 'c', 'd'], ['b', 'a', 'd', 'c'])).toBeUndefined();
  });
});

describe('templates applied to a sale', () => {
  it('names the template, the copy style and how many lines came or went', () => {
    const before = sale([section('s1', 'Hardware', lines(1))]);
    const after = sale([section('s1', 'Hardware', [...lines(1), line('t1'), line('t2')])]);
    const applied = activityDetail(before, after, { of: 'Install kit', style: 'merge' });
    expect(say('template_applied', applied).text).toBe('Ana applied template Install kit (merge) (2 lines)');
    const removed = activityDetail(after, before, { of: 'Install kit' });
    expect(say('template_removed', removed).text).toBe('Ana removed template Install kit (2 lines)');
    expect(say('template_refreshed', { of: 'Install kit' }).text).toBe('Ana refreshed template Install kit');
  });

  it('a refresh names each template line once: what changed in it, what came and what went', () => {
    // The refresh replaces the template's lines with fresh copies (new ids): the same model in the same section is
    // the same line, whose changed fields are reported.
    const own = line('o1', 'OWN-1');
    const kit = (id: string, model: string, over: Partial<LineDto> = {}) => line(id, model, { name: model, ...over });
    const before = sale([section('s1', 'Hardware', [own, kit('t1', 'KIT-A'), kit('t2', 'KIT-B'), kit('t3', 'KIT-C')])]);
    const after = sale([
      section('s1', 'Hardware', [own, kit('r1', 'KIT-A'), kit('r2', 'KIT-B', { quantity: '4' }), kit('r4', 'KIT-D')]),
    ]);
    const detail = activityDetail(before, after, { of: 'Install kit', replaced: true })!;
    expect(activityDetailSchema.parse(detail)).toEqual(detail);
    expect(detail.lines).toMatchObject({ added: 1, removed: 1, changed: 1, moved: 0, same: 1 });
    const s = say('template_refreshed', detail);
    expect(s.text).toBe('Ana refreshed template Install kit (1 line changed, 1 added, 1 removed)');
    expect(s.items).toEqual(['Qty of KIT-B from 2 to 4', 'added KIT-D', 'removed KIT-C']);
    expect(new Set(s.items).size).toBe(s.items.length);

    // nothing changed in the template since: still an entry, saying so
    const again = sale([section('s1', 'Hardware', [own, kit('q1', 'KIT-A'), kit('q2', 'KIT-B', { quantity: '4' })])]);
    const fresh = sale([section('s1', 'Hardware', [own, kit('z1', 'KIT-A'), kit('z2', 'KIT-B', { quantity: '4' })])]);
    const none = activityDetail(again, fresh, { of: 'Install kit', replaced: true });
    expect(none).not.toBeNull();
    expect(say('template_refreshed', none)).toMatchObject({
      text: 'Ana refreshed template Install kit (no change)',
      items: [],
    });
    // without the hint (a user's delete and add), new ids are new lines
    expect(activityDetail(before, after)!.lines).toMatchObject({ added: 3, removed: 3 });
  });
});
