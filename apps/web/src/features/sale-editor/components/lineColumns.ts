// The lines table's figure columns are as wide as their widest figure: a figure is never cut, and typical quotes
// leave the room to the descriptions (a laptop's 1440 px holds every column beside the product list). The rows are
// virtualized (each row lays out on its own), so the widths are worked out from the lines' values, not measured.
import { useMemo, useRef } from 'react';
import { formatMoney, formatPercent } from '../../../lib/format';
import type { SaleLine } from '../api/types';

export type FigureKind = 'quantity' | 'money' | 'percent';
type FigureField = 'quantity' | 'price' | 'discount' | 'cost' | 'markup_percent' | 'subtotal';

export interface FigureColumn {
  id: string;
  /** The column's width: its least width when it shows a figure (the header's longest word). */
  width: string;
  figure?: { field: FigureField; kind: FigureKind };
}

/** The rows' text size and a cell's horizontal padding, both sides (LinesTable's styles). */
export const FIGURE_FONT_PX = 14;
export const CELL_PADDING_PX = 12;
/** The warning sign before a value customers should not see by accident (ValueWarning): 16 px and a 4 px gap. */
const WARNING_PX = 20;

// Widths in em of a figure's characters in the fonts the app asks for (Roboto, Segoe UI, Helvetica Neue, Arial and
// its metric twin Liberation Sans): their digits share one width; each rounded up.
const DIGIT_EM = 0.58;
const CHAR_EM: Record<string, number> = { ',': 0.3, '.': 0.3, '%': 0.9, '-': 0.36, $: 0.58 };

/** The width in px a figure takes in a cell, padding included. */
export function figureWidth(text: string, fontPx = FIGURE_FONT_PX): number {
  let em = 0;
  for (const ch of text) em += ch >= '0' && ch <= '9' ? DIGIT_EM : (CHAR_EM[ch] ?? 0.62);
  // +1: subpixel text never wraps or clips in a cell that is exactly its width
  return Math.ceil(em * fontPx) + CELL_PADDING_PX + 1;
}

/** The figure a column must fit, and whether a warning sign goes before it. */
export interface WidestFigure {
  text: string;
  warning: boolean;
}

interface Widest {
  /** The greatest absolute value (money, percent) or the longest text (quantity, shown as stored). */
  abs: number;
  text: string;
  negative: boolean;
  warning: boolean;
}

/** The figure each figure column must fit: the widest value of the product lines, as the cells show it. */
export function widestFigures(lines: readonly SaleLine[], columns: readonly FigureColumn[]): Map<string, WidestFigure> {
  const figures = columns.filter((c) => c.figure);
  const widest = figures.map((): Widest => ({ abs: 0, text: '', negative: false, warning: false }));
  for (const line of lines) {
    if (line.kind !== 'product') continue;
    for (let i = 0; i < figures.length; i++) {
      const { field, kind } = figures[i]!.figure!;
      const w = widest[i]!;
      const raw = String(line[field]);
      if (kind === 'quantity') {
        if (raw.length > w.text.length) w.text = raw;
        if (!(Number(raw) > 0)) w.warning = true;
        continue;
      }
      const n = Number(raw);
      if (!Number.isFinite(n)) continue;
      if (Math.abs(n) > w.abs) w.abs = Math.abs(n);
      if (n < 0) {
        w.negative = true;
        // a negative price or cost carries the warning sign
        if (field === 'price' || field === 'cost') w.warning = true;
      }
    }
  }
  const out = new Map<string, WidestFigure>();
  figures.forEach((c, i) => {
    const w = widest[i]!;
    const value = w.negative ? -w.abs : w.abs;
    const kind = c.figure!.kind;
    const text = kind === 'quantity' ? w.text : kind === 'money' ? formatMoney(value) : formatPercent(value);
    out.set(c.id, { text, warning: w.warning });
  });
  return out;
}

const px = (width: string) => Number.parseInt(width, 10) || 0;

/**
 * The columns with each figure column as wide as its widest figure (at least its own width). Answers the same
 * array while the widths stay the same, so the rows (which take the columns) are not rendered again.
 */
export function sizeFigureColumns<C extends FigureColumn>(
  columns: readonly C[],
  lines: readonly SaleLine[],
  previous?: readonly C[],
): readonly C[] {
  const widest = widestFigures(lines, columns);
  const sized = columns.map((c) => {
    const figure = widest.get(c.id);
    if (figure === undefined) return c;
    const need = figureWidth(figure.text) + (figure.warning ? WARNING_PX : 0);
    const width = Math.max(px(c.width), need);
    return width === px(c.width) ? c : { ...c, width: `${width}px` };
  });
  const same =
    previous?.length === sized.length && previous.every((c, i) => c.id === sized[i]!.id && c.width === sized[i]!.width);
  return same && previous ? previous : sized;
}

/** The columns sized to the lines' figures (sizeFigureColumns), the same array while their widths stay the same. */
export function useFigureColumns<C extends FigureColumn>(columns: readonly C[], lines: readonly SaleLine[]): C[] {
  const last = useRef<readonly C[] | undefined>(undefined);
  const sized = useMemo(() => sizeFigureColumns(columns, lines, last.current), [columns, lines]);
  last.current = sized;
  return sized as C[];
}
