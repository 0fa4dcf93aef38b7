import { describe, expect, it } from 'vitest';
import type { SectionPresentation } from './presentation';
import {
  type Layout,
  type LayoutMakers,
  layoutWriteOf,
  planCopySections,
  planCreateSection,
  planDeleteSection,
  planDuplicateSection,
  planMoveLines,
  planReorderSections,
  planUpdateSection,
} from './section-plans';

interface S {
  id: string;
  position: number;
  name: string;
  presentation: SectionPresentation;
  merge?: boolean;
}
interface L {
  id: string;
  position: number;
  product: number | null;
  quantity: string;
  price: string;
}

function layout(spec: Record<string, [number | null, string][]>): Layout<S, L> {
  const sections = Object.keys(spec).map((name, position) => ({
    id: `s-${name}`,
    position,
    name,
    presentation: 'details' as SectionPresentation,
  }));
  const lines = new Map(
    sections.map((s) => [
      s.id,
      spec[s.name]!.map(([product, quantity], position) => ({
        id: `${s.name}${position}`,
        position,
        product,
        quantity,
        price: '10',
      })),
    ]),
  );
  return { sections, lines };
}

function makers(): LayoutMakers<S, L> {
  let n = 0;
  return {
    section(f) {
      n++;
      return { id: `new-s${n}`, position: 0, name: f.name, presentation: f.presentation, merge: f.merge ?? false };
    },
    copyLine(l) {
      n++;
      return { ...l, id: `new-l${n}` };
    },
  };
}

const names = (l: Layout<S, L>) => l.sections.map((s) => `${s.position}:${s.name}`);
const ids = (l: Layout<S, L>, section: string) => l.lines.get(section)!.map((x) => `${x.position}:${x.id}`);

describe('section planners', () => {
  const base = layout({
    A: [
      [1, '1'],
      [2, '2'],
    ],
    B: [[3, '3']],
  });

  it('create appends an empty section; the write inserts it and renumbers nothing else', () => {
    const { layout: after, id } = planCreateSection(base, { name: 'C', presentation: 'total' }, makers());
    expect(names(after)).toEqual(['0:A', '1:B', '2:C']);
    expect(after.lines.get(id)).toEqual([]);
    const w = layoutWriteOf(base, after);
    expect(w.insertSections.map((s) => [s.id, s.position, s.presentation])).toEqual([[id, 2, 'total']]);
    expect(w).toMatchObject({ removeSections: [], updateSections: [], sectionPositions: [] });
    expect(w.lines).toEqual([{ sectionId: id, insert: [], remove: [], arrive: [], positions: [], update: [] }]);
  });

  it('duplicate places a copy with copied lines (new ids) right after its source', () => {
    const planned = planDuplicateSection(base, 's-A', (n) => `${n} (copy)`, makers());
    expect(names(planned.layout)).toEqual(['0:A', '1:A (copy)', '2:B']);
    const w = layoutWriteOf(base, planned.layout);
    expect(w.sectionPositions).toEqual([{ id: 's-B', position: 2 }]);
    const copy = w.lines.find((x) => x.sectionId === planned.id)!;
    expect(copy.insert.map((l) => [l.id, l.position, l.product])).toEqual([
      ['new-l2', 0, 1],
      ['new-l3', 1, 2],
    ]);
    expect(() => planDuplicateSection(base, 'nope', (n) => n, makers())).toThrow(/Section not found/);
  });

  it('update writes only what changes; nothing changed is no plan', () => {
    expect(planUpdateSection(base, 's-A', { name: 'A', presentation: 'details' })).toBeUndefined();
    const after = planUpdateSection(base, 's-A', { name: 'Renamed' })!;
    expect(layoutWriteOf(base, after)).toMatchObject({
      updateSections: [{ id: 's-A', patch: { name: 'Renamed' } }],
      lines: [],
      insertSections: [],
    });
    const optional = planUpdateSection(base, 's-A', { presentation: 'optional' })!;
    expect(layoutWriteOf(base, optional)).toMatchObject({
      updateSections: [{ id: 's-A', patch: { presentation: 'optional' } }],
      lines: [],
    });
  });

  it('duplicate keeps the presentation', () => {
    const optional = planUpdateSection(base, 's-A', { presentation: 'optional' })!;
    const { layout } = planDuplicateSection(optional, 's-A', (n) => `${n} (copy)`, makers());
    expect(layout.sections.map((s) => s.presentation)).toEqual(['optional', 'optional', 'details']);
  });

  it('delete removes the section (its lines go with it) and renumbers the rest', () => {
    const after = planDeleteSection(base, 's-A');
    expect(names(after)).toEqual(['0:B']);
    expect(after.lines.has('s-A')).toBe(false);
    const w = layoutWriteOf(base, after);
    expect(w).toMatchObject({ removeSections: ['s-A'], sectionPositions: [{ id: 's-B', position: 0 }], lines: [] });
  });

  it('reorder moves one section; the same place is no plan; a bad index throws', () => {
    const planned = planReorderSections(base, 1, 0);
    expect(names(planned.layout!)).toEqual(['0:B', '1:A']);
    expect(planned.moved).toBe('s-B');
    expect(planReorderSections(base, 1, 1).layout).toBeUndefined();
    expect(() => planReorderSections(base, 5, 0)).toThrow();
  });
});

describe('moving and copying lines between sections', () => {
  const base = layout({
    A: [
      [1, '1'],
      [2, '2'],
      [3, '3'],
    ],
    B: [[4, '4']],
  });

  it('move: the lines arrive at the end of the other section keeping their ids; the origin closes up', () => {
    const after = planMoveLines(base, 's-A', 's-B', ['A2', 'A0'], 'move', makers());
    expect(ids(after, 's-A')).toEqual(['0:A1']);
    expect(ids(after, 's-B')).toEqual(['0:B0', '1:A0', '2:A2']);
    const w = layoutWriteOf(base, after);
    const a = w.lines.find((x) => x.sectionId === 's-A')!;
    const b = w.lines.find((x) => x.sectionId === 's-B')!;
    expect(a).toMatchObject({ remove: [], insert: [], positions: [{ id: 'A1', position: 0 }] });
    expect(b).toMatchObject({
      insert: [],
      remove: [],
      arrive: [
        { id: 'A0', position: 1 },
        { id: 'A2', position: 2 },
      ],
    });
  });

  it('copy: new lines at the end of the destination, the origin unchanged (not written)', () => {
    const after = planMoveLines(base, 's-A', 's-B', ['A1'], 'copy', makers());
    expect(after.lines.get('s-A')).toBe(base.lines.get('s-A'));
    const w = layoutWriteOf(base, after);
    expect(w.lines.map((x) => x.sectionId)).toEqual(['s-B']);
    expect(w.lines[0]!.insert.map((l) => [l.position, l.product])).toEqual([[1, 2]]);
  });

  it('within one section: moved to its end', () => {
    const after = planMoveLines(base, 's-A', 's-A', ['A0'], 'move', makers());
    expect(ids(after, 's-A')).toEqual(['0:A1', '1:A2', '2:A0']);
  });

  it('a line not in the origin is NOT_FOUND, so is an unknown section', () => {
    expect(() => planMoveLines(base, 's-A', 's-B', ['B0'], 'move', makers())).toThrow(/Line not found/);
    expect(() => planMoveLines(base, 's-A', 's-X', ['A0'], 'move', makers())).toThrow(/Section not found/);
  });
});

describe('copying sections (Copy Sale Data, templates)', () => {
  const view = (l: L) => ({
    kind: 'product' as const,
    product_id: l.product,
    quantity: l.quantity,
    price: l.price,
    cost: '0',
  });
  const withQuantity = (l: L, quantity: string) => ({ ...l, quantity });
  const dest = layout({ A: [[1, '1']], B: [[2, '2']] });
  const source = layout({
    a: [
      [1, '5'],
      [9, '1'],
    ],
    C: [[3, '3']],
  });
  const sources = source.sections.map((s) => ({ section: s, lines: source.lines.get(s.id)! }));

  it('merge with mergeProducts: quantities added into the same-named section, a patch of that one column', () => {
    const after = planCopySections(
      dest,
      sources,
      { style: 'merge', mergeProducts: true, view, withQuantity },
      makers(),
    );
    expect(names(after)).toEqual(['0:A', '1:B', '2:C']);
    const w = layoutWriteOf(dest, after);
    const a = w.lines.find((x) => x.sectionId === 's-A')!;
    expect(a.update).toEqual([{ id: 'A0', patch: { quantity: '6' } }]);
    expect(a.insert.map((l) => [l.position, l.product])).toEqual([[1, 9]]);
    expect(w.insertSections.map((s) => s.name)).toEqual(['C']);
    expect(w.lines.find((x) => x.sectionId === w.insertSections[0]!.id)!.insert).toHaveLength(1);
  });

  it('overwrite replaces the same-named section’s lines (the old ones removed)', () => {
    const after = planCopySections(
      dest,
      sources,
      { style: 'overwrite', mergeProducts: false, view, withQuantity },
      makers(),
    );
    const a = layoutWriteOf(dest, after).lines.find((x) => x.sectionId === 's-A')!;
    expect(a.remove).toEqual(['A0']);
    expect(a.insert.map((l) => l.product)).toEqual([1, 9]);
  });

  it('new appends copies of every source section; the destination’s sections are not written', () => {
    const after = planCopySections(dest, sources, { style: 'new', mergeProducts: false, view, withQuantity }, makers());
    const w = layoutWriteOf(dest, after);
    expect(w.insertSections.map((s) => [s.name, s.position])).toEqual([
      ['a', 2],
      ['C', 3],
    ]);
    expect(w.lines.every((x) => w.insertSections.some((s) => s.id === x.sectionId))).toBe(true);
  });
});
