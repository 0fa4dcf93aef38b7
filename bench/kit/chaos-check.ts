// The chaos run's verdict (bench/chaos.ts), once the load has stopped, the faults are cleared and everything settled:
// - lost: an acknowledged add whose line is not in the final sale (and no delete of it was sent), an acknowledged
//   edit whose value is not the line's final value while no later acknowledged edit (nor one whose outcome is
//   unknown and that was in flight after it) set that field;
// - duplicated: a line text (each added line carries a unique one) present more than once;
// - divergent: a person's local copy, after a final resync (re-join; read again when the room is newer), not equal
//   to the sale as GET answers it;
// - the database read directly: stored totals equal to the totals recomputed from the lines (salePricing), positions
//   dense (0..n-1 per section, sections 0..k-1), an activity entry for each acknowledged edit;
// - the ERP: exactly one order per published sale (found by the sale's key in `origin`, decision 0019), no change
//   to an order that is not ours (fingerprints taken before the load).
import type { LineDto, SaleDto } from '@quotewright/contracts';
import { salePricing, toDecimal } from '@quotewright/domain';
import { orderKeys, parseOrigin } from '../../apps/server/src/modules/erp/order-keys';
import type { Rec } from './chaos-http';
import type { OwnPostgres } from './chaos-infra';

export interface Problem {
  sale: string;
  line?: string;
  what: string;
}

export interface Verdict {
  lost: Problem[];
  duplicated: Problem[];
  divergent: Problem[];
  totals: Problem[];
  positions: Problem[];
  activity: Problem[];
  erpDuplicateOrders: Problem[];
  erpMissingOrders: Problem[];
  foreignErpWrites: Problem[];
}

/** Deep equality of JSON values, key order aside. */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((v, i) => same(v, (b as unknown[])[i]));
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const numEq = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && toDecimal(a).eq(toDecimal(b));

/** Where two copies of a sale differ first (for the report). */
export function firstDifference(local: SaleDto, server: SaleDto): string {
  if (local.version !== server.version) return `version ${local.version} here, ${server.version} on the server`;
  const { sections: ls, ...lh } = local;
  const { sections: ss, ...sh } = server;
  for (const k of Object.keys(sh))
    if (!same((lh as Record<string, unknown>)[k], (sh as Record<string, unknown>)[k])) return `header field ${k}`;
  if (ls.length !== ss.length) return `${ls.length} sections here, ${ss.length} on the server`;
  for (const [i, s] of ss.entries()) {
    const l = ls[i]!;
    if (l._id !== s._id) return `section ${i + 1} is another section`;
    if (l.lines.length !== s.lines.length)
      return `section ${i + 1}: ${l.lines.length} lines here, ${s.lines.length} there`;
    const at = s.lines.findIndex((line, j) => !same(line, l.lines[j]));
    if (at >= 0) return `section ${i + 1}, line ${at + 1} (${s.lines[at]!._id})`;
    if (!same(l, s)) return `section ${i + 1}'s head`;
  }
  return 'key order only';
}

/** Lost and duplicated writes of one sale, from the journal and the final sale. */
export function writesOf(sale: SaleDto, records: Rec[]): { lost: Problem[]; duplicated: Problem[] } {
  const lost: Problem[] = [];
  const duplicated: Problem[] = [];
  const lines = new Map<string, LineDto>();
  const byText = new Map<string, LineDto[]>();
  for (const s of sale.sections)
    for (const l of s.lines) {
      lines.set(l._id, l);
      byText.set(l.name, [...(byText.get(l.name) ?? []), l]);
    }
  const mine = records.filter((r) => r.sale === sale._id);
  const deleteSent = new Set(mine.filter((r) => r.kind === 'delete' && r.outcome !== 'refused').map((r) => r.line!));
  for (const r of mine.filter((x) => (x.kind === 'add' || x.kind === 'note') && x.outcome !== 'refused')) {
    const found = byText.get(r.marker!) ?? [];
    if (found.length > 1)
      duplicated.push({
        sale: sale._id,
        line: found[0]!._id,
        what: `"${r.marker}" is there ${found.length} times (${r.outcome})`,
      });
    const gone = found.length === 0 && !(r.line && deleteSent.has(r.line));
    if (r.outcome === 'acknowledged' && gone)
      lost.push({
        sale: sale._id,
        line: r.line,
        what: `acknowledged ${r.kind} "${r.marker}" (v${r.version}) is missing`,
      });
  }
  const edits = mine.filter((r) => r.kind === 'edit' && r.outcome !== 'refused');
  const keys = new Set(edits.map((r) => `${r.line}|${r.field}`));
  for (const key of keys) {
    const [lineId, field] = key.split('|') as [string, 'quantity' | 'price'];
    const of = edits.filter((r) => r.line === lineId && r.field === field);
    const acked = of.filter((r) => r.outcome === 'acknowledged').sort((a, b) => a.version! - b.version!);
    const last = acked.at(-1);
    if (!last) continue;
    const line = lines.get(lineId);
    if (!line) {
      if (!deleteSent.has(lineId))
        lost.push({
          sale: sale._id,
          line: lineId,
          what: `the line of an acknowledged edit (v${last.version}) is gone, never deleted`,
        });
      continue;
    }
    // An edit whose outcome is unknown may have landed after the last acknowledged one (up to 30 s after its end).
    const allowed = [last, ...of.filter((r) => r.outcome === 'failed' && r.end + 30_000 > last.start)];
    if (!allowed.some((r) => numEq(line[field], r.value)))
      lost.push({
        sale: sale._id,
        line: lineId,
        what: `${field} is ${line[field]}, the last acknowledged edit (v${last.version}, ${last.person}) set ${last.value}`,
      });
  }
  return { lost, duplicated };
}

interface LineRow {
  section_id: string;
  position: number;
  kind: 'product' | 'note' | 'header';
  price: string;
  cost: string;
  quantity: string;
  discount: string;
  price_percentage_active: boolean;
}

/** Stored totals against the lines, and dense positions, read from the database itself. */
export async function databaseChecks(
  pg: OwnPostgres,
  saleId: string,
): Promise<{ totals: Problem[]; positions: Problem[] }> {
  const totals: Problem[] = [];
  const positions: Problem[] = [];
  const [row] = await pg.query<{ total_price: string; optional_total: string }>(
    'SELECT total_price, optional_total FROM sales WHERE id = $1',
    [saleId],
  );
  const sections = await pg.query<{ id: string; position: number; presentation: string }>(
    'SELECT id, position, presentation FROM sale_sections WHERE sale_id = $1 ORDER BY position',
    [saleId],
  );
  const lines = await pg.query<LineRow>(
    `SELECT section_id, position, kind, price::text, cost::text, quantity::text, discount::text, price_percentage_active
       FROM sale_lines WHERE sale_id = $1 ORDER BY section_id, position`,
    [saleId],
  );
  if (!sections.every((s, i) => s.position === i))
    positions.push({ sale: saleId, what: `section positions ${sections.map((s) => s.position).join(',')}` });
  const bySection = new Map(sections.map((s) => [s.id, [] as LineRow[]]));
  for (const l of lines) bySection.get(l.section_id)?.push(l);
  for (const [id, ls] of bySection)
    if (!ls.every((l, i) => l.position === i)) {
      const bad = ls.findIndex((l, i) => l.position !== i);
      positions.push({
        sale: saleId,
        what: `section ${id}: position ${ls[bad]!.position} at index ${bad} of ${ls.length}`,
      });
    }
  const pricing = salePricing(
    sections.map((s) => ({
      presentation: s.presentation as 'details',
      lines: (bySection.get(s.id) ?? []).map((l) => ({ ...l })),
    })),
  );
  if (!row || !numEq(row.total_price, pricing.total_price) || !numEq(row.optional_total, pricing.optional_total))
    totals.push({
      sale: saleId,
      what: `stored ${row?.total_price} / optional ${row?.optional_total}, from the lines ${pricing.total_price} / ${pricing.optional_total}`,
    });
  return { totals, positions };
}

const KIND_OF: Record<string, string> = {
  edit: 'line_updated',
  add: 'lines_pasted',
  delete: 'lines_deleted',
  note: 'lines_added',
};

/** Each acknowledged write has its activity entry: the sale's version it made, its kind, its author. */
export async function activityChecks(pg: OwnPostgres, saleId: string, records: Rec[], users: Map<string, string>) {
  const problems: Problem[] = [];
  const rows = await pg.query<{ version: number; kind: string; user_id: string }>(
    'SELECT version, kind, user_id::text FROM sale_activity WHERE sale_id = $1',
    [saleId],
  );
  const byVersion = new Map<number, { kind: string; user_id: string }[]>();
  for (const r of rows) byVersion.set(r.version, [...(byVersion.get(r.version) ?? []), r]);
  for (const r of records.filter((x) => x.sale === saleId && x.outcome === 'acknowledged' && KIND_OF[x.kind])) {
    const entries = byVersion.get(r.version!) ?? [];
    const ok = entries.some((e) => e.kind === KIND_OF[r.kind] && e.user_id === users.get(r.person));
    if (!ok)
      problems.push({
        sale: saleId,
        what: `no ${KIND_OF[r.kind]} entry of ${r.person} at v${r.version} (found ${JSON.stringify(entries.map((e) => e.kind))})`,
      });
  }
  // A revision saved by a publish/sync is recorded at the version it captured, beside the change that made it.
  const repeated = [...byVersion]
    .filter(([, e]) => e.filter((x) => x.kind !== 'revision_saved').length > 1)
    .map(([v]) => v);
  if (repeated.length > 0)
    problems.push({ sale: saleId, what: `several entries for versions ${repeated.slice(0, 10).join(', ')}` });
  return problems;
}

export interface ErpOrderRow {
  id: number;
  name: string;
  origin: string | null;
}

/** Exactly one order per published sale (by its key), and none of the others changed. */
export function erpChecks(
  installationId: string,
  published: string[],
  orders: ErpOrderRow[],
  before: Record<string, string>,
  after: Record<string, string>,
): Pick<Verdict, 'erpDuplicateOrders' | 'erpMissingOrders' | 'foreignErpWrites'> & {
  ordersBySale: Record<string, number[]>;
} {
  const keys = orderKeys(installationId);
  const ordersBySale: Record<string, number[]> = {};
  const erpDuplicateOrders: Problem[] = [];
  const erpMissingOrders: Problem[] = [];
  for (const sale of published) {
    const ids = orders.filter((o) => o.origin && keys.owns(o.origin, sale)).map((o) => o.id);
    ordersBySale[sale] = ids;
    if (ids.length > 1) erpDuplicateOrders.push({ sale, what: `${ids.length} ERP orders: ${ids.join(', ')}` });
    if (ids.length === 0) erpMissingOrders.push({ sale, what: 'no ERP order' });
  }
  const foreignErpWrites: Problem[] = [];
  for (const [id, print] of Object.entries(before))
    if (after[id] !== print) {
      const o = orders.find((x) => String(x.id) === id);
      foreignErpWrites.push({ sale: '-', what: `order ${o?.name ?? id} (origin ${o?.origin ?? '-'}) changed` });
    }
  // An order carrying a key of ours that no published sale owns: a write of ours into the wrong place.
  for (const o of orders) {
    const key = o.origin ? parseOrigin(o.origin).key : null;
    if (key?.startsWith('qw1-') && !published.some((s) => keys.owns(o.origin, s)) && !(String(o.id) in before))
      foreignErpWrites.push({ sale: '-', what: `order ${o.name} carries key ${key} of no published sale` });
  }
  return { erpDuplicateOrders, erpMissingOrders, foreignErpWrites, ordersBySale };
}
