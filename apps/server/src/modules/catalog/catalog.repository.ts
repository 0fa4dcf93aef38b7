import {
  and,
  asc,
  count,
  type Db,
  desc,
  eq,
  getTableColumns,
  inArray,
  type ProductRow,
  pgArray,
  productRelated,
  products,
  type SQL,
  sql,
} from '@quotewright/db';

export interface ProductUpsert {
  id: number;
  model: string;
  name: string;
  description: string;
  category: string | null;
  manufacturer: string | null;
  partNumber: string | null;
  price: string;
  cost: string;
  uom: string | null;
  active: boolean;
  isBundle: boolean;
  contentHash: string;
  related: { relatedId: number; quantity: string }[];
}

export type ProductSort = 'model' | 'manufacturer' | 'description' | 'category' | 'price' | 'cost';
export interface ProductQuery {
  search?: string | undefined;
  bundlesOnly?: boolean | undefined;
  includeInactive?: boolean | undefined;
  sort?: ProductSort | undefined;
  direction?: 'asc' | 'desc' | undefined;
  offset: number;
  limit: number;
}

// Must stay identical to the expression of products_search_idx (trigram index) so searches use it.
const searchText = sql`lower(${products.model} || ' ' || ${products.name} || ' ' || ${products.description} || ' ' || coalesce(${products.manufacturer}, '') || ' ' || coalesce(${products.category}, ''))`;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function catalogRepository(db: Db) {
  /** Grows whenever this process writes the catalog: cached list totals compare against it. */
  let changes = 0;
  return {
    ...pasteMatchQueries(db),
    ...suggestQueries(db),
    changeCount: () => changes,
    /**
     * After a bulk change, what autovacuum would do (PGlite has none): fresh planner statistics, and the trigram
     * indexes' pending lists merged, without which the planner costs those indexes high and reads the whole table.
     */
    async analyze(): Promise<void> {
      await db.execute(sql`vacuum (analyze) products, product_related`);
    },

    /** Writes only products whose content changed; answers how many rows were written. */
    async upsertProducts(rows: ProductUpsert[]): Promise<number> {
      if (rows.length === 0) return 0;
      return db.transaction(async (tx) => {
        const written = await tx
          .insert(products)
          .values(rows.map(({ related: _r, ...p }) => ({ ...p, updatedAt: new Date() })))
          .onConflictDoUpdate({
            target: products.id,
            set: {
              model: sql`excluded.model`,
              name: sql`excluded.name`,
              description: sql`excluded.description`,
              category: sql`excluded.category`,
              manufacturer: sql`excluded.manufacturer`,
              partNumber: sql`excluded.part_number`,
              price: sql`excluded.price`,
              cost: sql`excluded.cost`,
              uom: sql`excluded.uom`,
              active: sql`excluded.active`,
              isBundle: sql`excluded.is_bundle`,
              contentHash: sql`excluded.content_hash`,
              updatedAt: sql`excluded.updated_at`,
            },
            setWhere: sql`${products.contentHash} is distinct from excluded.content_hash`,
          })
          .returning({ id: products.id });
        const ids = written.map((w) => w.id);
        if (ids.length > 0) {
          await tx.delete(productRelated).where(inArray(productRelated.productId, ids));
          const byId = new Map(rows.map((r) => [r.id, r]));
          const related = ids.flatMap((id) =>
            (byId.get(id)?.related ?? []).map((r, position) => ({ productId: id, position, ...r })),
          );
          if (related.length > 0) await tx.insert(productRelated).values(related);
        }
        if (ids.length > 0) changes += 1;
        return ids.length;
      });
    },

    /** Products the ERP no longer lists become inactive; their hash is cleared so a comeback is written. */
    async deactivateMissing(seenIds: number[]): Promise<number> {
      const rows = await db
        .update(products)
        .set({ active: false, contentHash: '', updatedAt: new Date() })
        .where(and(eq(products.active, true), sql`not (${products.id} = any(${pgArray(seenIds)}::int[]))`))
        .returning({ id: products.id });
      if (rows.length > 0) changes += 1;
      return rows.length;
    },

    /** A page of products; the total is counted unless the caller already knows it. */
    async search(q: ProductQuery, knownTotal?: number): Promise<{ items: ProductRow[]; total: number }> {
      const where: SQL[] = [];
      if (!q.includeInactive) where.push(eq(products.active, true));
      if (q.bundlesOnly) where.push(eq(products.isBundle, true));
      const term = q.search?.trim().toLowerCase();
      if (term) {
        for (const word of term.split(/\s+/).slice(0, 8))
          where.push(sql`${searchText} like ${`%${escapeLike(word)}%`}`);
      }
      const cond = where.length ? and(...where) : undefined;
      const column = {
        model: products.model,
        manufacturer: products.manufacturer,
        description: products.description,
        category: products.category,
        price: products.price,
        cost: products.cost,
      }[q.sort ?? 'model'];
      // The id tie-break follows the direction so the (column, id) index serves the whole ORDER BY.
      const dir = q.direction === 'desc' ? desc : asc;
      const [items, totalRows] = await Promise.all([
        db.select().from(products).where(cond).orderBy(dir(column), dir(products.id)).limit(q.limit).offset(q.offset),
        knownTotal === undefined
          ? db.select({ n: count() }).from(products).where(cond)
          : Promise.resolve([{ n: knownTotal }]),
      ]);
      return { items, total: Number(totalRows[0]?.n ?? 0) };
    },

    async findById(id: number): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(products).where(eq(products.id, id));
      return row;
    },

    async findByIds(ids: number[]): Promise<ProductRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(products).where(inArray(products.id, ids));
    },

    /** A bundle's members in order, each with its product row when the catalog has it. */
    async related(id: number): Promise<{ quantity: string; relatedId: number; product: ProductRow | null }[]> {
      const rows = await db
        .select({ quantity: productRelated.quantity, relatedId: productRelated.relatedId, product: products })
        .from(productRelated)
        .leftJoin(products, eq(products.id, productRelated.relatedId))
        .where(eq(productRelated.productId, id))
        .orderBy(asc(productRelated.position));
      return rows.map((r) => ({ quantity: r.quantity, relatedId: r.relatedId, product: r.product ?? null }));
    },

    async countActive(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(products).where(eq(products.active, true));
      return Number(row?.n ?? 0);
    },
  };
}
export type CatalogRepository = ReturnType<typeof catalogRepository>;

/** How a catalog product was found for a pasted row: its exact model, its exact part number, or similar text. */
export type MatchKind = 'model' | 'part_number' | 'fuzzy';

/** The catalog as pasted rows are matched against it (docs/product/rules.md#paste-from-a-spreadsheet). */
function pasteMatchQueries(db: Db) {
  return {
    /**
     * The catalog products each pasted row IS (docs/product/rules.md#paste-from-a-spreadsheet), in one statement:
     * products whose model is the row's model (any case); when no active product has it, those whose part number is.
     * Answers, per row index, the products with how each was found. (Similar products come from the catalog's trigram
     * index, catalog-texts.ts.)
     */
    async exactCandidates(
      rows: readonly { model: string }[],
    ): Promise<Map<number, { product: ProductRow; kind: MatchKind; score: number }[]>> {
      const input = JSON.stringify(rows.map((r, n) => ({ n, model: r.model.trim().toLowerCase() })));
      const hits = (
        await db.execute(sql`
        with input as (
          select i.*,
            exists (select 1 from ${products} e where i.model <> '' and lower(e.model) = i.model and e.active) as by_model
          from jsonb_to_recordset(${input}::jsonb) as i(n int, model text)
          where i.model <> ''
        )
        select i.n, c.id, c.kind from input i
        cross join lateral (
          (select p.id, 'model' as kind from ${products} p
            where lower(p.model) = i.model order by p.active desc, p.id limit 5)
          union all
          (select p.id, 'part_number' as kind from ${products} p
            where not i.by_model and lower(p.part_number) = i.model and lower(p.model) <> i.model
            order by p.active desc, p.id limit 5)
        ) c`)
      ).rows as { n: number; id: number; kind: MatchKind }[];
      const byId = new Map((await this.byIds(hits.map((h) => Number(h.id)))).map((p) => [p.id, p]));
      const out = new Map<number, { product: ProductRow; kind: MatchKind; score: number }[]>();
      for (const h of hits) {
        const product = byId.get(Number(h.id));
        if (!product) continue;
        const list = out.get(Number(h.n)) ?? [];
        list.push({ product, kind: h.kind, score: 1 });
        out.set(Number(h.n), list);
      }
      return out;
    },
    /** Products by id (any order). */
    async byIds(ids: readonly number[]): Promise<ProductRow[]> {
      const unique = [...new Set(ids)];
      return unique.length ? db.select().from(products).where(inArray(products.id, unique)) : [];
    },
    /** Every product's id, model and name, for the catalog's trigram index; with the catalog's version. */
    async texts(): Promise<{ id: number; model: string; name: string }[]> {
      return db.select({ id: products.id, model: products.model, name: products.name }).from(products);
    },
    /** Changes whenever a product is written, added or removed (in any process): the trigram index's key. */
    async version(): Promise<string> {
      const [row] = (
        await db.execute(sql`select count(*)::int as n, max(${products.updatedAt})::text as at from ${products}`)
      ).rows as { n: number; at: string | null }[];
      return `${row?.n ?? 0}:${row?.at ?? ''}`;
    },
  };
}

/** Words of a model or a name start after one of these (pg_trgm reads them as word boundaries too). */
const WORD_SEPARATORS = String.raw` \-/\[\]().,_+:;'"&#*|`;

/** The least string above every string that starts with `s`, by code point (collate "C" order of UTF-8 text). */
function successor(s: string): string {
  const points = [...s];
  const last = points.pop()?.codePointAt(0);
  if (last === undefined) return '\u{10FFFF}';
  if (last === 0x10ffff) return points.length ? successor(points.join('')) : `${s}\u{10FFFF}`;
  return points.join('') + String.fromCodePoint(last + 1 === 0xd800 ? 0xe000 : last + 1);
}

/** Quick-add suggestions (docs/product/rules.md#quick-add). */
function suggestQueries(db: Db) {
  return {
    /**
     * Active products for what a person is typing, best first, in one statement: the exact model (any case), models
     * starting with it (in byte order, over products_model_prefix_idx), then — only while fewer than `limit` were
     * found — models or names with a word starting with it (from 2 characters, over the trigram indexes), then models
     * or names with a similar word (pg_trgm word similarity, from 3 characters), most similar first.
     */
    async suggest(text: string, limit: number): Promise<ProductRow[]> {
      const q = text.trim().toLowerCase().replace(/\s+/g, ' ');
      if (!q) return [];
      const upper = successor(q);
      const words = `(^|[${WORD_SEPARATORS}])${q.replace(/[^\p{L}\p{N} ]/gu, '\\$&')}`;
      const hasWord = /[\p{L}\p{N}]/u.test(q);
      const prefix = sql`(lower(p.model) collate "C" >= ${q} and lower(p.model) collate "C" < ${upper})`;
      const word = sql`(lower(p.model) ~ ${words} or lower(p.name) ~ ${words})`;
      const likeness = sql`greatest(word_similarity(${q}, lower(p.model)), word_similarity(${q}, lower(p.name)))`;
      const ranked = sql`
        with exact as (
          select p.id, 0 as tier, row_number() over (order by p.id) as pos from ${products} p
          where lower(p.model) = ${q} and p.active order by p.id limit ${limit}),
        starts as (
          select p.id, 1 as tier, row_number() over (order by lower(p.model) collate "C", p.id) as pos from ${products} p
          where ${prefix} and lower(p.model) <> ${q} and p.active order by lower(p.model) collate "C", p.id limit ${limit}),
        found as (select * from exact union all select * from starts),
        words as (
          select p.id, 2 as tier, row_number() over (order by lower(p.name) collate "C", p.id) as pos from ${products} p
          where ${hasWord && q.length >= 2} and (select count(*) from found) < ${limit}
            and ${word} and not ${prefix} and p.active
          order by lower(p.name) collate "C", p.id limit ${limit}),
        found_more as (select * from found union all select * from words),
        alike as (
          select p.id, 3 as tier, row_number() over (order by ${likeness} desc, p.id) as pos from ${products} p
          where ${hasWord && q.length >= 3} and (select count(*) from found_more) < ${limit}
            and (${q} <% lower(p.model) or ${q} <% lower(p.name)) and not ${prefix} and not ${word} and p.active
          order by pos limit ${limit})
        select id, tier, pos from found_more union all select id, tier, pos from alike`;
      return db
        .select(getTableColumns(products))
        .from(products)
        .innerJoin(sql`(${ranked}) s`, sql`s.id = ${products.id}`)
        .orderBy(sql`s.tier`, sql`s.pos`)
        .limit(limit);
    },
  };
}
