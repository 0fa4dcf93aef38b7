// What the Paste lines dialog decides (docs/product/rules.md#paste-from-a-spreadsheet, docs/product/screens.md#paste-lines):
// each pasted row with its catalog match and the person's choice (a product, a note, or skipped), its number cells read
// in the chosen number format and checked against the API's limits, the lines it becomes and their totals. Pure: the
// dialog's components and hooks hold the state.
import type { PasteLinesBody, PasteMatchDto, ProductDto } from '@quotewright/contracts';
import {
  NUMERIC_FIELDS,
  type NumberSeparators,
  type PastedRow,
  type Pricing,
  parseNumberInput,
  parsePastedNumber,
  sectionPricing,
} from '@quotewright/domain';

export type NumberColumn = 'quantity' | 'price' | 'cost';
export const NUMBER_COLUMNS: readonly NumberColumn[] = ['quantity', 'price', 'cost'];

/** What a row becomes: a catalog product, a note, nothing (skipped), or not decided yet. */
export type Choice = { kind: 'product'; product: ProductDto } | { kind: 'note' } | { kind: 'skip' } | { kind: 'none' };

/** A number cell read: its value (as the API stores it), or why it cannot be used; neither when it is empty. */
export interface NumberCell {
  text: string;
  value?: string;
  error?: string;
}

export interface ReviewRow {
  /** The row's index among the pasted rows (0-based, header excluded). */
  index: number;
  model: string;
  description: string;
  manufacturer: string;
  numbers: Record<NumberColumn, NumberCell>;
  status: PasteMatchDto['status'];
  candidates: PasteMatchDto['candidates'];
  choice: Choice;
}

/** Where a product line's price, cost and description come from. */
export type ValueSource = 'sheet' | 'catalog';
export interface Sources {
  price: ValueSource;
  cost: ValueSource;
  description: ValueSource;
}

export type PasteLine = PasteLinesBody['lines'][number];

/**
 * A number cell as typed or pasted: read in the number format (flagged, never guessed, when it cannot be read
 * exactly), then checked against the field's limits as the API checks it (rounded to the column's scale).
 */
export function readNumber(text: string, column: NumberColumn, sep: NumberSeparators): NumberCell {
  if (text.trim() === '') return { text };
  const read = parsePastedNumber(text, sep);
  if (!read.ok) return { text, error: read.message };
  const checked = parseNumberInput(read.value, NUMERIC_FIELDS[column]);
  return checked.ok ? { text, value: checked.value } : { text, error: checked.message };
}

/** The choice a match starts with: the matched product; ambiguous and unmatched rows wait for the person. */
function initialChoice(match: PasteMatchDto | undefined): Choice {
  const best = match?.candidates[0]?.product;
  return match?.status === 'matched' && best?.active ? { kind: 'product', product: best } : { kind: 'none' };
}

/** The rows to review: each pasted row with its match (in the same order) and its number cells read. */
export function reviewRows(
  rows: readonly PastedRow[],
  cells: readonly Record<NumberColumn, string>[],
  matches: readonly PasteMatchDto[],
  sep: NumberSeparators,
): ReviewRow[] {
  return rows.map((row, i) => {
    const match = matches[i];
    const text = cells[i] ?? { quantity: '', price: '', cost: '' };
    return {
      index: row.row,
      model: row.model,
      description: row.description,
      manufacturer: row.manufacturer,
      numbers: {
        quantity: readNumber(text.quantity, 'quantity', sep),
        price: readNumber(text.price, 'price', sep),
        cost: readNumber(text.cost, 'cost', sep),
      },
      status: match?.status ?? 'unmatched',
      candidates: match?.candidates ?? [],
      choice: initialChoice(match),
    };
  });
}

/** A note's text: the row's model and description. */
export const noteText = (row: Pick<ReviewRow, 'model' | 'description'>) =>
  [row.model, row.description].filter((t) => t.trim() !== '').join(' — ');

/** The values a row's product line takes: the sheet's where chosen and given, else the catalog's. */
export function lineValues(row: ReviewRow, product: ProductDto, sources: Sources) {
  const sheet = (column: 'price' | 'cost') => (sources[column] === 'sheet' ? row.numbers[column].value : undefined);
  const price = sheet('price');
  const cost = sheet('cost');
  const name = sources.description === 'sheet' && row.description.trim() !== '' ? row.description : undefined;
  return {
    quantity: row.numbers.quantity.value ?? '1',
    price: price ?? product.price,
    cost: cost ?? product.cost,
    /** The values taken from the sheet (sent; the others the server takes from the catalog). */
    sheet: { price, cost, name },
  };
}

/** The number cells a row's line would use that cannot be read: the row cannot be added until they are fixed. */
export function flaggedCells(row: ReviewRow, sources: Sources): NumberColumn[] {
  if (row.choice.kind !== 'product') return [];
  return NUMBER_COLUMNS.filter(
    (c) => row.numbers[c].error !== undefined && (c === 'quantity' || sources[c] === 'sheet'),
  );
}

/** What holds the confirmation back, and how many lines would be added. */
export interface ReviewState {
  lines: number;
  undecided: number;
  flagged: number;
}

export function reviewState(rows: readonly ReviewRow[], sources: Sources): ReviewState {
  let lines = 0;
  let undecided = 0;
  let flagged = 0;
  for (const row of rows) {
    if (row.choice.kind === 'none') undecided++;
    else if (flaggedCells(row, sources).length > 0) flagged++;
    else if (row.choice.kind !== 'skip') lines++;
  }
  return { lines, undecided, flagged };
}

/** The lines the rows become, in their order (skipped rows left out): the paste routes' `lines`. */
export function pasteLines(rows: readonly ReviewRow[], sources: Sources): PasteLine[] {
  const out: PasteLine[] = [];
  for (const row of rows) {
    const choice = row.choice;
    if (choice.kind === 'note') {
      const note = noteText(row);
      if (note !== '') out.push({ note });
    } else if (choice.kind === 'product') {
      const v = lineValues(row, choice.product, sources);
      out.push({
        product: choice.product.id,
        quantity: v.quantity,
        ...(v.sheet.price !== undefined ? { price: v.sheet.price } : {}),
        ...(v.sheet.cost !== undefined ? { cost: v.sheet.cost } : {}),
        ...(v.sheet.name !== undefined ? { name: v.sheet.name } : {}),
      });
    }
  }
  return out;
}

/** The totals and margin of the product lines to add (packages/domain's section pricing: exact decimals). */
export function pastePricing(rows: readonly ReviewRow[], sources: Sources): Pricing {
  const lines = [];
  for (const row of rows) {
    if (row.choice.kind !== 'product' || flaggedCells(row, sources).length > 0) continue;
    const v = lineValues(row, row.choice.product, sources);
    lines.push({ kind: 'product' as const, quantity: v.quantity, price: v.price, cost: v.cost });
  }
  return sectionPricing(lines);
}

/** A row with one of its number cells typed again (read in the same number format). */
export function withNumber(row: ReviewRow, column: NumberColumn, text: string, sep: NumberSeparators): ReviewRow {
  return { ...row, numbers: { ...row.numbers, [column]: readNumber(text, column, sep) } };
}

/** The rows to send to the catalog match, cut to its fields' lengths, `size` at a time. */
export function matchChunks(rows: readonly PastedRow[], size: number) {
  const all = rows.map((r) => ({
    model: r.model.slice(0, 200),
    description: r.description.slice(0, 2000),
    manufacturer: r.manufacturer.slice(0, 200),
  }));
  const chunks: (typeof all)[] = [];
  for (let i = 0; i < all.length; i += size) chunks.push(all.slice(i, i + size));
  return chunks;
}
