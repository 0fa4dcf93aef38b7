// Lines pasted from a spreadsheet (docs/product/rules.md#paste-from-a-spreadsheet): the clipboard's text as a table
// (Excel, LibreOffice and Google Sheets put tab-separated text there; CSV with commas or semicolons also passes),
// its columns recognised from a header row or from the content, and numbers read in the person's locale — a number
// that cannot be read exactly is flagged, never guessed.
import { toDecimal } from './money';

export const PASTE_COLUMNS = ['model', 'description', 'quantity', 'price', 'cost', 'manufacturer', 'ignore'] as const;
export type PasteColumn = (typeof PASTE_COLUMNS)[number];
export const PASTE_NUMBER_COLUMNS = ['quantity', 'price', 'cost'] as const satisfies readonly PasteColumn[];

/** The most rows one paste takes (a section holds at most a few thousand lines). */
export const MAX_PASTE_ROWS = 2000;

// ─── The clipboard's text as rows of cells ──────────────────────────────────────────────────────────────────────

/** The cell separator of `text`: a tab when its first line has one, else `;` or `,`, whichever its first line has more of. */
export function pasteDelimiter(text: string): '\t' | ';' | ',' {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  if (first.includes('\t')) return '\t';
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of first) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ';') semicolons++;
    else if (!quoted && ch === ',') commas++;
  }
  return semicolons > commas ? ';' : commas > 0 ? ',' : '\t';
}

/**
 * Rows of cells, as spreadsheets write them: a cell starting with `"` is quoted (it may hold the separator, line
 * breaks and `""` for a quote); line ends are \n or \r\n; the final line break is not an empty row; rows that are
 * entirely empty are dropped. Cells are trimmed.
 */
export function parsePastedTable(text: string, delimiter = pasteDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  const endCell = () => {
    row.push(cell.trim());
    cell = '';
  };
  const endRow = () => {
    endCell();
    if (row.some((c) => c !== '')) rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' && cell.trim() === '') {
      // A quoted cell: up to the closing quote ("" is a quote inside).
      cell = '';
      i++;
      while (i < text.length) {
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        cell += text[i];
        i++;
      }
      continue;
    }
    if (ch === delimiter) endCell();
    else if (ch === '\n' || (ch === '\r' && text[i + 1] === '\n')) {
      if (ch === '\r') i++;
      endRow();
    } else cell += ch;
    i++;
  }
  if (cell !== '' || row.length > 0) endRow();
  const width = Math.max(0, ...rows.map((r) => r.length));
  return rows.map((r) => (r.length < width ? [...r, ...Array<string>(width - r.length).fill('')] : r));
}

// ─── Numbers in the person's locale ────────────────────────────────────────────────────────────────────────────

/** How a locale writes numbers: its decimal mark and its digit-group separator. */
export interface NumberSeparators {
  decimal: '.' | ',';
  group: string;
}

/** The separators of a BCP 47 locale ("de-DE": 1.234,5; "en-US": 1,234.5; "fr-FR": 1 234,5). */
export function localeSeparators(locale: string): NumberSeparators {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  const decimal = parts.find((p) => p.type === 'decimal')?.value === ',' ? ',' : '.';
  const group = parts.find((p) => p.type === 'group')?.value ?? (decimal === ',' ? '.' : ',');
  return { decimal, group };
}

export type PastedNumber = { ok: true; value: string } | { ok: false; message: string };

/** Spaces a locale or a spreadsheet may group digits with (space, no-break space, narrow no-break space, '). */
const SPACE_GROUPS = new Set([' ', '\u00a0', '\u202f', "'", '’']);
const CURRENCY = /[$€£¥₹]|\b(?:USD|EUR|GBP|CHF)\b/gi;

/**
 * A pasted number read in the given separators: currency signs and codes, a trailing % and surrounding spaces are
 * ignored; a leading minus or accounting parentheses make it negative. The group separator is accepted only
 * between groups of three digits (1.234.567), so "1.5" in a decimal-comma locale is not read as fifteen: it is
 * flagged. Answers the exact decimal as a string ("1234.5"), or why it cannot be read.
 */
export function parsePastedNumber(text: string, sep: NumberSeparators): PastedNumber {
  const bad = (why: string): PastedNumber => ({ ok: false, message: `“${text}” ${why}` });
  let t = text.replace(CURRENCY, '').trim();
  if (t === '') return bad('is empty');
  let negative = false;
  if (t.startsWith('(') && t.endsWith(')')) {
    negative = true;
    t = t.slice(1, -1).trim();
  }
  if (t.endsWith('%')) t = t.slice(0, -1).trim();
  if (t.startsWith('-') || t.startsWith('−')) {
    negative = !negative;
    t = t.slice(1).trim();
  } else if (t.startsWith('+')) t = t.slice(1).trim();
  const spaceGroups = SPACE_GROUPS.has(sep.group);
  const isGroup = (ch: string) => ch === sep.group || (spaceGroups && SPACE_GROUPS.has(ch));
  const at = t.lastIndexOf(sep.decimal);
  const whole = at < 0 ? t : t.slice(0, at);
  const fraction = at < 0 ? '' : t.slice(at + 1);
  if (!/^\d*$/.test(fraction) || (at >= 0 && fraction === '' && whole === '')) return bad('is not a number');
  // The whole part: digits, optionally grouped by threes.
  const groups: string[] = [];
  let current = '';
  for (const ch of whole) {
    if (/\d/.test(ch)) current += ch;
    else if (isGroup(ch)) {
      groups.push(current);
      current = '';
    } else return bad('is not a number');
  }
  groups.push(current);
  if (groups.length > 1 && (groups[0] === '' || groups[0]!.length > 3 || groups.slice(1).some((g) => g.length !== 3)))
    return bad(`does not read as a number here (decimal mark “${sep.decimal}”)`);
  const digits = groups.join('');
  if (digits === '' && fraction === '') return bad('is not a number');
  try {
    const value = toDecimal(`${negative ? '-' : ''}${digits || '0'}${fraction ? `.${fraction}` : ''}`);
    return { ok: true, value: value.isZero() ? '0' : value.toFixed() };
  } catch {
    return bad('is too long a number');
  }
}

// ─── Which column is which ─────────────────────────────────────────────────────────────────────────────────────

/** Header words of each column (lower case, in the languages the company's people paste from). */
const HEADER_WORDS: Record<Exclude<PasteColumn, 'ignore'>, readonly string[]> = {
  model: [
    'model',
    'part',
    'part number',
    'part no',
    'part #',
    'p/n',
    'pn',
    'sku',
    'code',
    'item code',
    'default code',
    'reference',
    'ref',
    'mpn',
    'article',
    'artikel',
    'référence',
    'referencia',
    'modelo',
    'modèle',
  ],
  description: [
    'description',
    'desc',
    'name',
    'product',
    'product name',
    'item',
    'item description',
    'designation',
    'désignation',
    'bezeichnung',
    'beschreibung',
    'descripción',
    'producto',
  ],
  quantity: ['qty', 'quantity', 'qté', 'quantité', 'menge', 'anzahl', 'cantidad', 'pcs', 'units', 'count'],
  price: [
    'price',
    'unit price',
    'sale price',
    'sales price',
    'list price',
    'sell price',
    'prix',
    'prix unitaire',
    'preis',
    'einzelpreis',
    'precio',
    'amount',
  ],
  cost: [
    'cost',
    'unit cost',
    'purchase price',
    'buy price',
    'net cost',
    'coût',
    'kosten',
    'einkaufspreis',
    'ek',
    'costo',
    'coste',
  ],
  manufacturer: [
    'manufacturer',
    'mfr',
    'mfg',
    'brand',
    'make',
    'vendor',
    'maker',
    'fabricant',
    'marque',
    'hersteller',
    'fabricante',
    'marca',
  ],
};

const normalHeader = (cell: string) =>
  cell
    .toLowerCase()
    .replace(/[.:()[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The column a header cell names, if any (an exact word, else a header word it starts with). */
export function headerColumn(cell: string): Exclude<PasteColumn, 'ignore'> | undefined {
  const h = normalHeader(cell);
  if (h === '') return undefined;
  const entries = Object.entries(HEADER_WORDS) as [Exclude<PasteColumn, 'ignore'>, readonly string[]][];
  for (const [column, words] of entries) if (words.includes(h)) return column;
  for (const [column, words] of entries) if (words.some((w) => w.length > 3 && h.startsWith(`${w} `))) return column;
  return undefined;
}

/** What is known of a pasted table's columns. */
export interface PasteMapping {
  /** One entry per column of the table. */
  columns: PasteColumn[];
  /** The first row names the columns (it is not a line). */
  header: boolean;
}

interface ColumnStats {
  index: number;
  numeric: number;
  integers: number;
  filled: number;
  meanLength: number;
  distinct: number;
  codeLike: number;
  mean: number;
}

function statsOf(rows: readonly string[][], index: number, sep: NumberSeparators): ColumnStats {
  let numeric = 0;
  let integers = 0;
  let filled = 0;
  let length = 0;
  let codeLike = 0;
  let sum = 0;
  const values = new Set<string>();
  for (const row of rows) {
    const cell = row[index] ?? '';
    if (cell === '') continue;
    filled++;
    length += cell.length;
    values.add(cell.toLowerCase());
    const n = parsePastedNumber(cell, sep);
    if (n.ok) {
      numeric++;
      if (!n.value.includes('.')) integers++;
      sum += Math.abs(Number(n.value));
    }
    // A model/part number: one word with a digit or a dash/slash, no sentence.
    if (!/\s/.test(cell) && /[0-9]/.test(cell) && /[A-Za-z]/.test(cell)) codeLike++;
  }
  return {
    index,
    numeric,
    integers,
    filled,
    meanLength: filled ? length / filled : 0,
    distinct: values.size,
    codeLike,
    mean: numeric ? sum / numeric : 0,
  };
}

/**
 * The columns of a pasted table: from its first row when that row names at least one column (and is not numbers),
 * else from the content — numbers: quantity (mostly whole, the smallest), price and cost (the larger mean is the
 * price); text: the model (one word with letters and digits), the description (the longest text), the
 * manufacturer (short text repeated across rows). Columns nothing fits are ignored; the person can change any.
 */
export function recognisePasteColumns(rows: readonly string[][], sep: NumberSeparators): PasteMapping {
  const width = rows[0]?.length ?? 0;
  const first = rows[0] ?? [];
  const named = first.map(headerColumn);
  const firstNumbers = first.filter((c) => c !== '' && parsePastedNumber(c, sep).ok).length;
  if (named.some((c) => c !== undefined) && firstNumbers === 0) {
    const seen = new Set<PasteColumn>();
    const columns = named.map((c) => {
      if (!c || seen.has(c)) return 'ignore' as const;
      seen.add(c);
      return c;
    });
    return { columns, header: true };
  }
  const stats = Array.from({ length: width }, (_, i) => statsOf(rows, i, sep));
  const columns: PasteColumn[] = Array(width).fill('ignore');
  const numericCols = stats.filter((s) => s.filled > 0 && s.numeric / s.filled >= 0.8);
  const textCols = stats.filter((s) => s.filled > 0 && !numericCols.includes(s));
  // Numbers: the quantity is the most whole and then the smallest; the others are prices, the larger first.
  const byWhole = [...numericCols].sort(
    (a, b) => b.integers / b.numeric - a.integers / a.numeric || a.mean - b.mean || a.index - b.index,
  );
  const quantity =
    byWhole.find((s) => s.integers / s.numeric >= 0.9) ?? (numericCols.length >= 3 ? byWhole[0] : undefined);
  if (quantity) columns[quantity.index] = 'quantity';
  const money = numericCols.filter((s) => s !== quantity).sort((a, b) => b.mean - a.mean || a.index - b.index);
  if (money[0]) columns[money[0].index] = 'price';
  if (money[1]) columns[money[1].index] = 'cost';
  // Text: the model is the most code-like; the description the longest of the rest; the manufacturer short and repeated.
  const model = [...textCols]
    .filter((s) => s.codeLike / s.filled >= 0.6)
    .sort((a, b) => b.codeLike / b.filled - a.codeLike / a.filled || a.index - b.index)[0];
  if (model) columns[model.index] = 'model';
  const rest = textCols.filter((s) => s !== model);
  const description = [...rest].sort((a, b) => b.meanLength - a.meanLength || a.index - b.index)[0];
  if (description) columns[description.index] = 'description';
  const manufacturer = rest
    .filter((s) => s !== description && s.meanLength <= 30 && (s.distinct < s.filled || s.filled <= 2))
    .sort((a, b) => a.distinct - b.distinct || a.index - b.index)[0];
  if (manufacturer) columns[manufacturer.index] = 'manufacturer';
  return { columns, header: false };
}

// ─── Rows as lines to match ────────────────────────────────────────────────────────────────────────────────────

/** One pasted row read through a mapping: its texts, and its numbers (or why a cell cannot be read). */
export interface PastedRow {
  /** The row's index in the pasted table (header excluded). */
  row: number;
  model: string;
  description: string;
  manufacturer: string;
  quantity?: string | undefined;
  price?: string | undefined;
  cost?: string | undefined;
  /** Per number column, why its cell could not be read. */
  errors: Partial<Record<(typeof PASTE_NUMBER_COLUMNS)[number], string>>;
}

/** The table's lines under `mapping` (an empty number cell is no value, not an error). */
export function pastedRows(rows: readonly string[][], mapping: PasteMapping, sep: NumberSeparators): PastedRow[] {
  const body = mapping.header ? rows.slice(1) : rows;
  const at = (column: PasteColumn) => mapping.columns.indexOf(column);
  return body.map((cells, row) => {
    const text = (column: PasteColumn) => (at(column) < 0 ? '' : (cells[at(column)] ?? ''));
    const out: PastedRow = {
      row,
      model: text('model'),
      description: text('description'),
      manufacturer: text('manufacturer'),
      errors: {},
    };
    for (const column of PASTE_NUMBER_COLUMNS) {
      const cell = text(column);
      if (cell === '') continue;
      const n = parsePastedNumber(cell, sep);
      if (n.ok) out[column] = n.value;
      else out.errors[column] = n.message;
    }
    return out;
  });
}
