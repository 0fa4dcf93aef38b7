import type { LineDto } from '@quotewright/contracts';
import { saveBlob } from '../../../lib/download';
import { formatMoney } from '../../../lib/format';

/** Price or cost of a template line: $ with 2 decimals, or a percent when Based on Total is on. */
export function templateAmount(line: Pick<LineDto, 'price_percentage_active'>, value: string): string {
  return line.price_percentage_active ? `${Number(value).toFixed(2)}%` : formatMoney(value);
}

export const isNegative = (value: string | number | null | undefined) => Number(value ?? 0) < 0;

/** A CSV text of rows (export): values quoted when they need it. */
export function toCsv(rows: (string | number | boolean | null | undefined)[][]): string {
  const cell = (v: string | number | boolean | null | undefined) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return rows.map((r) => r.map(cell).join(',')).join('\n');
}

export function downloadCsv(text: string, fileName: string): void {
  saveBlob(new Blob([text], { type: 'text/csv' }), fileName);
}
