// The Excel export of a sale (docs/product/rules.md#exports), written with exceljs's STREAMING writer
// (docs/architecture.md#stack). User text is only ever a string cell (shared string, t="s"): a description like
// "=HYPERLINK(…)" stays text and never becomes a formula (docs/architecture.md#security). Money is a number with a $
// format, percents are fractions with 0.00%.
import type { Writable } from 'node:stream';
import { formatDate, toDecimal } from '@quotewright/domain';
import ExcelJS from 'exceljs';
import type { SaleView, ViewLine } from './sale-view';

const MONEY = '$#,##0.00';
const PERCENT = '0.00%';
const QUANTITY = '#,##0.####';

interface Column {
  header: string;
  width: number;
  value(l: ViewLine): string | number | null;
  format?: string;
  /** Hidden in discrete mode (cost, margin, markup). */
  sensitive?: boolean;
}

/** 12.34 (%) → 0.1234, exactly (a 0.00% cell shows 12.34%). */
const fraction = (percent: number) => toDecimal(percent).div(100).toNumber();
const product = (l: ViewLine) => l.kind === 'product';
const COLUMNS: Column[] = [
  { header: 'Model', width: 18, value: (l) => l.model },
  { header: 'Manufacturer', width: 18, value: (l) => l.manufacturer },
  { header: 'Description', width: 60, value: (l) => l.description },
  { header: 'Qty', width: 8, value: (l) => (product(l) ? l.quantity : null), format: QUANTITY },
  { header: 'Price', width: 14, value: (l) => (product(l) ? l.price : null), format: MONEY },
  // Like Price and Subtotal (which it explains), a customer figure: kept in discrete mode.
  { header: 'Disc. %', width: 9, value: (l) => (product(l) ? fraction(l.discount) : null), format: PERCENT },
  { header: 'Cost', width: 14, value: (l) => (product(l) ? l.cost : null), format: MONEY, sensitive: true },
  {
    header: 'Markup %',
    width: 10,
    value: (l) => (product(l) ? fraction(l.markupPercent) : null),
    format: PERCENT,
    sensitive: true,
  },
  { header: 'UOM', width: 10, value: (l) => l.uom },
  { header: 'Subtotal', width: 14, value: (l) => (product(l) ? l.subtotal : null), format: MONEY },
];

export interface ExcelOptions {
  /** The requesting user's discrete mode: cost, margin and markup are left out. */
  discrete: boolean;
  now: Date;
}

/** Writes the workbook to `out` and ends it. */
export async function writeSaleWorkbook(view: SaleView, opts: ExcelOptions, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true, useStyles: true });
  workbook.creator = 'Quotewright';
  const sheet = workbook.addWorksheet('Quote');
  const columns = COLUMNS.filter((c) => !(opts.discrete && c.sensitive));
  sheet.columns = columns.map((c) => ({ key: c.header, width: c.width }));
  const last = columns.length;

  // Every value goes through here: strings stay strings (never formulas), numbers get their format.
  const row = (
    values: (string | number | null)[],
    style: { bold?: boolean; italic?: boolean; formats?: (string | undefined)[] } = {},
  ) => {
    const r = sheet.addRow(values.map((v) => (v === '' ? null : v)));
    values.forEach((v, i) => {
      if (v === null || v === '') return;
      const cell = r.getCell(i + 1);
      if (typeof v === 'number' && style.formats?.[i]) cell.numFmt = style.formats[i]!;
      if (style.bold || style.italic) cell.font = { bold: !!style.bold, italic: !!style.italic };
    });
    r.commit();
  };
  const labelled = (label: string, value: number, format: string) => {
    const values: (string | number | null)[] = new Array(last).fill(null);
    values[last - 2] = label;
    values[last - 1] = value;
    const formats: (string | undefined)[] = new Array(last).fill(undefined);
    formats[last - 1] = format;
    row(values, { bold: true, formats });
  };
  const totals = (p: SaleView['pricing']) => {
    labelled('Total Price', Number(p.total_price), MONEY);
    if (opts.discrete) return;
    labelled('Total Cost', Number(p.total_cost), MONEY);
    labelled('Margin $', Number(p.total_margin), MONEY);
    labelled('Margin %', fraction(p.total_margin_percent), PERCENT);
    labelled('Markup %', fraction(p.total_markup_percent), PERCENT);
  };

  row([view.name], { bold: true });
  row(['Quote number', view.quoteNumber]);
  row(['Customer', view.customer]);
  row(['Date', formatDate(opts.now)]);
  row([]);
  row(
    columns.map((c) => c.header),
    { bold: true },
  );
  const formats = columns.map((c) => c.format);
  for (const section of view.sections) {
    row([section.name], { bold: true });
    for (const line of section.lines) {
      const values = columns.map((c) => c.value(line));
      row(values, { formats, bold: line.kind === 'header', italic: line.kind === 'note' });
    }
    totals(section.pricing);
    row([]);
  }
  row(['Sale totals'], { bold: true });
  totals(view.pricing);
  sheet.commit();
  await workbook.commit();
}
