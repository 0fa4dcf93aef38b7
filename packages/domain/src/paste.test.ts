import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toDecimal } from './money';
import {
  headerColumn,
  localeSeparators,
  PASTE_COLUMNS,
  type PasteColumn,
  parsePastedNumber,
  parsePastedTable,
  pasteDelimiter,
  pastedRows,
  recognisePasteColumns,
} from './paste';

const EN = localeSeparators('en-US');
const DE = localeSeparators('de-DE');
const FR = localeSeparators('fr-FR');

/** A table as a spreadsheet puts it on the clipboard: tab-separated, cells with tabs, breaks or quotes quoted. */
function asClipboard(rows: string[][], delimiter = '\t'): string {
  const cell = (c: string) =>
    c.includes(delimiter) || c.includes('\n') || c.includes('"') ? `"${c.replaceAll('"', '""')}"` : c;
  return `${rows.map((r) => r.map(cell).join(delimiter)).join('\r\n')}\r\n`;
}

describe('the clipboard as a table', () => {
  it('reads tab-separated rows, quoted cells with tabs, line breaks and quotes, and drops empty rows', () => {
    const text = 'Model\tDescription\tQty\r\nAB-1\t"Cable, 2 m\nblack"\t3\r\n\r\nCD-2\t"19"" rack ""shelf"""\t1\r\n';
    expect(parsePastedTable(text)).toEqual([
      ['Model', 'Description', 'Qty'],
      ['AB-1', 'Cable, 2 m\nblack', '3'],
      ['CD-2', '19" rack "shelf"', '1'],
    ]);
  });

  it('tells the separator from the first line: tab, else semicolon or comma', () => {
    expect(pasteDelimiter('a\tb,c\n')).toBe('\t');
    expect(pasteDelimiter('a;b;"c,d"\n')).toBe(';');
    expect(pasteDelimiter('a,b,"c;d;e"\n')).toBe(',');
  });

  it('round-trips any table of trimmed cells through the clipboard (tab and CSV)', () => {
    const cellArb = fc
      .string({ unit: fc.constantFrom('a', 'B', '1', ' ', '\t', '\n', '"', ',', ';', 'é'), maxLength: 8 })
      .map((s) => s.trim())
      .filter((s) => !s.startsWith('"'));
    const tableArb = fc
      .integer({ min: 1, max: 5 })
      .chain((w) => fc.array(fc.array(cellArb, { minLength: w, maxLength: w }), { minLength: 1, maxLength: 6 }))
      .map((rows) => rows.filter((r) => r.some((c) => c !== '')))
      .filter((rows) => rows.length > 0);
    fc.assert(
      fc.property(tableArb, fc.constantFrom('\t', ',', ';'), (rows, d) => {
        expect(parsePastedTable(asClipboard(rows, d), d)).toEqual(rows);
      }),
    );
  });
});

describe('numbers in the person’s locale', () => {
  it('reads what each locale writes, exactly', () => {
    expect(parsePastedNumber('1,234.50', EN)).toEqual({ ok: true, value: '1234.5' });
    expect(parsePastedNumber('1.234,50', DE)).toEqual({ ok: true, value: '1234.5' });
    expect(parsePastedNumber('1 234,5', FR)).toEqual({ ok: true, value: '1234.5' });
    expect(parsePastedNumber('1\u202f234,5', FR)).toEqual({ ok: true, value: '1234.5' });
    expect(parsePastedNumber('$ 12.00', EN)).toEqual({ ok: true, value: '12' });
    expect(parsePastedNumber('12,5 €', DE)).toEqual({ ok: true, value: '12.5' });
    expect(parsePastedNumber('(45.10)', EN)).toEqual({ ok: true, value: '-45.1' });
    expect(parsePastedNumber('-0', EN)).toEqual({ ok: true, value: '0' });
    expect(parsePastedNumber('0.1', EN)).toEqual({ ok: true, value: '0.1' });
  });

  it('flags what it cannot read exactly instead of guessing', () => {
    // "1.5" in German: a group separator before one digit is no number there.
    expect(parsePastedNumber('1.5', DE)).toMatchObject({ ok: false });
    expect(parsePastedNumber('1,5', EN)).toMatchObject({ ok: false });
    expect(parsePastedNumber('12,34,567', EN)).toMatchObject({ ok: false });
    expect(parsePastedNumber('abc', EN)).toMatchObject({ ok: false, message: '“abc” is not a number' });
    expect(parsePastedNumber('', EN)).toMatchObject({ ok: false });
    expect(parsePastedNumber('1e3', EN)).toMatchObject({ ok: false });
    expect(parsePastedNumber('9'.repeat(80), EN)).toMatchObject({ ok: false });
  });

  it('reads back any amount as Intl formats it in en-US, de-DE, fr-FR, de-CH and en-IN', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }),
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom('en-US', 'de-DE', 'fr-FR', 'de-CH', 'es-ES'),
        (cents, digits, locale) => {
          const value = toDecimal(cents).div(100).toDecimalPlaces(digits);
          const text = new Intl.NumberFormat(locale, {
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
          }).format(value.toNumber());
          const read = parsePastedNumber(text, localeSeparators(locale));
          expect(read.ok && toDecimal(read.value).eq(value)).toBe(true);
        },
      ),
    );
  });
});

describe('which column is which', () => {
  it('names columns from a header row (any case, common words in several languages)', () => {
    expect(headerColumn('Part No.')).toBe('model');
    expect(headerColumn('Qté')).toBe('quantity');
    expect(headerColumn('Unit Price (USD)')).toBe('price');
    expect(headerColumn('Hersteller')).toBe('manufacturer');
    expect(headerColumn('Notes')).toBeUndefined();
    const rows = [
      ['SKU', 'Bezeichnung', 'Menge', 'Einzelpreis', 'Comment'],
      ['A-1', 'Switch', '2', '10,00', 'x'],
    ];
    expect(recognisePasteColumns(rows, DE)).toEqual({
      columns: ['model', 'description', 'quantity', 'price', 'ignore'],
      header: true,
    });
  });

  it('recognises headerless columns from their content', () => {
    const rows = [
      ['Cisco', 'C9200-24T', 'Catalyst 9200 24-port data switch', '2', '1,499.00', '1,020.00'],
      ['Cisco', 'GLC-SX-MMD', '1000BASE-SX SFP transceiver module, MMF', '8', '120.50', '80.00'],
      ['HPE', 'JL253A', 'Aruba 2930F 24G 4SFP+ switch', '1', '1,899.99', '1,300.10'],
    ];
    expect(recognisePasteColumns(rows, EN)).toEqual({
      columns: ['manufacturer', 'model', 'description', 'quantity', 'price', 'cost'],
      header: false,
    });
  });

  it('property: a generated table with a header is mapped as its header says, in any column order', () => {
    const names: Record<Exclude<PasteColumn, 'ignore'>, string> = {
      model: 'Part Number',
      description: 'Description',
      quantity: 'Qty',
      price: 'Unit Price',
      cost: 'Cost',
      manufacturer: 'Brand',
    };
    const present = fc.subarray(
      PASTE_COLUMNS.filter((c): c is Exclude<PasteColumn, 'ignore'> => c !== 'ignore'),
      { minLength: 1 },
    );
    fc.assert(
      fc.property(
        present.chain((cols) => fc.shuffledSubarray(cols, { minLength: cols.length, maxLength: cols.length })),
        (cols) => {
          const rows = [
            cols.map((c) => names[c]),
            cols.map((c) => (['quantity', 'price', 'cost'].includes(c) ? '3' : 'x')),
          ];
          expect(recognisePasteColumns(rows, EN)).toEqual({ columns: cols, header: true });
        },
      ),
    );
  });

  it('reads rows through a mapping; empty number cells are no value, unreadable ones are flagged per cell', () => {
    const rows = [
      ['Model', 'Qty', 'Price'],
      ['A-1', '2', '1.234,50'],
      ['B-2', '', '1.5'],
    ];
    const mapping = recognisePasteColumns(rows, DE);
    expect(pastedRows(rows, mapping, DE)).toEqual([
      { row: 0, model: 'A-1', description: '', manufacturer: '', quantity: '2', price: '1234.5', errors: {} },
      {
        row: 1,
        model: 'B-2',
        description: '',
        manufacturer: '',
        errors: { price: '“1.5” does not read as a number here (decimal mark “,”)' },
      },
    ]);
  });
});
