// Helpers of the repositories that keep ordered rows (sections and lines of sales and of templates).

import {
  type AnyColumn,
  and,
  asc,
  type Db,
  eq,
  getTableColumns,
  getTableName,
  inArray,
  type ProductRow,
  pgArray,
  products,
  type SQL,
  type saleLines,
  type saleSections,
  sql,
  type Table,
  type templateLines,
  type templateSections,
} from '@quotewright/db';
import {
  type Layout,
  type LayoutSection,
  layoutWriteOf,
  type PlannedRow,
  type SectionPresentation,
} from '@quotewright/domain';

/** The columns that mark a change of a sale or a template: version + 1, when, and by whom. */
export function changeMark(version: AnyColumn, by: { id: string; name: string }) {
  return { version: sql`${version} + 1`, updatedAt: sql`now()`, updatedById: by.id, updatedByName: by.name };
}

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

/** Tables of lines (a sale's or a template's): rows with an id and a position within a section. */
type LinesTable = typeof saleLines | typeof templateLines;

/**
 * Rows of a hand-written statement read as drizzle reads them: each column of `table` from `prefix` + its name, through
 * the column's own mapping (timestamps to Date…). The column list (`select`) is computed once.
 */
export function rowReader<T extends Table>(table: T, alias: string, prefix: string) {
  const columns: [string, { name: string; mapFromDriverValue(v: unknown): unknown }][] = Object.entries(
    getTableColumns(table),
  );
  return {
    select: columns.map(([, c]) => `${alias}."${c.name}" as "${prefix}${c.name}"`).join(', '),
    read(raw: Record<string, unknown>): T['$inferSelect'] {
      const out: Record<string, unknown> = {};
      for (const [key, c] of columns) {
        const v = raw[prefix + c.name];
        out[key] = v === null || v === undefined ? null : c.mapFromDriverValue(v);
      }
      return out as T['$inferSelect'];
    },
  };
}

/**
 * What one statement writes to ONE section's lines: `update` and `positions` never name the same line (a statement
 * may write a row once).
 */
export interface LinesWriteOf<Row, Patch> {
  sectionId: string;
  /** Columns of existing lines, each line once. */
  update?: readonly { id: string; patch: Patch }[];
  /** New rows with their ids and positions. */
  insert?: readonly Row[];
  remove?: readonly string[];
  /** New positions of existing lines (only those that move). */
  positions?: readonly { id: string; position: number }[];
  /** Lines of another section of the same document moved into this one, with their positions here. */
  arrive?: readonly { id: string; position: number }[];
}

/**
 * The CTEs of a write of one section's lines of `table`, each done only `when` holds: `written` (every row updated,
 * inserted or moved, as stored) and `removed` (the ids deleted). `patchable` lists the columns an update may write.
 * The caller adds its own CTEs (a guard, a touch) and the final select.
 */
export function orderedLinesWriteSql<T extends LinesTable>(
  table: T,
  patchable: readonly (keyof T['$inferSelect'] & string)[],
  write: LinesWriteOf<object, object>,
  when: SQL,
): SQL {
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const tableName = getTableName(table);
  const section = write.sectionId;
  const parts: SQL[] = [];
  const written: string[] = [];
  if (write.update?.length) {
    const cols = patchable.map((key) => ({ key, name: columns[key]!.name, type: columns[key]!.getSQLType() }));
    const json = JSON.stringify(
      write.update.map(({ id, patch }) => ({
        id,
        ...Object.fromEntries(cols.map((c) => [c.name, (patch as Record<string, unknown>)[c.key] ?? null])),
      })),
    );
    const types = sql.raw(['id uuid', ...cols.map((c) => `${c.name} ${c.type}`)].join(', '));
    const set = sql.raw(cols.map((c) => `${c.name} = coalesce(v.${c.name}, t.${c.name})`).join(', '));
    // The ids again as an array: the lines are found by their key (not by scanning the section and joining).
    const ids = pgArray(write.update.map((u) => u.id));
    parts.push(sql`changed as (update ${table} t set ${set} from jsonb_to_recordset(${json}::jsonb) as v(${types})
      where t.id = any(${ids}::uuid[]) and t.id = v.id and t.section_id = ${section} and ${when} returning t.*)`);
    written.push('changed');
  }
  if (write.insert?.length) {
    // Typed by the table's own row type; the columns the rows leave out take their defaults.
    const keys = Object.keys(write.insert[0]!);
    const names = sql.join(
      keys.map((k) => sql.identifier(columns[k]!.name)),
      sql`, `,
    );
    const json = JSON.stringify(
      write.insert.map((row) =>
        Object.fromEntries(keys.map((k) => [columns[k]!.name, (row as Record<string, unknown>)[k] ?? null])),
      ),
    );
    parts.push(sql`added as (insert into ${table} (${names}) select ${names}
      from jsonb_populate_recordset(null::${sql.identifier(tableName)}, ${json}::jsonb) where ${when} returning *)`);
    written.push('added');
  }
  if (write.positions?.length) {
    const json = JSON.stringify(write.positions);
    const ids = pgArray(write.positions.map((p) => p.id));
    parts.push(sql`moved as (update ${table} t set position = v.position
      from jsonb_to_recordset(${json}::jsonb) as v(id uuid, position integer)
      where t.id = any(${ids}::uuid[]) and t.id = v.id and t.section_id = ${section} and ${when} returning t.*)`);
    written.push('moved');
  }
  if (write.arrive?.length) {
    // The ids come from the document's own lines, read under its lock (section-plans.ts layoutWriteOf).
    const json = JSON.stringify(write.arrive);
    const ids = pgArray(write.arrive.map((p) => p.id));
    parts.push(sql`arrived as (update ${table} t set section_id = ${section}, position = v.position
      from jsonb_to_recordset(${json}::jsonb) as v(id uuid, position integer)
      where t.id = any(${ids}::uuid[]) and t.id = v.id and ${when} returning t.*)`);
    written.push('arrived');
  }
  const ids = write.remove ?? [];
  parts.push(
    ids.length
      ? sql`removed as (delete from ${table} where id = any(${pgArray(ids)}::uuid[]) and section_id = ${section}
          and ${when} returning id)`
      : sql`removed as (select null::uuid as id where false)`,
  );
  parts.push(
    sql.raw(
      `written as (${written.length ? written.map((w) => `select * from ${w}`).join(' union all ') : `select * from ${tableName} where false`})`,
    ),
  );
  return sql.join(parts, sql`, `);
}

/** The section tables (a sale's or a template's) and the column naming their owner. */
type SectionTables =
  | { sections: typeof saleSections; lines: typeof saleLines; owner: 'saleId' }
  | { sections: typeof templateSections; lines: typeof templateLines; owner: 'templateId' };

/**
 * The queries of a document's sections, one by one, the same for a sale's and a template's: in order, one of THIS
 * document (another's section is not found), insert, patch, delete, renumber; and a section's lines in order.
 */
export function sectionQueries<T extends SectionTables>(db: Db, t: T) {
  type Section = T['sections']['$inferSelect'];
  type Line = T['lines']['$inferSelect'];
  // Drizzle's builders do not accept a union of tables: the two tables have the same columns where these touch them.
  const sections = t.sections as typeof saleSections;
  const lines = t.lines as typeof saleLines;
  const owner = sections[t.owner as 'saleId'];
  const table = getTableName(t.sections) as OrderedTable;
  return {
    async findSection(ownerId: string, sectionId: string): Promise<Section | undefined> {
      const [row] = await db
        .select()
        .from(sections)
        .where(and(eq(sections.id, sectionId), eq(owner, ownerId)));
      return row as Section | undefined;
    },
    async insertSection(
      ownerId: string,
      values: { id?: string; name: string; presentation?: SectionPresentation; merge?: boolean; position: number },
    ): Promise<string> {
      const [row] = await db
        .insert(sections)
        .values({ [t.owner]: ownerId, ...values } as typeof saleSections.$inferInsert)
        .returning({ id: sections.id });
      return row!.id;
    },
    async updateSection(sectionId: string, patch: Partial<Pick<Section, 'name' | 'presentation'>>): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await db.update(sections).set(patch).where(eq(sections.id, sectionId));
    },
    async deleteSection(sectionId: string): Promise<void> {
      await db.delete(sections).where(eq(sections.id, sectionId));
    },
    /** Positions 0..n−1 in the given order. */
    async orderSections(order: readonly string[]): Promise<void> {
      await setPositions(db, table, order);
    },
    /** The document's sections in order, each with its lines in order. */
    async sectionsWithLines(ownerId: string): Promise<(Section & { lines: Line[] })[]> {
      const lineOwner = lines[t.owner as 'saleId'];
      const [sectionRows, lineRows] = await Promise.all([
        db.select().from(sections).where(eq(owner, ownerId)).orderBy(asc(sections.position)),
        db.select().from(lines).where(eq(lineOwner, ownerId)).orderBy(asc(lines.sectionId), asc(lines.position)),
      ]);
      const bySection = new Map<string, Line[]>(sectionRows.map((s) => [s.id, []]));
      for (const l of lineRows) bySection.get(l.sectionId)?.push(l as Line);
      return sectionRows.map((s) => ({ ...(s as Section), lines: bySection.get(s.id) ?? [] }));
    },
    /** The catalog rows new lines are made from. */
    async productsByIds(ids: readonly number[]): Promise<ProductRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(products)
        .where(inArray(products.id, [...ids]));
    },
    /** A section's lines in order. */
    async sectionLines(sectionId: string): Promise<Line[]> {
      return db.select().from(lines).where(eq(lines.sectionId, sectionId)).orderBy(asc(lines.position)) as Promise<
        Line[]
      >;
    },
  };
}

/** What a document's section operations write with: its sectionQueries and its one-statement writeLines. */
export interface LayoutQueries<L> {
  insertSection(
    ownerId: string,
    values: { id: string; name: string; presentation: SectionPresentation; merge?: boolean; position: number },
  ): Promise<string>;
  updateSection(sectionId: string, patch: { name?: string; presentation?: SectionPresentation }): Promise<void>;
  deleteSection(sectionId: string): Promise<void>;
  orderSections(order: readonly string[]): Promise<void>;
  writeLines(write: LinesWriteOf<L, Partial<L>>): Promise<unknown>;
}

/**
 * Writes what a section planner decided (packages/domain section-plans.ts): `after` as planned from `before` (the
 * document's layout read under its lock). New sections first (their lines need them), then each changed section's
 * lines in one statement (a second one for the columns of lines that also move: a statement writes a row once),
 * then removed sections (their lines go with them) and the sections' order.
 */
export async function writeLayout<S extends LayoutSection & { merge?: boolean | null }, L extends PlannedRow>(
  q: LayoutQueries<NoInfer<L>>,
  ownerId: string,
  before: Layout<S, L>,
  after: Layout<S, L>,
): Promise<void> {
  const w = layoutWriteOf(before, after);
  for (const s of w.insertSections) {
    const merge = typeof s.merge === 'boolean' ? { merge: s.merge } : {};
    await q.insertSection(ownerId, {
      id: s.id,
      name: s.name,
      presentation: s.presentation,
      ...merge,
      position: s.position,
    });
  }
  for (const u of w.updateSections) await q.updateSection(u.id, u.patch);
  for (const { update, ...rest } of w.lines) {
    if (rest.insert.length || rest.remove.length || rest.arrive.length || rest.positions.length)
      await q.writeLines(rest);
    if (update.length) await q.writeLines({ sectionId: rest.sectionId, update });
  }
  for (const id of w.removeSections) await q.deleteSection(id);
  if (w.insertSections.length || w.removeSections.length || w.sectionPositions.length)
    await q.orderSections(after.sections.map((s) => s.id));
}
