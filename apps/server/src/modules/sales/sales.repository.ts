import {
  and,
  asc,
  count,
  type Db,
  desc,
  type ExecuteSql,
  eq,
  getTableColumns,
  isNull,
  or,
  type ProductRow,
  pgArray,
  products,
  type SaleLineRow,
  type SaleRow,
  type SaleSectionRow,
  type SQL,
  saleLines,
  saleSections,
  sales,
  sql,
  toQuery,
} from '@quotewright/db';
import { formatQuoteNumber, SALE_STATES, type SectionPresentation, showDetailsOf } from '@quotewright/domain';
import {
  changeMark,
  insertInChunks,
  type LinesWriteOf,
  orderedLinesWriteSql,
  rowReader,
  sectionQueries,
  setPositions as setRowPositions,
} from '../../infra/ordered-rows.repository';
import { activityQueries } from './activity.repository';
import { coverLetterQueries } from './cover-letter.repository';

export type SaleState = SaleRow['state'];
export type SaleSort = 'quote_number' | 'name' | 'customer' | 'salesperson' | 'total_price' | 'state' | 'updated_on';
export type SaleGroupBy = 'state' | 'customer' | 'salesperson';

export interface SaleQuery {
  search?: string | undefined;
  state?: SaleState | undefined;
  sort?: SaleSort | undefined;
  /** With `group`: only the sales of that group of this column. */
  groupBy?: SaleGroupBy | undefined;
  /** A group's key (SaleGroupRow.value, '' for the sales without a value). */
  group?: string | undefined;
  direction?: 'asc' | 'desc' | undefined;
  offset: number;
  limit: number;
}

export type SaleListRow = Pick<
  SaleRow,
  | 'id'
  | 'quoteNumber'
  | 'odooName'
  | 'name'
  | 'customerId'
  | 'customerName'
  | 'salespersonId'
  | 'salespersonName'
  | 'totalPrice'
  | 'optionalTotal'
  | 'state'
  | 'updatedAt'
>;

/** The header fields a user edits (docs/product/screens.md#info-panel). */
export type SaleHeader = Partial<
  Pick<
    SaleRow,
    | 'name'
    | 'customerId'
    | 'customerName'
    | 'invoiceId'
    | 'invoiceName'
    | 'shippingId'
    | 'shippingName'
    | 'templateId'
    | 'templateName'
    | 'salespersonId'
    | 'salespersonName'
    | 'validityDays'
  >
>;

/** The sale's cached totals (salePricing's total_price and optional_total), written together from one pricing. */
export interface SaleTotals {
  totalPrice: string;
  optionalTotal: string;
}

/** What a change writes to the sale's row besides its version, who and when. */
export type SaleSet = SaleHeader & Partial<SaleTotals> & { odooSynced?: boolean };

export type NewLine = Omit<typeof saleLines.$inferInsert, 'id' | 'saleId' | 'sectionId' | 'position'>;
export type LinePatch = Partial<
  Pick<SaleLineRow, 'description' | 'quantity' | 'price' | 'cost' | 'discount' | 'pricePercentageActive' | 'editedBy'>
>;

export type SectionPatch = Partial<Pick<SaleSectionRow, 'name' | 'presentation'>>;

export interface FullSale {
  sale: SaleRow;
  sections: (SaleSectionRow & { lines: SaleLineRow[] })[];
}

// Must stay identical to the expression of sales_search_idx (trigram index) so searches use it.
const searchText = sql`lower(${sales.name} || ' ' || ${sales.quoteNumber} || ' ' || coalesce(${sales.customerName}, '') || ' ' || coalesce(${sales.odooName}, ''))`;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The columns of a sale in a list (the sales list, the sales awaiting approval). */
export const listColumns = {
  id: sales.id,
  quoteNumber: sales.quoteNumber,
  odooName: sales.odooName,
  name: sales.name,
  customerId: sales.customerId,
  customerName: sales.customerName,
  salespersonId: sales.salespersonId,
  salespersonName: sales.salespersonName,
  totalPrice: sales.totalPrice,
  optionalTotal: sales.optionalTotal,
  state: sales.state,
  updatedAt: sales.updatedAt,
};

/**
 * The list's two queries (a page and the count). Every sort key has an index that ends in the tie-breaker, or is
 * unique (quote number), so a page is an index scan at 100,000 sales; state sorts by (state, updated_at, id) to use
 * sales_state_updated_idx, which also serves the state filter with the default sort. A group's sales (groupBy and
 * group) are found by the group column's index (sales_group_*_idx, which also holds the default order).
 */
const GROUP_COLUMNS = { state: sales.state, customer: sales.customerName, salesperson: sales.salespersonName } as const;
/** A group's value: an empty name counts as none (one group "No client", not two). */
const groupValue = (by: SaleGroupBy) =>
  by === 'state' ? sql<string | null>`${sales.state}` : sql<string | null>`nullif(${GROUP_COLUMNS[by]}, '')`;
/** Statuses in their lifecycle order (quote, sent, order, locked, cancelled), not alphabetically. */
const STATE_ORDER = sql.raw(`array[${SALE_STATES.map((s) => `'${s}'`).join(',')}]::text[]`);

export interface SaleGroupRow {
  /** null: the sales without a client (or salesperson). */
  value: string | null;
  count: number;
  totalPrice: string;
}

function filters(q: SaleQuery): SQL | undefined {
  const where: SQL[] = [];
  if (q.state) where.push(eq(sales.state, q.state));
  const term = q.search?.trim().toLowerCase();
  if (term) {
    for (const word of term.split(/\s+/).slice(0, 8)) where.push(sql`${searchText} like ${`%${escapeLike(word)}%`}`);
  }
  if (q.groupBy && q.group !== undefined) {
    const col = GROUP_COLUMNS[q.groupBy];
    where.push(q.group === '' ? (or(isNull(col), eq(col, '')) as SQL) : eq(col, q.group));
  }
  return where.length ? and(...where) : undefined;
}

export function listQueries(db: Db, q: SaleQuery) {
  const cond = filters(q);
  const sort = q.sort ?? 'updated_on';
  const columns = {
    quote_number: [sales.quoteNumber],
    name: [sales.name],
    customer: [sales.customerName],
    salesperson: [sales.salespersonName],
    total_price: [sales.totalPrice],
    state: [sales.state, sales.updatedAt],
    updated_on: [sales.updatedAt],
  }[sort];
  const dir = q.direction ?? (q.sort ? 'asc' : 'desc');
  const order = [...columns, sales.id].map((c) => (dir === 'desc' ? desc(c) : asc(c)));
  return {
    items: db
      .select(listColumns)
      .from(sales)
      .where(cond)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.offset),
    total: db.select({ n: count() }).from(sales).where(cond),
  };
}

/**
 * A page of the groups of the filtered list (GROUP BY in the database: counts and totals of whole groups), with the
 * number of groups and of sales (window functions over the grouped rows, so one statement). Groups come in their
 * column's order (statuses by lifecycle, names alphabetically with the sales without one last); sorting by the
 * grouped column turns that order round, sorting by total orders the groups by their totals.
 */
export function groupQueries(db: Db, q: SaleQuery & { groupBy: SaleGroupBy }) {
  const cond = filters({ ...q, group: undefined });
  const value = groupValue(q.groupBy);
  const dir = q.direction ?? (q.sort ? 'asc' : 'desc');
  const byColumn = q.sort === q.groupBy && dir === 'desc' ? 'desc' : 'asc';
  const keyOrder =
    q.groupBy === 'state'
      ? [sql`array_position(${STATE_ORDER}, ${sales.state}::text) ${sql.raw(byColumn)}`]
      : [sql`${value} ${sql.raw(byColumn)} nulls last`];
  const order = q.sort === 'total_price' ? [sql`sum(${sales.totalPrice}) ${sql.raw(dir)}`, ...keyOrder] : keyOrder;
  return {
    page: db
      .select({
        value,
        count: sql<number>`count(*)::int`,
        totalPrice: sql<string>`coalesce(sum(${sales.totalPrice}), 0)::text`,
        groups: sql<number>`(count(*) over ())::int`,
        sales: sql<number>`(sum(count(*)) over ())::int`,
      })
      .from(sales)
      .where(cond)
      .groupBy(value)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.offset),
    /** The counts alone (for a page past the last group, which has no rows to carry them). */
    totals: db
      .select({
        groups: sql<number>`count(distinct ${value})::int + max(case when ${value} is null then 1 else 0 end)`,
        sales: count(),
      })
      .from(sales)
      .where(cond),
  };
}

/** A sale's sections in order (no lines), as one JSON value of the sale's row: locking and touching read them too. */
type HeadTuple = [string, number, string, SectionPresentation, boolean, number | null, number];
// (The sale's id is written qualified: drizzle leaves a lone table's columns unqualified, and inside the subquery
// "id" would be the section's.)
const headsOfSale = sql<HeadTuple[] | string>`coalesce((select json_agg(json_build_array(ss.id, ss.position, ss.name,
  ss.presentation, ss.merge, ss.odoo_line_id, ss.version) order by ss.position) from ${saleSections} ss
  where ss.sale_id = "sales"."id"), '[]'::json)`;

const saleWithHeadsQuery = (db: Db) => db.select({ ...getTableColumns(sales), heads: headsOfSale }).from(sales);

function saleAndHeads(
  id: string,
  [row]: (SaleRow & { heads: HeadTuple[] | string })[],
): { sale: SaleRow; heads: SaleSectionRow[] } | undefined {
  if (!row) return undefined;
  const { heads, ...sale } = row;
  return { sale, heads: headRows(id, heads) };
}

function headRows(saleId: string, value: HeadTuple[] | string): SaleSectionRow[] {
  const tuples: HeadTuple[] = typeof value === 'string' ? JSON.parse(value) : value;
  return tuples.map(([id, position, name, presentation, merge, odooLineId, version]) => ({
    id,
    saleId,
    position,
    name,
    presentation,
    showDetails: showDetailsOf(presentation),
    merge,
    odooLineId,
    version,
  }));
}

/** The activity entry written with a change (same statement as the sale's touch). */
export interface ActivityEntry {
  user: { id: string; name: string };
  kind: string;
  detail: object;
}

/**
 * A CTE that writes the activity entry of a change, for the sale row(s) of `from` (a query or CTE with the sale's id
 * and its version after the change): the entry exists only if the change's write did.
 */
function recordActivityOf(db: Db, activity: ActivityEntry, from: SQL) {
  return db.$with('activity', { one: sql<number>`one` }).as(
    sql`insert into sale_activity (sale_id, version, user_id, user_name, kind, detail, created_at)
      select f.id, f.version, ${activity.user.id}::uuid, ${activity.user.name}, ${activity.kind},
        ${JSON.stringify(activity.detail)}::jsonb, clock_timestamp()
      from ${from} as f returning 1 as one`,
  );
}

/** The sale as a fast change expects to find it (see commitLinesAt). */
export interface SaleAt {
  saleId: string;
  version: number;
  /** The sale's sections as `id:version` in order, joined by commas. */
  sections: string;
}

/** A new line as a one-statement change inserts it (its id chosen by the caller). */
export type NewLineRow = NewLine & { id: string; saleId: string; sectionId: string; position: number };

/** What a one-statement change writes to ONE section's lines (see commitLinesAt and orderedLinesWriteSql). */
export interface LinesWrite extends LinesWriteOf<NewLineRow, LinePatch> {
  /** The catalog rows `insert` was made from: nothing is written unless they are still as given. */
  products?: readonly ProductRow[];
}

/** The product columns a new line is made from (product-lines.ts): what the guard of an insert compares. */
const PRODUCT_GUARD = ['model', 'name', 'description', 'manufacturer', 'price', 'cost', 'uom', 'active'] as const;

/**
 * True (as SQL) when every given catalog row is still in the database as given. Each given row looks its product up
 * by id (a correlated subquery: one primary-key probe per given row): as a join, the planner hashed the whole
 * catalog for a handful of given rows (a sequential scan of every product on every added line).
 */
function productsAsGiven(rows: readonly ProductRow[]): SQL {
  const columns = getTableColumns(products);
  const json = JSON.stringify(
    rows.map((r) => Object.fromEntries(['id', ...PRODUCT_GUARD].map((k) => [k, r[k as keyof ProductRow]]))),
  );
  const types = sql.raw(
    ['id', ...PRODUCT_GUARD]
      .map((k) => `${columns[k as keyof typeof columns].name} ${columns[k as keyof typeof columns].getSQLType()}`)
      .join(', '),
  );
  const cols = (alias: string) => sql.raw(PRODUCT_GUARD.map((k) => `${alias}.${columns[k].name}`).join(', '));
  return sql`not exists (select 1 from jsonb_to_recordset(${json}::jsonb) as e(${types})
    where (select row(${cols('p')}) from ${products} p where p.id = e.id) is distinct from row(${cols('e')}))`;
}

const writtenLine = rowReader(saleLines, 'written', 'l_');
const saleRow = rowReader(sales, 'sales', 's_');
/** saleWithHeadsQuery of one sale ($1), as a prepared statement's text (its row read by saleRow, and `heads`). */
const SALE_WITH_HEADS = toQuery(
  sql`select ${sql.raw(saleRow.select)}, ${headsOfSale} as heads from ${sales} where "sales"."id" = ${sql.placeholder('id')}`,
).text;
const { updatedAt } = getTableColumns(sales);

/** The columns an edit of a line may write (LinePatch). */
const PATCH_COLUMNS = [
  'description',
  'quantity',
  'price',
  'cost',
  'discount',
  'pricePercentageActive',
  'editedBy',
] as const satisfies readonly (keyof LinePatch)[];
const linesWriteSql = (write: LinesWrite, when: SQL) => orderedLinesWriteSql(saleLines, PATCH_COLUMNS, write, when);

/** Runs `query` prepared when possible (outside a transaction), else as db.execute does. */
function runner(db: Db, prepared?: ExecuteSql) {
  return async (query: SQL): Promise<Record<string, unknown>[]> => {
    if (!prepared) return (await db.execute(query)).rows as Record<string, unknown>[];
    const { text, params } = toQuery(query);
    return (await prepared(text, params)).rows;
  };
}
type Run = ReturnType<typeof runner>;

/** The sale's sections in order, with their versions (not their lines). */
const sectionsOf = (db: Db, saleId: string): Promise<SaleSectionRow[]> =>
  db.select().from(saleSections).where(eq(saleSections.saleId, saleId)).orderBy(asc(saleSections.position));

/** Sets `position` of many rows in one statement; only rows whose position differs are written. */
const _setPositions = (db: Db, table: typeof saleLines | typeof saleSections, order: readonly string[]) =>
  setRowPositions(db, table === saleLines ? 'sale_lines' : 'sale_sections', order);

/** Reading sales: the list and its groups, a sale whole or its row, its sections, locking it. */
/** A sale's section tables, as infra/ordered-rows.repository.ts serves them. */
const SALE_SECTIONS = { sections: saleSections, lines: saleLines, owner: 'saleId' } as const;

function saleReadQueries(db: Db) {
  const sections = sectionQueries(db, SALE_SECTIONS);
  return {
    /** The activity feed's write: in the mutation's own transaction. */
    ...activityQueries(db),

    async list(q: SaleQuery): Promise<{ items: SaleListRow[]; total: number }> {
      const { items, total } = listQueries(db, q);
      const [rows, [totalRow]] = await Promise.all([items, total]);
      return { items: rows, total: Number(totalRow?.n ?? 0) };
    },

    /** A page of groups with their counts and totals, and how many groups and sales there are in all. */
    async listGroups(
      q: SaleQuery & { groupBy: SaleGroupBy },
    ): Promise<{ groups: SaleGroupRow[]; total: number; sales: number }> {
      const { page, totals } = groupQueries(db, q);
      const rows = await page;
      const first = rows[0];
      const counted = first ?? (q.offset > 0 ? (await totals)[0] : undefined);
      return {
        groups: rows.map((r) => ({ value: r.value, count: Number(r.count), totalPrice: r.totalPrice })),
        total: Number(counted?.groups ?? 0),
        sales: Number(counted?.sales ?? 0),
      };
    },

    /** The sale with its sections and lines in order, or undefined. */
    async findFull(id: string): Promise<FullSale | undefined> {
      const [sale] = await db.select().from(sales).where(eq(sales.id, id));
      if (!sale) return undefined;
      return { sale, sections: await sections.sectionsWithLines(id) };
    },

    /** The sale row alone (no sections or lines), or undefined. */
    async findSale(id: string): Promise<SaleRow | undefined> {
      const [sale] = await db.select().from(sales).where(eq(sales.id, id));
      return sale;
    },

    /**
     * Locks the sale row until the transaction ends (FOR NO KEY UPDATE), so concurrent edits of one sale queue up and each
     * sees the other's committed rows. Answers the state, or undefined for an unknown sale.
     */
    async saleRow(id: string): Promise<SaleRow | undefined> {
      const [row] = await db.select().from(sales).where(eq(sales.id, id));
      return row;
    },

    /** The sale's version, or undefined when it does not exist. */
    async versionOf(id: string): Promise<number | undefined> {
      const [row] = await db.select({ version: sales.version }).from(sales).where(eq(sales.id, id));
      return row?.version;
    },

    /** Whether a sale with this id exists (the realtime room check: no columns read). */
    async exists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: sales.id }).from(sales).where(eq(sales.id, id)).limit(1);
      return row !== undefined;
    },

    /** The sale's sections in order, with their versions (not their lines). */
    async sectionHeads(saleId: string): Promise<SaleSectionRow[]> {
      return sectionsOf(db, saleId);
    },

    /** The lines of some sections, grouped by section in line order. */
    async linesOfSections(sectionIds: readonly string[]): Promise<Map<string, SaleLineRow[]>> {
      const out = new Map<string, SaleLineRow[]>(sectionIds.map((id) => [id, []]));
      if (sectionIds.length === 0) return out;
      const rows = await db
        .select()
        .from(saleLines)
        .where(sql`${saleLines.sectionId} = any(${pgArray(sectionIds)}::uuid[])`)
        .orderBy(asc(saleLines.sectionId), asc(saleLines.position));
      for (const l of rows) out.get(l.sectionId)?.push(l);
      return out;
    },

    /** Which of these line ids some sale already uses (a revert re-creates lines under their old ids). */
    async linesInUse(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const found = await db
        .select({ id: saleLines.id })
        .from(saleLines)
        .where(sql`${saleLines.id} = any(${pgArray(ids)}::uuid[])`);
      return found.map((r) => r.id);
    },

    async lockSale(id: string): Promise<SaleRow | undefined> {
      const [row] = await db.select().from(sales).where(eq(sales.id, id)).for('no key update');
      return row;
    },

    /**
     * Locks the sale row (as lockSale) and reads its sections in order in the same statement. When the lock had to
     * wait for another transaction that changed the sale, PostgreSQL answers the row as that one left it but the
     * sections as the statement's snapshot saw them (before it): the sale's version as of that snapshot tells, and
     * the sections are then read again.
     */
    async lockSaleWithHeads(id: string): Promise<{ sale: SaleRow; heads: SaleSectionRow[] } | undefined> {
      const [row] = await db
        .select({
          ...getTableColumns(sales),
          heads: headsOfSale,
          seenVersion: sql<number>`(select s2.version from ${sales} s2 where s2.id = "sales"."id")`,
        })
        .from(sales)
        .where(eq(sales.id, id))
        .for('no key update', { of: sales });
      if (!row) return undefined;
      const { heads, seenVersion, ...sale } = row;
      if (Number(seenVersion) !== sale.version) {
        return {
          sale,
          heads: await sectionsOf(db, id),
        };
      }
      return { sale, heads: headRows(id, heads) };
    },

    /** The sale row and its sections in order, in one statement (one snapshot) and without a lock. */
    async saleWithHeads(id: string): Promise<{ sale: SaleRow; heads: SaleSectionRow[] } | undefined> {
      return saleAndHeads(id, await saleWithHeadsQuery(db).where(eq(sales.id, id)));
    },
  };
}

/** Writing a sale: creating it, the touch of every change, the one-statement line writes, deleting it. */
function saleWriteQueries(db: Db, run: Run) {
  return {
    /** The sale's cover letter, put back by a restore in the sale's mutation. */
    ...coverLetterQueries(db),

    async create(
      values: SaleHeader & { createdById: string; createdByName: string } & Partial<SaleTotals>,
    ): Promise<string> {
      const [seq] = (await db.execute(sql`select nextval('sale_quote_number_seq') as n`)).rows as { n: string }[];
      const [row] = await db
        .insert(sales)
        .values({
          ...values,
          quoteNumber: formatQuoteNumber(Number(seq!.n)),
          updatedById: values.createdById,
          updatedByName: values.createdByName,
        })
        .returning({ id: sales.id });
      return row!.id;
    },

    /**
     * Marks a change: version + 1 in SQL (never read-modify-write), who and when, plus the given columns only.
     */
    async touch(id: string, actor: { id: string; name: string }, set: SaleSet = {}): Promise<SaleRow> {
      const [row] = await db
        .update(sales)
        .set({ ...set, ...changeMark(sales.version, actor) })
        .where(eq(sales.id, id))
        .returning();
      return row!;
    },

    /**
     * touch, the change's activity entry and the sale's sections as they are now (their versions moved with the
     * lines written before), in ONE statement: a mutation's last write before COMMIT.
     */
    async touchRecorded(
      id: string,
      actor: { id: string; name: string },
      set: SaleSet,
      activity: ActivityEntry | null,
    ): Promise<{ sale: SaleRow; heads: SaleSectionRow[] }> {
      const values = {
        ...set,
        version: sql`${sales.version} + 1`,
        updatedAt: sql`now()`,
        updatedById: actor.id,
        updatedByName: actor.name,
      };
      const returning = { ...getTableColumns(sales), heads: headsOfSale };
      const update = activity
        ? db
            .with(recordActivityOf(db, activity, sql`(select id, version + 1 as version from sales where id = ${id})`))
            .update(sales)
        : db.update(sales);
      const [row] = await update.set(values).where(eq(sales.id, id)).returning(returning);
      const { heads, ...sale } = row!;
      return { sale, heads: headRows(id, heads) };
    },

    /**
     * A change of one section's lines as ONE statement, without a transaction or a lock: the sale's touch (version + 1,
     * who, when, `set`), the lines' write and the activity entry, none of which happens unless the sale is still as
     * the caller holds it (`at`: its version and its sections' versions) and editable. A concurrent change of the
     * sale makes the touch find no row (PostgreSQL re-checks the version after waiting for the other's lock), and
     * then the lines' write and the entry, which need the touched row, write nothing either. Answers the sale's new
     * version and time (the rest of its row is as held: every writer of a sale moves its version), the lines written
     * (updated, inserted or moved, as stored) and how many were removed, or undefined when the sale was not as held
     * (the caller takes the locking path). The sale_lines trigger moves the written section's version by exactly one
     * (once per transaction, migration 0012), whatever the write holds.
     */
    async commitLinesAt(
      at: SaleAt,
      actor: { id: string; name: string },
      set: SaleTotals & { odooSynced: boolean },
      activity: ActivityEntry | null,
      write: LinesWrite,
    ): Promise<{ version: number; updatedAt: Date; lines: SaleLineRow[]; removed: number } | undefined> {
      // Written by hand (not with the query builder, which costs more than the statement itself here). The section's
      // version moves here, once, and the line triggers are told not to move it again (migration 0021): they would
      // run a plpgsql function and two more queries on every edit.
      const when = sql`exists (select 1 from touched)`;
      const activityCte = activity
        ? sql`, activity as (insert into sale_activity (sale_id, version, user_id, user_name, kind, detail, created_at)
            select id, version, ${activity.user.id}::uuid, ${activity.user.name}, ${activity.kind},
              ${JSON.stringify(activity.detail)}::jsonb, clock_timestamp() from touched returning 1)`
        : sql``;
      const rows = await run(sql`with touched as (
          update ${sales} set total_price = ${set.totalPrice}, optional_total = ${set.optionalTotal},
            odoo_synced = ${set.odooSynced}, version = version + 1,
            updated_at = now(), updated_by_id = ${actor.id}, updated_by_name = ${actor.name}
          where id = ${at.saleId} and version = ${at.version} and state in ('draft', 'sent')
            and (select string_agg(ss.id::text || ':' || ss.version, ',' order by ss.position) from ${saleSections} ss
              where ss.sale_id = ${at.saleId}) = ${at.sections}
            and ${write.products?.length ? productsAsGiven(write.products) : sql`true`}
          returning id, version, updated_at),
        bumped as (update ${saleSections} set version = version + 1 where id = ${write.sectionId} and ${when}
          returning set_config('qw.lines_bump_own_section', 'on', true) as own),
        ${linesWriteSql(write, when)}${activityCte}
        select touched.version as s_version, touched.updated_at as s_updated_at,
          (select count(*) from removed)::int as s_removed, (select count(*) from bumped)::int as s_bumped,
          ${sql.raw(writtenLine.select)}
          from touched left join written on true`);
      if (rows.length === 0) return undefined;
      return {
        version: Number(rows[0]!.s_version),
        updatedAt: updatedAt.mapFromDriverValue(rows[0]!.s_updated_at as string) as Date,
        removed: Number(rows[0]!.s_removed),
        lines: rows.flatMap((r) => (r.l_id == null ? [] : [writtenLine.read(r)])),
      };
    },

    /**
     * The same write as commitLinesAt's, inside a transaction that holds the sale's lock (no guard, no touch: the
     * mutation touches the sale itself). Answers the rows written (updated, inserted or moved) as stored, by id.
     */
    async writeLines(write: LinesWrite): Promise<Map<string, SaleLineRow>> {
      const rows = await run(sql`with ${linesWriteSql(write, sql`true`)}
        select ${sql.raw(writtenLine.select)} from written`);
      return new Map(rows.map((r) => writtenLine.read(r)).map((l) => [l.id, l]));
    },

    /**
     * The sale's totals put right at the version a change left it at (see the service's commitHeld); undefined when
     * the sale changed since (that change computed its totals again from the lines).
     */
    async correctTotal(id: string, version: number, totals: SaleTotals): Promise<SaleRow | undefined> {
      const [row] = await db
        .update(sales)
        .set(totals)
        .where(and(eq(sales.id, id), eq(sales.version, version)))
        .returning();
      return row;
    },

    /** The templates applied to the sale (modules/templates, decision 0014); the mutation's touch then answers them. */
    async setTemplateIds(id: string, templateIds: { _id: string; name: string }[]): Promise<void> {
      await db.update(sales).set({ templateIds }).where(eq(sales.id, id));
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(sales).where(eq(sales.id, id)).returning({ id: sales.id });
      return rows.length > 0;
    },
  };
}

/** A sale's sections and lines one by one (the locking path's writes), and the catalog rows lines are made from. */
function sectionLineQueries(db: Db) {
  return {
    // The sale's sections one by one (the same queries as a template's, infra/ordered-rows.repository.ts), and its lines.
    ...sectionQueries(db, SALE_SECTIONS),

    /** Inserts lines into a section (positions set by the caller) and answers their ids in order. */
    async insertLines(
      saleId: string,
      sectionId: string,
      lines: readonly (NewLine & { position: number })[],
    ): Promise<SaleLineRow[]> {
      // In chunks: one INSERT may carry at most 65,535 bind parameters (a section copied into itself can be big).
      return insertInChunks(lines, (chunk) =>
        db
          .insert(saleLines)
          .values(chunk.map((l) => ({ ...l, saleId, sectionId })))
          .returning(),
      );
    },
  };
}

/**
 * Every query of the module, bound to a connection or to a transaction. `prepared` (outside a transaction only) runs
 * the statements of the hot paths prepared (Database.prepared).
 */
function queries(db: Db, prepared?: ExecuteSql) {
  const run = runner(db, prepared);
  return { ...saleReadQueries(db), ...saleWriteQueries(db, run), ...sectionLineQueries(db) };
}

export function salesRepository(db: Db, prepared?: ExecuteSql) {
  // The one statement of every GET of a sale, revalidations included: built (and, on PostgreSQL, parsed and planned)
  // once, not per request.
  const saleWithHeads = saleWithHeadsQuery(db)
    .where(eq(sales.id, sql.placeholder('id')))
    .prepare('sale_with_heads');
  return {
    ...queries(db, prepared),
    async saleWithHeads(id: string): Promise<{ sale: SaleRow; heads: SaleSectionRow[] } | undefined> {
      if (!prepared) return saleAndHeads(id, await saleWithHeads.execute({ id }));
      const [row] = (await prepared(SALE_WITH_HEADS, [id])).rows;
      return row && { sale: saleRow.read(row), heads: headRows(id, row.heads as HeadTuple[] | string) };
    },
    /** Runs `fn` in one transaction: every write of a request commits or rolls back together. */
    transaction<T>(fn: (tx: SalesQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(queries(tx as unknown as Db)));
    },
    /** Reads in one snapshot: a sale's sections and lines never come from two different commits. */
    snapshot<T>(fn: (tx: SalesQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(queries(tx as unknown as Db)), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
    },
  };
}
export type SalesQueries = ReturnType<typeof queries>;
export type SalesRepository = ReturnType<typeof salesRepository>;
