// The Excel export of a sale (docs/product/rules.md#exports), written with exceljs's STREAMING writer
// (docs/architecture.md#stack). User text is only ever a string cell (shared string, t="s"): a description like
// "=HYPERLINK(…)" stays text and never becomes a formula (docs/architecture.md#security). Money is a number with the
// ERP company's currency format ($ before with 2 decimals by default; decision 0031), percents are fractions with 0.00%.
import type { Writable } from 'node:stream';
import { DEFAULT_CURRENCY, formatDate, type MoneyCurrency, toDecimal } from '@quotewright/domain';
import ExcelJS from 'exceljs';
import type { SaleView, ViewLine } from './sale-view';

/**
 * The Excel number format of amounts in `currency`: its symbol before ("$"#,##0.00) or after (#,##0.00 "€") and its
 * decimal places. The symbol is quoted: a symbol like "kr." or "Fr." is literal text in Excel's format.
 */
export function excelMoneyFormat(currency: MoneyCurrency = DEFAULT_CURRENCY): string {
  const places = Number.isInteger(currency.decimalPlaces) ? Math.min(Math.max(currency.decimalPlaces, 0), 6) : 2;
  const number = places > 0 ? `#,##0.${'0'.repeat(places)}` : '#,##0';
  // "$" (and €, £, ¥) are shown as they are by Excel; anything else is quoted literal text.
  const symbol = /^[$€£¥]$/.test(currency.symbol) ? currency.symbol : `"${currency.symbol.replace(/"/g, '')}"`;
  return currency.position === 'after' ? `${number} ${symbol}` : `${symbol}${number}`;
}
const MONEY = 'money';
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
  /** The ERP company's currency (company repository); US dollars when absent. */
  currency?: MoneyCurrency | undefined;
}

/** Writes the workbook to `out` and ends it. */
export async function writeSaleWorkbook(view: SaleView, opts: ExcelOptions, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true, useStyles: true });
  workbook.creator = 'Quotewright';
  const sheet = workbook.addWorksheet('Quote');
  const columns = COLUMNS.filter((c) => !(opts.discrete && c.sensitive));
  sheet.columns = columns.map((c) => ({ key: c.header, width: c.width }));
  const last = columns.length;
  const money = excelMoneyFormat(opts.currency);
  const numFmt = (f: string) => (f === MONEY ? money : f);

  // Every value goes through here: strings stay strings (never formulas), numbers get their format.
  const row = (
    values: (string | number | null)[],
    style: { bold?: boolean; italic?: boolean; formats?: (string | undefined)[] } = {},
  ) => {
    const r = sheet.addRow(values.map((v) => (v === '' ? null : v)));
    values.forEach((v, i) => {
      if (v === null || v === '') return;
      const cell = r.getCell(i + 1);
      if (typeof v === 'number' && style.formats?.[i]) cell.numFmt = numFmt(style.formats[i]!);
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
  const totals = (p: SaleView['sections'][number]['pricing']) => {
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
    // An optional section (decision 0032) is listed with its lines and totals but left out of the sale's totals.
    row([section.presentation === 'optional' ? `${section.name} (optional)` : section.name], { bold: true });
    for (const line of section.lines) {
      const values = columns.map((c) => c.value(line));
      row(values, { formats, bold: line.kind === 'header', italic: line.kind === 'note' });
    }
    totals(section.pricing);
    row([]);
  }
  row(['Sale totals'], { bold: true });
  totals(view.pricing);
  if (view.sections.some((sec) => sec.presentation === 'optional')) {
    labelled('Optional', Number(view.pricing.optional_total), MONEY);
    labelled('With optional', Number(view.pricing.total_with_optional), MONEY);
  }
  sheet.commit();
  await workbook.commit();
}
