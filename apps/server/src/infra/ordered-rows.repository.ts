// Helpers of the repositories that keep ordered rows (sections and lines of sales and of templates).
import { type Db, pgArray, sql } from '@quotewright/db';

/** Tables whose rows carry a `position` within their parent. */
export type OrderedTable = 'sale_sections' | 'sale_lines' | 'template_sections' | 'template_lines';

/** Sets `position` 0..n−1 of many rows in one statement, in the given order; rows already in place are not written. */
export async function setPositions(db: Db, table: OrderedTable, order: readonly string[]): Promise<void> {
  if (order.length === 0) return;
  await db.execute(sql`
    update ${sql.identifier(table)} as t set position = (v.ord - 1)::int
    from unnest(${pgArray(order)}::uuid[]) with ordinality as v(id, ord)
    where t.id = v.id and t.position <> (v.ord - 1)::int`);
}

/** Rows per INSERT: 1,000 lines × 13 columns stays well under PostgreSQL's 65,535 bind parameters. */
export const INSERT_CHUNK = 1000;

/** Inserts `rows` in chunks (`insert` writes one chunk and answers its rows); answers every row by position. */
export async function insertInChunks<T, R extends { position: number }>(
  rows: readonly T[],
  insert: (chunk: T[]) => Promise<R[]>,
): Promise<R[]> {
  const out: R[] = [];
  for (let at = 0; at < rows.length; at += INSERT_CHUNK) out.push(...(await insert(rows.slice(at, at + INSERT_CHUNK))));
  return out.sort((a, b) => a.position - b.position);
}
