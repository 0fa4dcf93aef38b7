// The Excel export's amounts follow the ERP company's currency (decision 0031); exports/excel.ts writes them.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { excelMoneyFormat, writeSaleWorkbook } from './modules/exports/excel';
import type { SaleView } from './modules/exports/sale-view';

const pricing = {
  total_price: '200.00',
  total_cost: '120.00',
  total_margin: '80.00',
  total_margin_percent: 40,
  total_markup_percent: 66.67,
};
const view = {
  name: 'Offices',
  quoteNumber: 'Q00001',
  customer: 'Acme',
  salesperson: 'Paula',
  pricing,
  sections: [
    {
      name: 'Desks',
      showDetails: true,
      pricing,
      lines: [
        {
          kind: 'product',
          model: 'DESK-1',
          manufacturer: 'Steelcase',
          description: 'A desk',
          quantity: 2,
          price: 100,
          cost: 60,
          discount: 0,
          markupPercent: 66.67,
          uom: 'Units',
          subtotal: 200,
        },
      ],
    },
  ],
} as unknown as SaleView;

async function workbook(currency?: Parameters<typeof excelMoneyFormat>[0]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => out.on('end', r));
  await writeSaleWorkbook(view, { discrete: false, now: new Date(Date.UTC(2026, 10, 26)), currency }, out);
  await ended;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

describe('Excel amounts in the company currency', () => {
  it('writes the number format of the currency', () => {
    expect(excelMoneyFormat()).toBe('$#,##0.00');
    expect(excelMoneyFormat({ symbol: '€', position: 'after', decimalPlaces: 2 })).toBe('#,##0.00 €');
    expect(excelMoneyFormat({ symbol: 'CHF', position: 'before', decimalPlaces: 2 })).toBe('"CHF"#,##0.00');
    expect(excelMoneyFormat({ symbol: '¥', position: 'before', decimalPlaces: 0 })).toBe('¥#,##0');
    expect(excelMoneyFormat({ symbol: 'KD', position: 'after', decimalPlaces: 3 })).toBe('#,##0.000 "KD"');
  });

  it('formats prices, costs, subtotals and totals with it (US dollars without one)', async () => {
    const usd = await workbook();
    const desk = usd.getRow(8);
    expect(desk.getCell(5).numFmt).toBe('$#,##0.00');
    const eur = await workbook({ symbol: '€', position: 'after', decimalPlaces: 2 });
    const row = eur.getRow(8);
    expect(row.getCell(2).value).toBe('Steelcase');
    for (const col of [5, 7, 10]) expect(row.getCell(col).numFmt).toBe('#,##0.00 €');
    expect(row.getCell(6).numFmt).toBe('0.00%');
    const rows: { label: unknown; fmt: string | undefined }[] = [];
    eur.eachRow((r) => {
      rows.push({ label: r.getCell(9).value, fmt: r.getCell(10).numFmt });
    });
    expect(rows.filter((r) => r.label === 'Total Price').map((r) => r.fmt)).toEqual(['#,##0.00 €', '#,##0.00 €']);
  });
});
