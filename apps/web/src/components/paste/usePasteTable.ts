// The Paste lines dialog's first step (docs/product/screens.md#paste-lines): the pasted text as a table, its number
// format (the browser's locale first), and which column is which — recognised from a header row or the content
// (packages/domain paste.ts) until the person changes one.
import {
  localeSeparators,
  MAX_PASTE_ROWS,
  type NumberSeparators,
  type PasteColumn,
  type PasteMapping,
  parsePastedTable,
  pastedRows,
  recognisePasteColumns,
} from '@quotewright/domain';
import { useMemo, useState } from 'react';
import type { NumberColumn } from './pasteReview';

/** The number formats a sheet may be written in (how its numbers' decimal mark and digit groups look). */
export const NUMBER_FORMATS = {
  point: { label: '1,234.56', sep: { decimal: '.', group: ',' } },
  comma: { label: '1.234,56', sep: { decimal: ',', group: '.' } },
  space: { label: '1 234,56', sep: { decimal: ',', group: '\u202f' } },
  apostrophe: { label: '1’234.56', sep: { decimal: '.', group: '’' } },
} as const satisfies Record<string, { label: string; sep: NumberSeparators }>;
export type NumberFormat = keyof typeof NUMBER_FORMATS;

/** The format a locale writes numbers in (en-US: point; de-DE: comma; fr-FR: space; de-CH: apostrophe). */
export function formatOfLocale(locale: string): NumberFormat {
  let sep: NumberSeparators;
  try {
    sep = localeSeparators(locale);
  } catch {
    return 'point';
  }
  if (sep.decimal === ',') return sep.group === '.' ? 'comma' : 'space';
  return sep.group === ',' ? 'point' : 'apostrophe';
}

/** The person's locale: the browser's first language. */
export const browserLocale = () => (typeof navigator !== 'undefined' && navigator.language) || 'en-US';

/** The labels of the columns a pasted column may be. */
export const COLUMN_LABELS: Record<PasteColumn, string> = {
  model: 'Model / part number',
  description: 'Description',
  quantity: 'Quantity',
  price: 'Unit price',
  cost: 'Cost',
  manufacturer: 'Manufacturer',
  ignore: 'Ignore',
};

/** The mapping with column `index` set to `column`; another column that was it is ignored (one column per kind). */
export function withColumn(mapping: PasteMapping, index: number, column: PasteColumn): PasteMapping {
  const columns = mapping.columns.map((c, i) => {
    if (i === index) return column;
    return column !== 'ignore' && c === column ? 'ignore' : c;
  });
  return { ...mapping, columns };
}

export function usePasteTable(initialText: string, locale: string) {
  const [text, setText] = useState(initialText);
  const [format, setFormat] = useState<NumberFormat>(() => formatOfLocale(locale));
  const sep: NumberSeparators = NUMBER_FORMATS[format].sep;
  const table = useMemo(() => parsePastedTable(text), [text]);
  const recognised = useMemo(() => recognisePasteColumns(table, sep), [table, sep]);
  // The person's own mapping holds for the table it was made on: new text is recognised again.
  const [chosen, setChosen] = useState<{ table: string[][]; mapping: PasteMapping } | null>(null);
  const mapping = chosen?.table === table ? chosen.mapping : recognised;
  const body = useMemo(() => (mapping.header ? table.slice(1) : table), [table, mapping.header]);
  const rows = useMemo(() => pastedRows(table, mapping, sep), [table, mapping, sep]);
  /** Each row's number cells as pasted (read again in the review, where they can be corrected). */
  const cells = useMemo(() => {
    const at = (c: NumberColumn) => mapping.columns.indexOf(c);
    return body.map((r) => ({
      quantity: r[at('quantity')] ?? '',
      price: r[at('price')] ?? '',
      cost: r[at('cost')] ?? '',
    }));
  }, [body, mapping]);
  const has = (c: PasteColumn) => mapping.columns.includes(c);
  const problem =
    table.length === 0
      ? 'Paste rows copied from a spreadsheet, or CSV text'
      : body.length === 0
        ? 'There are no rows below the header'
        : body.length > MAX_PASTE_ROWS
          ? `At most ${MAX_PASTE_ROWS.toLocaleString('en-US')} rows can be pasted at once: these are ${body.length.toLocaleString('en-US')}`
          : !has('model') && !has('description')
            ? 'Choose the column of the model or the description: products are found by them'
            : undefined;

  return {
    text,
    setText,
    format,
    setFormat,
    sep,
    table,
    mapping,
    rows,
    cells,
    problem,
    has,
    setColumn: (index: number, column: PasteColumn) =>
      setChosen({ table, mapping: withColumn(mapping, index, column) }),
    setHeader: (header: boolean) => setChosen({ table, mapping: { ...mapping, header } }),
  };
}
export type PasteTable = ReturnType<typeof usePasteTable>;
