// The two report spreadsheets (docs/product/rules.md#reports: journalitems.xlsx, stockreport.xlsx), written with
// exceljs's STREAMING writer only (docs/architecture.md#stack): each row is committed as soon as it is written, so
// memory stays flat however many rows the ERP sends. A text cell is always a string cell, never a formula
// ("=HYPERLINK(…)" stays text).
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { JOURNAL_ITEM_COLUMNS, type StockLocationDto, type StockProductDto } from '@quotewright/contracts';
import ExcelJS from 'exceljs';
import type { ErpJournalItem } from '../erp/erp.types';

const MONEY = '$#,##0.00';
const QUANTITY = '#,##0.####';
const DATE = 'mm/dd/yyyy';

type Cell = string | number | Date | null;

function workbookOn(out: Writable) {
  // Shared strings would keep every distinct string in memory until the end: inline strings stream.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  workbook.creator = 'Quotewright';
  return workbook;
}

/** 'YYYY-MM-DD' → a date cell (UTC midnight: a spreadsheet date has no zone). */
const day = (iso: string | null): Date | null => (iso ? new Date(`${iso}T00:00:00Z`) : null);

function header(sheet: ExcelJS.Worksheet, names: readonly string[]) {
  const r = sheet.addRow([...names]);
  r.font = { bold: true };
  r.commit();
}

export class DownloadAborted extends Error {
  constructor() {
    super('the download was aborted');
  }
}

/**
 * Waits while the consumer is behind (the response is slower than the ERP): memory stays bounded. A response
 * closed meanwhile (the browser went away) stops the export.
 */
async function drained(out: Writable) {
  // let the zip stream hand what it compressed so far to the response before the next page
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (out.destroyed) throw new DownloadAborted();
  if (!out.writableNeedDrain) return;
  const ac = new AbortController();
  await Promise.race([once(out, 'drain', { signal: ac.signal }), once(out, 'close', { signal: ac.signal })]).finally(
    () => ac.abort(),
  );
  if (out.destroyed) throw new DownloadAborted();
}

/** The workbook's end, or DownloadAborted when the response closes first (a commit would wait forever). */
async function finish(workbook: ExcelJS.stream.xlsx.WorkbookWriter, out: Writable) {
  if (out.destroyed) throw new DownloadAborted();
  const ac = new AbortController();
  const closed = once(out, 'close', { signal: ac.signal }).then(
    () => {
      if (!out.writableFinished) throw new DownloadAborted();
    },
    () => {},
  );
  try {
    await Promise.race([workbook.commit(), closed]);
  } finally {
    ac.abort();
  }
}

export const journalItemRow = (j: ErpJournalItem): Cell[] => [
  day(j.date),
  j.move.name,
  j.journal?.name ?? null,
  j.account?.code ?? null,
  j.account?.name ?? null,
  j.partner?.name ?? null,
  j.label || null,
  j.reference,
  j.debit,
  j.credit,
  j.balance,
  j.amountCurrency,
  j.currency,
  j.analytic.map((a) => `${a.name || a.accountId} ${a.percent}%`).join(', ') || null,
];
const JOURNAL_FORMATS: (string | undefined)[] = [
  DATE,
  undefined,
  undefined,
  undefined,
  undefined,
  undefined,
  undefined,
  undefined,
  MONEY,
  MONEY,
  MONEY,
  '#,##0.00',
];
const JOURNAL_WIDTHS = [12, 18, 18, 12, 30, 28, 40, 20, 14, 14, 14, 14, 9, 30];

/**
 * journalitems.xlsx: one row per journal item, page after page as the ERP answers them. `first` is the page
 * already read (the route reads it before answering, so an ERP error is still a proper error answer).
 */
export async function writeJournalItems(
  pages: AsyncIterator<ErpJournalItem[]>,
  first: ErpJournalItem[] | null,
  out: Writable,
): Promise<number> {
  const workbook = workbookOn(out);
  const sheet = workbook.addWorksheet('Journal Items', { views: [{ state: 'frozen', ySplit: 1 }] });
  // Formats on the columns: every cell of a column takes its column's style, no per-cell work.
  sheet.columns = JOURNAL_WIDTHS.map((width, i) => ({
    width,
    ...(JOURNAL_FORMATS[i] ? { style: { numFmt: JOURNAL_FORMATS[i] } } : {}),
  }));
  header(sheet, JOURNAL_ITEM_COLUMNS);
  let count = 0;
  let page = first;
  // The next page is asked for before this one is written: the ERP works while the rows are written.
  const ask = () => {
    const p = pages.next();
    p.catch(() => {});
    return p;
  };
  let next = page ? ask() : null;
  try {
    while (page && next) {
      for (const j of page) {
        sheet.addRow(journalItemRow(j)).commit();
        count++;
      }
      await drained(out);
      const n = await next;
      page = n.done ? null : n.value;
      next = page ? ask() : null;
    }
  } catch (e) {
    // stop reading the ERP (the generator's own cleanup runs)
    await pages.return?.().catch(() => {});
    throw e;
  }
  sheet.commit();
  await finish(workbook, out);
  return count;
}

export const STOCK_LOCATION_COLUMNS = [
  'Location',
  'Full Name',
  'Type',
  'Company',
  'Product',
  'Lot/Serial',
  'Reserved',
  'On Hand',
] as const;
export const STOCK_PRODUCT_COLUMNS = [
  'Name',
  'Category',
  'Company',
  'Stock Qty',
  'Unit Cost',
  'Total Liability',
  'Location',
  'Lot/Serial',
  'Reserved',
  'On Hand',
] as const;
const SENSITIVE = new Set(['Unit Cost', 'Total Liability']);

/**
 * stockreport.xlsx: a "By Location" sheet (a row per quant under its location) and a "By Product" sheet (a row
 * per quant under its product, with the unit cost and liability, and the total). Discrete mode leaves the money
 * columns out.
 */
export async function writeStockReport(
  data: { locations: StockLocationDto[]; products: StockProductDto[]; totalLiability: number },
  opts: { discrete: boolean },
  out: Writable,
): Promise<void> {
  const workbook = workbookOn(out);
  const bl = workbook.addWorksheet('By Location', { views: [{ state: 'frozen', ySplit: 1 }] });
  bl.columns = [20, 36, 10, 28, 40, 18, 12, 12].map((width) => ({ width }));
  header(bl, STOCK_LOCATION_COLUMNS);
  for (const l of data.locations) {
    const head = [l.name, l.complete_name, l.usage, l.company_id?.name ?? null];
    const quants = l.quant_ids.length ? l.quant_ids : [null];
    for (const q of quants) {
      const r = bl.addRow([
        ...head,
        q?.product_id.name ?? null,
        q?.lot_id?.name ?? null,
        q?.reserved_quantity ?? null,
        q?.quantity ?? null,
      ]);
      r.getCell(7).numFmt = QUANTITY;
      r.getCell(8).numFmt = QUANTITY;
      r.commit();
    }
  }
  bl.commit();
  await drained(out);

  const columns = STOCK_PRODUCT_COLUMNS.filter((c) => !(opts.discrete && SENSITIVE.has(c)));
  const bp = workbook.addWorksheet('By Product', { views: [{ state: 'frozen', ySplit: 1 }] });
  bp.columns = columns.map((c) => ({ width: c === 'Name' ? 40 : c === 'Location' ? 30 : 14 }));
  header(bp, columns);
  const formats: Record<string, string> = {
    'Stock Qty': QUANTITY,
    'Unit Cost': MONEY,
    'Total Liability': MONEY,
    Reserved: QUANTITY,
    'On Hand': QUANTITY,
  };
  const write = (values: Record<string, Cell>, bold = false) => {
    const r = bp.addRow(columns.map((c) => values[c] ?? null));
    columns.forEach((c, i) => {
      if (formats[c]) r.getCell(i + 1).numFmt = formats[c]!;
    });
    if (bold) r.font = { bold: true };
    r.commit();
  };
  for (const p of data.products) {
    const head: Record<string, Cell> = {
      Name: p.name,
      Category: p.category.name,
      Company: p.company.name,
      'Stock Qty': p.qty_available,
      'Unit Cost': p.cost,
      'Total Liability': p.liability,
    };
    const quants = p.stock_quant_ids.length ? p.stock_quant_ids : [null];
    for (const q of quants)
      write({
        ...head,
        Location: q?.location_id.name ?? null,
        'Lot/Serial': q?.lot_id?.name ?? null,
        Reserved: q?.reserved_quantity ?? null,
        'On Hand': q?.quantity ?? null,
      });
  }
  if (!opts.discrete) write({ Name: 'Total Liability', 'Total Liability': data.totalLiability }, true);
  bp.commit();
  await finish(workbook, out);
}
