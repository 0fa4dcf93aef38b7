// Odoo values → plain values. Odoo sends floats for money and quantities, `false` for every empty field, and
// [id, display_name] pairs for many2one fields.
import type { ErpRef, ErpSaleLineKind, ErpSaleState } from './erp.types.js';

export const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The decimal a float stands for, rounded half-up (away from zero, as Odoo's float_round) to `places`.
 * The float is first read back at 15 significant digits, so binary artefacts (0.1 + 0.2 = 0.30000000000000004,
 * 1.005 = 1.00499999999999989…) do not decide the rounding. Exact: BigInt arithmetic, no float maths.
 */
export function decimalString(value: unknown, places: number): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : 0;
  if (!Number.isFinite(n) || n === 0) return places > 0 ? `0.${'0'.repeat(places)}` : '0';
  const [mant = '0', expS] = Math.abs(n).toPrecision(15).split('e');
  const exp = expS ? Number(expS) : 0;
  const [int = '0', frac = ''] = mant.split('.');
  const digits = BigInt(int + frac);
  // value = digits × 10^(exp − frac.length); we want round(value × 10^places)
  const shift = places + exp - frac.length;
  let scaled: bigint;
  if (shift >= 0) scaled = digits * 10n ** BigInt(shift);
  else {
    const d = 10n ** BigInt(-shift);
    scaled = digits / d + ((digits % d) * 2n >= d ? 1n : 0n);
  }
  const s = scaled.toString().padStart(places + 1, '0');
  const body = places > 0 ? `${s.slice(0, -places)}.${s.slice(-places)}` : s;
  return n < 0 && scaled !== 0n ? `-${body}` : body;
}

/** Prices and amounts: exactly 2 decimals. */
export const money2 = (v: unknown): string => decimalString(v, 2);

/** Unit costs: at least 2, at most 4 decimals ("600.00", "0.0125", "1.2346"). */
export function cost4(v: unknown): string {
  const s = decimalString(v, 4);
  return s.replace(/(\.\d\d\d?)0+$/, '$1').replace(/(\.\d\d)0$/, '$1');
}

/** Quantities: up to 4 decimals, no trailing zeros ("1", "2.5"). */
export function qty(v: unknown): string {
  const s = decimalString(v, 4);
  return s.replace(/\.?0+$/, '') || '0';
}

/** Percents (sale.order.line.discount): up to 4 decimals, no trailing zeros ("5", "12.5"). */
export const percent4 = qty;

/** Odoo `false` / '' / missing → null. */
export function str(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

export function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** many2one [id, display_name] → { odooId, name }; also accepts a bare id (name ''). */
export function ref(v: unknown): ErpRef | null {
  if (Array.isArray(v) && typeof v[0] === 'number') return { odooId: v[0], name: typeof v[1] === 'string' ? v[1] : '' };
  if (typeof v === 'number' && v > 0) return { odooId: v, name: '' };
  return null;
}

export const refId = (v: unknown): number | null => ref(v)?.odooId ?? null;
export const refName = (v: unknown): string | null => {
  const r = ref(v);
  return r ? r.name || null : null;
};

/** Odoo datetime "YYYY-MM-DD HH:MM:SS" (UTC) → ISO 8601 "YYYY-MM-DDTHH:MM:SSZ"; dates stay dates. */
export function isoDatetime(v: unknown): string | null {
  if (typeof v !== 'string' || !v) return null;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?$/.exec(v);
  if (m) return `${m[1]}T${m[2]}${m[3] ?? ''}Z`;
  return v;
}

/** The many2x value of a field as a list of ids. */
export function ids(v: unknown): number[] {
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
}

/** Odoo 17+ has no 'done': a locked confirmed order is done. Older versions send 'done' themselves. */
export function saleState(state: unknown, locked: unknown): ErpSaleState {
  switch (state) {
    case 'draft':
    case 'sent':
    case 'cancel':
    case 'done':
      return state;
    case 'sale':
      return locked === true ? 'done' : 'sale';
    default:
      // An add-on state we do not know: treat it as a quotation rather than fail the whole page.
      return 'draft';
  }
}

export function lineKind(displayType: unknown): ErpSaleLineKind {
  switch (displayType) {
    case false:
    case null:
    case undefined:
    case '':
    case 'product':
      return 'product';
    case 'line_section':
      return 'section';
    case 'line_subsection':
      return 'subsection';
    default:
      // line_note and any other non-product display type carry only text
      return 'note';
  }
}

/** A value that should be a list of records (search_read/read); anything else is a protocol error upstream. */
export function asRows(v: unknown): Record<string, unknown>[] | undefined {
  return Array.isArray(v) && v.every(isRecord) ? v : undefined;
}

/** Odoo's HTML (a payment term's note, a company's texts) as plain text: paragraphs and breaks as new lines. */
export function htmlToText(v: unknown): string {
  if (typeof v !== 'string' || !v) return '';
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };
  return v
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (m, e: string) => {
      if (entities[e.toLowerCase()] !== undefined) return entities[e.toLowerCase()]!;
      if (e.startsWith('#x') || e.startsWith('#X')) return String.fromCodePoint(Number.parseInt(e.slice(2), 16));
      if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)));
      return m;
    })
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((l, i, all) => l !== '' || (i > 0 && all[i - 1] !== ''))
    .join('\n')
    .trim();
}
